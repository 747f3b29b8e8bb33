import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventStore, NewEvent } from '../domain/ports/event-store.ts';
import type { JobQueue, NewJob } from '../domain/ports/job-queue.ts';
import { storeEventFeed } from '../infra/event-feed/store-event-feed.ts';
import { openSqliteEventStore } from '../infra/event-store/sqlite-event-store.ts';
import { createMemoryViewStore } from '../infra/view-store/memory-view-store.ts';
import type { NotificationJob } from './notification-job.ts';
import { createNotificationReactor, REACTOR_NAME } from './reactor.ts';
import { viewStoreRelayCheckpoints } from '../infra/relay/relay-checkpoints.ts';

// Issue 11: the reactor queues a page of events' jobs in one call, and does not read the vendor stream
// again for every event (it remembers the owner until an event of the vendor's stream goes by).
const metadata = { actor: { userId: 'someone', roles: ['user' as const], groups: [], vendorId: null }, correlationId: 'corr', causationId: null, at: '2026-03-01T10:00:00.000Z', schemaVersion: 1 };
const newEvent = (type: string, data: unknown, at = metadata.at): NewEvent => ({ id: randomUUID(), type, data, metadata: { ...metadata, at } });
/** The reactor's clock: a day after the events above, well inside the news horizon. */
const aDayLater = () => new Date('2026-03-02T10:00:00.000Z');
const placed = (orderId: string) => newEvent('OrderPlaced', { orderId, customerId: 'cust', vendorId: 'v1', product: { name: { en: 'Show' } } });

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

/** A queue that records each call. */
function queueInto(calls: NewJob[][]): JobQueue {
  return {
    add: async (name, data, options) => { calls.push([{ name, data, ...(options ? { options } : {}) }]); },
    addMany: async (jobs) => { calls.push([...jobs]); },
    process() {}, failed: async () => [], close: async () => {},
    counts: async () => ({ waiting: 0, active: 0, completed: 0, failed: 0, delayed: 0 }),
  };
}

/** A queue that records each call, and an event store that counts the reads of the vendor stream. */
async function setUp(now = aDayLater) {
  const store = await openSqliteEventStore({ path: ':memory:' });
  cleanups.push(() => store.close());
  const calls: NewJob[][] = [];
  const jobQueue = queueInto(calls);
  let vendorReads = 0;
  const counting: EventStore = {
    ...store,
    readStream: (streamId, options) => {
      if (streamId === 'vendor-v1') vendorReads += 1;
      return store.readStream(streamId, options);
    },
  };
  const reactor = createNotificationReactor({ feed: storeEventFeed(store), eventStore: counting, jobQueue, viewStore: createMemoryViewStore(), retryDelayMs: 10, now });
  cleanups.push(() => reactor.stop());
  return { store, reactor, calls, vendorReads: () => vendorReads };
}

const recipients = (jobs: NewJob[]) => jobs.map((job) => (job.data as NotificationJob).userId);

describe('notification reactor pages', () => {
  it('queues the jobs of a page of events in one call', async () => {
    const { store, reactor, calls } = await setUp();
    await store.append('vendor-v1', [newEvent('VendorCreated', { vendorId: 'v1', ownerUserId: 'owner', profile: {}, at: '2026-01-01T00:00:00.000Z' })], 'no_stream');
    for (let n = 0; n < 5; n++) await store.append(`order-o${n}`, [placed(`o${n}`)], 'no_stream');
    await reactor.start();
    expect(await reactor.waitForPosition(await store.headPosition(), 10_000)).toBe(true);
    // Six events already in the log: one page, one call with a job per recipient of each order.
    expect(calls).toHaveLength(1);
    expect(recipients(calls[0]!)).toEqual(Array.from({ length: 5 }, () => ['cust', 'owner']).flat());
  });

  it('reads the vendor stream once for many orders, and again after its owner changed', async () => {
    const { store, reactor, calls, vendorReads } = await setUp();
    await store.append('vendor-v1', [newEvent('VendorCreated', { vendorId: 'v1', ownerUserId: 'owner', profile: {}, at: '2026-01-01T00:00:00.000Z' })], 'no_stream');
    await reactor.start();
    for (let n = 0; n < 4; n++) {
      const appended = await store.append(`order-o${n}`, [placed(`o${n}`)], 'no_stream');
      expect(await reactor.waitForPosition(appended.position, 10_000)).toBe(true);
    }
    expect(vendorReads()).toBe(1);
    await store.append('vendor-v1', [newEvent('VendorOwnerAssigned', { vendorId: 'v1', ownerUserId: 'new-owner', at: '2026-01-02T00:00:00.000Z' })], 0);
    const last = await store.append('order-o9', [placed('o9')], 'no_stream');
    expect(await reactor.waitForPosition(last.position, 10_000)).toBe(true);
    expect(vendorReads()).toBe(2);
    expect(recipients(calls.at(-1)!)).toEqual(['cust', 'new-owner']);
  });
});

