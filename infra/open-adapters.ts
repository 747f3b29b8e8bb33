import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import type { Cache } from '../domain/ports/cache.ts';
import type { EventFeed } from '../domain/ports/event-feed.ts';
import type { EventStore } from '../domain/ports/event-store.ts';
import type { JobQueue } from '../domain/ports/job-queue.ts';
import type { Realtime } from '../domain/ports/realtime.ts';
import type { ViewStore } from '../domain/ports/view-store.ts';
import type { Config } from './config.ts';
import { openSqliteEventStore } from './event-store/sqlite-event-store.ts';
import { storeEventFeed } from './event-feed/store-event-feed.ts';
import { createMemoryViewStore } from './view-store/memory-view-store.ts';
import { createMemoryCache } from './cache/memory-cache.ts';
import { createMemoryJobQueue } from './job-queue/memory-job-queue.ts';
import { createMemoryRealtime } from './realtime/memory-realtime.ts';

// Picks one adapter per port from the configuration (DESIGN §2): each engine URL that is set replaces
// its embedded default. Real-engine modules are imported only when used, so the embedded mode never
// loads a database driver it does not need.
export interface Adapters {
  eventStore: EventStore;
  viewStore: ViewStore;
  cache: Cache;
  jobQueue: JobQueue;
  realtime: Realtime;
  /** Where projectors and reactors read events. */
  feed: EventFeed;
  /** Which engine serves each port, for the start-up banner. */
  engines: Record<'eventStore' | 'viewStore' | 'cache' | 'jobQueue' | 'realtime' | 'feed', string>;
  close(): Promise<void>;
}

export async function openAdapters(config: Config): Promise<Adapters> {
  const closers: (() => Promise<void>)[] = [];
  const engines = {} as Adapters['engines'];

  let eventStore: EventStore;
  if (config.EVENTSTORE_URL) {
    const { openEventStoreDbEventStore } = await import('./event-store/eventstoredb-event-store.ts');
    eventStore = await openEventStoreDbEventStore({ url: config.EVENTSTORE_URL });
    engines.eventStore = 'EventStoreDB';
  } else {
    mkdirSync(config.DATA_DIR, { recursive: true });
    const path = join(config.DATA_DIR, 'events.sqlite');
    eventStore = await openSqliteEventStore({ path });
    engines.eventStore = `node:sqlite ${path}`;
  }
  closers.push(() => eventStore.close());

  let viewStore: ViewStore;
  if (config.MONGO_URL) {
    const { openMongoViewStore } = await import('./view-store/mongo-view-store.ts');
    // The projectors runtime declares every view's indexes when it starts (projectors/view-indexes.ts).
    viewStore = await openMongoViewStore({ url: config.MONGO_URL, dbName: config.MONGO_DB });
    engines.viewStore = 'MongoDB';
  } else {
    viewStore = createMemoryViewStore();
    engines.viewStore = 'memory (rebuilt by replay at start)';
  }
  closers.push(() => viewStore.close());

  let cache: Cache;
  let jobQueue: JobQueue;
  let realtime: Realtime;
  if (config.REDIS_URL) {
    const [{ openRedisCache }, { openBullmqJobQueue }, { openRedisRealtime }] = await Promise.all([
      import('./cache/redis-cache.ts'), import('./job-queue/bullmq-job-queue.ts'), import('./realtime/redis-realtime.ts'),
    ]);
    const ns = config.NAMESPACE;
    cache = await openRedisCache({ url: config.REDIS_URL, keyPrefix: `${ns}:cache:` });
    jobQueue = await openBullmqJobQueue({ url: config.REDIS_URL, queueName: 'notifications', prefix: `${ns}:bull` });
    realtime = await openRedisRealtime({ url: config.REDIS_URL, channel: `${ns}:realtime` });
    engines.cache = engines.jobQueue = engines.realtime = 'Redis';
  } else {
    cache = createMemoryCache();
    jobQueue = createMemoryJobQueue();
    realtime = createMemoryRealtime();
    engines.cache = engines.jobQueue = engines.realtime = 'memory';
  }
  closers.push(() => cache.close(), () => jobQueue.close(), () => realtime.close());

  let feed: EventFeed;
  if (config.EVENT_FEED === 'kafka' && config.KAFKA_BROKERS) {
    const { kafkaEventFeed } = await import('./event-feed/kafka-event-feed.ts');
    feed = kafkaEventFeed({ brokers: config.KAFKA_BROKERS.split(','), topicPrefix: config.NAMESPACE, groupPrefix: `${config.NAMESPACE}.` });
    engines.feed = 'Kafka consumer group';
  } else {
    feed = storeEventFeed(eventStore);
    engines.feed = 'event store subscription';
  }

  return {
    eventStore, viewStore, cache, jobQueue, realtime, feed, engines,
    async close() {
      // Last opened, first closed: the event store goes after everything that reads it.
      for (const close of closers.reverse()) await close().catch(() => undefined);
    },
  };
}
