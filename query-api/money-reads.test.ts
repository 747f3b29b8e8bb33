import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnyDomainEvent } from '../domain/events.ts';
import { systemActor } from '../domain/shared/actor.ts';
import { cancellationRefund } from '../domain/order/order-money.ts';
import { createMemoryViewStore } from '../infra/view-store/memory-view-store.ts';
import { allProjections } from '../projectors/all-projections.ts';
import { createEventApplier } from '../projectors/event-applier.ts';
import { silentLog } from '../projectors/projector-log.ts';
import type { OrderMoneyView } from '../projectors/order-money/projection.ts';
import { useMarketplaceOn } from '../command-api/testing/marketplace.ts';
import { adminMoney, type AdminMoneyAnswer } from './routes/money-reads.ts';
import { trackedViews } from './tracked-views.ts';
import { startFullStack } from '../test/full-stack.ts';

// GET /api/admin/money (issue 26 item 6): the back office's deposits, balances due, overdue balances,
// refunds owed and refunded, over the orderMoney view built from chosen events; then over HTTP, admins only.
const ils = (amountMinor: number) => ({ amountMinor, currency: 'ILS' as const });

describe('the back office\'s money', () => {
  const views = createMemoryViewStore();
  const applier = createEventApplier({ viewStore: views, projections: allProjections, log: silentLog });
  const revisions = new Map<string, number>();
  let position = 0;
  const append = (streamId: string, event: AnyDomainEvent) => {
    const revision = (revisions.get(streamId) ?? -1) + 1;
    revisions.set(streamId, revision);
    return applier.apply({
      id: randomUUID(), streamId, revision, position: ++position, type: event.type, data: event.data,
      metadata: { actor: systemActor, correlationId: 'c', causationId: null, at: '2027-03-01T10:00:00.000Z', schemaVersion: 1 }, recordedAt: '2027-03-01T10:00:00.000Z',
    });
  };
  const terms = { deposit: ils(100_000), balanceDueDays: 10, cancellationPolicy: { kind: 'moderate' as const }, maxInstalments: 3 };
  async function order(orderId: string, vendorId: string, eventAt: string, steps: { deposit?: string; balance?: string; cancel?: string; refunded?: boolean }) {
    const total = ils(400_000);
    await append(`order-${orderId}`, { type: 'OrderPlaced', data: {
      orderId, customerId: 'c1', vendorId, total, placedAt: '2027-01-05T10:00:00.000Z', terms,
      product: { productId: 'p', vendorId, type: 'timedService', name: { en: 'Show' }, price: total, serviceDuration: 60 },
      start: eventAt, end: new Date(Date.parse(eventAt) + 3_600_000).toISOString(),
    } });
    if (steps.deposit) await append(`order-${orderId}`, { type: 'OrderPaid', data: { orderId, paymentId: `dep-${orderId}`, amount: ils(100_000), cardLast4: '4242', part: 'deposit', instalments: 1, at: steps.deposit } });
    if (steps.balance) await append(`order-${orderId}`, { type: 'OrderBalancePaid', data: { orderId, paymentId: `bal-${orderId}`, amount: ils(300_000), cardLast4: '4242', instalments: 1, at: steps.balance } });
    if (steps.cancel) {
      const doc = (await views.collection<OrderMoneyView>('orderMoney').findOne({ _id: orderId }))!;
      const refund = cancellationRefund({ total, terms, eventAt, payments: doc.payments }, 'customer', steps.cancel);
      await append(`order-${orderId}`, { type: 'OrderCanceled', data: { orderId, reason: 'moved', by: 'c1', byRole: 'customer', refunds: refund.refunds, refundPercent: refund.percent, at: steps.cancel } });
      if (steps.refunded) {
        for (const each of refund.refunds) await append(`order-${orderId}`, { type: 'OrderRefunded', data: { orderId, paymentId: each.paymentId, refundId: `r-${each.paymentId}`, amount: each.amount, at: steps.cancel } });
      }
    }
  }
  const read = (vendorId?: string) => adminMoney.handle({
    actor: { userId: 'a1', roles: ['user', 'admin'], groups: [], vendorId: null }, params: {}, query: (vendorId ? { vendorId } : {}) as never, locale: 'en-US',
    views: trackedViews(views).views, eventStore: null as never, now: new Date('2027-03-01T12:00:00.000Z'),
  } as never) as Promise<AdminMoneyAnswer>;

  beforeAll(async () => {
    // "Now" is 1 March 2027, noon.
    await order('due', 'v1', '2027-04-01T17:00:00.000Z', { deposit: '2027-01-05T10:05:00.000Z' }); // due 22 March
    await order('late', 'v1', '2027-03-05T17:00:00.000Z', { deposit: '2027-01-06T10:05:00.000Z' }); // due 23 February: overdue
    await order('paid', 'v2', '2027-03-20T17:00:00.000Z', { deposit: '2027-01-07T10:05:00.000Z', balance: '2027-02-01T10:00:00.000Z' });
    // Canceled 40 days ahead under moderate: everything back; one refunded, one still owed.
    await order('back', 'v2', '2027-04-20T17:00:00.000Z', { deposit: '2027-01-08T10:05:00.000Z', cancel: '2027-02-20T10:00:00.000Z', refunded: true });
    await order('owed', 'v2', '2027-04-20T17:00:00.000Z', { deposit: '2027-01-09T10:05:00.000Z', balance: '2027-02-02T10:00:00.000Z', cancel: '2027-02-21T10:00:00.000Z' });
    await order('unpaid', 'v1', '2027-04-20T17:00:00.000Z', {});
  });

  it('lists deposits, balances due soonest first, overdue balances, refunds owed and refunded, each with its sum', async () => {
    const money = await read();
    expect(money.depositsTaken).toMatchObject({ total: 5, sum: ils(500_000) });
    expect(money.depositsTaken.items.map((row) => row.orderId)).toEqual(['owed', 'back', 'paid', 'late', 'due']);
    expect(money.balancesDue).toMatchObject({ total: 1, sum: ils(300_000), items: [{ orderId: 'due', balanceDueDate: '2027-03-22T17:00:00.000Z', overdue: false }] });
    expect(money.overdueBalances).toMatchObject({ total: 1, sum: ils(300_000), items: [{ orderId: 'late', balanceDueDate: '2027-02-23T17:00:00.000Z', overdue: true, status: 'payed' }] });
    expect(money.refundsOwed).toMatchObject({ total: 1, sum: ils(400_000), items: [{ orderId: 'owed', status: 'canceled', balanceDue: ils(0) }] });
    expect(money.refunded).toMatchObject({ total: 1, sum: ils(100_000), items: [{ orderId: 'back', refundsOwed: ils(0) }] });
    expect(money.sums).toEqual({ fullPaid: ils(0), balancesPaid: ils(600_000) });
    expect(money.vendors.map((vendor) => vendor.vendorId).sort()).toEqual(['v1', 'v2']);
  });

  it('filters by artist, the sums too', async () => {
    const money = await read('v1');
    expect(money.vendorId).toBe('v1');
    expect(money.depositsTaken).toMatchObject({ total: 2, sum: ils(200_000) });
    expect(money.refundsOwed).toMatchObject({ total: 0, sum: ils(0), items: [] });
    // The filter's choices stay every artist's.
    expect(money.vendors).toHaveLength(2);
  });
});

