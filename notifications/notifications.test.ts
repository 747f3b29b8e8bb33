import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileRelayCheckpoints } from '../infra/relay/relay-checkpoints.ts';
import { WrongExpectedRevision, type EventStore, type NewEvent } from '../domain/ports/event-store.ts';
import type { Actor } from '../domain/shared/actor.ts';
import { openSqliteEventStore } from '../infra/event-store/sqlite-event-store.ts';
import { createMemoryRealtime } from '../infra/realtime/memory-realtime.ts';
import type { RealtimeMessage } from '../domain/ports/realtime.ts';
import { useMarketplaceOn } from '../command-api/testing/marketplace.ts';
import { startFullStack } from '../test/full-stack.ts';
import { noticesOf } from './recipients.ts';
import { createNotificationReactor } from './reactor.ts';
import { createMemoryViewStore } from '../infra/view-store/memory-view-store.ts';
import { storeEventFeed } from '../infra/event-feed/store-event-feed.ts';
import { notificationHandler, notificationIdOf } from './worker.ts';
import { eventSchemaFingerprint } from '../infra/event-schema-stamp.ts';
import { NOTIFICATION_JOB, notificationJobId, type NotificationJob } from './notification-job.ts';

const eventually = (assertion: () => unknown | Promise<unknown>) => vi.waitFor(assertion, { timeout: 10_000, interval: 25 });
const actor = (userId: string): Actor => ({ userId, roles: ['user'], groups: [], vendorId: null });
const newEvent = (type: string, data: unknown, by = 'someone'): NewEvent => ({
  id: randomUUID(), type, data, metadata: { actor: actor(by), correlationId: 'corr-1', causationId: null, at: '2026-03-01T10:00:00.000Z', schemaVersion: 1 },
});
/** The reactors' clock here: two hours after the events above, so they are news (news-horizon.ts). */
const soonAfter = () => new Date('2026-03-01T12:00:00.000Z');

describe('notification ids', () => {
  it('are the first 32 hex digits of SHA-256 over the source event id and the recipient, as every notification already stored was named', () => {
    // A replayed job must name the notification the first run appended (the inbox skips it by that id).
    expect(notificationIdOf('11111111-1111-4111-8111-111111111111', 'user-1')).toBe('a2476e96b939a2018df0cc0df2d988c4');
    expect(notificationIdOf('11111111-1111-4111-8111-111111111111', 'user-2')).not.toBe(notificationIdOf('11111111-1111-4111-8111-111111111111', 'user-1'));
  });
});

