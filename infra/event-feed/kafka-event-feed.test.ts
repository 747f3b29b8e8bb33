import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RecordedEvent } from '../../domain/ports/event-store.ts';
import type { Relay } from '../../domain/ports/relay.ts';
import { describeWithEngine } from '../../test/real-engines.ts';
import { makeKafka, parseBrokers } from '../relay/kafka-client.ts';
import { openKafkaRelay } from '../relay/kafka-relay.ts';
import { kafkaEventFeed } from './kafka-event-feed.ts';
import { processedWhenNext } from './testing/processed-when-next.ts';

const metadata = { actor: { userId: 'u-1', roles: ['user' as const], groups: [], vendorId: null }, correlationId: 'c-1', causationId: null, at: '2026-01-01T00:00:00.000Z', schemaVersion: 1 };

let position = 0;
const recorded = (streamId: string, revision: number): RecordedEvent => ({
  id: randomUUID(),
  streamId,
  type: 'Tested',
  revision,
  position: (position += 1),
  data: { revision },
  metadata,
  recordedAt: new Date().toISOString(),
});

describeWithEngine('kafka', 'Kafka EventFeed', (url) => {
  const brokers = parseBrokers(url);
  const prefix = `feed${randomUUID().slice(0, 8)}`;
  let relay: Relay;

  beforeAll(async () => {
    relay = await openKafkaRelay({ brokers, topicPrefix: prefix, clientId: 'feed-test' });
  });

  afterAll(async () => {
    await relay?.close();
  });

  it('a backlog on one topic does not hold back a new event of another: partitions take turns', { timeout: 90_000 }, async () => {
    const feed = kafkaEventFeed({ brokers, topicPrefix: prefix, categories: ['product', 'order'], turnMs: 50 });
    const backlog = Array.from({ length: 60 }, (_, revision) => recorded('product-1', revision));
    const fresh = recorded('order-1', 0);
    const controller = new AbortController();
    const received: RecordedEvent[] = [];
    await relay.publish(backlog);
    for await (const event of processedWhenNext(feed.subscribe({ name: `${prefix}-projectors`, signal: controller.signal }))) {
      // A subscriber that is slow per event, like the projectors writing to the views.
      await new Promise((resolve) => setTimeout(resolve, 30));
      received.push(event);
      if (received.length === 1) await relay.publish([fresh]);
      if (received.length === backlog.length + 1) controller.abort();
    }
    const freshAt = received.findIndex((event) => event.id === fresh.id);
    expect(freshAt).toBeGreaterThan(0);
    // Before the end of the backlog, not after all of it.
    expect(freshAt).toBeLessThan(backlog.length);
    // The backlog itself still arrives whole and in revision order.
    expect(received.filter((event) => event.streamId === 'product-1').map((event) => event.revision)).toEqual(backlog.map((event) => event.revision));
  });

  it('tells how many events a subscription has yet to process (readiness on Kafka)', { timeout: 90_000 }, async () => {
    const feed = kafkaEventFeed({ brokers, topicPrefix: prefix, categories: ['vendor', 'tag'] });
    const name = `${prefix}-lagging`;
    await relay.publish([recorded('vendor-1', 0), recorded('vendor-1', 1), recorded('tag-1', 0)]);
    // A group that never ran is behind by everything on its topics.
    expect(await feed.lag!(name)).toBe(3);
    const controller = new AbortController();
    let seen = 0;
    for await (const _event of processedWhenNext(feed.subscribe({ name, signal: controller.signal }))) {
      if (++seen === 3) controller.abort();
    }
    // Offsets are committed after processing: nothing is left once the three were taken.
    expect(await feed.lag!(name)).toBe(0);
    const processedAll = await feed.end!();
    await relay.publish([recorded('tag-1', 1)]);
    expect(await feed.lag!(name)).toBe(1);
    // Against the end as it was before that event, nothing is left.
    expect(await feed.lag!(name, processedAll)).toBe(0);
  });

  it('readiness asking every follower\'s lag at once takes one connection and one round of offsets, each as fresh as its call', { timeout: 90_000 }, async () => {
    const kafka = makeKafka({ brokers, clientId: 'feed-test-readiness' });
    let connections = 0;
    const endRequests: string[] = [];
    const admin = kafka.admin.bind(kafka);
    kafka.admin = (...args) => {
      connections += 1;
      const made = admin(...args);
      const fetchTopicOffsets = made.fetchTopicOffsets.bind(made);
      made.fetchTopicOffsets = (topic) => {
        endRequests.push(topic);
        return fetchTopicOffsets(topic);
      };
      return made;
    };
    const feed = kafkaEventFeed({ kafka, topicPrefix: prefix, categories: ['vendor', 'tag'] });
    const followers = Array.from({ length: 8 }, (_, index) => `${prefix}-follower${index}`);
    // As caughtUpCheck asks: the end as of the check, then the follower's lag against it.
    const probe = () => Promise.all(followers.map(async (name) => feed.lag!(name, await feed.end!())));
    const before = await probe();
    // Eight followers, one connection; two rounds of end offsets at most (one began before the others asked).
    expect(connections).toBe(1);
    expect(endRequests.length).toBeLessThanOrEqual(2 * 2);
    // A shared round still sees what was published before it was asked for.
    await relay.publish([recorded('tag-2', 0)]);
    expect(await probe()).toEqual(before.map((behind) => behind + 1));
    expect(connections).toBe(1);
  });

  it('an event taken but never acknowledged comes again: taking a page is not processing it', { timeout: 90_000 }, async () => {
    const feed = kafkaEventFeed({ brokers, topicPrefix: prefix, categories: ['contract'] });
    const name = `${prefix}-unacknowledged`;
    const events = [0, 1, 2, 3].map((revision) => recorded('contract-5', revision));
    await relay.publish(events);
    // A subscriber that takes a page of all four (as the projectors do), acknowledges the first two once
    // their views are written, and dies while writing the other two.
    const first = feed.subscribe({ name, signal: AbortSignal.timeout(60_000) });
    const iterator = first[Symbol.asyncIterator]();
    const page: RecordedEvent[] = [];
    while (page.length < 4) page.push((await iterator.next()).value as RecordedEvent);
    await first.acknowledge!(page.slice(0, 2));
    // Only what was acknowledged is committed, though all four were taken.
    await expect.poll(() => feed.lag!(name), { timeout: 20_000 }).toBe(2);
    await iterator.return!();
    const controller = new AbortController();
    const again: RecordedEvent[] = [];
    for await (const event of processedWhenNext(feed.subscribe({ name, signal: controller.signal }))) {
      again.push(event);
      if (again.length === 2) controller.abort();
    }
    expect(again.map((event) => event.revision)).toEqual([2, 3]);
    await expect.poll(() => feed.lag!(name), { timeout: 20_000 }).toBe(0);
  });
});
