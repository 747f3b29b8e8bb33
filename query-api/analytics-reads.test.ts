import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnyDomainEvent } from '../domain/events.ts';
import type { RecordedEvent } from '../domain/ports/event-store.ts';
import { systemActor, type Actor } from '../domain/shared/actor.ts';
import { createMemoryViewStore } from '../infra/view-store/memory-view-store.ts';
import { allProjections } from '../projectors/all-projections.ts';
import { createEventApplier } from '../projectors/event-applier.ts';
import { silentLog } from '../projectors/projector-log.ts';
import { useMarketplaceOn } from '../command-api/testing/marketplace.ts';
import { vendorProfile } from '../command-api/testing/fixtures.ts';
import { registerAndSignIn, signIn, type SignedInUser } from '../command-api/client/accounts.ts';
import { grantUserRoles } from '../command-api/system-commands.ts';
import { adminAnalytics, bucketStart, median, type AnalyticsAnswer } from './routes/analytics-reads.ts';
import { trackedViews } from './tracked-views.ts';
import { startFullStack } from '../test/full-stack.ts';

// GET /api/admin/analytics: the sums over the analytics-orders and tracking-sources views, first on
// views built from chosen events (known days and times), then over HTTP on the embedded stack.
const eventually = (assertion: () => unknown | Promise<unknown>) => vi.waitFor(assertion, { timeout: 10_000, interval: 25 });

