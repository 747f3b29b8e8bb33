import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore } from '../domain/ports/event-store.ts';
import { SANDBOX_CARDS } from '../infra/payment/sandbox-payment-gateway.ts';
import { createTestMarketplace, useTestMarketplace, type TestMarketplace } from './testing/marketplace.ts';
import { startTestCommandApi, type TestCommandApi } from './testing/test-command-api.ts';
import { describeWithEngine } from '../test/real-engines.ts';
import { openRedisIdempotencyStore, type RedisIdempotencyStore } from '../infra/idempotency/redis-idempotency-store.ts';
import { randomUUID } from 'node:crypto';

const withKey = (key: string) => ({ 'idempotency-key': key });

describe('Idempotency-Key over HTTP', () => {
  // A duplicate waits this long for the first request's answer (2 s by default): a burst's first
  // request can take longer than that on a loaded host, and the others would answer 409 in progress.
  const { app, m } = useTestMarketplace({ idempotencyWaitMs: 60_000 });

  const domainEventsOf = async (type: string) => (await app.eventStore.readAll()).filter((e) => e.type === type);

  it('a retried order answers the first result and appends nothing new', async () => {
    const body = { productId: m.products.default, notes: 'Please bring a violin' };
    const first = await app.api.post('/api/orders', body, m.customer.token, withKey('order-attempt-1'));
    expect(first.status).toBe(201);
    const placedBefore = (await domainEventsOf('OrderPlaced')).length;
    const head = await app.eventStore.headPosition();

    const retry = await app.api.post('/api/orders', body, m.customer.token, withKey('order-attempt-1'));
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await app.eventStore.headPosition()).toBe(head);
    expect((await domainEventsOf('OrderPlaced')).length).toBe(placedBefore);
  });

  it('concurrent duplicates execute once and all answer the same order', async () => {
    const before = (await domainEventsOf('OrderPlaced')).length;
    const answers = await Promise.all(Array.from({ length: 10 }, () =>
      app.api.post('/api/orders', { productId: m.products.default }, m.customer.token, withKey('burst-key'))));
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([201]));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect((await domainEventsOf('OrderPlaced')).length).toBe(before + 1);
  });

  it('a retried payment charges once and records one OrderPaid', async () => {
    const orderId = (await app.api.post('/api/orders', { productId: m.products.default }, m.customer.token)).body.id;
    const pay = () => app.api.post(`/api/orders/${orderId}/pay`, { cardNumber: SANDBOX_CARDS.accepted }, m.customer.token, withKey(`pay-${orderId}`));
    const first = await pay();
    const second = await pay();
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect((await app.gateway.payments()).filter((p) => p.orderId === orderId)).toHaveLength(1);
    expect((await app.eventStore.readStream(`order-${orderId}`)).map((e) => e.type)).toEqual(['OrderPlaced', 'OrderPaid']);
  });

  it('replays a refusal too, and keeps keys apart per user', async () => {
    const refused = await app.api.post('/api/orders', { productId: m.products.default }, m.vendor.token, withKey('shared-key'));
    expect(refused.status).toBe(403);
    const replay = await app.api.post('/api/orders', { productId: m.products.default }, m.vendor.token, withKey('shared-key'));
    expect(replay.status).toBe(403);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.headers.get('content-type')).toContain('application/problem+json');
    const otherUser = await app.api.post('/api/orders', { productId: m.products.default }, m.customer.token, withKey('shared-key'));
    expect(otherUser.status).toBe(201);
  });

  it('never stores a token: sign-in and artist registration ignore the key', async () => {
    const { registerAndSignIn } = await import('./client/accounts.ts');
    const { vendorProfile } = await import('./testing/fixtures.ts');
    const user = await registerAndSignIn(app.api, app.mailer, { email: 'artist-key@example.com' });
    await app.api.post('/api/token/jwt', { email: user.email, password: user.password }, undefined, withKey('login-key'));
    const registered = await app.api.post('/api/artists/register', { profile: vendorProfile('Keyed') }, user.token, withKey('artist-key'));
    expect(registered.status).toBe(201);
    // Not replayed from a stored answer: the registration converges by itself (ids derived from the user).
    const retry = await app.api.post('/api/artists/register', { profile: vendorProfile('Keyed') }, user.token, withKey('artist-key'));
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect(retry.body.id).toBe(registered.body.id);
    const everything = JSON.stringify(await app.eventStore.readAll());
    expect(everything).not.toContain(registered.body.token);
    expect(everything).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\./);
  });

  it('refuses the same key for a different request (422) and a malformed key (422)', async () => {
    await app.api.post('/api/orders', { productId: m.products.default }, m.customer.token, withKey('reused-key'));
    const different = await app.api.post('/api/orders', { productId: m.products.contractService }, m.customer.token, withKey('reused-key'));
    expect(different.status).toBe(422);
    expect(different.body.code).toBe('idempotency.key-reused');
    const malformed = await app.api.post('/api/orders', { productId: m.products.default }, m.customer.token, withKey('has space'));
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors[0].field).toBe('Idempotency-Key');
  });
});

