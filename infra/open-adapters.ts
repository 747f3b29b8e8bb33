import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import type { AttemptLimiter } from '../domain/ports/attempt-limiter.ts';
import type { Cache } from '../domain/ports/cache.ts';
import type { EventFeed } from '../domain/ports/event-feed.ts';
import type { EventStore } from '../domain/ports/event-store.ts';
import type { IdempotencyStore } from '../domain/ports/idempotency-store.ts';
import type { JobQueue } from '../domain/ports/job-queue.ts';
import type { Realtime } from '../domain/ports/realtime.ts';
import type { SingleUseTokens } from '../domain/ports/single-use-tokens.ts';
import type { ViewStore } from '../domain/ports/view-store.ts';
import { ConfigError, type Config } from './config.ts';
import { AnotherEventLog, assertOneEventLog } from './event-log-identity.ts';
import { openSqliteEventStore, type SqliteEventStore } from './event-store/sqlite-event-store.ts';
import { shareAppendsOver } from './event-store/shared-file-appends.ts';
import { storeEventFeed } from './event-feed/store-event-feed.ts';
import { createMemoryViewStore } from './view-store/memory-view-store.ts';
import { openSqliteViewStore } from './view-store/sqlite-view-store.ts';
import { createMemoryCache } from './cache/memory-cache.ts';
import { createMemoryJobQueue } from './job-queue/memory-job-queue.ts';
import { createMemoryRealtime } from './realtime/memory-realtime.ts';
import { createMemoryAttemptLimiter } from './attempt-limiter/memory-attempt-limiter.ts';
import { createMemorySingleUseTokens } from './single-use-tokens/memory-single-use-tokens.ts';
import { eventStoreIdempotencyStore } from './idempotency/event-store-idempotency-store.ts';

/** How many jobs the embedded queue runs at once. */
const NOTIFICATION_JOBS_AT_ONCE = 16;

// Picks one adapter per port from the configuration (DESIGN §2): each engine URL that is set replaces
// its embedded default. Real-engine modules are imported only when used, so the embedded mode never
// loads a database driver it does not need.
export interface Adapters {
  eventStore: EventStore;
  viewStore: ViewStore;
  cache: Cache;
  jobQueue: JobQueue;
  realtime: Realtime;
  /** Counts password guesses for the command API's backoff. */
  attemptLimiter: AttemptLimiter;
  /** Idempotency-Key records of the command API: the event store's streams, or Redis. */
  idempotencyStore: IdempotencyStore;
  /** Security challenges already used (each is taken once): memory, or Redis. */
  singleUseTokens: SingleUseTokens;
  /** Where projectors and reactors read events. */
  feed: EventFeed;
  /**
   * The embedded views file, when the views are kept in one beside the events (null otherwise). It
   * outlives the process: the composition root drops views built from another log before anything reads them.
   */
  viewsFile: string | null;
  /** Which engine serves each port, for the start-up banner. */
  engines: Record<'eventStore' | 'viewStore' | 'cache' | 'jobQueue' | 'realtime' | 'attemptLimiter' | 'idempotencyStore' | 'singleUseTokens' | 'feed', string>;
  /** One probe per shared engine this process uses (Redis, MongoDB): readiness asks each whether it answers. */
  engineProbes: Array<{ engine: 'redis' | 'mongodb'; probe(): Promise<string> }>;
  /** With KAFKA_BROKERS: whether the brokers answer, for the processes that need Kafka (the relay, followers of a Kafka feed). */
  kafkaProbe: (() => Promise<string>) | null;
  /** On EventStoreDB: whether every subscription to $all is live, or which are resubscribing (for readiness). */
  eventStoreSubscriptions: (() => { ready: boolean; detail: string }) | null;
  close(): Promise<void>;
}

export interface OpenAdaptersOptions {
  /** Where the adapters report what they recover from by themselves (a subscription resubscribing). */
  log?: { warn(details: object, message: string): void };
}

