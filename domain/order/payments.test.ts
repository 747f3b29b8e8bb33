import { describe, expect, it } from 'vitest';
import { spec } from '../shared/decider-spec.ts';
import type { Actor } from '../shared/actor.ts';
import { systemActor } from '../shared/actor.ts';
import { ils } from '../shared/money.ts';
import type { OrderEvent } from './events.ts';
import type { PlaceOrder } from './commands.ts';
import { orderDecider } from './decider.ts';
import { instalmentSchedule } from './instalments.ts';
import { balanceDue, balanceDueDate, balanceOverdue, cancellationRefund } from './order-money.ts';
import { balanceDueAt, depositAmount, orderTermsOf, paymentTermsProblem, policyRefundPercent, type PaymentTerms } from './payment-terms.ts';
import { productDecider } from '../product/decider.ts';

// Issue 26 in the order decider: deposit and balance, instalments, the held slot, and cancel refunds by
// the policy the order recorded — given events, when a command, then events.
const at = '2026-11-21T10:00:00.000Z';
const customer: Actor = { userId: 'u-customer', roles: ['user'], groups: [], vendorId: null };
const vendorOwner: Actor = { userId: 'u-vendor', roles: ['user', 'vendor'], groups: [], vendorId: 'v-1' };
const admin: Actor = { userId: 'u-admin', roles: ['user', 'admin'], groups: [], vendorId: null };

const paymentTerms: PaymentTerms = { deposit: { kind: 'percent', percent: 30 }, balanceDueDays: 14, cancellationPolicy: { kind: 'moderate' }, maxInstalments: 6 };
const product = { productId: 'p-1', vendorId: 'v-1', type: 'default' as const, name: { en: 'Show' }, price: ils(10_000), paymentTerms };
const terms = orderTermsOf(paymentTerms, ils(10_000));
const eventDate = '2027-01-30T18:00:00.000Z';
const eventDetails = { eventType: 'wedding' as const, date: eventDate, city: 'Haifa', address: 'Herzl 1', guests: 100, contactPhone: '+972501234567' };

const placed: OrderEvent = {
  type: 'OrderPlaced',
  data: { orderId: 'o-1', customerId: 'u-customer', vendorId: 'v-1', product, total: ils(10_000), eventDetails, terms, placedAt: at },
};
const depositPaid: OrderEvent = { type: 'OrderPaid', data: { orderId: 'o-1', paymentId: 'pay-1', amount: ils(3_000), cardLast4: '4242', part: 'deposit', instalments: 3, at } };
const balancePaid: OrderEvent = { type: 'OrderBalancePaid', data: { orderId: 'o-1', paymentId: 'pay-2', amount: ils(7_000), cardLast4: '4242', instalments: 1, at } };
const accepted = (paymentId: string) => ({ status: 'accepted' as const, paymentId, cardLast4: '4242' });
const daysBefore = (days: number, hours = 0) => new Date(Date.parse(eventDate) - days * 86_400_000 - hours * 3_600_000).toISOString();

describe('payment terms', () => {
  it('settles a deposit in whole agorot, never above the price; none is the whole price', () => {
    expect(depositAmount(ils(999.99), { kind: 'percent', percent: 33 })).toEqual({ amountMinor: 32_999, currency: 'ILS' });
    expect(depositAmount(ils(500), { kind: 'amount', amount: ils(800) })).toEqual(ils(500));
    expect(depositAmount(ils(500), { kind: 'none' })).toEqual(ils(500));
  });

  it('refunds by the first row of the schedule the cancel still meets, in whole days before the event', () => {
    const moderate = { kind: 'moderate' as const };
    expect(policyRefundPercent(moderate, eventDate, daysBefore(30))).toBe(100);
    expect(policyRefundPercent(moderate, eventDate, daysBefore(29, 23))).toBe(50);
    expect(policyRefundPercent(moderate, eventDate, daysBefore(14))).toBe(50);
    expect(policyRefundPercent(moderate, eventDate, daysBefore(13))).toBe(0);
    expect(policyRefundPercent({ kind: 'custom', schedule: [{ daysBefore: 3, percent: 20 }, { daysBefore: 10, percent: 80 }] }, eventDate, daysBefore(5))).toBe(20);
    expect(policyRefundPercent({ kind: 'strict' }, undefined, at)).toBe(100);
  });

  it('finds a deposit above the price or a schedule naming a day twice', () => {
    expect(paymentTermsProblem({ ...paymentTerms, deposit: { kind: 'amount', amount: ils(20_000) } }, ils(10_000))?.field).toBe('paymentTerms.deposit.amount');
    expect(paymentTermsProblem({ ...paymentTerms, cancellationPolicy: { kind: 'custom', schedule: [{ daysBefore: 3, percent: 20 }, { daysBefore: 3, percent: 80 }] } }, ils(10_000))?.field)
      .toBe('paymentTerms.cancellationPolicy.schedule');
    expect(paymentTermsProblem(paymentTerms, ils(10_000))).toBeNull();
    expect(balanceDueAt({ balanceDueDays: 14 }, eventDate)).toBe(daysBefore(14));
  });

  it('the product refuses terms that do not fit its price', () => {
    const details = { type: 'default' as const, name: { en: 'Show' }, information: { en: 'x' }, featured: false, images: [], price: ils(100), additionalInformation: [], introText: { en: 'x' }, serviceDuration: 0 };
    spec(productDecider).given([]).when({
      type: 'CreateProduct', actor: vendorOwner, at, productId: 'p-9', vendorId: 'v-1',
      details: { ...details, paymentTerms: { ...paymentTerms, deposit: { kind: 'amount', amount: ils(150) } } },
    } as never).thenRefused('product.payment-terms-invalid');
  });
});

