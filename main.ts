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
import { hostname } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { pino, type Logger } from 'pino';
import { clockOf, ConfigError, isProductionDeployment, loadConfig, parseConfig, type Config } from './infra/config.ts';
import { openAdapters, type Adapters } from './infra/open-adapters.ts';
import { isEmptyLog } from './infra/event-log-identity.ts';
import { problemHandler } from './infra/http/problem.ts';
import { securityHeaders } from './infra/http/security-headers.ts';
import { answerClientErrors } from './infra/http/client-errors.ts';
import { HEALTH_PATH_PREFIXES, healthRouter, type ReadinessCheck } from './infra/http/health.ts';
import { caughtUpCheck, pollingFollower, reachableCheck, stepCheck } from './infra/http/readiness-checks.ts';
import { gracefulClose } from './infra/http/graceful-close.ts';
import { apiGateway } from './infra/http/api-gateway.ts';
import { underPathPrefixes } from './infra/http/under-path-prefixes.ts';
import { readsWhenRouted } from './infra/http/reads-when-routed.ts';
import { vouchForClientAddress } from './infra/http/client-address.ts';
import { actorOfClaims, verifyAccessToken } from './infra/auth/jwt-tokens.ts';
import { createSandboxPaymentGateway } from './infra/payment/sandbox-payment-gateway.ts';
import { COMMAND_API_PATH_PREFIXES, createCommandApi } from './command-api/create-command-api.ts';
import { accessRulesOfViews } from './projectors/acl/access-rules.ts';
import { createFileMediaStorage } from './infra/media-storage/file-media-storage.ts';
import type { ActivationMailer } from './domain/ports/activation-mailer.ts';
import { createOutboxMailer, type OutboxMailer } from './command-api/activation-mailer.ts';
import { openSmtpMailSender } from './infra/mail/smtp-mail-sender.ts';
import { mailingActivationMailer } from './infra/mail/mailing-activation-mailer.ts';
import { apiNotFound, createQueryApi, QUERY_API_PATH_PREFIXES, type QueryApi } from './query-api/create-query-api.ts';
import { routeTable } from './query-api/route-matcher.ts';
import type { ProjectionsProgress } from './query-api/ports.ts';
import { createProjectionRuntime, type ProjectionRuntime } from './projectors/runtime.ts';
import { dropViewsOfAnotherLog } from './projectors/checkpoints.ts';
import { viewStoreLease } from './projectors/projector-lease.ts';
import { followViewChanges, publishViewChanges } from './projectors/view-change-channel.ts';
import { createNotificationReactor, REACTOR_NAME } from './notifications/reactor.ts';
import { startNotificationWorker } from './notifications/worker.ts';
import { createProcessManagers } from './process-managers/all-flows.ts';
import { startQuoteExpiry } from './process-managers/quote-expiry.ts';
import { startBalanceReminders } from './process-managers/balance-reminders.ts';
import { startHoldExpiry } from './process-managers/hold-expiry.ts';
import { startCalendarImports } from './process-managers/calendar-import.ts';
import type { IcsFetchOptions } from './infra/icalendar/fetch-ics.ts';
import { flowCheck } from './process-managers/flow-readiness.ts';
import { fileRelayCheckpoints } from './infra/relay/relay-checkpoints.ts';
import { createWebApp, type WebApp } from './web/server.ts';
import { DEFAULT_CLIENT_ASSETS_CACHE_DIR } from './web/client-assets-cache.ts';
import type { InProcessReader } from './web/api/in-process-transport.ts';
import { createGuestPageCache } from './web/guest-page-cache.ts';
import { sessionCookieBridge } from './web/session-cookies.ts';
import { startingPageHtml, STARTING_PAGE_RELOAD_SECONDS } from './web/starting-page.ts';
import type { RebuildProgress } from './projectors/rebuild.ts';
import { buildingDetail, overallPercent } from './projectors/rebuild-progress-bar.ts';
import { DEMO_ACCOUNTS, seedDemoMarketplace, type SeedReport } from './seed/seed-demo.ts';

export const SERVICES = ['web', 'command-api', 'query-api', 'projectors', 'worker', 'relay'] as const;

