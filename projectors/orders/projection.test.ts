import { describe, expect, it } from 'vitest';
import { ordersProjection, type OrderView } from './projection.ts';
import { fold, recorded } from '../testing/recorded-event.ts';
import { adminActor, customerActor, vendorActor } from '../testing/domain-fixtures.ts';

const product = { productId: 'p1', vendorId: 'v1', type: 'timedService' as const, name: { he: 'מופע' }, price: { amountMinor: 100_000, currency: 'ILS' as const }, serviceDuration: 60 };
const placed = (orderId: string) => recorded(`order-${orderId}`, {
  type: 'OrderPlaced',
  data: { orderId, customerId: 'c1', vendorId: 'v1', product, total: product.price, start: '2026-05-01T18:00:00.000Z', end: '2026-05-01T19:00:00.000Z', placedAt: '2026-04-01T10:00:00.000Z' },
}, customerActor('c1'));

describe('orders view', () => {
  it('records the lifecycle with who did what and when', () => {
    const docs = fold<OrderView>(ordersProjection, [
      placed('o1'),
      recorded('order-o1', { type: 'OrderPaymentDeclined', data: { orderId: 'o1', reason: 'insufficient funds', cardLast4: '4242', at: '2026-04-01T10:01:00.000Z' } }, customerActor('c1')),
      recorded('order-o1', { type: 'OrderPaid', data: { orderId: 'o1', paymentId: 'pay1', amount: product.price, cardLast4: '4242', at: '2026-04-01T10:02:00.000Z' } }, customerActor('c1')),
      recorded('order-o1', { type: 'OrderApproved', data: { orderId: 'o1', by: 'u-vendor', at: '2026-04-02T10:00:00.000Z' } }, vendorActor('u-vendor', 'v1')),
      recorded('order-o1', { type: 'OrderCompleted', data: { orderId: 'o1', by: 'u-admin', at: '2026-05-02T10:00:00.000Z' } }, adminActor('u-admin')),
    ]);
    const order = docs.o1!;
    expect(order).toMatchObject({
      customerId: 'c1', vendorId: 'v1', status: 'completed', slot: { start: '2026-05-01T18:00:00.000Z', end: '2026-05-01T19:00:00.000Z' },
      payment: { paymentId: 'pay1', cardLast4: '4242' }, paymentDeclines: [{ reason: 'insufficient funds', cardLast4: '4242' }],
      // Placed before terms: paid in full at once.
      terms: null, paymentPlan: { part: 'full', first: product.price, balanceDueAt: null }, paid: product.price,
      cancellation: null, notes: null, updatedAt: '2026-05-02T10:00:00.000Z',
    });
    expect(order.timeline.map(({ event, status, by, role }) => [event, status, by, role])).toEqual([
      ['OrderPlaced', 'new', 'c1', 'customer'],
      ['OrderPaymentDeclined', 'new', 'c1', 'customer'],
      ['OrderPaid', 'payed', 'c1', 'customer'],
      ['OrderApproved', 'approved', 'u-vendor', 'vendor'],
      ['OrderCompleted', 'completed', 'u-admin', 'admin'],
    ]);
  });

  it('records a cancellation with the refund', () => {
    const docs = fold<OrderView>(ordersProjection, [
      placed('o2'),
      recorded('order-o2', { type: 'OrderPaid', data: { orderId: 'o2', paymentId: 'pay2', amount: product.price, cardLast4: '1111', at: '2026-04-01T11:00:00.000Z' } }, customerActor('c1')),
      recorded('order-o2', { type: 'OrderCanceled', data: { orderId: 'o2', reason: 'sick', by: 'u-vendor', byRole: 'vendor', refund: { paymentId: 'pay2', amount: product.price }, at: '2026-04-03T11:00:00.000Z' } }, vendorActor('u-vendor', 'v1')),
    ]);
    expect(docs.o2).toMatchObject({
      status: 'canceled',
      // A cancel recorded before policies owed its one refund in full.
      cancellation: { reason: 'sick', by: 'u-vendor', byRole: 'vendor', refund: { paymentId: 'pay2', amount: product.price }, refunds: [{ paymentId: 'pay2', amount: product.price, refundId: null }], refundPercent: 100 },
      payments: [{ paymentId: 'pay2', part: 'full', instalments: 1, refund: { amount: product.price, refundId: null, refundedAt: null } }],
    });
    expect(docs.o2?.timeline.at(-1)).toEqual({ event: 'OrderCanceled', status: 'canceled', by: 'u-vendor', role: 'vendor', at: '2026-04-03T11:00:00.000Z' });
  });

  it('records the refund of what the order owes back: the canceled payment, and a charge it did not take', () => {
    const system = { userId: null, roles: ['system' as const], groups: [], vendorId: null };
    const docs = fold<OrderView>(ordersProjection, [
      placed('o3'),
      recorded('order-o3', { type: 'OrderPaid', data: { orderId: 'o3', paymentId: 'pay3', amount: product.price, cardLast4: '1111', at: '2026-04-01T11:00:00.000Z' } }, customerActor('c1')),
      recorded('order-o3', { type: 'OrderPaymentReturned', data: { orderId: 'o3', paymentId: 'pay4', amount: product.price, cardLast4: '2222', reason: 'This order is already paid.', at: '2026-04-01T11:00:01.000Z' } }, system),
      recorded('order-o3', { type: 'OrderCanceled', data: { orderId: 'o3', reason: 'sick', by: 'c1', byRole: 'customer', refund: { paymentId: 'pay3', amount: product.price }, at: '2026-04-03T11:00:00.000Z' } }, customerActor('c1')),
      recorded('order-o3', { type: 'OrderRefunded', data: { orderId: 'o3', paymentId: 'pay4', refundId: 're4', amount: product.price, at: '2026-04-03T11:00:01.000Z' } }, system),
      recorded('order-o3', { type: 'OrderRefunded', data: { orderId: 'o3', paymentId: 'pay3', refundId: 're3', amount: product.price, at: '2026-04-03T11:00:02.000Z' } }, system),
    ]);
    expect(docs.o3).toMatchObject({
      status: 'canceled',
      cancellation: { refund: { paymentId: 'pay3', amount: product.price, refundId: 're3', refundedAt: '2026-04-03T11:00:02.000Z' } },
      returnedPayments: [{ paymentId: 'pay4', amount: product.price, cardLast4: '2222', reason: 'This order is already paid.', refundId: 're4', refundedAt: '2026-04-03T11:00:01.000Z' }],
    });
    // Money moving back is not a step of the order's lifecycle.
    expect(docs.o3?.timeline.map((entry) => entry.event)).toEqual(['OrderPlaced', 'OrderPaid', 'OrderCanceled']);
  });
});

