import { idsOf, type Projection, type ViewDoc } from '../projection.ts';

// The held slots (README: `slotHolds`; docs/payments.md "Held slots"): one document per timed order a
// customer placed, which holds its slot unpaid until `holdUntil` (OrderPlaced.holdUntil, 15 minutes
// after placing). The hold-expiry sweep (process-managers/hold-expiry.ts) reads the open ones whose
// hold has run out and records ExpireOrderHold on each; paid or canceled, a hold is over. Orders
// placed without a hold (the system's, untimed ones) have no document.
export type SlotHoldStatus = 'open' | 'paid' | 'canceled';

export interface SlotHoldView extends ViewDoc {
  orderId: string;
  vendorId: string;
  customerId: string;
  holdUntil: string;
  status: SlotHoldStatus;
}

export const slotHoldsProjection: Projection<SlotHoldView> = {
  name: 'slotHolds',
  collection: 'slotHolds',
  eventTypes: ['OrderPlaced', 'OrderPaid', 'OrderCanceled'],
  keysOf: (event) => (event.type === 'OrderPlaced' || event.type === 'OrderPaid' || event.type === 'OrderCanceled' ? idsOf(event.data.orderId) : []),
  evolve(doc, event, id) {
    switch (event.type) {
      case 'OrderPlaced': {
        const { orderId, vendorId, customerId, holdUntil } = event.data;
        if (!holdUntil) return doc;
        return { _id: id, orderId, vendorId, customerId, holdUntil, status: 'open' };
      }
      case 'OrderPaid':
        return doc && doc.status === 'open' ? { ...doc, status: 'paid' } : doc;
      case 'OrderCanceled':
        return doc && doc.status === 'open' ? { ...doc, status: 'canceled' } : doc;
      default:
        return doc;
    }
  },
  // The sweep's `{ status: 'open', holdUntil: { $lte: now } }`, earliest first.
  indexes: [{ status: 1, holdUntil: 1 }],
};
