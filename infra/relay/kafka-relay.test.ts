import { randomUUID } from 'node:crypto';
import type { KafkaMessage } from 'kafkajs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RecordedEvent } from '../../domain/ports/event-store.ts';
import type { Relay } from '../../domain/ports/relay.ts';
import { describeWithEngine } from '../../test/real-engines.ts';
import { kafkaEventFeed } from '../event-feed/kafka-event-feed.ts';
import { makeKafka, parseBrokers, withAdmin } from './kafka-client.ts';
import { openSqliteEventStore } from '../event-store/sqlite-event-store.ts';
import { createMemoryViewStore } from '../view-store/memory-view-store.ts';
import { openKafkaRelay } from './kafka-relay.ts';
import { startKafkaRelay } from './start-kafka-relay.ts';
import { processedWhenNext } from '../event-feed/testing/processed-when-next.ts';

const metadata = { actor: { userId: 'u-1', roles: ['user' as const], groups: [], vendorId: null }, correlationId: 'c-1', causationId: null, at: '2026-01-01T00:00:00.000Z', schemaVersion: 1 };

let position = 100;
const recorded = (streamId: string, revision: number, data: unknown = { revision }): RecordedEvent => ({
  id: randomUUID(),
  streamId,
  type: 'Tested',
  revision,
  position: (position += 7),
  data,
  metadata,
  recordedAt: new Date().toISOString(),
});