describe('instalments', () => {
  it('are equal in whole agorot, the first carrying what does not divide, a month apart', () => {
    const schedule = instalmentSchedule({ amountMinor: 100_001, currency: 'ILS' }, 3, '2027-01-31T09:00:00.000Z');
    expect(schedule.map((row) => row.amount.amountMinor)).toEqual([33_335, 33_333, 33_333]);
    expect(schedule.reduce((sum, row) => sum + row.amount.amountMinor, 0)).toBe(100_001);
    // 31 January + 1 month is the last of February, not 3 March.
    expect(schedule.map((row) => row.chargedAt)).toEqual(['2027-01-31T09:00:00.000Z', '2027-02-28T09:00:00.000Z', '2027-03-31T09:00:00.000Z']);
  });
});

describe('order decider: deposit and balance', () => {
  const place = (fields: Partial<PlaceOrder> = {}): PlaceOrder => ({
    type: 'PlaceOrder', actor: customer, at, orderId: 'o-1', customerId: 'u-customer', product, eventDetails, ...fields,
  });

  it('records the product terms on the order, the deposit settled to an amount', () => {
    spec(orderDecider).given([]).when(place()).then([placed]);
  });

  it('the first payment is the deposit, in up to the most instalments', () => {
    spec(orderDecider).given([placed]).when({ type: 'PayOrder', actor: customer, at, orderId: 'o-1', payment: accepted('pay-1'), instalments: 3 }).then([depositPaid]);
    spec(orderDecider).given([placed]).when({ type: 'PayOrder', actor: customer, at, orderId: 'o-1', payment: accepted('pay-1'), instalments: 7 }).thenRefused('order.too-many-instalments');
  });

  it('the balance is the rest, paid by the customer once the deposit is in, while something is due', () => {
    const payBalance = (actor: Actor, paymentId = 'pay-2') => ({ type: 'PayBalance' as const, actor, at, orderId: 'o-1', payment: accepted(paymentId), instalments: 1 });
    spec(orderDecider).given([placed, depositPaid]).when(payBalance(customer)).then([balancePaid]);
    spec(orderDecider).given([placed]).when(payBalance(customer)).thenRefused('order.deposit-first');
    spec(orderDecider).given([placed, depositPaid, balancePaid]).when(payBalance(customer, 'pay-3')).thenRefused('order.nothing-due');
    spec(orderDecider).given([placed, depositPaid]).when(payBalance(vendorOwner)).thenRefused('order.forbidden');
    spec(orderDecider).given([placed, depositPaid]).when({ ...payBalance(customer), instalments: 12 }).thenRefused('order.too-many-instalments');
    spec(orderDecider).given([placed, depositPaid]).when({ ...payBalance(customer), payment: { status: 'declined', reason: 'Card declined', cardLast4: '0002' } }).then([
      { type: 'OrderPaymentDeclined', data: { orderId: 'o-1', reason: 'Card declined', cardLast4: '0002', part: 'balance', at } },
    ]);
    const canceled: OrderEvent = { type: 'OrderCanceled', data: { orderId: 'o-1', reason: 'x', by: 'u-admin', byRole: 'admin', at } };
    spec(orderDecider).given([placed, depositPaid, canceled]).when(payBalance(customer)).thenRefused('order.illegal-transition');
  });

  it('folds what was paid and what is due, and when the balance is overdue', () => {
    const state = spec(orderDecider).given([placed, depositPaid]).state!;
    expect(balanceDue(state)).toEqual(ils(7_000));
    expect(balanceDueDate(state)).toBe(daysBefore(14));
    expect(balanceOverdue(state, daysBefore(15))).toBe(false);
    expect(balanceOverdue(state, daysBefore(14))).toBe(true);
    const paidUp = spec(orderDecider).given([placed, depositPaid, balancePaid]).state!;
    expect(balanceDue(paidUp)).toEqual(ils(0));
    expect(balanceDueDate(paidUp)).toBeNull();
  });
});

