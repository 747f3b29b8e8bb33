import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useMarketplaceOn } from '../command-api/testing/marketplace.ts';
import { registerAndSignIn, signIn, type SignedInUser } from '../command-api/client/accounts.ts';
import { grantUserRoles } from '../command-api/system-commands.ts';
import { openSqliteEventStore } from '../infra/event-store/sqlite-event-store.ts';
import type { EventStore, NewEvent } from '../domain/ports/event-store.ts';
import { UnknownPosition } from '../domain/ports/event-store.ts';
import { openEventStoreDbEventStore } from '../infra/event-store/eventstoredb-event-store.ts';
import { startFakeEventStoreDb } from '../infra/event-store/testing/fake-eventstoredb.ts';
import type { Actor } from '../domain/shared/actor.ts';
import { startFullStack } from '../test/full-stack.ts';
import { adminUserActions, userActions } from './routes/admin-user-actions.ts';
import { HttpProblem } from '../infra/http/problem.ts';

// User actions (SPEC §2, superUsers): what signed-in users did, newest first, with filters, read
// from the log backwards below a position.
describe('userActions', () => {
  let store: EventStore;
  const dana: Actor = { userId: 'dana', roles: ['user'], groups: [], vendorId: null };
  const eli: Actor = { userId: 'eli', roles: ['user', 'vendor'], groups: [], vendorId: 'v1' };
  const system: Actor = { userId: null, roles: ['system'], groups: [], vendorId: null };
  const event = (type: string, actor: Actor, at: string, n: number): NewEvent => ({
    id: crypto.randomUUID(), type, data: { n }, metadata: { actor, correlationId: 'c', causationId: null, at, schemaVersion: 1 },
  });
  const label = (events: { streamId: string; type: string; data: unknown }[]) => events.map((e) => `${e.streamId}/${e.type}/${(e.data as { n: number }).n}`);

  beforeAll(async () => {
    store = await openSqliteEventStore({ path: ':memory:' });
    // 300 events: the system's seed, then Dana's and Eli's actions over three days.
    await store.append('tag-1', Array.from({ length: 100 }, (_, n) => event('ContentCreated', system, '2026-03-01T08:00:00.000Z', n)), 'no_stream');
    for (let n = 0; n < 200; n++) {
      const day = n < 100 ? '2026-03-02' : n < 150 ? '2026-03-03' : '2026-03-04';
      const actor = n % 2 === 0 ? dana : eli;
      const stream = n % 4 === 0 ? 'order-1' : n % 4 === 1 ? 'vendor-v1' : n % 4 === 2 ? 'order-2' : 'product-p1';
      await store.append(stream, [event(n % 4 === 1 ? 'VendorProfileUpdated' : 'OrderPlaced', actor, `${day}T10:00:00.000Z`, n)], 'any');
    }
  });
  afterAll(async () => {
    await store.close();
  });

  it('answers the newest actions first, never the system\'s, and pages below the cursor to the start', async () => {
    const first = await userActions(store, {}, { limit: 3 });
    expect(label(first.events)).toEqual(['product-p1/OrderPlaced/199', 'order-2/OrderPlaced/198', 'vendor-v1/VendorProfileUpdated/197']);
    const second = await userActions(store, {}, { limit: 3, before: first.before! });
    expect(label(second.events)).toEqual(['order-1/OrderPlaced/196', 'product-p1/OrderPlaced/195', 'order-2/OrderPlaced/194']);
    const all = await userActions(store, {}, { limit: 1000 });
    expect(all.events).toHaveLength(200);
    expect(all.before).toBeNull();
    expect(all.events.some((e) => e.metadata.actor.roles.includes('system'))).toBe(false);
  });

  it('filters by user, type, category, entity and time', async () => {
    expect((await userActions(store, { userId: 'eli', type: 'VendorProfileUpdated' }, { limit: 2 })).events.map((e) => (e.data as { n: number }).n)).toEqual([197, 193]);
    expect(label((await userActions(store, { category: 'product' }, { limit: 1 })).events)).toEqual(['product-p1/OrderPlaced/199']);
    expect(label((await userActions(store, { streamId: 'order-1', userId: 'dana' }, { limit: 1 })).events)).toEqual(['order-1/OrderPlaced/196']);
    const thirdDay = await userActions(store, { since: '2026-03-03T00:00:00.000Z', until: '2026-03-04T00:00:00.000Z' }, { limit: 60 });
    expect(thirdDay.events.map((e) => (e.data as { n: number }).n)).toEqual(Array.from({ length: 50 }, (_, i) => 149 - i));
    // Below the range's start nothing can match: the reading stops there instead of reading to the start.
    expect(thirdDay.before).toBeNull();
    expect(thirdDay.scanned).toBeLessThan(300);
  });

  it('stops at its budget with a cursor to continue below', async () => {
    const first = await userActions(store, { userId: 'nobody' }, { limit: 5, budget: 100 });
    expect(first.events).toEqual([]);
    expect(first.before).not.toBeNull();
    expect(first.scanned).toBe(100);
    const rest = await userActions(store, { userId: 'nobody' }, { limit: 5, before: first.before! });
    expect(rest.before).toBeNull();
    expect(first.scanned + rest.scanned).toBe(300);
  });

  it('pages join up without a gap or a repeat', async () => {
    const seen: number[] = [];
    let before: number | undefined;
    let pages = 0;
    do {
      const page = await userActions(store, { userId: 'dana', streamId: 'order-1' }, { limit: 7, before });
      seen.push(...page.events.map((e) => (e.data as { n: number }).n));
      before = page.before ?? undefined;
      pages++;
    } while (before !== undefined && pages < 50);
    expect(seen).toEqual(Array.from({ length: 50 }, (_, i) => 196 - 4 * i));
    expect(pages).toBeGreaterThan(7);
  });

  it('reads only positions the store gave, on EventStoreDB (fake server, real client)', async () => {
    // Byte offsets for positions, and no read from any other number: a made-up window start fails there.
    const server = await startFakeEventStoreDb();
    const esdb = await openEventStoreDbEventStore({ url: server.url });
    try {
      for (const n of [195, 196, 197, 198, 199]) {
        await esdb.append(n % 2 === 0 ? 'order-2' : 'product-p1', [event('OrderPlaced', n % 2 === 0 ? dana : eli, '2026-03-04T10:00:00.000Z', n)], 'any');
      }
      const page = await userActions(esdb, { userId: 'eli' }, { limit: 2 });
      expect(label(page.events)).toEqual(['product-p1/OrderPlaced/199', 'product-p1/OrderPlaced/197']);
      expect(label((await userActions(esdb, { userId: 'eli' }, { limit: 5, before: page.before! })).events)).toEqual(['product-p1/OrderPlaced/195']);
      await expect(userActions(esdb, {}, { limit: 1, before: page.before! - 1 })).rejects.toBeInstanceOf(UnknownPosition);
      const refused = await adminUserActions.handle({ query: { before: page.before! - 1, limit: 1 }, eventStore: esdb } as never).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(HttpProblem);
      expect((refused as HttpProblem).problem).toMatchObject({ status: 422, errors: [{ field: 'query.before' }] });
    } finally {
      await esdb.close();
      await server.close();
    }
  });
});