describeWithEngine('kafka', 'Kafka relay and EventFeed', (url) => {
  const brokers = parseBrokers(url);
  // Topics and groups of this run only, so runs and parallel files never see each other's messages.
  const prefix = `test${randomUUID().slice(0, 8)}`;
  let relay: Relay;

  beforeAll(async () => {
    relay = await openKafkaRelay({ brokers, topicPrefix: prefix, clientId: 'relay-test' });
  });

  afterAll(async () => {
    await relay?.close();
  });

  it('publishes each event to its category topic, keyed by stream id, with type, id, position, revision and metadata headers', async () => {
    const events = [recorded('order-1', 0, { price: 1500 }), recorded('vendor-7', 0), recorded('order-1', 1, { note: 'חתונה' })];
    await relay.publish(events);

    const kafka = makeKafka({ brokers, clientId: 'relay-test-reader' });
    const consumer = kafka.consumer({ groupId: `${prefix}-raw` });
    await consumer.connect();
    await consumer.subscribe({ topics: [`${prefix}.order`, `${prefix}.vendor`], fromBeginning: true });
    const received: Array<{ topic: string; message: KafkaMessage }> = [];
    await consumer.run({ eachMessage: async ({ topic, message }) => void received.push({ topic, message }) });
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(3);
    await consumer.disconnect();

    const orders = received.filter((r) => r.topic === `${prefix}.order`);
    expect(orders.map((r) => r.message.key?.toString())).toEqual(['order-1', 'order-1']);
    expect(orders.map((r) => JSON.parse(r.message.value!.toString()))).toEqual([{ price: 1500 }, { note: 'חתונה' }]);
    const header = (m: KafkaMessage, name: string) => m.headers?.[name]?.toString();
    const first = orders[0]!.message;
    expect(header(first, 'event-type')).toBe('Tested');
    expect(header(first, 'event-id')).toBe(events[0]!.id);
    expect(header(first, 'position')).toBe(String(events[0]!.position));
    expect(header(first, 'revision')).toBe('0');
    expect(JSON.parse(header(first, 'metadata')!)).toEqual(metadata);
    const vendor = received.find((r) => r.topic === `${prefix}.vendor`)!.message;
    expect(vendor.key?.toString()).toBe('vendor-7');
  }, 120_000);

  it('a feed consumer group receives the events as they were recorded, each stream in order', async () => {
    const events = [recorded('product-1', 0), recorded('tag-2', 0), recorded('product-1', 1), recorded('product-1', 2)];
    await relay.publish(events);
    const feed = kafkaEventFeed({ brokers, topicPrefix: prefix, categories: ['product', 'tag'] });
    const controller = new AbortController();
    const received: RecordedEvent[] = [];
    for await (const event of processedWhenNext(feed.subscribe({ name: `${prefix}-projectors`, signal: controller.signal }))) {
      received.push(event);
      if (received.length === 4) controller.abort();
    }
    // Each delivery names its partition as its lane (projectors/seen.ts).
    const onLane = (event: RecordedEvent, topic: string) => ({ ...event, lane: expect.stringMatching(new RegExp(`^${prefix}\\.${topic}/\\d+$`)) });
    expect(received.filter((e) => e.streamId === 'product-1')).toEqual(events.filter((e) => e.streamId === 'product-1').map((e) => onLane(e, 'product')));
    expect(received.find((e) => e.streamId === 'tag-2')).toEqual(onLane(events[1]!, 'tag'));
  });

  it('each partition receives the events in position order (what lets a view forget old streams per partition)', async () => {
    const topic = `${prefix}.calendar`;
    await withAdmin(makeKafka({ brokers, clientId: 'relay-test-admin' }), (admin) => admin.createTopics({ topics: [{ topic, numPartitions: 3 }], waitForLeaders: true }));
    // Forty streams over the three partitions, published in several calls, as the relay runner does.
    const events = Array.from({ length: 120 }, (_, n) => recorded(`calendar-${n % 40}`, Math.floor(n / 40)));
    for (let start = 0; start < events.length; start += 25) await relay.publish(events.slice(start, start + 25));
    const feed = kafkaEventFeed({ brokers, topicPrefix: prefix, categories: ['calendar'] });
    const controller = new AbortController();
    const received: RecordedEvent[] = [];
    for await (const event of processedWhenNext(feed.subscribe({ name: `${prefix}-partitions`, signal: controller.signal }))) {
      received.push(event);
      if (received.length === events.length) controller.abort();
    }
    const lanes = new Map<string, number[]>();
    for (const event of received) lanes.set(event.lane!, [...(lanes.get(event.lane!) ?? []), event.position]);
    expect([...lanes.keys()].sort()).toEqual([0, 1, 2].map((partition) => `${topic}/${partition}`));
    for (const positions of lanes.values()) expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('commits an offset only once the subscriber processed the event: a new subscription resumes there', async () => {
    const events = [0, 1, 2, 3].map((revision) => recorded('review-9', revision));
    await relay.publish(events);
    const feed = kafkaEventFeed({ brokers, topicPrefix: prefix, categories: ['review'] });
    const group = `${prefix}-resume`;
    const firstRun: RecordedEvent[] = [];
    for await (const event of processedWhenNext(feed.subscribe({ name: group, signal: AbortSignal.timeout(60_000) }))) {
      firstRun.push(event);
      // Leaves while holding the second event: it was not processed, so it is not committed.
      if (firstRun.length === 2) break;
    }
    const secondRun: RecordedEvent[] = [];
    const controller = new AbortController();
    for await (const event of processedWhenNext(feed.subscribe({ name: group, signal: controller.signal }))) {
      secondRun.push(event);
      if (secondRun.length === 3) controller.abort();
    }
    expect(firstRun.map((e) => e.revision)).toEqual([0, 1]);
    expect(secondRun.map((e) => e.revision)).toEqual([1, 2, 3]);
  });

  it('the relay service publishes what is appended to the event store, and a feed reads it back', async () => {
    const eventStore = await openSqliteEventStore({ path: ':memory:' });
    const viewStore = createMemoryViewStore();
    const service = await startKafkaRelay({ eventStore, viewStore, brokers, topicPrefix: prefix });
    const newEvent = (n: number) => ({ id: randomUUID(), type: 'ArticlePublished', data: { n }, metadata });
    await eventStore.append('article-1', [newEvent(0), newEvent(1)], 'no_stream');
    await eventStore.append('brand-1', [newEvent(2)], 'no_stream');
    const stored = await eventStore.readAll();

    const feed = kafkaEventFeed({ brokers, topicPrefix: prefix, categories: ['article', 'brand'] });
    const controller = new AbortController();
    const received: RecordedEvent[] = [];
    for await (const event of processedWhenNext(feed.subscribe({ name: `${prefix}-service`, signal: controller.signal }))) {
      received.push(event);
      if (received.length === 3) controller.abort();
    }
    expect(received.map(({ lane: _lane, ...event }) => event).sort((a, b) => a.position - b.position)).toEqual(stored);
    await expect.poll(() => viewStore.collection('_checkpoints').findOne({ _id: 'relay:kafka' })).toMatchObject({ position: stored[2]!.position });
    await service.stop();
    await eventStore.close();
  });
});