describe('order decider: cancel refunds by the recorded policy', () => {
  const cancel = (actor: Actor, when: string) => ({ type: 'CancelOrder' as const, actor, at: when, orderId: 'o-1', reason: 'Plans changed' });
  const refunded = (byRole: 'customer' | 'vendor' | 'admin', by: string, when: string, refunds: { paymentId: string; amount: ReturnType<typeof ils> }[], refundPercent: number): OrderEvent => ({
    type: 'OrderCanceled', data: { orderId: 'o-1', reason: 'Plans changed', by, byRole, at: when, refunds, refundPercent },
  });

  it("a customer's cancel refunds the policy's percent of what was paid, the balance first", () => {
    spec(orderDecider).given([placed, depositPaid, balancePaid]).when(cancel(customer, daysBefore(20))).then([
      refunded('customer', 'u-customer', daysBefore(20), [{ paymentId: 'pay-2', amount: ils(5_000) }], 50),
    ]);
    spec(orderDecider).given([placed, depositPaid]).when(cancel(customer, daysBefore(40))).then([
      refunded('customer', 'u-customer', daysBefore(40), [{ paymentId: 'pay-1', amount: ils(3_000) }], 100),
    ]);
    spec(orderDecider).given([placed, depositPaid]).when(cancel(customer, daysBefore(5))).then([refunded('customer', 'u-customer', daysBefore(5), [], 0)]);
  });

  it("a vendor's cancel refunds in full, unless the customer left the balance overdue; an admin's in full", () => {
    spec(orderDecider).given([placed, depositPaid]).when(cancel(vendorOwner, daysBefore(20))).then([
      refunded('vendor', 'u-vendor', daysBefore(20), [{ paymentId: 'pay-1', amount: ils(3_000) }], 100),
    ]);
    // Balance due 14 days before; 10 days before it is overdue, and the moderate policy gives nothing back then.
    spec(orderDecider).given([placed, depositPaid]).when(cancel(vendorOwner, daysBefore(10))).then([refunded('vendor', 'u-vendor', daysBefore(10), [], 0)]);
    spec(orderDecider).given([placed, depositPaid]).when(cancel(admin, daysBefore(1))).then([
      refunded('admin', 'u-admin', daysBefore(1), [{ paymentId: 'pay-1', amount: ils(3_000) }], 100),
    ]);
  });

  it('the preview a page shows is what the cancel records', () => {
    const state = spec(orderDecider).given([placed, depositPaid, balancePaid]).state!;
    const preview = cancellationRefund(state, 'customer', daysBefore(20));
    expect(preview).toEqual({ percent: 50, amount: ils(5_000), refunds: [{ paymentId: 'pay-2', amount: ils(5_000) }] });
  });
});

describe('order decider: the held slot', () => {
  const timed = { ...product, productId: 'p-2', type: 'timedService' as const, serviceDuration: 60 };
  const start = '2026-12-10T18:00:00.000Z';
  const heldPlaced: OrderEvent = {
    type: 'OrderPlaced',
    data: { orderId: 'o-1', customerId: 'u-customer', vendorId: 'v-1', product: timed, total: ils(10_000), start, end: '2026-12-10T19:00:00.000Z', terms, holdUntil: '2026-11-21T10:15:00.000Z', placedAt: at },
  };
  const expire = (when: string, actor: Actor = systemActor) => ({ type: 'ExpireOrderHold' as const, actor, at: when, orderId: 'o-1' });

  it("a customer's timed order holds its slot 15 minutes", () => {
    spec(orderDecider).given([]).when({ type: 'PlaceOrder', actor: customer, at, orderId: 'o-1', customerId: 'u-customer', product: timed, start }).then([heldPlaced]);
  });

  it('payment is refused once the hold ran out; before, it is taken', () => {
    const pay = (when: string) => ({ type: 'PayOrder' as const, actor: customer, at: when, orderId: 'o-1', payment: accepted('pay-1') });
    spec(orderDecider).given([heldPlaced]).when(pay('2026-11-21T10:15:00.000Z')).thenRefused('order.hold-expired');
    const [paidEvent] = spec(orderDecider).given([heldPlaced]).when(pay('2026-11-21T10:14:59.000Z')).then([
      { type: 'OrderPaid', data: { orderId: 'o-1', paymentId: 'pay-1', amount: ils(3_000), cardLast4: '4242', part: 'deposit', at: '2026-11-21T10:14:59.000Z' } },
    ]);
    // Paid in time, the hold is over: expiry decides nothing.
    spec(orderDecider).given([heldPlaced, paidEvent!]).when(expire('2026-11-21T10:20:00.000Z')).then([]);
  });

  it('the system cancels an unpaid order once its hold ran out, once; not before, and nobody else', () => {
    spec(orderDecider).given([heldPlaced]).when(expire('2026-11-21T10:14:00.000Z')).then([]);
    const [canceled] = spec(orderDecider).given([heldPlaced]).when(expire('2026-11-21T10:15:00.000Z')).then([{
      type: 'OrderCanceled',
      data: { orderId: 'o-1', reason: 'Not paid within the 15 minutes the time was held, so the time was freed.', by: null, byRole: 'system', at: '2026-11-21T10:15:00.000Z' },
    }]);
    spec(orderDecider).given([heldPlaced, canceled!]).when(expire('2026-11-21T10:30:00.000Z')).then([]);
    spec(orderDecider).given([heldPlaced]).when(expire('2026-11-21T10:30:00.000Z', customer)).thenRefused('order.forbidden');
  });
});
