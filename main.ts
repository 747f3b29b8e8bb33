// The composition root. `npm start` runs every service in one process on the adapters the
// configuration picks (embedded defaults unless engine URLs are set) and seeds the demo marketplace
// into an empty store. `npm run start:<service>` (docker compose) runs one service alone:
//   web          storefront (React SSR), the ws hub, and the /api gateway to the two APIs
//   command-api  writes: zod → decider → append with expected revision
//   query-api    reads over the views, GET cache, read-your-writes, OpenAPI, audit
//   projectors   builds the views from the event feed
//   worker       notification reactor and job worker
//   relay        publishes every event to Kafka (when KAFKA_BROKERS is set)
import { createServer, type Server } from 'node:http';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import express from 'express';
import { pino, type Logger } from 'pino';
import { loadConfig, parseConfig, type Config } from './infra/config.ts';
import { openAdapters, type Adapters } from './infra/open-adapters.ts';
import { problemHandler } from './infra/http/problem.ts';
import { apiGateway } from './infra/http/api-gateway.ts';
import { actorOfClaims, verifyAccessToken } from './infra/auth/jwt-tokens.ts';
import { createSandboxPaymentGateway } from './infra/payment/sandbox-payment-gateway.ts';
import { createCommandApi } from './command-api/create-command-api.ts';
import { createOutboxMailer } from './command-api/activation-mailer.ts';
import { apiNotFound, createQueryApi } from './query-api/create-query-api.ts';
import type { ProjectionsProgress } from './query-api/ports.ts';
import { createProjectionRuntime, type ProjectionRuntime } from './projectors/runtime.ts';
import { followViewChanges, publishViewChanges } from './projectors/view-change-channel.ts';
import { createNotificationReactor } from './notifications/reactor.ts';
import { startNotificationWorker } from './notifications/worker.ts';
import { fileRelayCheckpoints } from './infra/relay/relay-checkpoints.ts';
import { createWebApp, type WebApp } from './web/server.ts';
import { DEMO_ACCOUNTS, seedDemoMarketplace, type SeedReport } from './seed/seed-demo.ts';

export const SERVICES = ['web', 'command-api', 'query-api', 'projectors', 'worker', 'relay'] as const;
export type ServiceName = (typeof SERVICES)[number];

export interface StartOptions {
  /** Which services this process runs; default all of them (embedded mode). */
  services?: readonly ServiceName[];
  /** Overrides PORT; 0 picks a free port (tests). */
  port?: number;
  /** Overrides DATA_DIR. */
  dataDir?: string;
  /** Overrides SEED_DEMO. */
  seed?: boolean;
  /** Environment to read instead of process.env. */
  env?: Record<string, string | undefined>;
  /** Log level; tests pass 'silent'. */
  logLevel?: Config['LOG_LEVEL'];
}

export interface Marketplace {
  /** Where this process serves HTTP (null for services without HTTP: projectors, worker, relay). */
  url: string;
  port: number;
  config: Config;
  adapters: Adapters;
  /** The local projectors runtime (null when this process does not run the projectors). */
  projections: ProjectionRuntime;
  /** Set when this start seeded the demo marketplace. */
  seeded: SeedReport | null;
  close(): Promise<void>;
}

/** What a service needs when it runs alone: state it shares with the other processes cannot be in memory. */
const needsWhenAlone: Partial<Record<ServiceName, (keyof Config)[]>> = {
  web: ['REDIS_URL', 'COMMAND_API_URL', 'QUERY_API_URL'],
  'query-api': ['MONGO_URL', 'REDIS_URL'],
  projectors: ['MONGO_URL', 'REDIS_URL'],
  worker: ['MONGO_URL', 'REDIS_URL'],
  relay: ['KAFKA_BROKERS', 'MONGO_URL'],
};

function assertServicesConfigured(runs: Set<ServiceName>, config: Config): void {
  if (runs.size === SERVICES.length) return;
  for (const service of runs) {
    const missing = (needsWhenAlone[service] ?? []).filter((key) => !config[key]);
    if (missing.length) throw new Error(`Invalid configuration: the ${service} service alone needs ${missing.join(', ')}`);
  }
}