describe('the events the reactor reads (reactorEventTypes)', () => {
  it('passed over the events it needs not, still sees an owner change between two orders and reaches the head', async () => {
    const { store, reactor, calls } = await setUp();
    // More than a page of them each time, so the store picks the reactor's rows by type (sqlite-event-store.ts).
    const unrelated = async (stream: string) => store.append(stream, Array.from({ length: 600 }, (_, n) => newEvent('ProductFavorited', { n })), 'no_stream');
    await store.append('vendor-v1', [newEvent('VendorCreated', { vendorId: 'v1', ownerUserId: 'owner', profile: {}, at: '2026-01-01T00:00:00.000Z' })], 'no_stream');
    await unrelated('favorites-1');
    const first = await store.append('order-o1', [placed('o1')], 'no_stream');
    // The reactor learns the owner (and keeps it), then is stopped while the log goes on.
    await reactor.start();
    expect(await reactor.waitForPosition(first.position, 10_000)).toBe(true);
    await reactor.stop();
    await unrelated('favorites-2');
    await store.append('vendor-v1', [newEvent('VendorOwnerAssigned', { vendorId: 'v1', ownerUserId: 'new-owner', at: '2026-01-02T00:00:00.000Z' })], 0);
    await unrelated('favorites-3');
    await store.append('order-o2', [placed('o2')], 'no_stream');
    await unrelated('favorites-4');
    await reactor.start();
    expect(await reactor.waitForPosition(await store.headPosition(), 10_000)).toBe(true);
    const queued = calls.flat().map((job) => job.data as NotificationJob);
    expect(queued.map((job) => `${job.subject.orderId}/${job.userId}`)).toEqual(['o1/cust', 'o1/owner', 'o2/cust', 'o2/new-owner']);
  });
});