describe('who is notified of what', () => {
  let store: EventStore;
  beforeAll(async () => {
    store = await openSqliteEventStore({ path: ':memory:' });
    await store.append('vendor-v1', [newEvent('VendorCreated', { vendorId: 'v1', ownerUserId: 'owner-old', profile: {}, at: '2026-01-01T00:00:00.000Z' })], 'no_stream');
    await store.append('vendor-v1', [newEvent('VendorOwnerAssigned', { vendorId: 'v1', ownerUserId: 'owner', at: '2026-01-02T00:00:00.000Z' })], 0);
    await store.append('order-o1', [newEvent('OrderPlaced', { orderId: 'o1', customerId: 'cust', vendorId: 'v1', product: { name: { he: 'הופעה' } } })], 'no_stream');
    await store.append('conversation-c1', [newEvent('ConversationOpened', { conversationId: 'c1', customerId: 'cust', vendorId: 'v1', at: '2026-01-01T00:00:00.000Z' })], 'no_stream');
    await store.append('contract-k1', [newEvent('ContractDrafted', { contractId: 'k1', customerId: 'cust', vendorId: 'v1', title: 'Wedding' })], 'no_stream');
  });
  afterAll(async () => store.close());

  const recorded = async (streamId: string, type: string, data: unknown) => {
    const [last] = await store.readStream(streamId, { direction: 'backwards', maxCount: 1 });
    await store.append(streamId, [newEvent(type, data)], last!.revision);
    const [event] = await store.readStream(streamId, { direction: 'backwards', maxCount: 1 });
    return event!;
  };

  it('an order event goes to the customer and the vendor’s current owner', async () => {
    const event = await recorded('order-o1', 'OrderApproved', { orderId: 'o1', by: 'owner', at: '2026-03-01T10:00:00.000Z' });
    const notices = await noticesOf(event, store);
    expect(notices.map((n) => [n.userId, n.kind])).toEqual([['cust', 'order.approved'], ['owner', 'order.approved']]);
    expect(notices[0]!.params).toMatchObject({ orderId: 'o1', productName: 'הופעה' });
  });

  it('a declined payment goes to the customer only', async () => {
    const event = await recorded('order-o1', 'OrderPaymentDeclined', { orderId: 'o1', reason: 'declined', cardLast4: '0002', at: '2026-03-01T10:00:00.000Z' });
    expect((await noticesOf(event, store)).map((n) => n.userId)).toEqual(['cust']);
  });

  it('a message goes to the other side', async () => {
    const fromCustomer = await recorded('conversation-c1', 'MessagePosted', { conversationId: 'c1', messageId: 'm1', authorId: 'cust', side: 'customer', text: 'שלום', at: '2026-03-01T10:00:00.000Z' });
    expect((await noticesOf(fromCustomer, store)).map((n) => [n.userId, n.kind, n.params.preview])).toEqual([['owner', 'message.posted', 'שלום']]);
    // The conversation stream's revision of the message, for reading the thread with minRevision.
    expect((await noticesOf(fromCustomer, store))[0]!.subject).toMatchObject({ conversationId: 'c1', messageId: 'm1', audience: 'vendor', revision: String(fromCustomer.revision) });
    const fromVendor = await recorded('conversation-c1', 'MessagePosted', { conversationId: 'c1', messageId: 'm2', authorId: 'owner', side: 'vendor', text: 'hi', at: '2026-03-01T10:00:00.000Z' });
    expect((await noticesOf(fromVendor, store)).map((n) => n.userId)).toEqual(['cust']);
  });

  it('a contract signature goes to the other party; a cancellation to the party that did not cancel', async () => {
    const signed = await recorded('contract-k1', 'ContractSigned', { contractId: 'k1', party: 'customer', signerId: 'cust', at: '2026-03-01T10:00:00.000Z' });
    expect((await noticesOf(signed, store)).map((n) => [n.userId, n.kind])).toEqual([['owner', 'contract.signed']]);
    const canceled = await recorded('contract-k1', 'ContractCanceled', { contractId: 'k1', reason: 'date moved', by: 'cust', at: '2026-03-01T10:00:00.000Z' });
    expect((await noticesOf(canceled, store)).map((n) => n.userId)).toEqual(['owner']);
  });

  it('other events notify nobody', async () => {
    const event = await recorded('vendor-v1', 'VendorArchived', { vendorId: 'v1', reason: 'x', at: '2026-03-01T10:00:00.000Z' });
    expect(await noticesOf(event, store)).toEqual([]);
  });
});