describe('GET /api/admin/money over HTTP', () => {
  const { app: stack, m: market } = useMarketplaceOn(startFullStack);

  it('answers admins with a paid order\'s full payment, and nobody else', async () => {
    const placed = await stack.api.post('/api/orders', { productId: market.products.default }, market.customer.token);
    expect(placed.status).toBe(201);
    expect((await stack.api.post(`/api/orders/${placed.body.id}/pay`, { cardNumber: '4242424242424242' }, market.customer.token)).status).toBe(200);
    await vi.waitFor(async () => {
      const answer = await stack.api.get(`/api/admin/money?vendorId=${market.vendor.vendorId}`, market.admin.token);
      expect(answer.status).toBe(200);
      expect((answer.body as AdminMoneyAnswer).sums.fullPaid.amountMinor + (answer.body as AdminMoneyAnswer).depositsTaken.sum.amountMinor).toBeGreaterThan(0);
    }, { timeout: 10_000, interval: 25 });
    expect((await stack.api.get('/api/admin/money', market.customer.token)).status).toBe(403);
    expect((await stack.api.get('/api/admin/money', market.vendor.token)).status).toBe(403);
    expect((await stack.api.get('/api/admin/money')).status).toBe(401);
    const openapi = await stack.api.get('/api/openapi.json');
    const operation = openapi.body.paths['/api/admin/money'].get;
    expect(operation['x-auth']).toBe('admin');
    expect(Object.keys(operation.responses['200'].content['application/json'].schema.properties)).toEqual(
      ['at', 'vendorId', 'vendors', 'depositsTaken', 'balancesDue', 'overdueBalances', 'refundsOwed', 'refunded', 'sums'],
    );
  });
});
