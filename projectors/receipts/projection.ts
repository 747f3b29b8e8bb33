import type { ReceiptIssuedData } from '../../domain/receipt/events.ts';
import { receiptIdOf } from '../../domain/receipt/decider.ts';
import type { Projection, ViewDoc } from '../projection.ts';

// Receipts (README: `receipts`; issue 26 item 5, docs/payments.md "Receipts"): one document per
// ReceiptIssued, `_id` `<vendorId>-<number>`, as the receipt book issued it. A receipt never changes.
export interface ReceiptView extends ViewDoc, ReceiptIssuedData {
  receiptId: string;
}

export const receiptsProjection: Projection<ReceiptView> = {
  name: 'receipts',
  collection: 'receipts',
  eventTypes: ['ReceiptIssued'],
  keysOf: (event) => (event.type === 'ReceiptIssued' ? [receiptIdOf(event.data)] : []),
  evolve(doc, event, id) {
    if (event.type !== 'ReceiptIssued') return doc;
    return { _id: id, receiptId: id, ...event.data };
  },
  indexes: [{ orderId: 1, number: 1 }, { customerId: 1, at: -1, _id: -1 }, { vendorId: 1, number: -1 }],
};