// A keyed request whose process dies after its events are written but before its answer
// is stored. The "crash" is an event store that refuses to record the answer (the claim stays open);
// the restart is a fresh app on the same store file, with the clock past the stale-claim time.
describe('Idempotency-Key after a crash', () => {
  let dir: string;
  let now: number;
  const clock = { now: () => new Date(now) };
  const quiet = () => {};
  beforeAll(() => { dir = mkdtempSync(join(tmpdir(), 'idempotency-crash-')); });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** The store of a process that dies right after the command's events: the answer is never recorded. */
  const diesBeforeTheAnswer = (store: EventStore): EventStore => ({
    ...store,
    append: async (streamId, events, expected) => {
      if (streamId.startsWith('idempotency-') && events.some((e) => e.type !== 'IdempotentRequestStarted')) throw new Error('process died');
      return store.append(streamId, events, expected);
    },
    readStream: (...args) => store.readStream(...args),
    readAll: (...args) => store.readAll(...args),
    subscribeToAll: (...args) => store.subscribeToAll(...args),
    headPosition: () => store.headPosition(),
    close: () => store.close(),
  });

  async function crashThenRestart(storeFile: string, first: (app: TestCommandApi, m: TestMarketplace) => Promise<void>) {
    now = Date.parse('2030-03-01T10:00:00.000Z');
    const path = join(dir, storeFile);
    const crashing = await startTestCommandApi({ storePath: path, clock, wrapEventStore: diesBeforeTheAnswer, idempotencyWaitMs: 50, logError: quiet });
    const market = await createTestMarketplace(crashing);
    await first(crashing, market);
    await crashing.close();
    const restarted = await startTestCommandApi({ storePath: path, clock, idempotencyWaitMs: 50 });
    return { restarted, market };
  }

  it('a retried order converges on the order the crashed run placed: same id, one OrderPlaced, one slot', async () => {
    const start = '2030-06-01T18:00:00.000Z';
    const body = { productId: '', start };
    const { restarted, market } = await crashThenRestart('order.sqlite', async (crashing, m) => {
      body.productId = m.products.timedService;
      const answer = await crashing.api.post('/api/orders', body, m.customer.token, withKey('order-K'));
      expect(answer.status).toBe(500);
    });
    try {
      const placed = (await restarted.eventStore.readAll()).filter((e) => e.type === 'OrderPlaced');
      expect(placed).toHaveLength(1);
      const orderId = (placed[0]!.data as { orderId: string }).orderId;

      // The claim is still open: a retry soon after is told to wait, not run twice.
      const early = await restarted.api.post('/api/orders', body, market.customer.token, withKey('order-K'));
      expect(early.status).toBe(409);
      expect(early.body.code).toBe('idempotency.in-progress');

      now += 61_000;
      const retry = await restarted.api.post('/api/orders', body, market.customer.token, withKey('order-K'));
      expect(retry.status).toBe(201);
      expect(retry.body).toEqual({ id: orderId, streamId: `order-${orderId}`, revision: 0, position: placed[0]!.position });
      const everything = await restarted.eventStore.readAll();
      expect(everything.filter((e) => e.type === 'OrderPlaced')).toHaveLength(1);
      expect(everything.filter((e) => e.type === 'SlotReserved')).toHaveLength(1);
      const again = await restarted.api.post('/api/orders', body, market.customer.token, withKey('order-K'));
      expect(again.body).toEqual(retry.body);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
    } finally {
      await restarted.close();
    }
  });

  it('a retried payment answers the payment the crashed run recorded, charging nobody again', async () => {
    let orderId = '';
    const { restarted, market } = await crashThenRestart('pay.sqlite', async (crashing, m) => {
      orderId = (await crashing.api.post('/api/orders', { productId: m.products.default }, m.customer.token)).body.id;
      const answer = await crashing.api.post(`/api/orders/${orderId}/pay`, { cardNumber: SANDBOX_CARDS.accepted }, m.customer.token, withKey('pay-K'));
      expect(answer.status).toBe(500);
      expect((await crashing.gateway.payments()).filter((p) => p.orderId === orderId)).toHaveLength(1);
    });
    try {
      now += 61_000;
      const retry = await restarted.api.post(`/api/orders/${orderId}/pay`, { cardNumber: SANDBOX_CARDS.accepted }, market.customer.token, withKey('pay-K'));
      const events = await restarted.eventStore.readStream(`order-${orderId}`);
      expect(events.map((e) => e.type)).toEqual(['OrderPlaced', 'OrderPaid']);
      expect(retry.status).toBe(200);
      expect(retry.body).toEqual({ id: orderId, streamId: `order-${orderId}`, revision: 1, position: events[1]!.position });
      // The gateway's records are shared with the crashed run's: still the one payment it charged.
      expect((await restarted.gateway.payments()).filter((p) => p.orderId === orderId)).toHaveLength(1);
    } finally {
      await restarted.close();
    }
  });

  it('a declined payment retried after a crash answers the same 402', async () => {
    let orderId = '';
    const { restarted, market } = await crashThenRestart('declined.sqlite', async (crashing, m) => {
      orderId = (await crashing.api.post('/api/orders', { productId: m.products.default }, m.customer.token)).body.id;
      expect((await crashing.api.post(`/api/orders/${orderId}/pay`, { cardNumber: SANDBOX_CARDS.declined }, m.customer.token, withKey('declined-K'))).status).toBe(500);
    });
    try {
      now += 61_000;
      const retry = await restarted.api.post(`/api/orders/${orderId}/pay`, { cardNumber: SANDBOX_CARDS.declined }, market.customer.token, withKey('declined-K'));
      expect(retry.status).toBe(402);
      expect(retry.body).toMatchObject({ code: 'payment.declined', detail: 'Card declined', revision: 1 });
      expect((await restarted.eventStore.readStream(`order-${orderId}`)).map((e) => e.type)).toEqual(['OrderPlaced', 'OrderPaymentDeclined']);
    } finally {
      await restarted.close();
    }
  });
});