/** The JWT secret: from the environment, else one made once and kept in DATA_DIR (development only). */
function jwtSecretOf(config: Config): string {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  const file = join(config.DATA_DIR, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.DATA_DIR, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export async function startMarketplace(options: StartOptions = {}): Promise<Marketplace> {
  const env = { ...(options.env ?? process.env) };
  if (options.port !== undefined) env.PORT = String(options.port);
  if (options.dataDir !== undefined) env.DATA_DIR = options.dataDir;
  if (options.seed !== undefined) env.SEED_DEMO = String(options.seed);
  if (options.logLevel !== undefined) env.LOG_LEVEL = options.logLevel;
  const config = parseConfig(env);
  const runs = new Set<ServiceName>(options.services ?? SERVICES);
  const allInOne = runs.size === SERVICES.length;
  assertServicesConfigured(runs, config);
  const production = config.NODE_ENV === 'production';
  const log: Logger = pino({ level: config.LOG_LEVEL });
  const jwtSecret = jwtSecretOf(config);
  const stops: (() => Promise<void> | void)[] = [];

  const adapters = await openAdapters(config);
  const { eventStore, viewStore, cache, jobQueue, realtime, feed } = adapters;

  // Projectors: local runtime; a query API in another process follows its changes over Realtime.
  let projections: ProjectionRuntime | null = null;
  if (runs.has('projectors')) {
    projections = createProjectionRuntime({ viewStore, feed, log: log.child({ part: 'projectors' }) });
    await projections.start();
    stops.push(() => projections!.stop());
    if (!allInOne) stops.push(publishViewChanges(projections, realtime));
  }
  if (runs.has('worker')) {
    // Views in memory start empty on every run; the reactor's checkpoint goes beside the event file instead.
    const checkpoint = config.MONGO_URL ? undefined : fileRelayCheckpoints(join(config.DATA_DIR, 'notification-reactor.checkpoint.json'));
    const reactor = createNotificationReactor({ feed, eventStore, jobQueue, viewStore, checkpoint, log: log.child({ part: 'notifications' }) });
    await reactor.start();
    stops.push(() => reactor.stop());
    startNotificationWorker(jobQueue, { eventStore, realtime, log: log.child({ part: 'worker' }) });
  }
  if (runs.has('relay') && config.KAFKA_BROKERS) {
    const { startKafkaRelay } = await import('./infra/relay/start-kafka-relay.ts');
    const relay = await startKafkaRelay({ eventStore, viewStore, brokers: config.KAFKA_BROKERS.split(','), topicPrefix: config.NAMESPACE, log: log.child({ part: 'relay' }) });
    stops.push(() => relay.stop());
  }

  const serveHttp = runs.has('web') || runs.has('command-api') || runs.has('query-api');
  let server: Server | null = null;
  let port = 0;
  let seeded: SeedReport | null = null;
  let web: WebApp | null = null;
  if (serveHttp) {
    const apiLog = log.child({ part: 'api' });
    const logger = {
      info: (message: string) => apiLog.info(message),
      warn: (message: string) => apiLog.warn(message),
      error: (error: unknown, message?: string) => apiLog.error({ err: error }, message ?? 'request failed'),
    };
    // No e-mail sender yet: in development the activation link is logged so a local user can activate.
    const mailer = createOutboxMailer((line) => apiLog.info(line), { logActivationLinks: !production });
    const app = express();
    app.disable('x-powered-by');
    app.set('trust proxy', 'loopback');

    const commandApi = runs.has('command-api')
      ? createCommandApi({ eventStore, paymentGateway: createSandboxPaymentGateway(), jwtSecret, activationMailer: mailer, logger })
      : null;
    if (commandApi) app.use(commandApi.router);
    if (runs.has('query-api')) {
      let progress: ProjectionsProgress;
      if (projections) progress = projections;
      else {
        const remote = await followViewChanges(viewStore, realtime);
        stops.push(() => remote.close());
        progress = remote;
      }
      const queryApi = createQueryApi({ viewStore, eventStore, projections: progress, cache, jobQueue, jwtSecret, extraRouteSpecs: commandApi?.routes, logger });
      stops.push(() => queryApi.cache.stop());
      app.use(queryApi.router);
    }
    if (runs.has('web') && !allInOne) {
      app.use('/api', apiGateway({ commandApiUrl: config.COMMAND_API_URL!, queryApiUrl: config.QUERY_API_URL! }));
    }
    app.use('/api', apiNotFound);
    // The storefront calls the APIs of this very process, whose port is known only once it listens.
    if (runs.has('web')) app.use((req, res, next) => (web ? web.router(req, res, next) : res.status(503).type('text/plain').send('Starting…')));
    app.use(problemHandler((error) => apiLog.error({ err: error }, 'unhandled')));

    server = createServer(app);
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(config.PORT, config.HOST, () => resolve());
    });
    const address = server.address();
    port = typeof address === 'object' && address ? address.port : config.PORT;
    const localUrl = `http://127.0.0.1:${port}`;
    if (runs.has('web')) {
      web = await createWebApp({
        apiBaseUrl: config.API_BASE_URL ?? localUrl,
        production,
        realtime,
        verifyToken: (token) => {
          const claims = verifyAccessToken(jwtSecret, token);
          return claims ? actorOfClaims(claims) : null;
        },
      });
      web.attachWebSocket(server);
    }

    if (commandApi && config.SEED_DEMO && !production && (await eventStore.headPosition()) === -1) {
      log.info('Empty event store: seeding the demo marketplace through the command API…');
      seeded = await seedDemoMarketplace({ baseUrl: localUrl, eventStore, mailer, password: config.DEMO_PASSWORD, log: (line) => log.info(line) });
      // Views follow the log asynchronously; wait so the first page already shows the demo.
      await projections?.waitForPosition(await eventStore.headPosition(), 60_000);
    }
  }

  let closing: Promise<void> | null = null;
  return {
    url: server ? `http://127.0.0.1:${port}` : '', port, config, adapters, projections: projections!, seeded,
    close: () => (closing ??= (async () => {
      if (server) {
        const closed = new Promise<void>((resolve) => server!.close(() => resolve()));
        server.closeAllConnections();
        await closed;
      }
      await web?.close();
      for (const stop of stops.reverse()) await stop();
      await adapters.close();
    })()),
  };
}

