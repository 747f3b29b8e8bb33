import { z } from 'zod';

// The whole configuration is environment variables with embedded defaults (DESIGN §2), parsed once at
// start. A bad value stops the process with one clear line (see `loadConfig`).
const optionalUrl = z.string().trim().min(1).optional();
/** An optional setting where an empty value (`SMTP_URL=` in a compose file) means unset. */
const unsetWhenEmpty = <S extends z.ZodType>(schema: S) => z.preprocess((value) => (value === '' ? undefined : value), schema);

export const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Port of the HTTP server (web + APIs in embedded mode). */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  /** Where the embedded event store file (and the dev JWT secret) live. */
  DATA_DIR: z.string().default('./data'),
  /** Signs access and refresh tokens. Required in production; in development one is made and kept in DATA_DIR. */
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  /** Password of the three demo accounts. */
  DEMO_PASSWORD: z.string().min(8).default('demo-password'),
  /**
   * `npm start`'s local preview: NODE_ENV=production's builds (React, minified immutable assets) on this
   * machine, with development's settings — the demo seeded, activation links logged, the JWT secret kept
   * in DATA_DIR, cookies Secure only over https. Listens on a loopback HOST only.
   */
  LOCAL_PREVIEW: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  /** Seed the demo marketplace into an empty store (never in a production deployment). */
  SEED_DEMO: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  /** Real engines: each one set replaces its embedded default. */
  EVENTSTORE_URL: optionalUrl,
  MONGO_URL: optionalUrl,
  MONGO_DB: z.string().default('marketplace'),
  /**
   * The embedded view store when MONGO_URL is unset: `sqlite` keeps the views in `$DATA_DIR/views.sqlite`
   * (a restart resumes from the projectors' checkpoints); `memory` rebuilds them by replay at every
   * start. Default: sqlite, except memory when NODE_ENV=test (every test starts from a fresh store).
   */
  VIEW_STORE: unsetWhenEmpty(z.enum(['memory', 'sqlite']).optional()),
  REDIS_URL: optionalUrl,
  KAFKA_BROKERS: optionalUrl,
  /**
   * Names this installation on shared engines: Kafka topics `<ns>.<category>` and consumer groups
   * `<ns>.<subscriber>`, Redis keys `<ns>:cache:…` and `<ns>:bull:…`, the pub/sub channel `<ns>:realtime`.
   */
  NAMESPACE: z.string().regex(/^[A-Za-z0-9_-]+$/, 'NAMESPACE may hold letters, digits, - and _').default('marketplace'),
  /** Where projectors read events: the event store subscription, or Kafka topics fed by the relay. */
  EVENT_FEED: z.enum(['store', 'kafka']).default('store'),
  /** Where the web's server-side loaders call the APIs; defaults to this process. */
  API_BASE_URL: optionalUrl,
  /** Distributed mode: where the web service's /api gateway sends writes and reads. */
  COMMAND_API_URL: optionalUrl,
  QUERY_API_URL: optionalUrl,
  /**
   * Which peers' X-Forwarded-For (and X-Forwarded-Host/-Proto) to believe (Express "trust proxy"):
   * the client address the throttles count. Default: nobody, so a caller cannot name another address.
   * Set it to the proxies in front, e.g. `loopback` behind a reverse proxy on this machine, or
   * `loopback, uniquelocal` for an API reached only through the web service's gateway. `false` or
   * empty means nobody. (This process's own storefront vouches for its visitors with a signed
   * header instead: infra/http/client-address.ts.)
   */
  TRUST_PROXY: z.preprocess((value) => (typeof value === 'string' ? value.trim() : value), z.string().optional())
    .transform((value): string | false => (!value || value === 'false' ? false : value)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * The SMTP server e-mails leave through (activation links), e.g. `smtp://user:password@mail.example.com:587`
   * or `smtps://…:465`. Required in production; without it (development) activation links are logged.
   */
  SMTP_URL: unsetWhenEmpty(z.string().trim().regex(/^smtps?:\/\/[^/?#]+/, 'SMTP_URL must be an smtp:// or smtps:// URL').optional()),
  /** The sender of e-mails; default `HaBama <no-reply@<host of PUBLIC_URL>>`. */
  MAIL_FROM: unsetWhenEmpty(z.string().trim().min(3).optional()),
  /** Where the storefront is reached from outside, for links in e-mails; default http://localhost:<PORT>. Required in production. */
  PUBLIC_URL: unsetWhenEmpty(z.url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http(s) URL' }).optional()),
  /**
   * Whether a vendor's imported iCalendar address may point to a loopback or private network address
   * (docs/calendar-sync.md "Reading an address"): for tests and a calendar server on this machine. Ignored
   * in a production deployment, which always refuses them (no reading of the internal network).
   */
  CALENDAR_IMPORT_ALLOW_PRIVATE: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  /** How often the worker reads imported iCalendar addresses again, in minutes. */
  CALENDAR_IMPORT_INTERVAL_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  /** How often the worker lets go of held slots whose 15 minutes ran out unpaid, in seconds (docs/payments.md "Held slots"). */
  HOLD_EXPIRY_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /**
   * How long an Idempotency-Key's claim may stay open before a retry takes it over, in seconds: a claim
   * stays open when its process died mid-request (command-api/idempotency.ts). A live request taken over
   * is harmless (the retry finds its events), so this bounds how long a crash makes retries wait.
   */
  IDEMPOTENCY_CLAIM_STALE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /**
   * Moves this process's clock (the command and query APIs, the expiry sweeps) this many minutes from the
   * system time: for tests across real processes, e.g. a restart after a held slot's time ran out. Refused
   * in a production deployment.
   */
  CLOCK_OFFSET_MINUTES: z.coerce.number().int().min(-525_600).max(525_600).default(0),
});
/** The parsed configuration; VIEW_STORE is settled (its default depends on NODE_ENV). */
export type Config = Omit<z.infer<typeof ConfigSchema>, 'VIEW_STORE'> & { VIEW_STORE: 'memory' | 'sqlite' };

export class ConfigError extends Error {}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = ConfigSchema.safeParse(env);
  if (!result.success) {
    const issues = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${issues}`);
  }
  const config = result.data;
  if (config.LOCAL_PREVIEW && !LOOPBACK_HOSTS.has(config.HOST)) throw new ConfigError(`Invalid configuration: LOCAL_PREVIEW serves this machine only, HOST must be a loopback address (${[...LOOPBACK_HOSTS].join(', ')})`);
  if (isProductionDeployment(config) && !config.JWT_SECRET) throw new ConfigError('Invalid configuration: JWT_SECRET is required in production');
  if (isProductionDeployment(config) && config.CLOCK_OFFSET_MINUTES !== 0) throw new ConfigError('Invalid configuration: CLOCK_OFFSET_MINUTES is for tests and cannot be set in production');
  if (config.EVENT_FEED === 'kafka' && !config.KAFKA_BROKERS) throw new ConfigError('Invalid configuration: EVENT_FEED=kafka needs KAFKA_BROKERS');
  return { ...config, VIEW_STORE: config.VIEW_STORE ?? (config.NODE_ENV === 'test' ? 'memory' : 'sqlite') };
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);

/** A production deployment: NODE_ENV=production other than the local preview. Its settings are required and it never seeds. */
export function isProductionDeployment(config: Pick<Config, 'NODE_ENV' | 'LOCAL_PREVIEW'>): boolean {
  return config.NODE_ENV === 'production' && !config.LOCAL_PREVIEW;
}

/** Parses process.env; on a bad value prints one line and exits. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  try {
    return parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** The process's clock: the system time, moved by CLOCK_OFFSET_MINUTES (tests; always 0 in production). */
export function clockOf(config: Pick<Config, 'CLOCK_OFFSET_MINUTES'>): { now(): Date } {
  const offsetMs = config.CLOCK_OFFSET_MINUTES * 60_000;
  return offsetMs === 0 ? { now: () => new Date() } : { now: () => new Date(Date.now() + offsetMs) };
}