describe('notification worker', () => {
  let store: EventStore;
  const pushed: RealtimeMessage[] = [];
  beforeAll(async () => {
    store = await openSqliteEventStore({ path: ':memory:' });
  });
  afterAll(async () => store.close());

  it('appends NotificationCreated once per source event and pushes it once', async () => {
    const realtime = createMemoryRealtime();
    await realtime.subscribe((message) => pushed.push(message));
    const handle = notificationHandler({ eventStore: store, realtime });
    const data: NotificationJob = { userId: 'u9', kind: 'order.placed', subject: { orderId: 'o9' }, params: { orderId: 'o9' }, sourceEventId: 'e-1', correlationId: 'corr', at: '2026-03-01T10:00:00.000Z' };
    const job = { id: notificationJobId('e-1', 'u9'), name: NOTIFICATION_JOB, data, attemptsMade: 0 };
    expect(await handle(job)).toBe('created');
    expect(await handle({ ...job, attemptsMade: 1 })).toBe('duplicate');
    const events = await store.readStream('notifications-u9');
    expect(events).toHaveLength(1);
    // Stamped as validated against the current schemas: the projectors take it without parsing it again.
    expect(events[0]).toMatchObject({ type: 'NotificationCreated', data: { userId: 'u9', kind: 'order.placed', sourceEventId: 'e-1' }, metadata: { causationId: 'e-1', correlationId: 'corr', eventSchema: eventSchemaFingerprint() } });
    await eventually(() => expect(pushed.filter((m) => m.userId === 'u9')).toHaveLength(1));
    expect(pushed[0]).toMatchObject({ kind: 'notification', payload: { kind: 'order.placed', read: false } });
  });

  it('reads a stream it remembers only when its append is refused, and still sees what another worker appended', async () => {
    const realtime = createMemoryRealtime();
    const read: number[] = [];
    const counting: EventStore = {
      readStream: async (streamId, options) => {
        const events = await store.readStream(streamId, options);
        read.push(events.length);
        return events;
      },
      append: (streamId, events, expected) => store.append(streamId, events, expected),
      readAll: (options) => store.readAll(options),
      subscribeToAll: (options) => store.subscribeToAll(options),
      headPosition: () => store.headPosition(),
      close: () => store.close(),
    };
    const handle = notificationHandler({ eventStore: counting, realtime });
    const other = notificationHandler({ eventStore: store, realtime });
    const job = (n: number) => {
      const data: NotificationJob = { userId: 'busy', kind: 'order.placed', subject: { orderId: `o${n}` }, params: { orderId: `o${n}` }, sourceEventId: `busy-${n}`, correlationId: 'corr', at: '2026-03-01T10:00:00.000Z' };
      return { id: notificationJobId(`busy-${n}`, 'busy'), name: NOTIFICATION_JOB, data, attemptsMade: 0 };
    };
    for (let n = 0; n < 20; n++) expect(await handle(job(n))).toBe('created');
    expect(read).toEqual([0]); // the first job reads the stream; the others append on what it remembers

    // Another worker (with its own memory) appends one: the next job's append is refused, and it reads
    // just that event and appends again...
    expect(await other(job(20))).toBe('created');
    read.length = 0;
    expect(await handle(job(21))).toBe('created');
    expect(read).toEqual([1]);
    // ...and knows it: a duplicate of the other worker's job is recognised without a read.
    expect(await handle(job(20))).toBe('duplicate');
    expect(read).toEqual([1]);
    // The user marks a notification read (another writer of the stream): the next job's append is
    // refused, it reads that event, and the job is done all the same.
    await store.append('notifications-busy', [{ id: randomUUID(), type: 'NotificationRead', data: { userId: 'busy', notificationId: 'n', at: '2026-03-01T10:00:00.000Z' }, metadata: { actor: { userId: 'busy', roles: ['user'], groups: [], vendorId: null }, correlationId: 'c', causationId: null, at: '2026-03-01T10:00:00.000Z', schemaVersion: 1 } }], 'any');
    expect(await handle(job(22))).toBe('created');
    expect(read).toEqual([1, 1]);
    // A worker whose memory is behind at the moment it appends is refused by the expected revision.
    const racing: EventStore = { ...counting, readStream: async () => [] };
    await expect(notificationHandler({ eventStore: racing, realtime })(job(23))).rejects.toThrow(WrongExpectedRevision);
    const events = await store.readStream('notifications-busy');
    const created = events.filter((e) => e.type === 'NotificationCreated');
    expect(created.map((e) => (e.data as { sourceEventId: string }).sourceEventId)).toEqual([...Array(23).keys()].map((n) => `busy-${n}`));
  });
  it('appends the jobs of one user that come while its append is in flight together, each once, beside another user\'s', async () => {
    const realtime = createMemoryRealtime();
    const appends: Array<{ streamId: string; count: number }> = [];
    const counting: EventStore = {
      readStream: (streamId, options) => store.readStream(streamId, options),
      append: (streamId, events, expected) => {
        appends.push({ streamId, count: events.length });
        return store.append(streamId, events, expected);
      },
      readAll: (options) => store.readAll(options),
      subscribeToAll: (options) => store.subscribeToAll(options),
      headPosition: () => store.headPosition(),
      close: () => store.close(),
    };
    const handle = notificationHandler({ eventStore: counting, realtime });
    const job = (userId: string, n: number, attemptsMade = 0) => {
      const data: NotificationJob = { userId, kind: 'order.placed', subject: { orderId: `o${n}` }, params: { orderId: `o${n}` }, sourceEventId: `${userId}-${n}`, correlationId: 'corr', at: '2026-03-01T10:00:00.000Z' };
      return { id: notificationJobId(data.sourceEventId, userId), name: NOTIFICATION_JOB, data, attemptsMade };
    };
    const outcomes = await Promise.all([
      handle(job('together', 0)), handle(job('beside', 0)),
      // These come while the first append to `notifications-together` is in flight: one append, the repeated job once.
      handle(job('together', 1)), handle(job('together', 2)), handle(job('together', 2, 1)), handle(job('together', 3)),
    ]);
    expect(outcomes).toEqual(['created', 'created', 'created', 'created', 'duplicate', 'created']);
    expect(appends).toEqual([{ streamId: 'notifications-together', count: 1 }, { streamId: 'notifications-beside', count: 1 }, { streamId: 'notifications-together', count: 3 }]);
    const created = (await store.readStream('notifications-together')).map((e) => (e.data as { sourceEventId: string }).sourceEventId);
    expect(created).toEqual(['together-0', 'together-1', 'together-2', 'together-3']);
    // Once none is in flight, a job appends alone again; a job already done is a duplicate without an append.
    expect(await handle(job('together', 1, 1))).toBe('duplicate');
    expect(await handle(job('together', 4))).toBe('created');
    expect(appends.at(-1)).toEqual({ streamId: 'notifications-together', count: 1 });
    expect(appends).toHaveLength(4);
  });
});