/** The React build this process renders with: React chose it from process.env.NODE_ENV when imported (above). */
export const reactBuild: 'production' | 'development' = process.env.NODE_ENV === 'production' ? 'production' : 'development';
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
  /** Told the HTTP address as soon as the server listens, before the demo seed (tests of readiness). */
  onListening?: (url: string) => void;
  /** The demo seeding; tests replace it (a slow seed, to watch readiness). */
  seedDemo?: typeof seedDemoMarketplace;
  /**
   * The storefront's client build, whatever NODE_ENV says of the rest: the browser tests take
   * production's, what shoppers load (web/test/marketplace.ts). Default: production's under
   * NODE_ENV=production, else development's.
   */
  storefrontBuild?: 'production' | 'development';
}

export interface Marketplace {
  /** Where this process serves HTTP; projectors, worker and relay serve only /health/live and /health/ready. */
  url: string;
  port: number;
  config: Config;
  adapters: Adapters;
  /** The local projectors runtime (null when this process does not run the projectors). */
  projections: ProjectionRuntime;
  /** Set when this start seeded the demo marketplace. */
  seeded: SeedReport | null;
  /** The account mails kept in this process (activation and password reset links; all of them without SMTP_URL): tests read the links here. */
  mailOutbox: OutboxMailer | null;
  close(): Promise<void>;
}

/**
 * Where each service listens when PORT is not set, so services started side by side on one host do not
 * collide; several services in one process take the first one's port. Every service at once: 3000.
 */
export const DEFAULT_PORTS: Record<ServiceName, number> = { web: 3000, 'command-api': 3001, 'query-api': 3002, projectors: 3003, worker: 3004, relay: 3005 };

/** What a service needs when it runs without the others: state it shares with them cannot be in memory. */
const needsWhenAlone: Partial<Record<ServiceName, (keyof Config)[]>> = {
  web: ['REDIS_URL', 'COMMAND_API_URL', 'QUERY_API_URL'],
  // The command API checks admin routes against the access rules' view.
  'command-api': ['MONGO_URL'],
  'query-api': ['MONGO_URL', 'REDIS_URL'],
  projectors: ['MONGO_URL', 'REDIS_URL'],
  worker: ['MONGO_URL', 'REDIS_URL'],
  relay: ['KAFKA_BROKERS', 'MONGO_URL'],
};

