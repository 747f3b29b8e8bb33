import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithEngine } from '../test/real-engines.ts';
import type { EventStore } from '../domain/ports/event-store.ts';
import { openSqliteEventStore } from '../infra/event-store/sqlite-event-store.ts';
import { storeEventFeed } from '../infra/event-feed/store-event-feed.ts';
import { createMemoryViewStore } from '../infra/view-store/memory-view-store.ts';
import { openMongoViewStore, type MongoViewStore } from '../infra/view-store/mongo-view-store.ts';
import { allProjections } from './all-projections.ts';
import { rebuildViews } from './rebuild.ts';
import { createProjectionRuntime, type ProjectionRuntime } from './runtime.ts';
import { appendHistory, marketplaceHistory } from './testing/marketplace-history.ts';
import { dumpViews } from './testing/view-dump.ts';
import { kafkaEventFeed } from '../infra/event-feed/kafka-event-feed.ts';
import { makeKafka, parseBrokers, withAdmin } from '../infra/relay/kafka-client.ts';
import { memoryRelayCheckpoints } from '../infra/relay/relay-checkpoints.ts';
import { startKafkaRelay, type RunningRelay } from '../infra/relay/start-kafka-relay.ts';
import { MAX_SEEN_STREAMS } from './seen.ts';
import { vendorCardsProjection } from './vendor-cards/projection.ts';
import { vendorRatingsProjection } from './vendor-ratings/projection.ts';

