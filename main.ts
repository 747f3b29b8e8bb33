// Embedded mode (`npm start`): one process runs the command API, the query API, the projectors, the
// notification reactor and worker, and the React storefront, on the adapters the configuration picks
// (embedded defaults unless engine URLs are set). On an empty store it seeds the demo marketplace.
import { createServer, type Server } from 'node:http';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import express from 'express';
import { pino, type Logger } from 'pino';
import { loadConfig, parseConfig, type Config } from './infra/config.ts';
import { openAdapters, type Adapters } from './infra/open-adapters.ts';
import { problemHandler } from './infra/http/problem.ts';
import { actorOfClaims, verifyAccessToken } from './infra/auth/jwt-tokens.ts';
import { createSandboxPaymentGateway } from './infra/payment/sandbox-payment-gateway.ts';
import { createCommandApi } from './command-api/create-command-api.ts';
import { createOutboxMailer } from './command-api/activation-mailer.ts';
import { apiNotFound, createQueryApi } from './query-api/create-query-api.ts';
import { createProjectionRuntime, type ProjectionRuntime } from './projectors/runtime.ts';
import { createNotificationReactor } from './notifications/reactor.ts';
import { startNotificationWorker } from './notifications/worker.ts';
import { createWebApp, type WebApp } from './web/server.ts';
import { DEMO_ACCOUNTS, seedDemoMarketplace, type SeedReport } from './seed/seed-demo.ts';

export interface StartOptions {
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
  url: string;
  port: number;
  config: Config;
  adapters: Adapters;
  projections: ProjectionRuntime;
  /** Set when this start seeded the demo marketplace. */
  seeded: SeedReport | null;
  close(): Promise<void>;
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
  const production = config.NODE_ENV === 'production';
  const log: Logger = pino({ level: config.LOG_LEVEL });
  const jwtSecret = jwtSecretOf(config);

  const adapters = await openAdapters(config);
  const { eventStore, viewStore, cache, jobQueue, realtime, feed } = adapters;

  const projections = createProjectionRuntime({ viewStore, feed, log: log.child({ part: 'projectors' }) });
  await projections.start();
  const reactor = createNotificationReactor({ feed, eventStore, jobQueue, viewStore, log: log.child({ part: 'notifications' }) });
  await reactor.start();
  startNotificationWorker(jobQueue, { eventStore, realtime, log: log.child({ part: 'worker' }) });

  const apiLog = log.child({ part: 'api' });
  const logger = {
    info: (message: string) => apiLog.info(message),
    warn: (message: string) => apiLog.warn(message),
    error: (error: unknown, message?: string) => apiLog.error({ err: error }, message ?? 'request failed'),
  };
  const mailer = createOutboxMailer((line) => apiLog.info(line));
  const commandApi = createCommandApi({ eventStore, paymentGateway: createSandboxPaymentGateway(), jwtSecret, activationMailer: mailer, logger });
  const queryApi = createQueryApi({ viewStore, eventStore, projections, cache, jobQueue, jwtSecret, extraRouteSpecs: commandApi.routes, logger });

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(commandApi.router);
  app.use(queryApi.router);
  app.use('/api', apiNotFound);
  // The storefront calls the APIs of this very process, whose port is known only once it listens.
  let web: WebApp | null = null;
  app.use((req, res, next) => (web ? web.router(req, res, next) : res.status(503).type('text/plain').send('Starting…')));
  app.use(problemHandler((error) => apiLog.error({ err: error }, 'unhandled')));

  const server: Server = createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const localUrl = `http://127.0.0.1:${port}`;
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

  let seeded: SeedReport | null = null;
  if (config.SEED_DEMO && !production && (await eventStore.headPosition()) === -1) {
    log.info('Empty event store: seeding the demo marketplace through the command API…');
    seeded = await seedDemoMarketplace({ baseUrl: localUrl, eventStore, mailer, password: config.DEMO_PASSWORD, log: (line) => log.info(line) });
    // Views follow the log asynchronously; wait so the first page already shows the demo.
    await projections.waitForPosition(await eventStore.headPosition(), 60_000);
  }

  let closing: Promise<void> | null = null;
  return {
    url: localUrl, port, config, adapters, projections, seeded,
    close: () => (closing ??= (async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await web?.close();
      queryApi.cache.stop();
      await reactor.stop();
      await projections.stop();
      await adapters.close();
    })()),
  };
}

if (import.meta.main) {
  const config = loadConfig();
  const started = Date.now();
  const marketplace = await startMarketplace();
  const banner = [
    `Marketplace on http://localhost:${marketplace.port} (${config.NODE_ENV}, started in ${Date.now() - started} ms)`,
    ...Object.entries(marketplace.adapters.engines).map(([port, engine]) => `  ${port.padEnd(10)} ${engine}`),
  ];
  if (config.SEED_DEMO && config.NODE_ENV !== 'production') {
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
