import { describe, expect, it } from 'vitest';
import { slotHoldsProjection, type SlotHoldView } from './projection.ts';
import { fold, recorded } from '../testing/recorded-event.ts';

const price = { amountMinor: 50_000, currency: 'ILS' as const };
const product = { productId: 'p1', vendorId: 'v1', type: 'timedService' as const, name: { en: 'Set' }, price, serviceDuration: 60 };
const placed = (orderId: string, holdUntil?: string) => recorded(`order-${orderId}`, {
  type: 'OrderPlaced',
  data: {
    orderId, customerId: 'c1', vendorId: 'v1', product, total: price, start: '2030-01-01T10:00:00.000Z', end: '2030-01-01T11:00:00.000Z',
    ...(holdUntil ? { holdUntil } : {}), placedAt: '2026-11-29T10:00:00.000Z',
  },
});

describe('slot holds view', () => {
  it('keeps each held order open until it is paid or canceled, and leaves orders without a hold out', () => {
    const docs = fold<SlotHoldView>(slotHoldsProjection, [
      placed('o1', '2026-11-29T10:15:00.000Z'),
      placed('o2', '2026-11-29T10:15:00.000Z'),
      placed('o3', '2026-11-29T10:15:00.000Z'),
      placed('o4'),
      recorded('order-o2', { type: 'OrderPaid', data: { orderId: 'o2', paymentId: 'pay-1', amount: price, cardLast4: '4242', at: '2026-11-29T10:05:00.000Z' } }),
      recorded('order-o3', { type: 'OrderCanceled', data: { orderId: 'o3', reason: 'Not paid in time', by: null, byRole: 'system', at: '2026-11-29T10:15:00.000Z' } }),
      // Canceled after it was paid: the hold was over already.
      recorded('order-o2', { type: 'OrderCanceled', data: { orderId: 'o2', reason: 'Changed plans', by: 'c1', byRole: 'customer', at: '2026-11-29T11:00:00.000Z' } }),
    ]);
    expect(docs.o1).toMatchObject({ orderId: 'o1', vendorId: 'v1', customerId: 'c1', holdUntil: '2026-11-29T10:15:00.000Z', status: 'open' });
    expect(docs.o2).toMatchObject({ status: 'paid' });
    expect(docs.o3).toMatchObject({ status: 'canceled' });
    expect(docs.o4).toBeUndefined();
  });
});