describe('analytics sums', () => {
  const views = createMemoryViewStore();
  const applier = createEventApplier({ viewStore: views, projections: allProjections, log: silentLog });
  const revisions = new Map<string, number>();
  let position = 0;
  const append = (streamId: string, event: AnyDomainEvent) => {
    const revision = (revisions.get(streamId) ?? -1) + 1;
    revisions.set(streamId, revision);
    const recorded: RecordedEvent = {
      id: randomUUID(), streamId, revision, position: ++position, type: event.type, data: event.data,
      metadata: { actor: systemActor, correlationId: 'c', causationId: null, at: '2026-03-20T10:00:00.000Z', schemaVersion: 1 }, recordedAt: '2026-03-20T10:00:00.000Z',
    };
    return applier.apply(recorded);
  };
  const price = (shekels: number) => ({ amountMinor: shekels * 100, currency: 'ILS' as const });
  async function order(orderId: string, vendorId: string, placedAt: string, steps: { paidAt?: string; approvedAt?: string; completed?: boolean; canceledAt?: string; start?: string; shekels?: number }) {
    const total = price(steps.shekels ?? 1000);
    await append(`order-${orderId}`, { type: 'OrderPlaced', data: {
      orderId, customerId: 'c1', vendorId, total, placedAt,
      product: { productId: `${vendorId}-p`, vendorId, type: steps.start ? 'timedService' : 'default', name: { en: 'Show' }, price: total, ...(steps.start ? { serviceDuration: 60 } : {}) },
      ...(steps.start ? { start: steps.start, end: new Date(Date.parse(steps.start) + 3_600_000).toISOString() } : {}),
    } });
    if (steps.paidAt) await append(`order-${orderId}`, { type: 'OrderPaid', data: { orderId, paymentId: `pay-${orderId}`, amount: total, cardLast4: '4242', at: steps.paidAt } });
    if (steps.approvedAt) await append(`order-${orderId}`, { type: 'OrderApproved', data: { orderId, by: 'owner', at: steps.approvedAt } });
    if (steps.completed) await append(`order-${orderId}`, { type: 'OrderCompleted', data: { orderId, by: 'owner', at: steps.approvedAt! } });
    if (steps.canceledAt) await append(`order-${orderId}`, { type: 'OrderCanceled', data: { orderId, reason: 'moved', by: 'c1', byRole: 'customer', at: steps.canceledAt, ...(steps.paidAt ? { refund: { paymentId: `pay-${orderId}`, amount: total } } : {}) } });
  }

  beforeAll(async () => {
    const tag = (id: string, alias: string, level: number, order: number, en: string) =>
      append(`tag-${id}`, { type: 'ContentCreated', data: { id, fields: { entityType: 'tag', name: { he: en, en }, alias, level, order, parentId: level === 0 ? null : 'root' }, at: '2026-01-01T00:00:00.000Z' } });
    await tag('root', 'artist-categories', 0, 0, 'Artists');
    await tag('singers', 'singers', 1, 0, 'Singers');
    await tag('djs', 'djs', 1, 1, 'DJs');
    const vendor = (vendorId: string, tagIds: string[]) => append(`vendor-${vendorId}`, { type: 'VendorCreated', data: {
      vendorId, ownerUserId: null, at: '2026-01-01T00:00:00.000Z',
      profile: { name: { en: vendorId }, tagIds, about: {}, intro: { en: 'x' }, languages: ['he'], originLocation: { en: 'x' }, images: [], audio: [], videos: [], generalInfo: [], geoLocationIds: [] },
    } });
    await vendor('v-singer', ['djs', 'singers']); // main category: singers (order 0)
    await vendor('v-dj', ['djs']);
    await vendor('v-none', []);

    // "Today" is 20 March 2026 in Israel. 1 March 23:30 in Israel is still 1 March there (21:30 UTC).
    await order('o1', 'v-singer', '2026-03-01T21:30:00.000Z', { paidAt: '2026-03-01T21:35:00.000Z', approvedAt: '2026-03-01T22:05:00.000Z', completed: true, start: '2026-03-10T17:00:00.000Z' });
    await order('o2', 'v-singer', '2026-03-19T08:00:00.000Z', { paidAt: '2026-03-19T08:00:00.000Z', approvedAt: '2026-03-19T12:00:00.000Z', shekels: 500, start: '2026-06-30T17:00:00.000Z' });
    await order('o3', 'v-dj', '2026-03-19T09:00:00.000Z', { paidAt: '2026-03-19T09:10:00.000Z', canceledAt: '2026-03-19T10:00:00.000Z', shekels: 700 });
    await order('o4', 'v-dj', '2026-03-20T09:00:00.000Z', { paidAt: '2026-03-20T09:10:00.000Z', approvedAt: '2026-03-23T09:10:00.000Z', shekels: 300 });
    await order('o5', 'v-none', '2026-03-20T10:00:00.000Z', { paidAt: '2026-03-20T10:00:00.000Z', shekels: 200 });
    await order('o6', 'v-none', '2026-03-20T11:00:00.000Z', {});
    // Long before the 30 days; inside 365.
    await order('o7', 'v-dj', '2025-06-15T09:00:00.000Z', { paidAt: '2025-06-15T09:00:00.000Z', shekels: 9000 });
    for (const [source, at] of [['newsletter', '2026-03-19T10:00:00.000Z'], ['newsletter', '2026-03-20T10:00:00.000Z'], ['facebook', '2026-03-20T11:00:00.000Z'], ['google', '2025-01-01T10:00:00.000Z']] as const) {
      await append(`tracking-${source}`, { type: 'SourceHit', data: { source, userId: null, at } });
    }
  });

  const superAdmin: Actor = { userId: 'a1', roles: ['user', 'admin'], groups: ['superUsers'], vendorId: null };
  const plainAdmin: Actor = { userId: 'a2', roles: ['user', 'admin'], groups: [], vendorId: null };
  const read = (days: '30' | '90' | '365', actor = superAdmin) => adminAnalytics.handle({
    actor, params: {}, query: { days } as never, locale: 'en-US', views: trackedViews(views).views, eventStore: null as never, now: new Date('2026-03-20T20:00:00.000Z'),
  } as never) as Promise<AnalyticsAnswer>;

  it('counts the last 30 days of orders per day by their status now', async () => {
    const answer = await read('30');
    expect(answer.range).toEqual({ days: 30, from: '2026-02-19', to: '2026-03-20', bucket: 'day' });
    expect(answer.ordersOverTime).toHaveLength(30);
    expect(answer.ordersOverTime[0]!.start).toBe('2026-02-19');
    const on = (day: string) => answer.ordersOverTime.find((bucket) => bucket.start === day)!.counts;
    expect(on('2026-03-01')).toEqual({ new: 0, payed: 0, approved: 0, completed: 1, canceled: 0 });
    expect(on('2026-03-19')).toEqual({ new: 0, payed: 0, approved: 1, completed: 0, canceled: 1 });
    expect(on('2026-03-20')).toEqual({ new: 1, payed: 1, approved: 1, completed: 0, canceled: 0 });
    expect(on('2026-03-02')).toEqual({ new: 0, payed: 0, approved: 0, completed: 0, canceled: 0 });
    expect(answer.totals).toEqual({ orders: 6, paidOrders: 5, canceled: 1, revenueMinor: (1000 + 500 + 300 + 200) * 100, currency: 'ILS' });
  });

  it('sums revenue net of refunds per main category, vendors without one apart', async () => {
    const answer = await read('30');
    expect(answer.revenueByCategory).toEqual([
      { categoryId: 'singers', alias: 'singers', name: { he: 'Singers', en: 'Singers' }, revenueMinor: 150_000, orders: 2 },
      { categoryId: 'djs', alias: 'djs', name: { he: 'DJs', en: 'DJs' }, revenueMinor: 30_000, orders: 2 },
      { categoryId: null, alias: null, name: null, revenueMinor: 20_000, orders: 1 },
    ]);
  });

  it('bins booking lead time in days and response time in minutes, with the median', async () => {
    const answer = await read('30');
    // o1: 1 → 10 March, 9 days; o2: 19 March → 30 June, 103 days.
    expect(answer.leadTime.orders).toBe(2);
    expect(answer.leadTime.bins.map((bin) => [bin.from, bin.to, bin.orders])).toEqual([[0, 7, 0], [7, 14, 1], [14, 30, 0], [30, 60, 0], [60, 90, 0], [90, 180, 1], [180, null, 0]]);
    // o1: 30 minutes, o2: 4 hours, o4: 3 days.
    expect(answer.responseTime.orders).toBe(3);
    expect(answer.responseTime.bins.map((bin) => bin.orders)).toEqual([1, 0, 1, 0, 0, 1, 0]);
    expect(answer.responseTime.medianMinutes).toBe(240);
  });

  it('shows visits per utm_source to super users only', async () => {
    expect((await read('30')).sources).toEqual({ items: [{ source: 'newsletter', hits: 2 }, { source: 'facebook', hits: 1 }], otherSources: 0, otherHits: 0, hits: 3 });
    expect((await read('30', plainAdmin)).sources).toBeNull();
  });

  it('groups 90 days by Sunday-started weeks and 365 days by months', async () => {
    const quarter = await read('90');
    expect(quarter.range).toMatchObject({ from: '2025-12-21', bucket: 'week' });
    expect(quarter.ordersOverTime[0]!.start).toBe('2025-12-21');
    expect(quarter.ordersOverTime.at(-1)!.start).toBe('2026-03-15');
    expect(quarter.ordersOverTime.find((bucket) => bucket.start === '2026-03-15')!.counts).toEqual({ new: 1, payed: 1, approved: 2, completed: 0, canceled: 1 });
    const year = await read('365');
    expect(year.range).toMatchObject({ from: '2025-03-21', bucket: 'month' });
    expect(year.ordersOverTime.map((bucket) => bucket.start)).toEqual(['2025-03-01', '2025-04-01', '2025-05-01', '2025-06-01', '2025-07-01', '2025-08-01', '2025-09-01', '2025-10-01', '2025-11-01', '2025-12-01', '2026-01-01', '2026-02-01', '2026-03-01']);
    expect(year.totals.orders).toBe(7);
    expect(year.revenueByCategory[0]).toMatchObject({ categoryId: 'djs', revenueMinor: 930_000 });
  });

  it('has the helpers it sums with', () => {
    expect(bucketStart('2026-03-20', 'week')).toBe('2026-03-15');
    expect(bucketStart('2026-03-15', 'week')).toBe('2026-03-15');
    expect(bucketStart('2026-03-20', 'month')).toBe('2026-03-01');
    expect(median([])).toBeNull();
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});

describe('revenue by month, split into deposits, balances and full payments (issue 26)', () => {
  const views = createMemoryViewStore();
  const applier = createEventApplier({ viewStore: views, projections: allProjections, log: silentLog });
  const revisions = new Map<string, number>();
  let position = 0;
  const append = (streamId: string, event: AnyDomainEvent) => {
    const revision = (revisions.get(streamId) ?? -1) + 1;
    revisions.set(streamId, revision);
    return applier.apply({
      id: randomUUID(), streamId, revision, position: ++position, type: event.type, data: event.data,
      metadata: { actor: systemActor, correlationId: 'c', causationId: null, at: '2026-03-20T10:00:00.000Z', schemaVersion: 1 }, recordedAt: '2026-03-20T10:00:00.000Z',
    });
  };
  const ils = (amountMinor: number) => ({ amountMinor, currency: 'ILS' as const });
  const placed = (orderId: string, placedAt: string, total: number, deposit: number) => append(`order-${orderId}`, { type: 'OrderPlaced', data: {
    orderId, customerId: 'c1', vendorId: 'v1', total: ils(total), placedAt,
    product: { productId: 'p1', vendorId: 'v1', type: 'default', name: { en: 'Show' }, price: ils(total) },
    terms: { deposit: ils(deposit), balanceDueDays: 7, cancellationPolicy: { kind: 'flexible' }, maxInstalments: 3 },
  } });
  const read = (days: '30' | '365') => adminAnalytics.handle({
    actor: { userId: 'a1', roles: ['user', 'admin'], groups: [], vendorId: null }, params: {}, query: { days } as never, locale: 'en-US',
    views: trackedViews(views).views, eventStore: null as never, now: new Date('2026-03-20T20:00:00.000Z'),
  } as never) as Promise<AnalyticsAnswer>;

  beforeAll(async () => {
    // Placed in January: the deposit then, the balance in March (inside the last 30 days).
    await placed('d1', '2026-01-10T10:00:00.000Z', 300_000, 90_000);
    await append('order-d1', { type: 'OrderPaid', data: { orderId: 'd1', paymentId: 'dep-d1', amount: ils(90_000), cardLast4: '4242', part: 'deposit', instalments: 1, at: '2026-01-10T10:05:00.000Z' } });
    await append('order-d1', { type: 'OrderBalancePaid', data: { orderId: 'd1', paymentId: 'bal-d1', amount: ils(210_000), cardLast4: '4242', instalments: 3, at: '2026-03-05T10:00:00.000Z' } });
    // Paid in full in March, then canceled with half of it owed back.
    await placed('f1', '2026-03-10T10:00:00.000Z', 100_000, 100_000);
    await append('order-f1', { type: 'OrderPaid', data: { orderId: 'f1', paymentId: 'pay-f1', amount: ils(100_000), cardLast4: '4242', part: 'full', at: '2026-03-10T10:05:00.000Z' } });
    await append('order-f1', { type: 'OrderCanceled', data: { orderId: 'f1', reason: 'moved', by: 'c1', byRole: 'customer', refunds: [{ paymentId: 'pay-f1', amount: ils(50_000) }], refundPercent: 50, at: '2026-03-12T10:00:00.000Z' } });
  });

  it('puts each payment in the month it came in, by its part, and the refunds in the cancel\'s month', async () => {
    const year = await read('365');
    expect(year.revenueByMonth.map((month) => month.start)).toEqual(year.ordersOverTime.map((bucket) => bucket.start));
    const month = (start: string) => year.revenueByMonth.find((entry) => entry.start === start);
    expect(month('2026-01-01')).toEqual({ start: '2026-01-01', depositMinor: 90_000, balanceMinor: 0, fullMinor: 0, refundedMinor: 0 });
    expect(month('2026-03-01')).toEqual({ start: '2026-03-01', depositMinor: 0, balanceMinor: 210_000, fullMinor: 100_000, refundedMinor: 50_000 });
    // Revenue after refunds counts the balance too.
    expect(year.totals.revenueMinor).toBe(300_000 + 100_000 - 50_000);
  });

  it('counts the balance of an order placed before the period in the period, and not the order itself', async () => {
    const month = await read('30');
    expect(month.revenueByMonth).toEqual([
      { start: '2026-02-01', depositMinor: 0, balanceMinor: 0, fullMinor: 0, refundedMinor: 0 },
      { start: '2026-03-01', depositMinor: 0, balanceMinor: 210_000, fullMinor: 100_000, refundedMinor: 50_000 },
    ]);
    expect(month.totals.orders).toBe(1);
  });
});

describe('GET /api/admin/analytics over HTTP', () => {
  const { app: stack, m: market } = useMarketplaceOn(startFullStack);
  let plainAdmin: SignedInUser;

  beforeAll(async () => {
    const user = await registerAndSignIn(stack.api, stack.mailer, { email: 'analytics-plain-admin@example.com' });
    await grantUserRoles({ eventStore: stack.eventStore }, user.userId, ['admin'], []);
    plainAdmin = { ...user, ...(await signIn(stack.api, user.email, user.password)) };
    // The Analytics right is the nav item's: list on order (infra/http/route-access.ts), granted to admins.
    expect((await stack.api.post('/api/admin/acl', { rule: { asset: 'order', action: 'list', level: 'all', role: 'admin', public: false } }, market.admin.token)).status).toBe(201);
  });

  it('answers admins with the orders, revenue and sources of the demo flow, and nobody else', async () => {
    const root = await stack.api.post('/api/admin/entity/tag', { id: 'artist-categories', fields: { entityType: 'tag', name: { he: 'אמנים', en: 'Artists' }, alias: 'artist-categories', level: 0, order: 0, parentId: null } }, market.admin.token);
    expect(root.status).toBe(201);
    expect((await stack.api.post('/api/admin/entity/tag', { id: 'cat-bands', fields: { entityType: 'tag', name: { he: 'להקות', en: 'Bands' }, alias: 'bands', level: 1, order: 0, parentId: 'artist-categories' } }, market.admin.token)).status).toBe(201);
    expect((await stack.api.put('/api/vendor/profile', { profile: { ...vendorProfile('Analytics Band'), tagIds: ['cat-bands'] } }, market.vendor.token)).status).toBe(200);

    const place = async (productId: string, start?: string) => {
      const placed = await stack.api.post('/api/orders', { productId, ...(start ? { start } : {}) }, market.customer.token);
      expect(placed.status).toBe(201);
      return placed.body.id as string;
    };
    const pay = async (id: string) => expect((await stack.api.post(`/api/orders/${id}/pay`, { cardNumber: '4242424242424242' }, market.customer.token)).status).toBe(200);
    const approved = await place(market.products.default);
    await pay(approved);
    expect((await stack.api.post(`/api/orders/${approved}/approve`, {}, market.vendor.token)).status).toBe(200);
    const inTwentyDays = new Date(Date.now() + 20 * 86_400_000);
    inTwentyDays.setUTCHours(9, 0, 0, 0);
    const timed = await place(market.products.timedService, inTwentyDays.toISOString());
    await pay(timed);
    expect((await stack.api.post(`/api/orders/${timed}/cancel`, { reason: 'Date moved' }, market.customer.token)).status).toBe(200);
    await place(market.products.default);
    for (const source of ['newsletter', 'newsletter', 'instagram']) expect((await stack.api.post(`/api/tracking/source/hit/${source}`)).status).toBe(200);

    let body!: AnalyticsAnswer;
    await eventually(async () => {
      const answer = await stack.api.get('/api/admin/analytics', market.admin.token);
      expect(answer.status).toBe(200);
      body = answer.body;
      expect(body.totals.orders).toBe(3);
      expect(body.sources?.hits).toBe(3);
    });
    expect(body.range).toMatchObject({ days: 30, bucket: 'day' });
    const today = body.ordersOverTime.at(-1)!;
    expect(today.counts).toEqual({ new: 1, payed: 0, approved: 1, completed: 0, canceled: 1 });
    expect(body.revenueByCategory).toEqual([{ categoryId: 'cat-bands', alias: 'bands', name: { he: 'להקות', en: 'Bands' }, revenueMinor: expect.any(Number), orders: 2 }]);
    expect(body.revenueByCategory[0]!.revenueMinor).toBeGreaterThan(0);
    expect(body.leadTime.orders).toBe(1);
    expect(body.leadTime.bins.find((bin) => bin.from === 14)!.orders).toBe(1);
    expect(body.responseTime).toMatchObject({ orders: 1, medianMinutes: expect.any(Number) });
    expect(body.sources!.items).toEqual([{ source: 'newsletter', hits: 2 }, { source: 'instagram', hits: 1 }]);

    const quarter = await stack.api.get('/api/admin/analytics?days=90', market.admin.token);
    expect(quarter.body.range).toMatchObject({ days: 90, bucket: 'week' });
    expect(quarter.body.totals.orders).toBe(3);
    expect((await stack.api.get('/api/admin/analytics', plainAdmin.token)).body).toMatchObject({ totals: { orders: 3 }, sources: null });

    expect((await stack.api.get('/api/admin/analytics?days=7', market.admin.token))).toMatchObject({ status: 422, body: { errors: [{ field: 'query.days' }] } });
    expect((await stack.api.get('/api/admin/analytics', market.customer.token)).status).toBe(403);
    expect((await stack.api.get('/api/admin/analytics', market.vendor.token)).status).toBe(403);
    expect((await stack.api.get('/api/admin/analytics')).status).toBe(401);
  });

  it('is described in the OpenAPI document', async () => {
    const openapi = await stack.api.get('/api/openapi.json');
    const operation = openapi.body.paths['/api/admin/analytics'].get;
    expect(operation['x-auth']).toBe('admin');
    expect(operation.parameters.find((parameter: { name: string }) => parameter.name === 'days').schema.enum).toEqual(['30', '90', '365']);
    expect(Object.keys(operation.responses['200'].content['application/json'].schema.properties)).toEqual(
      ['range', 'totals', 'ordersOverTime', 'revenueByMonth', 'revenueByCategory', 'leadTime', 'responseTime', 'sources'],
    );
  });
});
