import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { RealtimeMessage } from '../domain/ports/realtime.ts';
import { useMarketplaceOn } from '../command-api/testing/marketplace.ts';
import { registerAndSignIn, type SignedInUser } from '../command-api/client/accounts.ts';
import { startFullStack } from '../test/full-stack.ts';
import { openApiPath } from './openapi.ts';

// The read side over real HTTP on the embedded stack: commands through the command API, reads through
// the query API, the projectors runtime in between, notifications through the reactor and worker.
const eventually = (assertion: () => unknown | Promise<unknown>) => vi.waitFor(assertion, { timeout: 10_000, interval: 25 });
const CARD = '4242424242424242';

describe('read side over HTTP (sqlite event store, projectors, query API)', () => {
  const pushed: RealtimeMessage[] = [];
  const { app: stack, m: market } = useMarketplaceOn(async () => {
    const started = await startFullStack();
    await started.realtime.subscribe((message) => pushed.push(message));
    return started;
  });
  let stranger: SignedInUser;

  beforeAll(async () => {
    stranger = await registerAndSignIn(stack.api, stack.mailer, { email: 'stranger@example.com' });
  });

  async function placeAndPay(): Promise<{ orderId: string; placed: any; paid: any }> {
    const placed = await stack.api.post('/api/orders', { productId: market.products.default }, market.customer.token);
    expect(placed.status).toBe(201);
    const paid = await stack.api.post(`/api/orders/${placed.body.id}/pay`, { cardNumber: CARD }, market.customer.token);
    expect(paid.status).toBe(200);
    // The views have the payment and the cache purges it caused are done: what follows is deterministic.
    expect((await stack.runtime.waitFor('orders', placed.body.id, paid.body.streamId, paid.body.revision, 5_000)).reached).toBe(true);
    await stack.queryApi.cache.settled();
    return { orderId: placed.body.id, placed: placed.body, paid: paid.body };
  }

  it("reads a command's result at once with minRevision", async () => {
    const placed = await stack.api.post('/api/orders', { productId: market.products.default }, market.customer.token);
    expect(placed.status).toBe(201);
    const asPlaced = await stack.api.get(`/api/orders/${placed.body.id}?minRevision=${placed.body.revision}`, market.customer.token);
    expect(asPlaced.status).toBe(200);
    expect(asPlaced.body).toMatchObject({ orderId: placed.body.id, status: 'new', customerId: market.customer.userId, vendorId: market.vendor.vendorId });
    expect(asPlaced.body).not.toHaveProperty('_seen');

    const paid = await stack.api.post(`/api/orders/${placed.body.id}/pay`, { cardNumber: CARD }, market.customer.token);
    const asPaid = await stack.api.get(`/api/orders/${placed.body.id}?minRevision=${paid.body.revision}`, market.customer.token);
    expect(asPaid.status).toBe(200);
    expect(asPaid.body.status).toBe('payed');
    expect(asPaid.body.timeline.map((step: { status: string }) => step.status)).toEqual(['new', 'payed']);
  });

  it('answers 409 for a revision the stream never reached, and 404 for a stream that does not exist', async () => {
    const { orderId } = await placeAndPay();
    const ahead = await stack.api.get(`/api/orders/${orderId}?minRevision=40`, market.customer.token);
    expect(ahead.status).toBe(409);
    expect(ahead.body).toMatchObject({ code: 'revision-not-found', currentRevision: 1 });
    const missing = await stack.api.get('/api/orders/no-such-order?minRevision=0', market.customer.token);
    expect(missing.status).toBe(404);
  });

  it("answers 404 for another user's order, even with minRevision, and shows it to its parties and admins", async () => {
    const { orderId } = await placeAndPay();
    for (const user of [stranger, market.otherVendor]) {
      const plain = await stack.api.get(`/api/orders/${orderId}`, user.token);
      expect(plain.status).toBe(404);
      expect(plain.headers.get('content-type')).toContain('application/problem+json');
      expect((await stack.api.get(`/api/orders/${orderId}?minRevision=40`, user.token)).status).toBe(404);
      expect((await stack.api.get(`/api/orders/${orderId}/history`, user.token)).status).toBe(404);
    }
    for (const user of [market.customer, market.vendor, market.admin]) {
      expect((await stack.api.get(`/api/orders/${orderId}?minRevision=1`, user.token)).status).toBe(200);
    }
    expect((await stack.api.get(`/api/orders/${orderId}`)).status).toBe(401);
    expect((await stack.api.get(`/api/orders/${orderId}`, 'not-a-token')).status).toBe(401);
  });

  it('lists only the caller’s orders, and only the caller vendor’s', async () => {
    const { orderId } = await placeAndPay();
    const mine = await stack.api.get('/api/orders?limit=999', market.customer.token);
    expect(mine.body.items.map((o: { orderId: string }) => o.orderId)).toContain(orderId);
    expect(mine.body.items.every((o: { customerId: string }) => o.customerId === market.customer.userId)).toBe(true);
    expect((await stack.api.get('/api/orders', stranger.token)).body).toEqual({ items: [], total: 0 });
    const vendorList = await stack.api.get('/api/vendor/orders?limit=999', market.vendor.token);
    expect(vendorList.body.items.map((o: { orderId: string }) => o.orderId)).toContain(orderId);
    expect((await stack.api.get('/api/vendor/orders', market.otherVendor.token)).body.total).toBe(0);
    expect((await stack.api.get(`/api/vendor/orders?vendorId=${market.vendor.vendorId}`, market.otherVendor.token)).status).toBe(403);
    expect((await stack.api.get('/api/vendor/orders', market.customer.token)).status).toBe(403);
    const adminList = await stack.api.get(`/api/admin/orders?vendorId=${market.vendor.vendorId}&limit=999`, market.admin.token);
    expect(adminList.body.items.map((o: { orderId: string }) => o.orderId)).toContain(orderId);
    expect((await stack.api.get('/api/admin/orders', market.customer.token)).status).toBe(403);
  });

  it('purges a cached GET once a change it covers is projected', async () => {
    const { orderId } = await placeAndPay();
    const path = `/api/orders/${orderId}`;
    await stack.api.get(path, market.customer.token);
    const cached = await stack.api.get(path, market.customer.token);
    expect(cached.headers.get('x-cache')).toBe('hit');
    // A read's headers, whether the cache answered or not.
    expect(cached.headers.get('vary')).toBe('Authorization, Accept-Language, X-Locale');
    expect(cached.headers.get('cache-control')).toBe('private, no-cache');
    expect(cached.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(cached.headers.get('etag')).toMatch(/^W\/"[0-9a-f]+-[A-Za-z0-9+/]{27}"$/);
    expect(cached.body.status).toBe('payed');
    await stack.api.get('/api/orders?limit=999', market.customer.token);
    expect((await stack.api.get('/api/orders?limit=999', market.customer.token)).headers.get('x-cache')).toBe('hit');

    const approved = await stack.api.post(`/api/orders/${orderId}/approve`, {}, market.vendor.token);
    expect(approved.status).toBe(200);
    const reached = await stack.runtime.waitFor('orders', orderId, `order-${orderId}`, approved.body.revision, 5_000);
    expect(reached.reached).toBe(true);
    await stack.queryApi.cache.settled();

    const fresh = await stack.api.get(path, market.customer.token);
    expect(fresh.headers.get('x-cache')).toBe('miss');
    expect(fresh.body.status).toBe('approved');
    const list = await stack.api.get('/api/orders?limit=999', market.customer.token);
    expect(list.headers.get('x-cache')).toBe('miss');
    expect(list.body.items.find((o: { orderId: string }) => o.orderId === orderId).status).toBe('approved');
  });

  it('keeps cached answers apart per caller', async () => {
    const { orderId } = await placeAndPay();
    expect((await stack.api.get(`/api/orders/${orderId}`, market.customer.token)).status).toBe(200);
    expect((await stack.api.get(`/api/orders/${orderId}`, market.customer.token)).headers.get('x-cache')).toBe('hit');
    expect((await stack.api.get(`/api/orders/${orderId}`, stranger.token)).status).toBe(404);
  });

  it('shows the order as of each of its events (time travel) with the decider’s state', async () => {
    const { orderId } = await placeAndPay();
    const asPlaced = await stack.api.get(`/api/orders/${orderId}/history?asOfRevision=0`, market.customer.token);
    expect(asPlaced.status).toBe(200);
    expect(asPlaced.body).toMatchObject({ orderId, asOfRevision: 0, currentRevision: 1, state: { status: 'new' } });
    expect(asPlaced.body.events.map((e: { type: string }) => e.type)).toEqual(['OrderPlaced']);
    const latest = await stack.api.get(`/api/orders/${orderId}/history`, market.vendor.token);
    expect(latest.body.state.status).toBe('payed');
    expect(latest.body.events[1]).toMatchObject({ type: 'OrderPaid', by: { userId: market.customer.userId } });
    expect((await stack.api.get(`/api/orders/${orderId}/history?asOfRevision=9`, market.admin.token)).status).toBe(409);
  });

  it('gives admins every event with its metadata, password hashes redacted', async () => {
    const { orderId } = await placeAndPay();
    const stream = await stack.api.get(`/api/admin/streams/order-${orderId}/events`, market.admin.token);
    expect(stream.status).toBe(200);
    expect(stream.body.total).toBe(2);
    expect(stream.body.items[0]).toMatchObject({ streamId: `order-${orderId}`, revision: 0, type: 'OrderPlaced', metadata: { actor: { userId: market.customer.userId } } });
    expect(stream.body.items[0].metadata.correlationId).toEqual(expect.any(String));
    const user = await stack.api.get(`/api/admin/streams/user-${market.customer.userId}/events`, market.admin.token);
    const registered = user.body.items.find((e: { type: string }) => e.type === 'UserRegistered');
    expect(registered.data.passwordHash).toBe('[redacted]');
    expect(registered.data.activationTokenHash).toBe('[redacted]');
    expect(JSON.stringify(user.body)).not.toMatch(/scrypt|\$[0-9a-f]{16,}/);

    const page = await stack.api.get('/api/admin/events?limit=5', market.admin.token);
    expect(page.body.items).toHaveLength(5);
    const next = await stack.api.get(`/api/admin/events?fromPosition=${page.body.nextPosition}&limit=5`, market.admin.token);
    expect(next.body.items[0].position).toBeGreaterThan(page.body.nextPosition);
    expect((await stack.api.get('/api/admin/events', market.customer.token)).status).toBe(403);
    expect((await stack.api.get(`/api/admin/streams/order-${orderId}/events`, market.vendor.token)).status).toBe(403);
  });

  it('notifies the customer and the vendor’s owner, in the view and over realtime', async () => {
    const { orderId } = await placeAndPay();
    for (const user of [market.customer, market.vendor]) {
      await eventually(async () => {
        const { body } = await stack.api.get('/api/notifications?limit=999', user.token);
        const kinds = body.items.filter((n: { subject: { orderId?: string } }) => n.subject.orderId === orderId).map((n: { kind: string }) => n.kind);
        expect(kinds.sort()).toEqual(['order.payed', 'order.placed']);
      });
    }
    await eventually(() => expect(pushed.some((m) => m.userId === market.vendor.userId && (m.payload as { subject: { orderId?: string } }).subject.orderId === orderId)).toBe(true));
    const strangers = await stack.api.get('/api/notifications', stranger.token);
    expect(strangers.body.total).toBe(0);
  });

  it('shows a review on the vendor’s reviews with the rating summary, and in the customer’s list', async () => {
    const { orderId } = await placeAndPay();
    expect((await stack.api.post(`/api/orders/${orderId}/approve`, {}, market.vendor.token)).status).toBe(200);
    expect((await stack.api.post(`/api/orders/${orderId}/complete`, {}, market.vendor.token)).status).toBe(200);
    const reviewed = await stack.api.post(`/api/orders/${orderId}/review`, { rating: 4, text: 'Great show' }, market.customer.token);
    expect(reviewed.status).toBeLessThan(300);
    await eventually(async () => {
      const { body } = await stack.api.get(`/api/ecommerce/vendor/${market.vendor.vendorId}/reviews`);
      expect(body.items.map((r: { text: string }) => r.text)).toContain('Great show');
      expect(body.summary).toMatchObject({ count: 1, avg: 4 });
    });
    // Public reviews name no customer and no order; the author's own list keeps the order.
    const { body: publicReviews } = await stack.api.get(`/api/ecommerce/vendor/${market.vendor.vendorId}/reviews`);
    const review = publicReviews.items.find((r: { text: string }) => r.text === 'Great show');
    expect(Object.keys(review).sort()).toEqual(['at', 'editedAt', 'rating', 'reply', 'reviewId', 'text', 'vendorId', 'verified']);
    expect(JSON.stringify(publicReviews)).not.toContain(orderId);
    expect(JSON.stringify(publicReviews)).not.toContain(market.customer.userId);
    const mine = await stack.api.get('/api/reviews', market.customer.token);
    expect(mine.body.items).toEqual([expect.objectContaining({ orderId, rating: 4, text: 'Great show' })]);
    await eventually(async () => {
      const { body } = await stack.api.get(`/api/ecommerce/vendor?id=${market.vendor.vendorId}`);
      expect(body.items[0]).toMatchObject({ ratingAvg: 4, ratingCount: 1 });
    });
  });

  it('marks a notification read: it leaves the unread list', async () => {
    const { orderId } = await placeAndPay();
    let first: { notificationId: string } | undefined;
    // Every notification of this order has arrived before the unread count is taken.
    await eventually(async () => {
      const { body } = await stack.api.get('/api/notifications?unread=true&limit=999', market.customer.token);
      const ofOrder = body.items.filter((n: { subject: { orderId?: string } }) => n.subject.orderId === orderId);
      expect(ofOrder).toHaveLength(2);
      first = ofOrder[0];
    });
    const before = (await stack.api.get('/api/notifications', market.customer.token)).body.unread;
    const read = await stack.api.post(`/api/notifications/${first!.notificationId}/read`, {}, market.customer.token);
    expect(read.status).toBeLessThan(300);
    await eventually(async () => {
      const { body } = await stack.api.get('/api/notifications?unread=true&limit=999', market.customer.token);
      expect(body.items.map((n: { notificationId: string }) => n.notificationId)).not.toContain(first!.notificationId);
      expect(body.unread).toBe(before - 1);
    });
  });

  it('reads a favorite right after adding it, as a vendor card', async () => {
    const added = await stack.api.post(`/api/artists/vendor/${market.vendor.vendorId}/favored/by-user`, undefined, market.customer.token);
    expect(added.status).toBeLessThan(300);
    const { status, body } = await stack.api.get(`/api/artists/vendor/favored/by-user?minRevision=${added.body.revision}`, market.customer.token);
    expect(status).toBe(200);
    expect(body.items.map((card: { vendorId: string }) => card.vendorId)).toEqual([market.vendor.vendorId]);
    expect(body.total).toBe(1);
    expect((await stack.api.get('/api/artists/vendor/favored/by-user')).status).toBe(401);
  });

  it('finds the vendors and their products from the views', async () => {
    await eventually(async () => {
      const { body } = await stack.api.get(`/api/ecommerce/vendor?id=${market.vendor.vendorId},${market.otherVendor.vendorId}`);
      expect(body.total).toBe(2);
    });
    const page = await stack.api.get(`/api/ecommerce/vendor/${market.vendor.vendorId}`);
    expect(page.status).toBe(200);
    expect(page.body.products).toHaveLength(3);
    // The owner's user id is internal: not for guests, customers or the owner; admins see it.
    for (const token of [undefined, market.customer.token, market.vendor.token]) {
      const answer = await stack.api.get(`/api/ecommerce/vendor/${market.vendor.vendorId}`, token);
      expect(answer.body).not.toHaveProperty('ownerUserId');
      expect(JSON.stringify(answer.body)).not.toContain(market.vendor.userId);
    }
    expect((await stack.api.get(`/api/ecommerce/vendor/${market.vendor.vendorId}`, market.admin.token)).body.ownerUserId).toBe(market.vendor.userId);
    const cards = await stack.api.get(`/api/ecommerce/vendor?id=${market.vendor.vendorId}`);
    expect(JSON.stringify(cards.body)).not.toContain(market.vendor.userId);
    const products = await stack.api.get(`/api/ecommerce/product?vendorId=${market.vendor.vendorId}&type=timedService`);
    expect(products.body.items.map((p: { productId: string }) => p.productId)).toEqual([market.products.timedService]);
    const one = await stack.api.get(`/api/ecommerce/product/${market.products.default}`);
    expect(one.body).toMatchObject({ productId: market.products.default, vendorId: market.vendor.vendorId, type: 'default' });
    expect((await stack.api.get('/api/ecommerce/vendor/no-such-vendor')).status).toBe(404);
  });

  it('shows a vendor calendar: details to its owner, only busy times to others', async () => {
    const window = await stack.api.post('/api/vendor/busy-windows', { start: '2030-05-01T08:00:00.000Z', end: '2030-05-01T12:00:00.000Z', reason: 'family' }, market.vendor.token);
    expect(window.status).toBe(201);
    const path = `/api/vendor/${market.vendor.vendorId}/calendar?from=2030-05-01T00:00:00.000Z&to=2030-05-02T00:00:00.000Z`;
    await eventually(async () => expect((await stack.api.get(path, market.vendor.token)).body.total).toBe(1));
    const owner = await stack.api.get(path, market.vendor.token);
    expect(owner.body.items[0]).toMatchObject({ kind: 'busy', reason: 'family', start: '2030-05-01T08:00:00.000Z' });
    const publicView = await stack.api.get(path);
    expect(publicView.body.items).toEqual([{ start: '2030-05-01T08:00:00.000Z', end: '2030-05-01T12:00:00.000Z', kind: 'busy' }]);
  });

  it('describes every route of both APIs in OpenAPI 3.1', async () => {
    const { status, body } = await stack.api.get('/api/openapi.json');
    expect(status).toBe(200);
    expect(body.openapi).toBe('3.1.0');
    const expected = [...stack.queryApi.routes, ...stack.commandRoutes];
    for (const route of expected) {
      expect(body.paths[openApiPath(route.path)]?.[route.method], `${route.method} ${route.path}`).toBeDefined();
    }
    const documented = Object.values(body.paths as Record<string, object>).reduce((sum, methods) => sum + Object.keys(methods).length, 0);
    expect(documented).toBe(expected.length);
    const search = body.paths['/api/ecommerce/vendor'].get;
    expect(search.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['start', 'limit', 'id', 'text', 'category', 'geoLocation', 'date', 'sort']));
    expect(search.parameters.find((p: { name: string }) => p.name === 'limit').schema).toMatchObject({ maximum: 999 });
    const order = body.paths['/api/orders/{id}'].get;
    expect(order.security).toEqual([{ bearer: [] }]);
    expect(order.parameters.find((p: { name: string }) => p.name === 'id')).toMatchObject({ in: 'path', required: true });
  });
});