describe('a failing notification job (over HTTP)', () => {
  let appendAttempts = 0;
  const { app: stack, m: market } = useMarketplaceOn(() => startFullStack({
    jobAttempts: 3,
    jobBackoffMs: 5,
    // The worker's store refuses every notification append: the jobs can only fail.
    workerEventStore: (store) => ({
      append: async (streamId, events, expected) => {
        if (streamId.startsWith('notifications-')) {
          appendAttempts += 1;
          throw new Error('notification store unavailable');
        }
        return store.append(streamId, events, expected);
      },
      readStream: (streamId, options) => store.readStream(streamId, options),
      readAll: (options) => store.readAll(options),
      subscribeToAll: (options) => store.subscribeToAll(options),
      headPosition: () => store.headPosition(),
      close: () => store.close(),
    }),
  }));
  afterEach(() => vi.restoreAllMocks());

  it('is retried, then kept as failed with its reason and shown to admins', async () => {
    const placed = await stack.api.post('/api/orders', { productId: market.products.default }, market.customer.token);
    expect(placed.status).toBe(201);
    const jobIds = [market.customer.userId, market.vendor.userId].map((userId) => `.${userId}`);
    await eventually(async () => {
      const { status, body } = await stack.api.get('/api/admin/jobs/failed', market.admin.token);
      expect(status).toBe(200);
      const mine = body.items.filter((job: { data: NotificationJob }) => job.data.subject.orderId === placed.body.id);
      expect(mine.map((job: { id: string }) => jobIds.some((suffix) => job.id.endsWith(suffix))).every(Boolean)).toBe(true);
      expect(mine).toHaveLength(2);
      for (const job of mine) expect(job).toMatchObject({ name: NOTIFICATION_JOB, attemptsMade: 3, failedReason: 'notification store unavailable' });
    });
    expect(appendAttempts).toBeGreaterThanOrEqual(6);
    const { body } = await stack.api.get('/api/admin/jobs/failed', market.admin.token);
    expect(body.counts.failed).toBe(body.total);
    expect((await stack.api.get('/api/admin/jobs/failed', market.customer.token)).status).toBe(403);
    // Nothing was written: the customer has no notification, and none was silently dropped.
    expect((await stack.api.get('/api/notifications', market.customer.token)).body.total).toBe(0);
  });
});