describe('orders view: deposit, balance, instalments and refunds by policy (issue 26)', () => {
  const ils = (amountMinor: number) => ({ amountMinor, currency: 'ILS' as const });
  const terms = { deposit: ils(30_000), balanceDueDays: 14, cancellationPolicy: { kind: 'moderate' as const }, maxInstalments: 6 };
  const system = { userId: null, roles: ['system' as const], groups: [], vendorId: null };
  const placedWithTerms = (orderId: string) => recorded(`order-${orderId}`, {
    type: 'OrderPlaced',
    data: { orderId, customerId: 'c1', vendorId: 'v1', product, total: product.price, start: '2026-05-01T18:00:00.000Z', end: '2026-05-01T19:00:00.000Z', terms, holdUntil: '2026-04-01T10:15:00.000Z', placedAt: '2026-04-01T10:00:00.000Z' },
  }, customerActor('c1'));

  it('holds the terms, each payment with its instalments, what is paid, the balance due and its date, as the domain folds them', () => {
    const deposit = fold<OrderView>(ordersProjection, [
      placedWithTerms('o7'),
      recorded('order-o7', { type: 'OrderPaid', data: { orderId: 'o7', paymentId: 'dep', amount: ils(30_000), cardLast4: '4242', part: 'deposit', instalments: 3, at: '2026-04-01T10:05:00.000Z' } }, customerActor('c1')),
    ]).o7!;
    expect(fold<OrderView>(ordersProjection, [placedWithTerms('o7')]).o7).toMatchObject({
      paid: ils(0), balanceDue: ils(0), balanceDueAt: null,
      paymentPlan: { part: 'deposit', first: ils(30_000), balance: ils(70_000), balanceDueAt: '2026-04-17T18:00:00.000Z' },
    });
    expect(deposit).toMatchObject({
      status: 'payed', terms, holdUntil: '2026-04-01T10:15:00.000Z', paid: ils(30_000), balanceDue: ils(70_000), balanceDueAt: '2026-04-17T18:00:00.000Z',
      payments: [{ paymentId: 'dep', part: 'deposit', amount: ils(30_000), instalments: 3, cardLast4: '4242', at: '2026-04-01T10:05:00.000Z', refund: null }],
    });
    const docs = fold<OrderView>(ordersProjection, [
      placedWithTerms('o7'),
      recorded('order-o7', { type: 'OrderPaid', data: { orderId: 'o7', paymentId: 'dep', amount: ils(30_000), cardLast4: '4242', part: 'deposit', instalments: 3, at: '2026-04-01T10:05:00.000Z' } }, customerActor('c1')),
      recorded('order-o7', { type: 'OrderPaymentDeclined', data: { orderId: 'o7', reason: 'Card declined', cardLast4: '0002', part: 'balance', at: '2026-04-10T09:00:00.000Z' } }, customerActor('c1')),
      recorded('order-o7', { type: 'OrderBalancePaid', data: { orderId: 'o7', paymentId: 'bal', amount: ils(70_000), cardLast4: '1111', instalments: 6, at: '2026-04-10T10:00:00.000Z' } }, customerActor('c1')),
    ]);
    expect(docs.o7).toMatchObject({
      status: 'payed', paid: product.price, balanceDue: ils(0), balanceDueAt: null,
      payment: { paymentId: 'dep', amount: ils(30_000) },
      paymentDeclines: [{ reason: 'Card declined', part: 'balance' }],
      payments: [{ paymentId: 'dep', part: 'deposit' }, { paymentId: 'bal', part: 'balance', amount: ils(70_000), instalments: 6, cardLast4: '1111', refund: null }],
    });
    expect(docs.o7?.timeline.map((entry) => [entry.event, entry.status])).toEqual([['OrderPlaced', 'new'], ['OrderPaid', 'payed'], ['OrderPaymentDeclined', 'payed'], ['OrderBalancePaid', 'payed']]);
  });

  it('a cancel by the policy owes back a part, per payment latest first; each is refunded on its own', () => {
    const docs = fold<OrderView>(ordersProjection, [
      placedWithTerms('o8'),
      recorded('order-o8', { type: 'OrderPaid', data: { orderId: 'o8', paymentId: 'dep', amount: ils(30_000), cardLast4: '4242', part: 'deposit', at: '2026-04-01T10:05:00.000Z' } }, customerActor('c1')),
      recorded('order-o8', { type: 'OrderBalancePaid', data: { orderId: 'o8', paymentId: 'bal', amount: ils(70_000), cardLast4: '4242', instalments: 1, at: '2026-04-02T10:00:00.000Z' } }, customerActor('c1')),
      recorded('order-o8', {
        type: 'OrderCanceled',
        data: { orderId: 'o8', reason: 'Plans changed', by: 'c1', byRole: 'customer', refunds: [{ paymentId: 'bal', amount: ils(70_000) }, { paymentId: 'dep', amount: ils(5_000) }], refundPercent: 75, at: '2026-04-03T10:00:00.000Z' },
      }, customerActor('c1')),
      recorded('order-o8', { type: 'OrderRefunded', data: { orderId: 'o8', paymentId: 'bal', refundId: 're-bal', amount: ils(70_000), at: '2026-04-03T10:00:01.000Z' } }, system),
    ]);
    expect(docs.o8).toMatchObject({
      status: 'canceled', paid: product.price,
      cancellation: {
        refundPercent: 75,
        refunds: [{ paymentId: 'bal', amount: ils(70_000), refundId: 're-bal', refundedAt: '2026-04-03T10:00:01.000Z' }, { paymentId: 'dep', amount: ils(5_000), refundId: null, refundedAt: null }],
        refund: { paymentId: 'bal', refundId: 're-bal' },
      },
      payments: [
        { paymentId: 'dep', refund: { amount: ils(5_000), refundId: null, refundedAt: null } },
        { paymentId: 'bal', refund: { amount: ils(70_000), refundId: 're-bal', refundedAt: '2026-04-03T10:00:01.000Z' } },
      ],
    });
    // A cancel that refunds nothing (a strict policy, late) owes nothing back.
    const nothing = fold<OrderView>(ordersProjection, [
      placedWithTerms('o9'),
      recorded('order-o9', { type: 'OrderPaid', data: { orderId: 'o9', paymentId: 'dep9', amount: ils(30_000), cardLast4: '4242', part: 'deposit', at: '2026-04-01T10:05:00.000Z' } }, customerActor('c1')),
      recorded('order-o9', { type: 'OrderCanceled', data: { orderId: 'o9', reason: 'Too late', by: 'c1', byRole: 'customer', refunds: [], refundPercent: 0, at: '2026-04-30T10:00:00.000Z' } }, customerActor('c1')),
    ]).o9!;
    expect(nothing.cancellation).toMatchObject({ refunds: [], refund: null, refundPercent: 0 });
    expect(nothing.payments[0]?.refund).toBeNull();
  });

  it('moving the event moves the balance due date', () => {
    const details = { eventType: 'wedding' as const, date: '2026-06-10T16:00:00.000Z', city: 'Haifa', address: 'HaNassi 5', guests: 180, contactPhone: '+972501234567' };
    const docs = fold<OrderView>(ordersProjection, [
      recorded('order-o10', { type: 'OrderPlaced', data: { orderId: 'o10', customerId: 'c1', vendorId: 'v1', product: { ...product, type: 'default' as const }, total: product.price, eventDetails: details, terms, placedAt: '2026-04-01T10:00:00.000Z' } }, customerActor('c1')),
      recorded('order-o10', { type: 'OrderPaid', data: { orderId: 'o10', paymentId: 'dep', amount: ils(30_000), cardLast4: '4242', part: 'deposit', at: '2026-04-01T10:05:00.000Z' } }, customerActor('c1')),
      recorded('order-o10', { type: 'OrderEventDetailsChanged', data: { orderId: 'o10', eventDetails: { ...details, date: '2026-07-10T16:00:00.000Z' }, by: 'c1', at: '2026-04-02T10:00:00.000Z' } }, customerActor('c1')),
    ]);
    expect(docs.o10).toMatchObject({ balanceDue: ils(70_000), balanceDueAt: '2026-06-26T16:00:00.000Z', holdUntil: null, paymentPlan: { balanceDueAt: '2026-06-26T16:00:00.000Z' } });
  });
});