describe('Idempotency-Key when the store fails', () => {
  /** One append of the next order stream fails: `after` it was written (the answer lost) or `before`. */
  let failNextOrderAppend: 'after' | 'before' | null = null;
  const { app, m } = useTestMarketplace({
    logError: () => {},
    wrapEventStore: (store) => ({
      ...store,
      append: async (streamId, events, expected) => {
        const failing = streamId.startsWith('order-') ? failNextOrderAppend : null;
        if (failing) failNextOrderAppend = null;
        if (failing === 'before') throw new Error('connection reset');
        const result = await store.append(streamId, events, expected);
        if (failing === 'after') throw new Error('connection reset after the write');
        return result;
      },
      readStream: (...args) => store.readStream(...args),
      readAll: (...args) => store.readAll(...args),
      subscribeToAll: (...args) => store.subscribeToAll(...args),
      headPosition: () => store.headPosition(),
      close: () => store.close(),
    }),
  });

  it('an append that failed after writing is recognised by its event ids: the order is placed once and answered', async () => {
    failNextOrderAppend = 'after';
    const start = '2030-07-01T18:00:00.000Z';
    const answer = await app.api.post('/api/orders', { productId: m.products.timedService, start }, m.customer.token);
    expect(answer.status).toBe(201);
    const placed = (await app.eventStore.readAll()).filter((e) => e.type === 'OrderPlaced');
    expect(placed.map((e) => (e.data as { orderId: string }).orderId)).toEqual([answer.body.id]);
    const calendar = await app.eventStore.readStream(`calendar-${m.vendor.vendorId}`);
    expect(calendar.map((e) => e.type)).toEqual(['SlotReserved']);
  });

  it('a keyed retry after a failed run (500) places the order with its slot held, once', async () => {
    failNextOrderAppend = 'before';
    const body = { productId: m.products.timedService, start: '2030-07-02T18:00:00.000Z' };
    const failed = await app.api.post('/api/orders', body, m.customer.token, withKey('retry-after-500'));
    expect(failed.status).toBe(500);
    const retry = await app.api.post('/api/orders', body, m.customer.token, withKey('retry-after-500'));
    expect(retry.status).toBe(201);
    const orderId = retry.body.id;
    const calendar = (await app.eventStore.readStream(`calendar-${m.vendor.vendorId}`)).filter((e) => (e.data as { orderId?: string }).orderId === orderId);
    // The failed run reserved and gave the slot back; the retry reserved it again for the order it placed.
    expect(calendar.map((e) => e.type)).toEqual(['SlotReserved', 'SlotReleased', 'SlotReserved']);
    expect((await app.eventStore.readAll()).filter((e) => e.type === 'OrderPlaced' && (e.data as { orderId: string }).orderId === orderId)).toHaveLength(1);
    // Taken: nobody else books it.
    expect((await app.api.post('/api/orders', body, m.admin.token)).body.code).toBe('calendar.slot-taken');
  });
});