describe('the news horizon (news-horizon.ts)', () => {
  const eightDaysLater = () => new Date('2026-03-09T10:00:01.000Z');

  it('notifies no one of an event recorded more than 7 days before the reactor reads it, but learns from it', async () => {
    const { store, reactor, calls } = await setUp(eightDaysLater);
    await store.append('vendor-v1', [newEvent('VendorCreated', { vendorId: 'v1', ownerUserId: 'owner', profile: {}, at: '2026-01-01T00:00:00.000Z' })], 'no_stream');
    await store.append('order-old', [placed('old')], 'no_stream');
    await store.append('vendor-v1', [newEvent('VendorOwnerAssigned', { vendorId: 'v1', ownerUserId: 'new-owner', at: '2026-01-02T00:00:00.000Z' })], 0);
    // Recorded a second before the reactor's now: news.
    const recent = await store.append('order-new', [newEvent('OrderPlaced', { orderId: 'new', customerId: 'cust', vendorId: 'v1', product: { name: { en: 'Show' } } }, '2026-03-09T10:00:00.000Z')], 'no_stream');
    await reactor.start();
    expect(await reactor.waitForPosition(recent.position, 10_000)).toBe(true);
    const queued = calls.flat().map((job) => job.data as NotificationJob);
    expect(queued.map((job) => `${job.subject.orderId}/${job.userId}`)).toEqual(['new/cust', 'new/new-owner']);
  });

  it('without a checkpoint, follows from the first notifiable event that may be news: the past before it is not read', async () => {
    const { store, calls } = await setUp(eightDaysLater);
    await store.append('vendor-v1', [newEvent('VendorCreated', { vendorId: 'v1', ownerUserId: 'owner', profile: {}, at: '2026-01-01T00:00:00.000Z' })], 'no_stream');
    for (let n = 0; n < 3; n++) await store.append(`order-old${n}`, [placed(`old${n}`)], 'no_stream');
    await store.append('vendor-v1', [newEvent('VendorOwnerAssigned', { vendorId: 'v1', ownerUserId: 'new-owner', at: '2026-01-02T00:00:00.000Z' })], 0);
    const pastEnd = await store.headPosition();
    const recent = await store.append('order-new', [newEvent('OrderPlaced', { orderId: 'new', customerId: 'cust', vendorId: 'v1', product: { name: { en: 'Show' } } }, '2026-03-09T10:00:00.000Z')], 'no_stream');
    // The feed the reactor follows, telling where it was asked to begin and what it handed over.
    const asked: Array<number | undefined> = [];
    const handed: number[] = [];
    const feed = storeEventFeed(store);
    const watched = { subscribe: (options: Parameters<typeof feed.subscribe>[0]) => {
      asked.push(options.after);
      return (async function* () { for await (const event of feed.subscribe(options)) { handed.push(event.position); yield event; } })();
    } };
    const reactor = createNotificationReactor({ feed: watched, eventStore: store, jobQueue: queueInto(calls), viewStore: createMemoryViewStore(), retryDelayMs: 10, now: eightDaysLater });
    cleanups.push(() => reactor.stop());
    await reactor.start();
    expect(await reactor.waitForPosition(recent.position, 10_000)).toBe(true);
    expect(asked).toEqual([pastEnd]);
    expect(handed).toEqual([recent.position]);
    // The owner change passed over is still known: the facts are read from the vendor's stream.
    expect(calls.flat().map((job) => `${(job.data as NotificationJob).subject.orderId}/${(job.data as NotificationJob).userId}`)).toEqual(['new/cust', 'new/new-owner']);
  });

  it('saves where it begins at once: over a past with no news after it, the next start scans nothing again', async () => {
    const { store, calls } = await setUp(eightDaysLater);
    await store.append('vendor-v1', [newEvent('VendorCreated', { vendorId: 'v1', ownerUserId: 'owner', profile: {}, at: '2026-01-01T00:00:00.000Z' })], 'no_stream');
    for (let n = 0; n < 3; n++) await store.append(`order-old${n}`, [placed(`old${n}`)], 'no_stream');
    const head = await store.headPosition();
    const viewStore = createMemoryViewStore();
    const reactor = createNotificationReactor({ feed: storeEventFeed(store), eventStore: store, jobQueue: queueInto(calls), viewStore, retryDelayMs: 10, now: eightDaysLater });
    cleanups.push(() => reactor.stop());
    await reactor.start();
    expect(await reactor.waitForPosition(head, 10_000)).toBe(true);
    expect(await viewStoreRelayCheckpoints(viewStore, REACTOR_NAME).load()).toBe(head);
    expect(calls.flat()).toEqual([]);
  });

  it('past a checkpoint, passes over only the past after it, and forgets the facts it may have missed', async () => {
    const { store, reactor, calls } = await setUp(eightDaysLater);
    await store.append('vendor-v1', [newEvent('VendorCreated', { vendorId: 'v1', ownerUserId: 'owner', profile: {}, at: '2026-03-09T09:00:00.000Z' })], 'no_stream');
    const first = await store.append('order-o1', [newEvent('OrderPlaced', { orderId: 'o1', customerId: 'cust', vendorId: 'v1', product: { name: { en: 'Show' } } }, '2026-03-09T09:00:00.000Z')], 'no_stream');
    await reactor.start();
    expect(await reactor.waitForPosition(first.position, 10_000)).toBe(true);
    await reactor.stop();
    // While it was stopped: an owner change and an order both recorded long ago (an imported past), then news.
    await store.append('vendor-v1', [newEvent('VendorOwnerAssigned', { vendorId: 'v1', ownerUserId: 'new-owner', at: '2026-01-02T00:00:00.000Z' })], 0);
    await store.append('order-old', [placed('old')], 'no_stream');
    const recent = await store.append('order-new', [newEvent('OrderPlaced', { orderId: 'new', customerId: 'cust', vendorId: 'v1', product: { name: { en: 'Show' } } }, '2026-03-09T10:00:00.000Z')], 'no_stream');
    await reactor.start();
    expect(await reactor.waitForPosition(recent.position, 10_000)).toBe(true);
    expect(calls.flat().map((job) => `${(job.data as NotificationJob).subject.orderId}/${(job.data as NotificationJob).userId}`)).toEqual(['o1/cust', 'o1/owner', 'new/cust', 'new/new-owner']);
  });

  it('notifies an event exactly 7 days old', async () => {
    const { store, reactor, calls } = await setUp(() => new Date('2026-03-08T10:00:00.000Z'));
    await store.append('vendor-v1', [newEvent('VendorCreated', { vendorId: 'v1', ownerUserId: 'owner', profile: {}, at: '2026-01-01T00:00:00.000Z' })], 'no_stream');
    const edge = await store.append('order-o1', [placed('o1')], 'no_stream');
    await reactor.start();
    expect(await reactor.waitForPosition(edge.position, 10_000)).toBe(true);
    expect(recipients(calls.flat())).toEqual(['cust', 'owner']);
  });
});
