import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useMarketplaceOn } from '../command-api/testing/marketplace.ts';
import { vendorProfile } from '../command-api/testing/fixtures.ts';
import { registerAndSignIn, type SignedInUser } from '../command-api/client/accounts.ts';
import { startFullStack } from '../test/full-stack.ts';
import { latestEvents } from './routes/admin-dashboard-reads.ts';
import { allEvents } from './routes/audit-reads.ts';
import { openEventStoreDbEventStore } from '../infra/event-store/eventstoredb-event-store.ts';
import { startFakeEventStoreDb } from '../infra/event-store/testing/fake-eventstoredb.ts';
import { HttpProblem } from '../infra/http/problem.ts';
import { openSqliteEventStore } from '../infra/event-store/sqlite-event-store.ts';
import type { EventStore, NewEvent } from '../domain/ports/event-store.ts';
import { UnknownPosition } from '../domain/ports/event-store.ts';

// The admin back office's reads: counts from the views, the latest events of the log with
// their actors named, any stream's entity as of a revision (folded with its aggregate's evolve), and
// the order list's day-range filter.
const CARD = '4242424242424242';

describe('admin home, history and order reads (over HTTP)', () => {
  const { app: stack, m: market } = useMarketplaceOn(startFullStack);
  let customer: SignedInUser;
  let completedOrder: string;
  let newOrder: string;

  async function settle(collection: string, id: string, write: { body: { streamId: string; revision: number } }) {
    expect((await stack.runtime.waitFor(collection, id, write.body.streamId, write.body.revision, 5_000)).reached).toBe(true);
  }

  beforeAll(async () => {
    customer = await registerAndSignIn(stack.api, stack.mailer, { email: 'yael@example.com', fullName: 'Yael Mizrahi' });
    completedOrder = (await stack.api.post('/api/orders', { productId: market.products.default }, customer.token)).body.id;
    await stack.api.post(`/api/orders/${completedOrder}/pay`, { cardNumber: CARD }, customer.token);
    await stack.api.post(`/api/orders/${completedOrder}/approve`, {}, market.vendor.token);
    await settle('orders', completedOrder, await stack.api.post(`/api/orders/${completedOrder}/complete`, {}, market.admin.token));
    // A contract package is bought through a quote (docs/quotes.md), so the second order is of the fixed service too.
    const placed = await stack.api.post('/api/orders', { productId: market.products.default }, customer.token);
    newOrder = placed.body.id;
    await settle('orders', newOrder, placed);
    const renamed = await stack.api.put(`/api/admin/vendors/${market.vendor.vendorId}`, { profile: vendorProfile('Renamed Band') }, market.admin.token);
    expect(renamed.status).toBe(200);
    await settle('vendorCards', market.vendor.vendorId, renamed);
    await stack.queryApi.cache.settled();
  });

  describe('GET /api/admin/counts', () => {
    it('counts artists, products, users, orders by status and conversations from the views', async () => {
      const answer = await stack.api.get('/api/admin/counts', market.admin.token);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        vendors: { total: 2, archived: 0 },
        products: { total: 3, byType: { default: 1, timedService: 1, contractService: 1 } },
        users: { total: 5, active: 5, vendors: 2 },
        orders: { total: 2, byStatus: { new: 1, payed: 0, approved: 0, completed: 1, canceled: 0 } },
        conversations: { total: 0, unread: 0 },
      });
    });

    it('counts a conversation holding an unread message', async () => {
      const opened = await stack.api.post('/api/conversations', { vendorId: market.vendor.vendorId, text: 'Are you free in June?' }, customer.token);
      expect(opened.status).toBe(201);
      await settle('conversations', opened.body.id, opened);
      await stack.queryApi.cache.settled();
      const answer = await stack.api.get('/api/admin/counts', market.admin.token);
      expect(answer.body.conversations).toEqual({ total: 1, unread: 1 });
    });

    it('is for admins only', async () => {
      expect((await stack.api.get('/api/admin/counts', customer.token)).status).toBe(403);
      expect((await stack.api.get('/api/admin/counts', market.vendor.token)).status).toBe(403);
      expect((await stack.api.get('/api/admin/counts')).status).toBe(401);
    });
  });

  describe('GET /api/admin/events/latest', () => {
    it('answers the last events of the log, newest first, each actor named', async () => {
      const answer = await stack.api.get('/api/admin/events/latest?limit=3', market.admin.token);
      expect(answer.status).toBe(200);
      const all = await stack.eventStore.readAll();
      expect(answer.body.headPosition).toBe(all.at(-1)!.position);
      expect(answer.body.items.map((event: { id: string }) => event.id)).toEqual(all.slice(-3).reverse().map((event) => event.id));
      const byAdmin = (await stack.api.get('/api/admin/events/latest?limit=100', market.admin.token)).body.items
        .find((event: { type: string }) => event.type === 'VendorProfileUpdated');
      expect(byAdmin.actor).toMatchObject({ userId: market.admin.userId, name: expect.any(String) });
      expect(byAdmin.actor.roles).toContain('admin');
    });

    it('refuses a limit above 100 and non-admins', async () => {
      expect((await stack.api.get('/api/admin/events/latest?limit=101', market.admin.token)).status).toBe(422);
      expect((await stack.api.get('/api/admin/events/latest', customer.token)).status).toBe(403);
    });
  });

  describe('GET /api/admin/streams/:streamId/state (time travel)', () => {
    it('folds an order with its decider up to each revision, equal to the order history', async () => {
      const statuses = [];
      for (let revision = 0; revision <= 3; revision++) {
        const answer = await stack.api.get(`/api/admin/streams/order-${completedOrder}/state?revision=${revision}`, market.admin.token);
        expect(answer.status).toBe(200);
        const history = await stack.api.get(`/api/orders/${completedOrder}/history?asOfRevision=${revision}`, market.admin.token);
        expect(answer.body.state).toEqual(history.body.state);
        statuses.push(answer.body.state.status);
        expect(answer.body).toMatchObject({ streamId: `order-${completedOrder}`, category: 'order', folded: true, revision, currentRevision: 3 });
        expect(answer.body.events).toBeUndefined();
      }
      expect(statuses).toEqual(['new', 'payed', 'approved', 'completed']);
    });

    it('defaults to the latest revision and, on request, carries the events up to it with their actors named', async () => {
      const answer = await stack.api.get(`/api/admin/streams/order-${completedOrder}/state?revision=1&withEvents=true`, market.admin.token);
      expect(answer.body.eventType).toBe('OrderPaid');
      expect(answer.body.events.map((event: { type: string }) => event.type)).toEqual(['OrderPlaced', 'OrderPaid']);
      expect(answer.body.events[0]).toMatchObject({ revision: 0, actor: { userId: customer.userId, name: 'Yael Mizrahi' } });
      const latest = await stack.api.get(`/api/admin/streams/order-${completedOrder}/state`, market.admin.token);
      expect(latest.body).toMatchObject({ revision: 3, eventType: 'OrderCompleted', state: { status: 'completed' } });
    });

    it('shows a vendor as it was before an admin renamed it', async () => {
      const stream = `vendor-${market.vendor.vendorId}`;
      const latest = await stack.api.get(`/api/admin/streams/${stream}/state`, market.admin.token);
      expect(latest.body.state.profile.name.en).toBe('Renamed Band');
      const before = await stack.api.get(`/api/admin/streams/${stream}/state?revision=${latest.body.revision - 1}`, market.admin.token);
      expect(before.body.state).toMatchObject({ status: 'active', vendorId: market.vendor.vendorId });
      expect(before.body.state.profile.name.en).not.toBe('Renamed Band');
    });

    it('folds products and users too, with password and token hashes redacted', async () => {
      const product = await stack.api.get(`/api/admin/streams/product-${market.products.default}/state`, market.admin.token);
      expect(product.body.state).toMatchObject({ status: 'active', productId: market.products.default, vendorId: market.vendor.vendorId });
      const user = await stack.api.get(`/api/admin/streams/user-${customer.userId}/state?withEvents=true`, market.admin.token);
      expect(user.body.state).toMatchObject({ status: 'active', email: 'yael@example.com', passwordHash: '[redacted]', activationTokenHash: '[redacted]' });
      expect(JSON.stringify(user.body)).not.toMatch(/scrypt|\$[0-9a-f]{16}/);
      expect(user.body.events[0].data.passwordHash).toBe('[redacted]');
    });

    it('answers the events of a category no decider folds, with no state', async () => {
      const store = stack.eventStore;
      await store.append('bookkeeping-1', [{ id: crypto.randomUUID(), type: 'Noted', data: { n: 1 }, metadata: { actor: { userId: null, roles: ['system'], groups: [], vendorId: null }, correlationId: 'c', causationId: null, at: new Date().toISOString(), schemaVersion: 1 } }], 'no_stream');
      const answer = await stack.api.get('/api/admin/streams/bookkeeping-1/state?withEvents=true', market.admin.token);
      expect(answer.body).toMatchObject({ category: 'bookkeeping', folded: false, state: null, revision: 0, events: [{ type: 'Noted', actor: { userId: null, name: null } }] });
    });

    it('answers 404 for a stream without events, 409 past its last revision, 403 to non-admins', async () => {
      expect((await stack.api.get('/api/admin/streams/order-nope/state', market.admin.token)).status).toBe(404);
      const past = await stack.api.get(`/api/admin/streams/order-${completedOrder}/state?revision=4`, market.admin.token);
      expect(past.status).toBe(409);
      expect(past.body).toMatchObject({ code: 'revision-not-found', currentRevision: 3 });
      expect((await stack.api.get(`/api/admin/streams/order-${completedOrder}/state?revision=-1`, market.admin.token)).status).toBe(422);
      expect((await stack.api.get(`/api/admin/streams/order-${completedOrder}/state`, customer.token)).status).toBe(403);
      expect((await stack.api.get(`/api/admin/streams/order-${completedOrder}/state`, market.vendor.token)).status).toBe(403);
    });
  });

  describe('GET /api/admin/orders day ranges', () => {
    const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jerusalem' }).format(new Date());
    const idsOf = (answer: { body: { items: { orderId: string }[] } }) => answer.body.items.map((order) => order.orderId).sort();

    it('filters on the day the order was placed, both ends included', async () => {
      const day = today();
      expect(idsOf(await stack.api.get(`/api/admin/orders?from=${day}&to=${day}`, market.admin.token))).toEqual([completedOrder, newOrder].sort());
      expect(idsOf(await stack.api.get('/api/admin/orders?to=2020-01-01', market.admin.token))).toEqual([]);
      expect(idsOf(await stack.api.get(`/api/admin/orders?from=${day}&status=new`, market.admin.token))).toEqual([newOrder]);
    });

    it('filters on the event date: orders without one drop out', async () => {
      const start = new Date(Date.now() + 40 * 86_400_000);
      start.setUTCHours(10, 0, 0, 0);
      const timed = await stack.api.post('/api/orders', { productId: market.products.timedService, start: start.toISOString() }, customer.token);
      expect(timed.status).toBe(201);
      await settle('orders', timed.body.id, timed);
      await stack.queryApi.cache.settled();
      const eventDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jerusalem' }).format(start);
      expect(idsOf(await stack.api.get(`/api/admin/orders?dateField=event&from=${eventDay}&to=${eventDay}`, market.admin.token))).toEqual([timed.body.id]);
      expect(idsOf(await stack.api.get(`/api/admin/orders?dateField=event&to=${today()}`, market.admin.token))).toEqual([]);
      const sorted = await stack.api.get('/api/admin/orders?sort=-eventDate', market.admin.token);
      expect(sorted.body.items[0].orderId).toBe(timed.body.id);
    });

    it('refuses a range that ends before it starts and days that do not exist, naming the field', async () => {
      const backwards = await stack.api.get('/api/admin/orders?from=2025-05-02&to=2025-05-01', market.admin.token);
      expect(backwards.status).toBe(422);
      expect(backwards.body.errors).toEqual([{ field: 'query.to', message: 'Must not be before from' }]);
      const noSuchDay = await stack.api.get('/api/admin/orders?from=2025-02-30', market.admin.token);
      expect(noSuchDay.status).toBe(422);
      expect(noSuchDay.body.errors[0].field).toBe('query.from');
    });
  });
});