describe('GET /api/admin/user-actions', () => {
  const { app: stack, m: market } = useMarketplaceOn(startFullStack);
  let plainAdmin: SignedInUser;
  let customer: SignedInUser;
  let orderId: string;

  beforeAll(async () => {
    const user = await registerAndSignIn(stack.api, stack.mailer, { email: 'plain-admin@example.com', fullName: 'Plain Admin' });
    await grantUserRoles({ eventStore: stack.eventStore }, user.userId, ['admin'], []);
    plainAdmin = { ...user, ...(await signIn(stack.api, user.email, user.password)) };
    customer = await registerAndSignIn(stack.api, stack.mailer, { email: 'noa@example.com', fullName: 'Noa Levi' });
    orderId = (await stack.api.post('/api/orders', { productId: market.products.default }, customer.token)).body.id;
  });

  it('names who did what to which entity, newest first, for super users only', async () => {
    const answer = await stack.api.get(`/api/admin/user-actions?userId=${customer.userId}&limit=5`, market.admin.token);
    expect(answer.status).toBe(200);
    expect(answer.body.items[0]).toMatchObject({
      type: 'OrderPlaced', streamId: `order-${orderId}`, actor: { userId: customer.userId, name: 'Noa Levi', roles: ['user'] },
    });
    const categories = await stack.api.get('/api/admin/user-actions?category=product&limit=3', market.admin.token);
    expect(categories.body.items.length).toBeGreaterThan(0);
    expect(categories.body.items.every((item: { streamId: string }) => item.streamId.startsWith('product-'))).toBe(true);
    expect((await stack.api.get('/api/admin/user-actions', plainAdmin.token)).status).toBe(403);
    expect((await stack.api.get('/api/admin/user-actions', market.vendor.token)).status).toBe(403);
    expect((await stack.api.get('/api/admin/user-actions')).status).toBe(401);
    expect((await stack.api.get('/api/admin/user-actions?from=2026-03-05&to=2026-03-01', market.admin.token)).status).toBe(422);
    expect((await stack.api.get('/api/admin/user-actions?from=2026-02-30', market.admin.token)).status).toBe(422);
  });
});