// The projectors on the MongoDB ViewStore (MONGO_URL: MongoDB or FerretDB, else a container, else
// skipped by name): live views there equal views rebuilt in memory, so both adapters hold the same data.
describeWithEngine('mongo', 'projection runtime on MongoDB', (url) => {
  const dbName = `projectors_test_${randomUUID().slice(0, 8)}`;
  let eventStore: EventStore;
  let viewStore: MongoViewStore;
  let runtime: ProjectionRuntime;

  beforeAll(async () => {
    eventStore = await openSqliteEventStore({ path: ':memory:' });
    viewStore = await openMongoViewStore({ url, dbName });
    runtime = createProjectionRuntime({ viewStore, feed: storeEventFeed(eventStore), retryDelayMs: 50 });
  });
  afterAll(async () => {
    await runtime?.stop();
    await viewStore?.db.dropDatabase();
    await viewStore?.close();
    await eventStore?.close();
  });

  it('live views on MongoDB equal views rebuilt in memory, and a duplicated event changes nothing', async () => {
    const history = marketplaceHistory({ vendors: 3, customers: 3 });
    await appendHistory(eventStore, history.slice(0, 60));
    await runtime.start();
    await appendHistory(eventStore, history.slice(60));
    expect(await runtime.waitForPosition(await eventStore.headPosition(), 60_000)).toBe(true);

    const live = await dumpViews(viewStore, allProjections);
    const rebuiltStore = createMemoryViewStore();
    await rebuildViews({ eventStore, viewStore: rebuiltStore });
    expect(live).toEqual(await dumpViews(rebuiltStore, allProjections));

    for (const event of (await eventStore.readAll()).filter((e) => ['ReviewPosted', 'MessagePosted', 'ConfigEntrySet', 'ProductRemoved'].includes(e.type))) {
      await runtime.apply(event);
    }
    expect(await dumpViews(viewStore, allProjections)).toEqual(live);
  }, 120_000);

  // On the Kafka feed (the relay keys by stream, each partition is a lane of projectors/seen.ts): a
  // vendor reviewed on more orders than `_seen` keeps stays bounded, and the whole log published again
  // (a relay that lost its checkpoint) counts no review twice.
  describeWithEngine('kafka', 'fed by Kafka', (brokerList) => {
    const brokers = parseBrokers(brokerList);
    const prefix = `seen${randomUUID().slice(0, 8)}`;
    const relays: RunningRelay[] = [];
    let kafkaViews: MongoViewStore;
    let kafkaRuntime: ProjectionRuntime;
    afterAll(async () => {
      await kafkaRuntime?.stop();
      for (const relay of relays) await relay.stop();
      await kafkaViews?.db.dropDatabase();
      await kafkaViews?.close();
    });

    it('a vendor reviewed on more orders than `_seen` keeps stays bounded, and a republished log counts nothing twice', { timeout: 240_000 }, async () => {
      const reviews = await openSqliteEventStore({ path: ':memory:' });
      // Three partitions: three lanes whose positions interleave.
      await withAdmin(makeKafka({ brokers, clientId: 'seen-test-admin' }), (admin) => admin.createTopics({ topics: [{ topic: `${prefix}.review`, numPartitions: 3 }], waitForLeaders: true }));
      const relayFrom = async () => relays.push(await startKafkaRelay({ eventStore: reviews, checkpoints: memoryRelayCheckpoints(), brokers, topicPrefix: prefix }));
      await relayFrom();
      kafkaViews = await openMongoViewStore({ url, dbName: `${dbName}_kafka` });
      const feed = kafkaEventFeed({ brokers, topicPrefix: prefix, categories: ['review'], groupPrefix: prefix });
      kafkaRuntime = createProjectionRuntime({ viewStore: kafkaViews, feed, projections: [vendorRatingsProjection, vendorCardsProjection], retryDelayMs: 50 });
      await kafkaRuntime.start();

      const orders = MAX_SEEN_STREAMS + 40;
      const customer = { userId: 'c1', roles: ['user' as const], groups: [], vendorId: null };
      await appendHistory(reviews, Array.from({ length: orders }, (_, n) => ({
        streamId: `review-o${n}`, actor: customer,
        event: { type: 'ReviewPosted' as const, data: { orderId: `o${n}`, vendorId: 'v1', customerId: 'c1', rating: 1 + (n % 5), text: '', at: '2026-03-01T10:00:00.000Z' } },
      })));
      const expected = { count: orders, distribution: { '1': 60, '2': 59, '3': 59, '4': 59, '5': 59 } };
      const rating = () => kafkaViews.collection('vendorRatings').findOne({ _id: 'v1' });
      await expect.poll(async () => (await rating())?.count, { timeout: 120_000, interval: 250 }).toBe(orders);
      const bounded = (await rating())!;
      expect(bounded).toMatchObject(expected);
      expect(Object.keys(bounded._seen as object).length).toBeLessThanOrEqual(MAX_SEEN_STREAMS);
      expect(Object.keys(bounded._seenLaneFloors as object).sort()).toEqual([0, 1, 2].map((partition) => `${prefix}%2Ereview/${partition}`));
      // The runtime applies an event to one projection after another: the cards may trail the ratings by one.
      await expect.poll(async () => (await kafkaViews.collection('vendorCards').findOne({ _id: 'v1' }))?.ratingCount, { timeout: 30_000, interval: 250 }).toBe(orders);

      // Every review published again, behind the first copies, and one new review after them.
      await relays.shift()!.stop();
      await relayFrom();
      await reviews.append('review-late', [{ id: randomUUID(), type: 'ReviewPosted', data: { orderId: 'late', vendorId: 'v1', customerId: 'c1', rating: 5, text: '', at: '2026-03-02T10:00:00.000Z' }, metadata: { actor: customer, correlationId: randomUUID(), causationId: null, at: '2026-03-02T10:00:00.000Z', schemaVersion: 1 } }], 'no_stream');
      await expect.poll(async () => (await rating())?.count, { timeout: 120_000, interval: 250 }).toBe(orders + 1);
      await expect.poll(() => feed.lag!('projectors'), { timeout: 60_000, interval: 250 }).toBe(0);
      const after = (await rating())!;
      expect(after).toMatchObject({ count: orders + 1, distribution: { ...expected.distribution, '5': 60 } });
      expect(Object.keys(after._seen as object).length).toBeLessThanOrEqual(MAX_SEEN_STREAMS);
      await expect.poll(async () => (await kafkaViews.collection('vendorCards').findOne({ _id: 'v1' }))?.ratingCount, { timeout: 30_000, interval: 250 }).toBe(orders + 1);
      await reviews.close();
    });
  });
});
