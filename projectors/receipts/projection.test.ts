import { describe, expect, it } from 'vitest';
import { receiptsProjection, type ReceiptView } from './projection.ts';
import { fold, recorded } from '../testing/recorded-event.ts';

const at = '2026-11-21T10:00:00.000Z';
const receipt = (number: number, kind: 'payment' | 'refund', sourceId: string) => recorded('receipts-v-1', {
  type: 'ReceiptIssued',
  data: {
    vendorId: 'v-1', number, kind, sourceId, paymentId: 'pay-1', orderId: 'o-1', customerId: 'u-1', customerName: 'Dana', vendorName: { en: 'Band' },
    productName: { en: 'Show' }, amount: { amountMinor: 11_800, currency: 'ILS' }, vatBasisPoints: 1800, vatAmount: { amountMinor: 1_800, currency: 'ILS' },
    ...(kind === 'payment' ? { part: 'full', instalments: 3 } : { refundOf: 1 }), language: 'en', at,
  },
});

describe('receipts view', () => {
  it('keeps each receipt as issued, by vendor and number', () => {
    const docs = fold<ReceiptView>(receiptsProjection, [receipt(1, 'payment', 'pay-1'), receipt(2, 'refund', 'ref-1')]);
    expect(Object.keys(docs)).toEqual(['v-1-1', 'v-1-2']);
    expect(docs['v-1-1']).toMatchObject({ receiptId: 'v-1-1', number: 1, kind: 'payment', instalments: 3, vatBasisPoints: 1800, language: 'en' });
    expect(docs['v-1-2']).toMatchObject({ receiptId: 'v-1-2', number: 2, kind: 'refund', refundOf: 1 });
  });
});