describe('latestEvents', () => {
  let store: EventStore;
  const metadata = { actor: { userId: null, roles: ['system' as const], groups: [], vendorId: null }, correlationId: 'c', causationId: null, at: '2026-01-01T00:00:00.000Z', schemaVersion: 1 };
  const events = (count: number): NewEvent[] => Array.from({ length: count }, (_, n) => ({ id: crypto.randomUUID(), type: 'Counted', data: { n }, metadata }));

  beforeAll(async () => {
    store = await openSqliteEventStore({ path: ':memory:' });
  });
  afterAll(async () => {
    await store.close();
  });

  it('answers nothing on an empty log, and the whole log when it is shorter than the limit', async () => {
    expect(await latestEvents(store, 5)).toEqual({ events: [], headPosition: -1 });
    await store.append('counter-1', events(3), 'no_stream');
    expect((await latestEvents(store, 5)).events.map((event) => (event.data as { n: number }).n)).toEqual([2, 1, 0]);
  });

  it('reads only positions the store gave, as EventStoreDB demands', async () => {
    // A store whose positions jump by a thousand, as EventStoreDB's byte offsets do, and which refuses
    // to read from any other number, as EventStoreDB does.
    const sparse: EventStore = {
      ...store,
      headPosition: async () => (await store.headPosition()) * 1000,
      readAll: async (options = {}) => {
        const all = (await store.readAll()).map((event) => ({ ...event, position: event.position * 1000 }));
        const start = options.after ?? options.from;
        if (start !== undefined && start >= 0 && !all.some((event) => event.position === start)) throw new UnknownPosition(start, 'not a record');
        const read = options.direction === 'backwards' ? all.reverse() : all.filter((event) => start === undefined || event.position > start || (options.from !== undefined && event.position === start));
        return read.slice(0, options.maxCount ?? read.length);
      },
    };
    await store.append('counter-2', events(10), 'no_stream');
    const { events: latest, headPosition } = await latestEvents(sparse, 4);
    expect(latest.map((event) => `${event.streamId}/${(event.data as { n: number }).n}`)).toEqual(['counter-2/9', 'counter-2/8', 'counter-2/7', 'counter-2/6']);
    expect(headPosition).toBe(await sparse.headPosition());
  });
});