export async function openAdapters(config: Config, options: OpenAdaptersOptions = {}): Promise<Adapters> {
  const closers: (() => Promise<void>)[] = [];
  const engines = {} as Adapters['engines'];

  let eventStore: EventStore;
  let sharedFile: SqliteEventStore | null = null;
  let eventStoreSubscriptions: Adapters['eventStoreSubscriptions'] = null;
  if (config.EVENTSTORE_URL) {
    const { openEventStoreDbEventStore } = await import('./event-store/eventstoredb-event-store.ts');
    const log = options.log;
    const store = await openEventStoreDbEventStore({
      url: config.EVENTSTORE_URL,
      ...(log ? { onResubscribe: (error: unknown, attempt: number, after: number) => log.warn({ err: error, attempt, after }, `EventStoreDB subscription to $all lost: resubscribing after position ${after}, attempt ${attempt}`) } : {}),
    });
    eventStore = store;
    eventStoreSubscriptions = () => store.subscriptionHealth();
    engines.eventStore = 'EventStoreDB';
  } else {
    mkdirSync(config.DATA_DIR, { recursive: true });
    const path = join(config.DATA_DIR, 'events.sqlite');
    eventStore = sharedFile = await openSqliteEventStore({ path });
    engines.eventStore = `node:sqlite ${path} (processes on this host may share it; across hosts use EventStoreDB)`;
  }
  closers.push(() => eventStore.close());

  const engineProbes: Adapters['engineProbes'] = [];
  let viewStore: ViewStore;
  let viewsFile: string | null = null;
  if (config.MONGO_URL) {
    const { openMongoViewStore } = await import('./view-store/mongo-view-store.ts');
    // The projectors runtime declares every view's indexes when it starts (projectors/view-indexes.ts).
    const log = options.log;
    viewStore = await openMongoViewStore({
      url: config.MONGO_URL, dbName: config.MONGO_DB,
      ...(log ? { onServerChange: (change) => log.warn(change, `MongoDB server ${change.address}: ${change.from} -> ${change.to}`) } : {}),
    });
    engines.viewStore = 'MongoDB';
    const views = viewStore;
    engineProbes.push({ engine: 'mongodb', probe: async () => `answers (${await views.collection('_checkpoints').count()} checkpoints)` });
  } else if (config.VIEW_STORE === 'memory') {
    viewStore = createMemoryViewStore();
    engines.viewStore = 'memory (rebuilt by replay at start)';
  } else {
    mkdirSync(config.DATA_DIR, { recursive: true });
    const path = join(config.DATA_DIR, 'views.sqlite');
    viewStore = openSqliteViewStore({ path });
    viewsFile = path;
    engines.viewStore = `node:sqlite ${path} (resumes from its checkpoints)`;
  }
  closers.push(() => viewStore.close());

  let cache: Cache;
  let jobQueue: JobQueue;
  let realtime: Realtime;
  let attemptLimiter: AttemptLimiter;
  let idempotencyStore: IdempotencyStore;
  let singleUseTokens: SingleUseTokens;
  if (config.REDIS_URL) {
    const [{ openRedisCache }, { openBullmqJobQueue }, { openRedisRealtime }, { openRedisAttemptLimiter }, { openRedisIdempotencyStore }] = await Promise.all([
      import('./cache/redis-cache.ts'), import('./job-queue/bullmq-job-queue.ts'), import('./realtime/redis-realtime.ts'),
      import('./attempt-limiter/redis-attempt-limiter.ts'), import('./idempotency/redis-idempotency-store.ts'),
    ]);
    const ns = config.NAMESPACE;
    const redisCache = await openRedisCache({ url: config.REDIS_URL, keyPrefix: `${ns}:cache:` });
    cache = redisCache;
    engineProbes.push({ engine: 'redis', probe: async () => `answers ${await redisCache.redis.ping()}` });
    jobQueue = await openBullmqJobQueue({ url: config.REDIS_URL, queueName: 'notifications', prefix: `${ns}:bull` });
    realtime = await openRedisRealtime({ url: config.REDIS_URL, channel: `${ns}:realtime` });
    attemptLimiter = await openRedisAttemptLimiter({ url: config.REDIS_URL, keyPrefix: `${ns}:attempts:` });
    idempotencyStore = await openRedisIdempotencyStore({ url: config.REDIS_URL, keyPrefix: `${ns}:idempotency:` });
    const { openRedisSingleUseTokens } = await import('./single-use-tokens/redis-single-use-tokens.ts');
    singleUseTokens = await openRedisSingleUseTokens({ url: config.REDIS_URL, keyPrefix: `${ns}:single-use:` });
    engines.cache = engines.jobQueue = engines.realtime = engines.attemptLimiter = engines.idempotencyStore = engines.singleUseTokens = 'Redis';
  } else {
    cache = createMemoryCache();
    // Several notification jobs at once: the worker appends those of different users side by side (one
    // group commit) and those of one user together (notifications/worker.ts), instead of a commit per job.
    jobQueue = createMemoryJobQueue({ concurrency: NOTIFICATION_JOBS_AT_ONCE });
    realtime = createMemoryRealtime();
    attemptLimiter = createMemoryAttemptLimiter();
    singleUseTokens = createMemorySingleUseTokens();
    engines.singleUseTokens = 'memory';
    // Kept with the events: they survive a restart, and several processes on one store file share them.
    idempotencyStore = eventStoreIdempotencyStore(eventStore);
    engines.cache = engines.jobQueue = engines.realtime = engines.attemptLimiter = 'memory';
    engines.idempotencyStore = 'event store streams';
  }
  closers.push(() => cache.close(), () => jobQueue.close(), () => realtime.close(), () => attemptLimiter.close(), () => idempotencyStore.close(), () => singleUseTokens.close());
  // Processes sharing the event file tell each other of their appends, so none waits for its poll.
  if (sharedFile && config.REDIS_URL) closers.push(await shareAppendsOver(sharedFile, realtime));

  let kafkaProbe: Adapters['kafkaProbe'] = null;
  if (config.KAFKA_BROKERS) {
    const { kafkaProbe: probeOf, makeKafka, parseBrokers } = await import('./relay/kafka-client.ts');
    kafkaProbe = probeOf(makeKafka({ brokers: parseBrokers(config.KAFKA_BROKERS), clientId: 'marketplace-readiness', retries: 0, log: () => {} }));
  }

  let feed: EventFeed;
  if (config.EVENT_FEED === 'kafka' && config.KAFKA_BROKERS) {
    const { kafkaEventFeed } = await import('./event-feed/kafka-event-feed.ts');
    const kafkaFeed = kafkaEventFeed({ brokers: config.KAFKA_BROKERS.split(','), topicPrefix: config.NAMESPACE, groupPrefix: `${config.NAMESPACE}.` });
    closers.push(() => kafkaFeed.close());
    feed = kafkaFeed;
    engines.feed = 'Kafka consumer group';
  } else {
    feed = storeEventFeed(eventStore);
    engines.feed = 'event store subscription';
  }

  // Views shared with other processes (MongoDB) name the log they follow: refuse to run on another.
  if (config.MONGO_URL) {
    try {
      await assertOneEventLog({ eventStore, viewStore, describe: engines.eventStore });
    } catch (error) {
      for (const close of closers.reverse()) await close().catch(() => undefined);
      throw error instanceof AnotherEventLog ? new ConfigError(error.message) : error;
    }
  }

  return {
    eventStore, viewStore, cache, jobQueue, realtime, attemptLimiter, idempotencyStore, singleUseTokens, feed, viewsFile, engines, engineProbes, kafkaProbe, eventStoreSubscriptions,
    async close() {
      // Last opened, first closed: the event store goes after everything that reads it.
      for (const close of closers.reverse()) await close().catch(() => undefined);
    },
  };
}
