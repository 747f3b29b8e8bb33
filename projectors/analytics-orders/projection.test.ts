import { describe, expect, it } from 'vitest';
import { analyticsOrdersProjection, type AnalyticsOrderFact } from './projection.ts';
import { daysBetween, israelDay } from './israel-day.ts';
import { fold, recorded } from '../testing/recorded-event.ts';
import { customerActor, vendorActor } from '../testing/domain-fixtures.ts';

const price = { amountMinor: 250_000, currency: 'ILS' as const };
const product = (type: 'timedService' | 'default') => ({ productId: 'p1', vendorId: 'v1', type, name: { he: 'מופע' }, price, ...(type === 'timedService' ? { serviceDuration: 60 } : {}) });
const placed = (orderId: string, placedAt: string, start?: string) => recorded(`order-${orderId}`, {
  type: 'OrderPlaced',
  data: { orderId, customerId: 'c1', vendorId: 'v1', product: product(start ? 'timedService' : 'default'), total: price, placedAt, ...(start ? { start, end: new Date(Date.parse(start) + 3_600_000).toISOString() } : {}) },
}, customerActor('c1'));
const paid = (orderId: string, at: string) => recorded(`order-${orderId}`, { type: 'OrderPaid', data: { orderId, paymentId: `pay-${orderId}`, amount: price, cardLast4: '4242', at } }, customerActor('c1'));
const vendor = vendorActor('owner', 'v1');

describe('analytics orders view', () => {
  it('keeps each order\'s day, status, revenue, lead time and response time', () => {
    const docs = fold<AnalyticsOrderFact>(analyticsOrdersProjection, [
      // 23:30 in Israel on 1 March is 21:30 UTC: the order belongs to 1 March; the show is on 15 March.
      placed('o1', '2026-03-01T21:30:00.000Z', '2026-03-15T17:00:00.000Z'),
      paid('o1', '2026-03-01T21:40:00.000Z'),
      recorded('order-o1', { type: 'OrderApproved', data: { orderId: 'o1', by: 'owner', at: '2026-03-02T00:10:00.000Z' } }, vendor),
      recorded('order-o1', { type: 'OrderCompleted', data: { orderId: 'o1', by: 'owner', at: '2026-03-16T10:00:00.000Z' } }, vendor),
      placed('o2', '2026-03-02T08:00:00.000Z'),
    ]);
    expect(docs.o1).toMatchObject({
      orderId: 'o1', vendorId: 'v1', productType: 'timedService', placedDay: '2026-03-01', status: 'completed',
      paidMinor: 250_000, refundedMinor: 0, paidAt: '2026-03-01T21:40:00.000Z', approvedAt: '2026-03-02T00:10:00.000Z',
      responseMinutes: 150, eventStart: '2026-03-15T17:00:00.000Z', leadDays: 14,
    });
    expect(docs.o2).toMatchObject({ placedDay: '2026-03-02', status: 'new', paidMinor: 0, leadDays: null, eventStart: null, responseMinutes: null });
  });

  it('keeps the refund of a paid order canceled later, and no response time without a payment', () => {
    const docs = fold<AnalyticsOrderFact>(analyticsOrdersProjection, [
      placed('o3', '2026-03-05T10:00:00.000Z'),
      paid('o3', '2026-03-05T10:05:00.000Z'),
      recorded('order-o3', { type: 'OrderCanceled', data: { orderId: 'o3', reason: 'moved', by: 'c1', byRole: 'customer', refund: { paymentId: 'pay-o3', amount: price }, at: '2026-03-06T10:00:00.000Z' } }, customerActor('c1')),
      placed('o4', '2026-03-05T10:00:00.000Z'),
      recorded('order-o4', { type: 'OrderCanceled', data: { orderId: 'o4', reason: 'moved', by: 'c1', byRole: 'customer', at: '2026-03-05T11:00:00.000Z' } }, customerActor('c1')),
    ]);
    expect(docs.o3).toMatchObject({ status: 'canceled', paidMinor: 250_000, refundedMinor: 250_000, responseMinutes: null });
    expect(docs.o4).toMatchObject({ status: 'canceled', paidMinor: 0, refundedMinor: 0 });
  });

  it('keeps each payment\'s part and day, the balance in the paid amount, and a policy\'s refunds (issue 26)', () => {
    const ils = (amountMinor: number) => ({ amountMinor, currency: 'ILS' as const });
    const docs = fold<AnalyticsOrderFact>(analyticsOrdersProjection, [
      placed('o5', '2026-03-05T10:00:00.000Z'),
      recorded('order-o5', { type: 'OrderPaid', data: { orderId: 'o5', paymentId: 'dep', amount: ils(50_000), cardLast4: '4242', part: 'deposit', instalments: 2, at: '2026-03-05T10:05:00.000Z' } }, customerActor('c1')),
      recorded('order-o5', { type: 'OrderBalancePaid', data: { orderId: 'o5', paymentId: 'bal', amount: ils(200_000), cardLast4: '4242', instalments: 1, at: '2026-03-31T21:30:00.000Z' } }, customerActor('c1')),
      recorded('order-o5', { type: 'OrderCanceled', data: { orderId: 'o5', reason: 'moved', by: 'c1', byRole: 'customer', refunds: [{ paymentId: 'bal', amount: ils(200_000) }, { paymentId: 'dep', amount: ils(25_000) }], refundPercent: 90, at: '2026-04-02T10:00:00.000Z' } }, customerActor('c1')),
    ]);
    expect(docs.o5).toMatchObject({
      status: 'canceled', paidMinor: 250_000, refundedMinor: 225_000, lastMoneyAt: '2026-04-02T10:00:00.000Z',
      // 21:30 UTC on 31 March is 1 April in Israel.
      payments: [{ part: 'deposit', amountMinor: 50_000, day: '2026-03-05' }, { part: 'balance', amountMinor: 200_000, day: '2026-04-01' }],
      refunds: [{ amountMinor: 225_000, day: '2026-04-02' }],
    });
  });

  it('gives the day Intl gives, minute by minute around the daylight saving switches (days are kept by UTC hour)', () => {
    const direct = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jerusalem', year: 'numeric', month: '2-digit', day: '2-digit' });
    for (const around of ['2026-03-26T23:00:00.000Z', '2026-10-24T22:00:00.000Z', '1995-03-31T00:00:00.000Z', '2030-10-26T22:00:00.000Z']) {
      for (let minute = -36 * 60; minute <= 36 * 60; minute += 7) {
        const at = new Date(Date.parse(around) + minute * 60_000);
        expect(israelDay(at.toISOString())).toBe(direct.format(at));
      }
    }
  });

  it('ignores an order event whose OrderPlaced it has not seen', () => {
    expect(fold<AnalyticsOrderFact>(analyticsOrdersProjection, [paid('ghost', '2026-03-05T10:05:00.000Z')])).toEqual({});
  });

  it('counts Israel calendar days across daylight saving', () => {
    expect(israelDay('2026-03-26T22:30:00.000Z')).toBe('2026-03-27');
    expect(israelDay('2026-10-24T21:30:00.000Z')).toBe('2026-10-25');
    expect(israelDay('2026-03-26T22:30:00+02:00')).toBe('2026-03-26');
    expect(israelDay('1917-06-01T21:50:00.000Z')).toBe('1917-06-02'); // before whole-hour offsets (+2:20:40)
    expect(daysBetween('2026-03-01', '2026-04-01')).toBe(31);
    expect(daysBetween('2026-03-02', '2026-03-01')).toBe(-1);
  });
});