describe('the audit log after a position, on EventStoreDB (fake server, real client)', () => {
  it('answers 422 naming fromPosition when it is no event\'s position, and pages from a nextPosition', async () => {
    const server = await startFakeEventStoreDb();
    const store = await openEventStoreDbEventStore({ url: server.url });
    try {
      const metadata = { actor: { userId: null, roles: ['system' as const], groups: [], vendorId: null }, correlationId: 'c', causationId: null, at: '2026-01-01T00:00:00.000Z', schemaVersion: 1 };
      await store.append('counter-1', [0, 1, 2].map((n) => ({ id: crypto.randomUUID(), type: 'Counted', data: { n }, metadata })), 'no_stream');
      const read = (fromPosition: number) => allEvents.handle({ query: { fromPosition, limit: 2 }, eventStore: store } as never) as Promise<{ items: unknown[]; nextPosition: number }>;
      const first = await read(-1);
      expect(first.items).toHaveLength(2);
      expect((await read(first.nextPosition)).items).toHaveLength(1);
      const refused = await read(first.nextPosition + 1).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(HttpProblem);
      expect((refused as HttpProblem).problem).toMatchObject({ status: 422, errors: [{ field: 'query.fromPosition' }] });
    } finally {
      await store.close();
      await server.close();
    }
  });
});
