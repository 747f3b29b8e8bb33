import { describe, expect, it } from 'vitest';
import { orderFrom, pageFrom, vendorCalendarEntryFrom } from './adapters.ts';
import { AnswerShapeError } from './read-answer.ts';

// The adapters read answers through the schemas of query-api/answer-schemas.ts: a well-formed answer
// is read as it is named, an answer of another shape is refused with the fields named.
const order = {
  orderId: 'order-1', customerId: 'user-1', vendorId: 'vendor-1', status: 'canceled',
  product: { productId: 'product-1', vendorId: 'vendor-1', type: 'timedService', name: { he: 'הופעה' }, price: { amountMinor: 50_000, currency: 'ILS' }, serviceDuration: 60 },
  total: { amountMinor: 50_000, currency: 'ILS' },
  slot: { start: '2026-12-01T18:00:00.000Z', end: '2026-12-01T19:00:00.000Z' },
  notes: null, eventDetails: null, eventAt: null,
  payment: { paymentId: 'pay-1', amount: { amountMinor: 50_000, currency: 'ILS' }, cardLast4: '4242', at: '2026-11-01T10:00:00.000Z' },
  terms: null, holdUntil: null,
  payments: [{ paymentId: 'pay-1', part: 'full', amount: { amountMinor: 50_000, currency: 'ILS' }, instalments: 1, cardLast4: '4242', at: '2026-11-01T10:00:00.000Z', refund: { amount: { amountMinor: 50_000, currency: 'ILS' }, refundId: 'refund-1', refundedAt: '2026-11-02T10:00:01.000Z' } }],
  paid: { amountMinor: 50_000, currency: 'ILS' }, balanceDue: { amountMinor: 0, currency: 'ILS' }, balanceDueAt: null,
  paymentPlan: { part: 'full', first: { amountMinor: 50_000, currency: 'ILS' }, balance: { amountMinor: 0, currency: 'ILS' }, balanceDueAt: null },
  paymentDeclines: [],
  returnedPayments: [],
  cancellation: {
    reason: 'sick', by: 'user-1', byRole: 'customer', refundPercent: 100,
    refunds: [{ paymentId: 'pay-1', amount: { amountMinor: 50_000, currency: 'ILS' }, refundId: 'refund-1', refundedAt: '2026-11-02T10:00:01.000Z' }],
    refund: { paymentId: 'pay-1', amount: { amountMinor: 50_000, currency: 'ILS' }, refundId: 'refund-1', refundedAt: '2026-11-02T10:00:01.000Z' }, at: '2026-11-02T10:00:00.000Z',
  },
  timeline: [{ event: 'OrderPlaced', status: 'new', by: 'user-1', role: 'customer', at: '2026-11-01T09:00:00.000Z' }],
  placedAt: '2026-11-01T09:00:00.000Z', updatedAt: '2026-11-02T10:00:00.000Z',
  customerName: 'Dana', vendorName: { he: 'הכוכבים' }, review: null, overdue: false, cancellationPreview: null,
};

describe('answers read through the read contract', () => {
  it('reads a well-formed order as the answer names it', () => {
    expect(orderFrom(order)).toMatchObject({
      orderId: 'order-1', status: 'canceled', product: { productId: 'product-1', type: 'timedService', serviceDuration: 60 },
      payment: { cardLast4: '4242' }, cancellation: { byRole: 'customer', refund: { refundId: 'refund-1' } }, customerName: 'Dana',
    });
  });

  it('refuses an order of another shape, naming the fields', () => {
    const broken = { ...order, status: 'lost', total: { amountMinor: '5' } };
    expect(() => orderFrom(broken)).toThrow(AnswerShapeError);
    expect(() => orderFrom(broken)).toThrow(/status.*total\.amountMinor|total\.amountMinor.*status/);
  });

  it('refuses a list answer without its total', () => {
    expect(() => pageFrom({ items: [] }, (item) => item)).toThrow(/total/);
  });

  it("reads a vendor's own calendar entries as answered, and a visitor's, which name no window", () => {
    const span = { start: '2026-12-01T10:00:00.000Z', end: '2026-12-01T12:00:00.000Z' };
    const own = { ...span, kind: 'busy', windowId: 'w-1', orderId: null, reason: 'rest' };
    expect(vendorCalendarEntryFrom(own)).toEqual(own);
    expect(vendorCalendarEntryFrom({ ...span, kind: 'busy' })).toEqual({ ...span, kind: 'busy' });
    expect(() => vendorCalendarEntryFrom({ ...span, kind: 'window' })).toThrow();
  });
});
