import { describe, expect, it } from 'vitest';
import { useQueryApiOnViews } from './testing/query-api-on-views.ts';
import { receiptsProjection, type ReceiptView } from '../projectors/receipts/projection.ts';
import { fold, recorded } from '../projectors/testing/recorded-event.ts';
import { TEST_SECRET, tokenFor } from '../test/tokens.ts';
import { pageOf, ReceiptAnswer } from './answer-schemas.ts';
import { vendorOfReceiptId } from './routes/receipt-reads.ts';

// The receipt reads (issue 26 item 5): a receipt is its customer's, its vendor's and any admin's; the
// customer lists its own (of one order, or all), the vendor its book; anyone else is told there is none.
const receipt = (vendorId: string, number: number, orderId: string, customerId: string, at: string, kind: 'payment' | 'refund' = 'payment') => recorded(`receipts-${vendorId}`, {
  type: 'ReceiptIssued',
  data: {
    vendorId, number, kind, sourceId: `${kind}-${vendorId}-${number}`, paymentId: `pay-${orderId}`, orderId, customerId, customerName: 'Dana', vendorName: { en: vendorId },
    productName: { en: 'Show' }, amount: { amountMinor: 11_800, currency: 'ILS' }, vatBasisPoints: 1800, vatAmount: { amountMinor: 1_800, currency: 'ILS' },
    ...(kind === 'payment' ? { part: 'full', instalments: 1 } : { refundOf: 1 }), language: 'en', at,
  },
});
const events = [
  receipt('v-1', 1, 'o-1', 'c1', '2026-11-01T10:00:00.000Z'),
  receipt('v-1', 2, 'o-2', 'c2', '2026-11-02T10:00:00.000Z'),
  receipt('v-1', 3, 'o-1', 'c1', '2026-11-03T10:00:00.000Z', 'refund'),
  receipt('v-2', 1, 'o-3', 'c1', '2026-11-04T10:00:00.000Z'),
];

describe('receipt reads', () => {
  const { client } = useQueryApiOnViews({
    async seed(viewStore) {
      for (const doc of Object.values(fold<ReceiptView>(receiptsProjection, events))) await viewStore.collection('receipts').replaceOne(doc);
    },
  });
  const customer = tokenFor(TEST_SECRET, { userId: 'c1', roles: ['user'] });
  const stranger = tokenFor(TEST_SECRET, { userId: 'c3', roles: ['user'] });
  const artist = (vendorId: string) => tokenFor(TEST_SECRET, { userId: `u-${vendorId}`, roles: ['user', 'vendor'], vendorId });
  const admin = tokenFor(TEST_SECRET, { userId: 'u-admin', roles: ['user', 'admin'] });

  it('the customer lists its receipts, newest first, and one order\'s in number order', async () => {
    const all = pageOf(ReceiptAnswer).parse((await client.get('/api/receipts', customer)).body);
    expect(all.items.map((item) => item.receiptId)).toEqual(['v-2-1', 'v-1-3', 'v-1-1']);
    expect(all.items[0]).not.toHaveProperty('_seen');
    const ofOrder = pageOf(ReceiptAnswer).parse((await client.get('/api/receipts?orderId=o-1', customer)).body);
    expect(ofOrder.items.map((item) => [item.number, item.kind])).toEqual([[1, 'payment'], [3, 'refund']]);
    // The order's vendor and an admin read them too; another customer is told there is no such order.
    expect((await client.get('/api/receipts?orderId=o-1', artist('v-1'))).body.total).toBe(2);
    expect((await client.get('/api/receipts?orderId=o-1', admin)).body.total).toBe(2);
    expect((await client.get('/api/receipts?orderId=o-1', stranger)).status).toBe(404);
    expect((await client.get('/api/receipts?orderId=o-1', artist('v-2'))).status).toBe(404);
    expect((await client.get('/api/receipts', stranger)).body).toEqual({ items: [], total: 0 });
    expect((await client.get('/api/receipts')).status).toBe(401);
  });

  it('one receipt: its customer, its vendor and admins; anyone else 404', async () => {
    const one = await client.get('/api/receipts/v-1-3', customer);
    expect(one.status).toBe(200);
    expect(ReceiptAnswer.parse(one.body)).toMatchObject({ receiptId: 'v-1-3', number: 3, kind: 'refund', refundOf: 1, vatBasisPoints: 1800 });
    expect((await client.get('/api/receipts/v-1-3', artist('v-1'))).status).toBe(200);
    expect((await client.get('/api/receipts/v-1-3', admin)).status).toBe(200);
    expect((await client.get('/api/receipts/v-1-2', customer)).status).toBe(404);
    expect((await client.get('/api/receipts/v-1-3', artist('v-2'))).status).toBe(404);
    expect((await client.get('/api/receipts/v-9-1', admin)).status).toBe(404);
    expect(vendorOfReceiptId('v-1-12')).toBe('v-1');
  });

  it('the vendor reads its book, latest number first; an admin names any vendor', async () => {
    const book = pageOf(ReceiptAnswer).parse((await client.get('/api/vendor/receipts', artist('v-1'))).body);
    expect(book.items.map((item) => item.number)).toEqual([3, 2, 1]);
    expect((await client.get('/api/vendor/receipts?vendorId=v-2', artist('v-1'))).status).toBe(403);
    expect((await client.get('/api/vendor/receipts', customer)).status).toBe(403);
    expect((await client.get('/api/vendor/receipts?vendorId=v-2', admin)).body.total).toBe(1);
  });
});
