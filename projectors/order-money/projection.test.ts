import { describe, expect, it } from 'vitest';
import { orderMoneyProjection, type OrderMoneyView } from './projection.ts';
import { fold, recorded } from '../testing/recorded-event.ts';
import { customerActor } from '../testing/domain-fixtures.ts';
import { balanceDue, balanceDueDate, cancellationRefund } from '../../domain/order/order-money.ts';

// The money view (issue 26): deposit, balance, what is due and by when, refunds owed and made, the
// month of each payment and the reminders sent — each number as the domain's functions give it.
const ils = (amountMinor: number) => ({ amountMinor, currency: 'ILS' as const });
const total = ils(300_000);
const eventAt = '2027-03-20T17:00:00.000Z';
const terms = { deposit: ils(90_000), balanceDueDays: 14, cancellationPolicy: { kind: 'moderate' as const }, maxInstalments: 6 };
const customer = customerActor('c1');

const placed = (orderId: string, withTerms = true) => recorded(`order-${orderId}`, {
  type: 'OrderPlaced',
  data: {
    orderId, customerId: 'c1', vendorId: 'v1', total, placedAt: '2027-01-10T09:00:00.000Z',
    product: { productId: 'p1', vendorId: 'v1', type: 'timedService', name: { he: 'מופע' }, price: total, serviceDuration: 60 },
    start: eventAt, end: '2027-03-20T18:00:00.000Z', ...(withTerms ? { terms } : {}),
  },
}, customer);
const deposit = (orderId: string, at: string) => recorded(`order-${orderId}`, {
  type: 'OrderPaid', data: { orderId, paymentId: `dep-${orderId}`, amount: ils(90_000), cardLast4: '4242', part: 'deposit', instalments: 3, at },
}, customer);
const balance = (orderId: string, at: string) => recorded(`order-${orderId}`, {
  type: 'OrderBalancePaid', data: { orderId, paymentId: `bal-${orderId}`, amount: ils(210_000), cardLast4: '4242', instalments: 1, at },
}, customer);

describe('order money view', () => {
  it('after the deposit: the balance due and its date are the fold\'s; paid in a later month, nothing is due', () => {
    const afterDeposit = fold<OrderMoneyView>(orderMoneyProjection, [placed('o1'), deposit('o1', '2027-01-31T22:30:00.000Z')]).o1!;
    const facts = { total, terms, eventAt, payments: afterDeposit.payments };
    expect(afterDeposit).toMatchObject({
      orderId: 'o1', vendorId: 'v1', customerId: 'c1', status: 'payed', depositPaidMinor: 90_000, fullPaidMinor: 0, balancePaidMinor: 0,
      paidMinor: 90_000, balanceDueMinor: balanceDue(facts).amountMinor, balanceDueDate: balanceDueDate(facts), refundsOwedMinor: 0, refundedMinor: 0,
      reminded: { dueSoon: false, overdue: false },
    });
    expect(afterDeposit.balanceDueMinor).toBe(210_000);
    expect(afterDeposit.balanceDueDate).toBe('2027-03-06T17:00:00.000Z');
    // 00:30 on 1 February in Israel: the deposit is February's.
    expect(afterDeposit.payments.map((payment) => [payment.part, payment.month])).toEqual([['deposit', '2027-02']]);

    const paidUp = fold<OrderMoneyView>(orderMoneyProjection, [placed('o2'), deposit('o2', '2027-01-10T09:05:00.000Z'), balance('o2', '2027-03-01T10:00:00.000Z')]).o2!;
    expect(paidUp).toMatchObject({ paidMinor: 300_000, depositPaidMinor: 90_000, balancePaidMinor: 210_000, balanceDueMinor: 0, balanceDueDate: null });
    expect(paidUp.payments.map((payment) => payment.month)).toEqual(['2027-01', '2027-03']);
  });

  it('a cancel owes the policy\'s refunds per payment; the gateway\'s refund moves them from owed to refunded; a canceled order owes no balance', () => {
    const canceledAt = '2027-03-02T10:00:00.000Z';
    const paid = fold<OrderMoneyView>(orderMoneyProjection, [placed('o3'), deposit('o3', '2027-01-10T09:05:00.000Z'), balance('o3', '2027-02-01T10:00:00.000Z')]).o3!;
    const refund = cancellationRefund({ total, terms, eventAt, payments: paid.payments }, 'customer', canceledAt);
    const docs = fold<OrderMoneyView>(orderMoneyProjection, [
      recorded('order-o3', { type: 'OrderCanceled', data: { orderId: 'o3', reason: 'moved', by: 'c1', byRole: 'customer', refunds: refund.refunds, refundPercent: refund.percent, at: canceledAt } }, customer),
    ], { o3: paid });
    expect(docs.o3).toMatchObject({ status: 'canceled', balanceDueMinor: 0, balanceDueDate: null, refundsOwedMinor: refund.amount.amountMinor, refundedMinor: 0, canceledAt });
    expect(refund.amount.amountMinor).toBe(150_000); // moderate, 18 days before: half of 3,000 ₪
    const refunded = fold<OrderMoneyView>(orderMoneyProjection, [
      recorded('order-o3', { type: 'OrderRefunded', data: { orderId: 'o3', paymentId: 'bal-o3', refundId: 'r-1', amount: ils(150_000), at: '2027-03-02T10:01:00.000Z' } }),
    ], docs).o3!;
    expect(refunded).toMatchObject({ refundsOwedMinor: 0, refundedMinor: 150_000 });
    expect(refunded.refunds).toEqual([{ paymentId: 'bal-o3', amount: ils(150_000), owedAt: canceledAt, refundId: 'r-1', refundedAt: '2027-03-02T10:01:00.000Z' }]);
  });

  it('an order placed before terms is paid in full: no balance, its payment counted as full', () => {
    const docs = fold<OrderMoneyView>(orderMoneyProjection, [
      placed('o4', false),
      recorded('order-o4', { type: 'OrderPaid', data: { orderId: 'o4', paymentId: 'pay-o4', amount: total, cardLast4: '4242', at: '2027-01-10T09:05:00.000Z' } }, customer),
    ]);
    expect(docs.o4).toMatchObject({ terms: null, fullPaidMinor: 300_000, depositPaidMinor: 0, balanceDueMinor: 0, balanceDueDate: null });
  });

  it('learns from the log that a reminder was written, and ignores other notifications', () => {
    const notice = (kind: 'order.balanceDueSoon' | 'order.payed', userId: string) => recorded(`notifications-${userId}`, {
      type: 'NotificationCreated',
      data: { userId, notificationId: `n-${kind.replace(".", "-")}-${userId}`, kind, subject: { orderId: 'o5', audience: 'customer' }, params: {}, sourceEventId: 's', at: '2027-03-03T10:00:00.000Z' },
    });
    const docs = fold<OrderMoneyView>(orderMoneyProjection, [placed('o5'), deposit('o5', '2027-01-10T09:05:00.000Z'), notice('order.payed', 'c1'), notice('order.balanceDueSoon', 'c1')]);
    expect(docs.o5!.reminded).toEqual({ dueSoon: true, overdue: false });
  });

  it('ignores an order event whose OrderPlaced it has not seen', () => {
    expect(fold<OrderMoneyView>(orderMoneyProjection, [deposit('ghost', '2027-01-10T09:05:00.000Z')])).toEqual({});
  });
});