// Several command-API processes behind one gateway (distributed mode): the records are in Redis, so a
// retry that lands on another process is answered from the first one's record. Two apps on one store
// file stand for two processes on one EventStoreDB.
describeWithEngine('redis', 'Idempotency-Key shared through Redis', (url) => {
  let dir: string;
  let first: TestCommandApi;
  let second: TestCommandApi;
  let stores: RedisIdempotencyStore[] = [];
  let m: TestMarketplace;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'idempotency-redis-'));
    const keyPrefix = `test:idempotency:${randomUUID()}:`;
    stores = [await openRedisIdempotencyStore({ url, keyPrefix }), await openRedisIdempotencyStore({ url, keyPrefix })];
    first = await startTestCommandApi({ storePath: join(dir, 'events.sqlite'), idempotencyStore: stores[0], idempotencyWaitMs: 60_000 });
    second = await startTestCommandApi({ storePath: join(dir, 'events.sqlite'), idempotencyStore: stores[1], idempotencyWaitMs: 60_000 });
    m = await createTestMarketplace(first);
  });
  afterAll(async () => {
    const keys = await stores[0]!.redis.keys('test:idempotency:*');
    if (keys.length > 0) await stores[0]!.redis.del(...keys);
    await first.close();
    await second.close();
    for (const store of stores) await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a retry on another process is answered from the first one\'s record, and concurrent duplicates across processes run once', async () => {
    const body = { productId: m.products.default, notes: 'Across processes' };
    const placed = await first.api.post('/api/orders', body, m.customer.token, withKey('across-1'));
    expect(placed.status).toBe(201);
    const retry = await second.api.post('/api/orders', body, m.customer.token, withKey('across-1'));
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(placed.body);

    const burst = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? first : second).api.post('/api/orders', body, m.customer.token, withKey('across-2'))));
    expect(new Set(burst.map((answer) => answer.status))).toEqual(new Set([201]));
    expect(new Set(burst.map((answer) => answer.body.id)).size).toBe(1);
    // The records are in Redis, not in the event log.
    expect((await first.eventStore.readAll()).filter((event) => event.streamId.startsWith('idempotency-'))).toEqual([]);
  });
});