describe('notification reactor checkpoint', () => {
  it('resumes after its saved checkpoint: a restart queues only what came after', async () => {
    const store = await openSqliteEventStore({ path: ':memory:' });
    const viewStore = createMemoryViewStore();
    const added: string[] = [];
    const jobQueue = {
      add: async (_name: string, _data: unknown, options?: { jobId?: string }) => { added.push(options!.jobId!); },
      process() {}, failed: async () => [], close: async () => {},
      counts: async () => ({ waiting: 0, active: 0, completed: 0, failed: 0, delayed: 0 }),
    };
    const place = async (orderId: string) => {
      const result = await store.append(`order-${orderId}`, [newEvent('OrderPlaced', { orderId, customerId: 'cust', vendorId: 'v-none', product: { name: { en: 'Show' } } })], 'no_stream');
      return result.position;
    };
    const start = () => createNotificationReactor({ feed: storeEventFeed(store), eventStore: store, jobQueue, viewStore, retryDelayMs: 10, now: soonAfter });

    const first = start();
    await first.start();
    const p1 = await place('o1');
    expect(await first.waitForPosition(p1, 5_000)).toBe(true);
    await first.stop();
    expect(added).toHaveLength(1);

    const p2 = await place('o2');
    const second = start();
    await second.start();
    expect(await second.waitForPosition(p2, 5_000)).toBe(true);
    await second.stop();
    expect(added).toHaveLength(2);
    expect(added[1]).toMatch(/\.cust$/);
    const [event] = await store.readStream('order-o2');
    expect(added[1]).toBe(`${event!.id}.cust`);
    await store.close();
  });

  it('saves its checkpoint with a page that queued jobs, and not with every page that queued none', async () => {
    const store = await openSqliteEventStore({ path: ':memory:' });
    const saved: number[] = [];
    const checkpoint = { load: async () => saved.at(-1), save: async (position: number) => { saved.push(position); } };
    const jobQueue = {
      add: async () => {}, process() {}, failed: async () => [], close: async () => {},
      counts: async () => ({ waiting: 0, active: 0, completed: 0, failed: 0, delayed: 0 }),
    };
    // No quiet save during the test: only the pages decide.
    const reactor = createNotificationReactor({ feed: storeEventFeed(store), eventStore: store, jobQueue, viewStore: createMemoryViewStore(), checkpoint, retryDelayMs: 10, now: soonAfter, quietMs: 600_000 });
    await reactor.start();
    for (let n = 0; n < 3; n++) {
      const { position } = await store.append(`tracking-${n}`, [newEvent('SourceHit', { n })], 'no_stream');
      expect(await reactor.waitForPosition(position, 5_000)).toBe(true);
    }
    expect(saved).toEqual([]);
    const { position } = await store.append('order-o1', [newEvent('OrderPlaced', { orderId: 'o1', customerId: 'cust', vendorId: 'v-none', product: { name: { en: 'Show' } } })], 'no_stream');
    expect(await reactor.waitForPosition(position, 5_000)).toBe(true);
    expect(saved).toEqual([position]);
    await reactor.stop();
    await store.close();
  });

  it('keeps its checkpoint where it is told (a file when views are in memory), and starts over when it is past the log', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'reactor-checkpoint-'));
    const checkpoint = fileRelayCheckpoints(join(dir, 'reactor.json'));
    const store = await openSqliteEventStore({ path: ':memory:' });
    const added: string[] = [];
    const jobQueue = {
      add: async (_name: string, _data: unknown, options?: { jobId?: string }) => { added.push(options!.jobId!); },
      process() {}, failed: async () => [], close: async () => {},
      counts: async () => ({ waiting: 0, active: 0, completed: 0, failed: 0, delayed: 0 }),
    };
    const place = async (orderId: string) => (await store.append(`order-${orderId}`, [newEvent('OrderPlaced', { orderId, customerId: 'cust', vendorId: 'v-none', product: { name: { en: 'Show' } } })], 'no_stream')).position;
    // A fresh in-memory view store each run, as embedded mode has after a restart.
    const start = () => createNotificationReactor({ feed: storeEventFeed(store), eventStore: store, jobQueue, viewStore: createMemoryViewStore(), checkpoint, retryDelayMs: 10, now: soonAfter });

    const first = start();
    await first.start();
    expect(await first.waitForPosition(await place('o1'), 5_000)).toBe(true);
    await first.stop();
    const p2 = await place('o2');
    const second = start();
    await second.start();
    expect(await second.waitForPosition(p2, 5_000)).toBe(true);
    await second.stop();
    expect(added).toHaveLength(2); // o1 was not queued again

    await checkpoint.save(p2 + 1000); // a checkpoint from another, longer log
    const third = start();
    await third.start();
    expect(await third.waitForPosition(p2, 5_000)).toBe(true);
    await third.stop();
    expect(added).toHaveLength(4); // both orders reacted to again rather than skipped
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