function assertServicesConfigured(runs: Set<ServiceName>, config: Config): void {
  // Production sends real e-mail (activation links): without a way out, new accounts could never be activated.
  if (isProductionDeployment(config) && runs.has('command-api')) {
    const missing = [
      ...(config.SMTP_URL ? [] : ['SMTP_URL (the mail server activation e-mails are sent through, e.g. smtp://user:password@mail.example.com:587)']),
      ...(config.PUBLIC_URL ? [] : ['PUBLIC_URL (the storefront address e-mails link to, e.g. https://habama.co.il)']),
    ];
    if (missing.length) throw new ConfigError(`Invalid configuration: production needs ${missing.join(' and ')}`);
  }
  if (runs.size === SERVICES.length) return;
  for (const service of runs) {
    // The web forwards /api only to the APIs that are not in its own process.
    const here = (key: keyof Config) => (key === 'COMMAND_API_URL' && runs.has('command-api')) || (key === 'QUERY_API_URL' && runs.has('query-api'));
    const missing = (needsWhenAlone[service] ?? []).filter((key) => !config[key] && !here(key));
    if (missing.length) throw new ConfigError(`Invalid configuration: the ${service} service ${runs.size > 1 ? `(with ${[...runs].filter((other) => other !== service).join(', ')})` : 'alone'} needs ${missing.join(', ')}`);
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
  const runs = new Set<ServiceName>(options.services ?? SERVICES);
  const allInOne = runs.size === SERVICES.length;
  if (options.port !== undefined) env.PORT = String(options.port);
  else if (!env.PORT && !allInOne) env.PORT = String(DEFAULT_PORTS[[...runs][0]!]);
  if (options.dataDir !== undefined) env.DATA_DIR = options.dataDir;
  if (options.seed !== undefined) env.SEED_DEMO = String(options.seed);
  if (options.logLevel !== undefined) env.LOG_LEVEL = options.logLevel;
  const config = parseConfig(env);
  assertServicesConfigured(runs, config);
  const production = isProductionDeployment(config);
  const productionBuild = config.NODE_ENV === 'production';
  const log: Logger = pino({ level: config.LOG_LEVEL });
  // A production configuration passed in `env` cannot change the React build already loaded: say so
  // (development React renders several times slower) instead of serving it silently.
  if (productionBuild && reactBuild !== 'production') {
    log.warn('NODE_ENV=production in the configuration, but React runs its development build: set NODE_ENV=production in the process environment');
  }
  const jwtSecret = jwtSecretOf(config);

  const adapters = await openAdapters(config, { log: log.child({ part: 'event-store' }) });
  // The views file beside the events outlives the process: views of another log (the event file deleted
  // and seeded again) must not pass for this one's, whichever services this process runs.
  if (adapters.viewsFile) await dropViewsOfAnotherLog(adapters.viewStore, adapters.eventStore).catch(async (error: unknown) => { await adapters.close(); throw error; });
  const productionAssets = options.storefrontBuild === undefined ? productionBuild : options.storefrontBuild === 'production';
  const c: Composition = { config, runs, allInOne, production, productionBuild, productionAssets, log, jwtSecret, adapters, readinessChecks: [], stops: [], sweepsAfterSeed: [], head: () => adapters.eventStore.headPosition() };
  composeEngineChecks(c);

  const projections = runs.has('projectors') ? await composeProjectors(c) : null;
  // The sandbox keeps its records in the event store, so every process of the deployment shares them.
  const paymentGateway = createSandboxPaymentGateway({ eventStore: adapters.eventStore });
  if (runs.has('worker')) await composeWorker(c, paymentGateway);
  if (runs.has('relay') && config.KAFKA_BROKERS) await composeRelay(c, config.KAFKA_BROKERS);

  const serveHttp = runs.has('web') || runs.has('command-api') || runs.has('query-api');
  const apiLog = log.child({ part: 'api' });
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY);
  app.use(securityHeaders);
  // Every service answers /health/live and /health/ready, also those without an API (projectors, worker, relay).
  // Entered only for those paths: any other request would walk it to its end, which the router leaves
  // by setImmediate (a turn of the event loop more for every answer).
  app.use(underPathPrefixes(HEALTH_PATH_PREFIXES, healthRouter(() => c.readinessChecks)));
  // The browser's calls carry the session in HttpOnly cookies: the bridge makes them bearer tokens (web/session-cookies.ts).
  if (runs.has('web')) app.use('/api', sessionCookieBridge({ production }));
  let mail: ComposedMail | null = null;
  let seed: DemoSeed | null = null;
  let queryApiHere: ComposedQueryApi | null = null;
  let web: ComposedWeb | null = null;
  if (serveHttp) {
    const logger = apiLogger(apiLog);
    mail = composeMail(c, apiLog);
    let commandApi: CommandApi | null = null;
    if (runs.has('command-api')) ({ commandApi, seed } = await composeCommandApi(c, app, { paymentGateway, mail, logger, seedDemo: options.seedDemo ?? seedDemoMarketplace }));
    if (runs.has('query-api')) queryApiHere = await composeQueryApi(c, app, { projections, commandApi, logger });
    if (runs.has('web') && !(runs.has('command-api') && runs.has('query-api'))) {
      // What the APIs of this process did not answer goes to the API process that owns it.
      app.use('/api', apiGateway({ commandApiUrl: config.COMMAND_API_URL!, queryApiUrl: config.QUERY_API_URL! }));
    }
    app.use('/api', apiNotFound);
    if (runs.has('web')) web = composeWeb(c, app, () => projections?.stats().building ?? null);
  }
  app.use(problemHandler((error) => apiLog.error({ err: error }, 'unhandled')));

  const server = createServer(app);
  const httpClose = gracefulClose(server);
  answerClientErrors(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const localUrl = `http://127.0.0.1:${port}`;
  options.onListening?.(localUrl);
  let seeded: SeedReport | null = null;
  if (serveHttp) {
    await web?.start(server, localUrl, queryApiHere);
    if (seed) {
      seeded = await seed.run(localUrl);
      // Views follow the log asynchronously; wait so the first page already shows the demo.
      await projections?.waitForPosition(await adapters.eventStore.headPosition(), 60_000);
      for (const sweep of c.sweepsAfterSeed) await sweep();
    }
  }

  let closing: Promise<void> | null = null;
  return {
    url: localUrl, port, config, adapters, projections: projections!, seeded, mailOutbox: mail?.outbox ?? null,
    close: () => (closing ??= (async () => {
      await httpClose.close();
      await web?.close();
      for (const stop of c.stops.reverse()) await stop();
      await adapters.close();
    })()),
  };
}

/** What every service's composition shares: the configuration and the adapters, and where each adds its readiness checks and its stop. */
interface Composition {
  config: Config;
  runs: Set<ServiceName>;
  allInOne: boolean;
  /** A production deployment: required settings, never seeds, cookies always Secure. */
  production: boolean;
  /** Production builds (NODE_ENV=production, also the local preview): immutable assets, no client-only shell. */
  productionBuild: boolean;
  /** The storefront's client build is production's: minified, React's production build (StartOptions.storefrontBuild). */
  productionAssets: boolean;
  log: Logger;
  jwtSecret: string;
  adapters: Adapters;
  /** GET /health/ready: each part this process runs adds what it needs to be ready (infra/http/health.ts). */
  readinessChecks: ReadinessCheck[];
  /** Run last added first when the process closes. */
  stops: (() => Promise<void> | void)[];
  /**
   * The timers' sweeps (quote expiry, held slots, balance reminders), run once more after the demo seed's
   * events reached the views: their sweep at start saw empty views, so without this what the seed made
   * due (a balance overdue) would wait for the next interval and fire on a later start instead.
   */
  sweepsAfterSeed: (() => Promise<unknown>)[];
  /** The event log's head position. */
  head: () => Promise<number>;
}

type HttpApp = ReturnType<typeof express>;
type CommandApi = ReturnType<typeof createCommandApi>;
type PaymentGateway = ReturnType<typeof createSandboxPaymentGateway>;

/** Whatever it runs, a process is not ready while an engine it uses does not answer. */
function composeEngineChecks({ adapters, runs, readinessChecks }: Composition): void {
  for (const { engine, probe } of adapters.engineProbes) readinessChecks.push(reachableCheck(engine, probe));
  // Kafka, for the processes that need it: the relay, and the followers of a Kafka feed (not the APIs).
  const needsKafka = runs.has('relay') || (adapters.feed.order === 'per-stream' && (runs.has('projectors') || runs.has('worker')));
  if (adapters.kafkaProbe && needsKafka) readinessChecks.push(reachableCheck('kafka', adapters.kafkaProbe));
  // On EventStoreDB a subscription that lost its connection resubscribes by itself; until it has, what it feeds lags.
  const subscriptions = adapters.eventStoreSubscriptions;
  if (subscriptions) readinessChecks.push({ name: 'event-store-subscriptions', check: async () => subscriptions() });
}

/** The projectors service: the local runtime; a query API in another process follows its changes over Realtime. */
async function composeProjectors(c: Composition): Promise<ProjectionRuntime> {
  const { viewStore, feed, eventStore, realtime } = c.adapters;
  // The projectors service alone may run as several instances on one view store: the holder of the
  // lease writes, the others stand by (projectors/projector-lease.ts).
  const lease = c.allInOne ? undefined : viewStoreLease({ viewStore, name: 'projectors', owner: `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}` });
  // A views file with nothing built yet over a long log is built in one unit (projectors/runtime.ts firstBuild).
  const runtime = createProjectionRuntime({ viewStore, feed, log: c.log.child({ part: 'projectors' }), lease, firstBuild: { eventStore } });
  await runtime.start();
  c.stops.push(() => runtime.stop());
  const caughtUp = caughtUpCheck('projections', { position: () => runtime.stats().position, waitForPosition: runtime.waitForPosition }, { head: c.head, feed, subscription: 'projectors' });
  c.readinessChecks.push({
    name: 'projections',
    async check() {
      const building = runtime.stats().building;
      if (building) return { ready: false, detail: buildingDetail(building) };
      if (runtime.stats().role !== 'standby') return caughtUp.check();
      // A standby is ready while another instance writes the views; not once that one stopped renewing.
      if (lease?.heldByAnyone()) return { ready: true, detail: `standing by while ${lease.holder() ?? 'another instance'} writes the views` };
      return { ready: false, detail: `nobody writes the views: ${lease?.holder() ?? 'the active instance'} stopped renewing the lease; taking over once its term has run out` };
    },
  });
  if (!c.allInOne) c.stops.push(publishViewChanges(runtime, realtime));
  return runtime;
}

/** The worker service: the notification reactor and job worker, and the process managers (a canceled order's slot, refunds). */
async function composeWorker(c: Composition, paymentGateway: PaymentGateway): Promise<void> {
  const { config, log, head } = c;
  const { feed, eventStore, jobQueue, viewStore, realtime } = c.adapters;
  // Views in memory start empty on every run; the followers' checkpoints go beside the event file instead.
  // Such a file outlives a deleted or restored log: it checks that it follows this one (relay-checkpoints.ts).
  const workerLog = log.child({ part: 'worker' });
  const checkpointFile = (name: string) => (config.MONGO_URL ? undefined : fileRelayCheckpoints(join(config.DATA_DIR, `${name}.checkpoint.json`), {
    log: eventStore, onStale: (reason) => workerLog.warn(reason),
  }));
  const clock = clockOf(config);
  const reactor = createNotificationReactor({ feed, eventStore, jobQueue, viewStore, now: clock.now, checkpoint: checkpointFile('notification-reactor'), log: log.child({ part: 'notifications' }) });
  await reactor.start();
  c.stops.push(() => reactor.stop());
  c.readinessChecks.push(caughtUpCheck('notifications', reactor, { head, feed, subscription: REACTOR_NAME }));
  startNotificationWorker(jobQueue, { eventStore, realtime, log: log.child({ part: 'worker' }) });
  // The steps that follow events: process-managers/.
  const flows = createProcessManagers({
    eventStore, paymentGateway, feed, viewStore, log: log.child({ part: 'flows' }),
    ...(config.MONGO_URL ? {} : { checkpointOf: (name: string) => checkpointFile(`flow-${name}`)! }),
  });
  await flows.start();
  c.stops.push(() => flows.stop());
  for (const manager of flows.managers) c.readinessChecks.push(flowCheck(manager, caughtUpCheck(`flow:${manager.name}`, manager, { head, feed, subscription: `flow-${manager.name}` })));
  // Quotes past their validUntil are recorded as expired, from the views, at start and every minute.
  const quoteExpiry = startQuoteExpiry({ eventStore, viewStore, now: clock.now, log: log.child({ part: 'quote-expiry' }) });
  c.stops.push(() => quoteExpiry.stop());
  // Customers are reminded of a balance 3 days before it is due, and both sides told once it is overdue, from the views, at start and every 10 minutes (docs/payments.md).
  const balanceReminders = startBalanceReminders({ eventStore, viewStore, jobQueue, now: clock.now, log: log.child({ part: 'balance-reminders' }) });
  c.stops.push(() => balanceReminders.stop());
  // Customers' held slots whose 15 minutes ran out unpaid are let go, from the views, at start and every HOLD_EXPIRY_INTERVAL_SECONDS (docs/payments.md).
  const holdExpiry = startHoldExpiry({ eventStore, viewStore, now: clock.now, intervalMs: config.HOLD_EXPIRY_INTERVAL_SECONDS * 1000, log: log.child({ part: 'hold-expiry' }) });
  c.stops.push(() => holdExpiry.stop());
  c.sweepsAfterSeed.push(quoteExpiry.sweep, holdExpiry.sweep, balanceReminders.sweep);
  // Imported iCalendar addresses are read again at start and every CALENDAR_IMPORT_INTERVAL_MINUTES (docs/calendar-sync.md).
  const calendarImports = startCalendarImports({
    eventStore, viewStore, intervalMs: config.CALENDAR_IMPORT_INTERVAL_MINUTES * 60_000, fetch: calendarFetchOf(config), log: log.child({ part: 'calendar-import' }),
  });
  c.stops.push(() => calendarImports.stop());
}

/** The relay service: publishes every event to Kafka. */
async function composeRelay(c: Composition, brokers: string): Promise<void> {
  const { startKafkaRelay } = await import('./infra/relay/start-kafka-relay.ts');
  const { eventStore, viewStore } = c.adapters;
  const relay = await startKafkaRelay({ eventStore, viewStore, brokers: brokers.split(','), topicPrefix: c.config.NAMESPACE, log: c.log.child({ part: 'relay' }) });
  c.stops.push(() => relay.stop());
  c.readinessChecks.push(caughtUpCheck('relay', pollingFollower(relay.position), { head: c.head }));
}

function apiLogger(apiLog: Logger) {
  return {
    info: (message: string) => apiLog.info(message),
    warn: (message: string) => apiLog.warn(message),
    error: (error: unknown, message?: string) => apiLog.error({ err: error }, message ?? 'request failed'),
  };
}

interface ComposedMail {
  /** The mails kept in this process. */
  outbox: OutboxMailer;
  mailer: ActivationMailer;
  /** While the demo seed runs, every mail goes to the outbox (the seed activates its accounts from there). */
  seeding: { now: boolean };
}

/**
 * Account e-mails leave through SMTP when SMTP_URL is set (always in production). Without it
 * (development) they stay in the outbox and the link is logged, so a local user can activate.
 */
function composeMail(c: Composition, apiLog: Logger): ComposedMail {
  const { config, production } = c;
  const outbox = createOutboxMailer((line) => apiLog.info(line), { logActivationLinks: !production && !config.SMTP_URL });
  const seeding = { now: false };
  if (!config.SMTP_URL) return { outbox, mailer: outbox, seeding };
  const publicUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  const sender = openSmtpMailSender({ url: config.SMTP_URL, from: config.MAIL_FROM ?? `HaBama <no-reply@${new URL(publicUrl).hostname}>` });
  c.stops.push(() => sender.close());
  const mailing = mailingActivationMailer(sender, { publicUrl });
  const mailer: ActivationMailer = {
    sendActivation: (message) => (seeding.now ? outbox : mailing).sendActivation(message),
    sendPasswordReset: (message) => (seeding.now ? outbox : mailing).sendPasswordReset(message),
    sendAccountExists: (message) => (seeding.now ? outbox : mailing).sendAccountExists(message),
  };
  return { outbox, mailer, seeding };
}

/** The demo seed, run through the command API once the server listens. */
interface DemoSeed {
  run(baseUrl: string): Promise<SeedReport>;
}

/** The command-api service: writes, and the demo seed into an empty store. */
async function composeCommandApi(c: Composition, app: HttpApp, parts: { paymentGateway: PaymentGateway; mail: ComposedMail; logger: ReturnType<typeof apiLogger>; seedDemo: typeof seedDemoMarketplace }): Promise<{ commandApi: CommandApi; seed: DemoSeed | null }> {
  const { config, adapters, log } = c;
  const { eventStore, viewStore, realtime } = adapters;
  const { mail } = parts;
  const commandApi = createCommandApi({
    eventStore, paymentGateway: parts.paymentGateway, jwtSecret: c.jwtSecret, activationMailer: mail.mailer, logger: parts.logger, attemptLimiter: adapters.attemptLimiter,
    singleUseTokens: adapters.singleUseTokens,
    realtime,
    idempotencyStore: adapters.idempotencyStore, idempotencyStaleMs: config.IDEMPOTENCY_CLAIM_STALE_SECONDS * 1000,
    accessRules: accessRulesOfViews(viewStore), mediaStorage: createFileMediaStorage(join(config.DATA_DIR, 'media')),
    calendarFetch: calendarFetchOf(config), clock: clockOf(config),
  });
  // Entered only for its paths: a storefront page skips its routes (infra/http/under-path-prefixes.ts);
  // and a GET only when one of its routes could answer it: the query API's reads skip its writes' routes.
  app.use(underPathPrefixes(COMMAND_API_PATH_PREFIXES, readsWhenRouted(commandApi.router)));
  c.readinessChecks.push(reachableCheck('event-store', async () => `head at position ${await c.head()}`));
  // Decided before the server listens, so readiness never reports ready just before the seed begins.
  if (!config.SEED_DEMO || c.production || !(await isEmptyLog(eventStore))) return { commandApi, seed: null };
  mail.seeding.now = true;
  c.readinessChecks.push(stepCheck('seed', () => (mail.seeding.now ? { ready: false, detail: 'seeding the demo marketplace' } : { ready: true, detail: 'demo marketplace seeded' })));
  return {
    commandApi,
    seed: {
      async run(baseUrl) {
        log.info('Empty event store: seeding the demo marketplace through the command API…');
        const report = await parts.seedDemo({ baseUrl, eventStore, mailer: mail.outbox, password: config.DEMO_PASSWORD, log: (line) => log.info(line) });
        mail.seeding.now = false;
        return report;
      },
    },
  };
}

interface ComposedQueryApi {
  queryApi: QueryApi;
  /** The storefront's server pass reads through the query API of this process (web/api/in-process-transport.ts). */
  inProcessReads: InProcessReader;
}

/** The query-api service: reads over the views, on the local projectors or following another process's. */
async function composeQueryApi(c: Composition, app: HttpApp, parts: { projections: ProjectionRuntime | null; commandApi: CommandApi | null; logger: ReturnType<typeof apiLogger> }): Promise<ComposedQueryApi> {
  const { viewStore, eventStore, realtime, cache, jobQueue } = c.adapters;
  let progress: ProjectionsProgress;
  if (parts.projections) progress = parts.projections;
  else {
    const remote = await followViewChanges(viewStore, realtime);
    c.stops.push(() => remote.close());
    progress = remote;
  }
  const commandApi = parts.commandApi;
  const queryApi = createQueryApi({ viewStore, eventStore, projections: progress, cache, jobQueue, jwtSecret: c.jwtSecret, extraRouteSpecs: commandApi?.routes, logger: parts.logger, clock: clockOf(c.config) });
  c.stops.push(() => queryApi.cache.stop());
  app.use(underPathPrefixes(QUERY_API_PATH_PREFIXES, queryApi.router));
  // A GET the command API's router takes first (mounted before) is the command API's to answer: in process
  // when its route allows it (GET /api/user/current, command-api/in-process-reads.ts), else over HTTP.
  const commandReads = routeTable((commandApi?.routes ?? []).filter((route) => route.method === 'get').map((route) => ({ path: route.path, value: route })));
  const commandRead = (request: { url: string }) => commandReads(request.url.split('?')[0]!) !== null;
  const inProcessReads: InProcessReader = {
    read: (request) => (commandRead(request) ? (commandApi?.read(request) ?? null) : queryApi.read(request)),
    // Values only of the query API's reads: the command API's go through `read` (or HTTP).
    readValue: (request) => (commandRead(request) ? null : queryApi.readValue(request)),
  };
  c.readinessChecks.push(reachableCheck('views', async () => `${await viewStore.collection('_checkpoints').count()} checkpoints`));
  return { queryApi, inProcessReads };
}

interface ComposedWeb {
  /** Builds the storefront once the server listens: it calls the APIs of this very process, whose port is known only then. */
  start(server: Server, localUrl: string, queryApiHere: ComposedQueryApi | null): Promise<void>;
  close(): Promise<void>;
}

/**
 * The web service: the storefront (React SSR) and the ws hub. Until the storefront is built, and while
 * this process builds its views at a first start, pages are a 503 that says so and how far it is.
 */
function composeWeb(c: Composition, app: HttpApp, viewsBuilding: () => RebuildProgress | null): ComposedWeb {
  const { config, jwtSecret } = c;
  const { realtime, cache } = c.adapters;
  let web: WebApp | null = null;
  app.use((req, res, next) => {
    const building = viewsBuilding();
    if (web && !building) return web.router(req, res, next);
    res.status(503).set({ 'Retry-After': String(STARTING_PAGE_RELOAD_SECONDS), 'Cache-Control': 'no-store' }).type('html')
      .send(startingPageHtml(building ? { step: 'views', percent: overallPercent(building) } : { step: 'storefront', percent: null }));
  });
  c.readinessChecks.push(stepCheck('web', () => (web ? { ready: true, detail: 'storefront built' } : { ready: false, detail: 'building the storefront' })));
  return {
    async start(server, localUrl, queryApiHere) {
      // API_BASE_URL names where the loaders call on purpose: then they do, over HTTP.
      const readsHere = config.API_BASE_URL ? undefined : queryApiHere?.inProcessReads;
      const built = await createWebApp({
        apiBaseUrl: config.API_BASE_URL ?? localUrl,
        production: c.productionBuild,
        productionAssets: c.productionAssets,
        secureCookies: c.production,
        realtime,
        inProcessReads: readsHere,
        guestPages: readsHere && queryApiHere
          ? createGuestPageCache({ cache, generation: queryApiHere.queryApi.cache.generation, logError: (error, message) => c.log.error({ err: error }, message) })
          : undefined,
        verifyToken: (token) => {
          const claims = verifyAccessToken(jwtSecret, token);
          return claims ? actorOfClaims(claims) : null;
        },
        vouchForClientAddress: (address) => vouchForClientAddress(jwtSecret, address),
        trustProxy: config.TRUST_PROXY,
        assetsCache: { dir: DEFAULT_CLIENT_ASSETS_CACHE_DIR, warn: (error, message) => c.log.warn({ err: error }, message) },
      });
      web = built;
      built.attachWebSocket(server);
    },
    close: async () => { await web?.close(); },
  };
}

/** `main.ts web` runs one service, `main.ts web,command-api,query-api` several in one process, `main.ts` (or `all`) every one. */
function serviceOfArguments(argv: string[]): readonly ServiceName[] | undefined {
  const names = (argv[0] ?? '').split(',').filter(Boolean);
  if (names.length === 0 || names.includes('all')) return undefined;
  const unknown = names.filter((name) => !(SERVICES as readonly string[]).includes(name));
  if (unknown.length) {
    console.error(`Unknown service "${unknown.join('", "')}". Services: all, ${SERVICES.join(', ')} (several as a comma list).`);
    process.exit(1);
  }
  return [...new Set(names)] as ServiceName[];
}

/** Where people reach this process: the address it listens on (localhost for every interface). */
function reachableAt(config: Config, port: number): string {
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  return `http://${host}:${port}`;
}

if (import.meta.main) {
  const config = loadConfig();
  const services = serviceOfArguments(process.argv.slice(2));
  const started = Date.now();
  const marketplace = await startMarketplace({ services }).catch((error: unknown) => {
    // A configuration this service cannot run with: one line saying what is missing, no stack trace.
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  });
  const what = services ? `Service${services.length > 1 ? 's' : ''} ${services.join(', ')}` : 'Marketplace';
  const banner = [
    `${what} on ${reachableAt(marketplace.config, marketplace.port)} (${config.LOCAL_PREVIEW ? `${config.NODE_ENV} build, local preview` : config.NODE_ENV}, started in ${Date.now() - started} ms)`,
    ...Object.entries(marketplace.adapters.engines).map(([port, engine]) => `  ${port.padEnd(10)} ${engine}`),
  ];
  if (marketplace.seeded || (!services && config.SEED_DEMO && !isProductionDeployment(config))) {
    banner.push(
      marketplace.seeded ? `Seeded ${marketplace.seeded.vendors} vendors and ${marketplace.seeded.products} products.` : 'Demo data already in the store.',
      `Demo accounts (password: ${config.DEMO_PASSWORD === 'demo-password' ? 'demo-password' : 'from DEMO_PASSWORD'}):`,
      `  ${DEMO_ACCOUNTS.admin}     admin, superUsers`,
      `  ${DEMO_ACCOUNTS.vendor}    owns the first vendor`,
      `  ${DEMO_ACCOUNTS.customer}  customer`,
      `  ${DEMO_ACCOUNTS.operator}  operator (back office, what the access rules give)`,
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

/** How vendors' iCalendar addresses are read: private addresses only when allowed and never in production. */
function calendarFetchOf(config: Config): IcsFetchOptions {
  return { allowPrivateAddresses: config.CALENDAR_IMPORT_ALLOW_PRIVATE && !isProductionDeployment(config) };
}