describe('orders view: event details (issue 22 item 1)', () => {
  const details = { eventType: 'wedding' as const, date: '2026-06-10T16:00:00.000Z', city: 'Haifa', address: 'HaNassi 5', guests: 180, contactPhone: '+972501234567' };
  const fixed = { ...product, productId: 'p2', type: 'default' as const, serviceDuration: 0 };

  it('carries the details as placed and as changed, with eventAt, and the history of each change', () => {
    const docs = fold<OrderView>(ordersProjection, [
      recorded('order-o4', { type: 'OrderPlaced', data: { orderId: 'o4', customerId: 'c1', vendorId: 'v1', product: fixed, total: fixed.price, eventDetails: details, placedAt: '2026-04-01T10:00:00.000Z' } }, customerActor('c1')),
      recorded('order-o4', { type: 'OrderEventDetailsChanged', data: { orderId: 'o4', eventDetails: { ...details, guests: 220, city: 'Akko' }, by: 'c1', at: '2026-04-02T10:00:00.000Z' } }, customerActor('c1')),
    ]);
    expect(docs.o4).toMatchObject({ slot: null, eventDetails: { ...details, guests: 220, city: 'Akko' }, eventAt: details.date, status: 'new', updatedAt: '2026-04-02T10:00:00.000Z' });
    expect(docs.o4?.timeline).toEqual([
      { event: 'OrderPlaced', status: 'new', by: 'c1', role: 'customer', at: '2026-04-01T10:00:00.000Z', eventDetails: details },
      {
        event: 'OrderEventDetailsChanged', status: 'new', by: 'c1', role: 'customer', at: '2026-04-02T10:00:00.000Z',
        changes: [{ field: 'city', before: 'Haifa', after: 'Akko' }, { field: 'guests', before: 180, after: 220 }],
      },
    ]);
  });

  it("an order without details has its slot's start as eventAt, or none; details given later change every field", () => {
    const docs = fold<OrderView>(ordersProjection, [
      placed('o5'),
      recorded('order-o6', { type: 'OrderPlaced', data: { orderId: 'o6', customerId: 'c1', vendorId: 'v1', product: fixed, total: fixed.price, placedAt: '2026-04-01T10:00:00.000Z' } }, customerActor('c1')),
      recorded('order-o6', { type: 'OrderEventDetailsChanged', data: { orderId: 'o6', eventDetails: details, by: 'c1', at: '2026-04-02T10:00:00.000Z' } }, customerActor('c1')),
    ]);
    expect(docs.o5).toMatchObject({ eventDetails: null, eventAt: '2026-05-01T18:00:00.000Z' });
    expect(docs.o5?.timeline[0]).not.toHaveProperty('eventDetails');
    expect(docs.o6).toMatchObject({ eventDetails: details, eventAt: details.date });
    expect(docs.o6?.timeline[1]?.changes?.map((change) => [change.field, change.before])).toEqual([
      ['eventType', null], ['date', null], ['city', null], ['address', null], ['guests', null], ['contactPhone', null],
    ]);
  });
});