function serviceOfArguments(argv: string[]): readonly ServiceName[] | undefined {
  const name = argv[0];
  if (!name || name === 'all') return undefined;
  if (!(SERVICES as readonly string[]).includes(name)) {
    console.error(`Unknown service "${name}". Services: all, ${SERVICES.join(', ')}.`);
    process.exit(1);
  }
  return [name as ServiceName];
}

if (import.meta.main) {
  const config = loadConfig();
  const services = serviceOfArguments(process.argv.slice(2));
  const started = Date.now();
  const marketplace = await startMarketplace({ services });
  const what = services ? `Service ${services[0]}` : 'Marketplace';
  const banner = [
    `${what}${marketplace.url ? ` on http://localhost:${marketplace.port}` : ''} (${config.NODE_ENV}, started in ${Date.now() - started} ms)`,
    ...Object.entries(marketplace.adapters.engines).map(([port, engine]) => `  ${port.padEnd(10)} ${engine}`),
  ];
  if (marketplace.seeded || (!services && config.SEED_DEMO && config.NODE_ENV !== 'production')) {
    banner.push(
      marketplace.seeded ? `Seeded ${marketplace.seeded.vendors} vendors and ${marketplace.seeded.products} products.` : 'Demo data already in the store.',
      `Demo accounts (password: ${config.DEMO_PASSWORD === 'demo-password' ? 'demo-password' : 'from DEMO_PASSWORD'}):`,
      `  ${DEMO_ACCOUNTS.admin}     admin, superUsers`,
      `  ${DEMO_ACCOUNTS.vendor}    owns the first vendor`,
      `  ${DEMO_ACCOUNTS.customer}  customer`,
    );
  }
  console.log(banner.join('\n'));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.log(`${signal}: shutting down…`);
      void marketplace.close().then(() => process.exit(0));
    });
  }
}
