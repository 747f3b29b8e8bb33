import { partiesOf, type Actor } from '../../domain/shared/actor.ts';
import type { Money } from '../../domain/shared/money.ts';
import type { OrderStatus } from '../../domain/order/events.ts';
import type { z } from 'zod';
import type { OrderedProduct } from '../../domain/order/events.ts';
import { idsOf, type Projection, type ViewDoc } from '../projection.ts';
import { changedEventDetailFields, type EventDetailField, type HeldEventDetails } from '../../domain/order/event-details.ts';

// Orders (README: `orders`): one document per order with both parties, so a customer lists theirs by
// customerId and a vendor by vendorId, and the lifecycle timeline: what happened, who did it, when.
export type TimelineRole = 'customer' | 'vendor' | 'admin' | 'system';

/** A payment owed back to the card, with the gateway's refund once it is made. */
export type OwedBack = {
  paymentId: string;
  amount: Money;
  refundId: string | null;
};

/** One field of the event's details a change touched: its value before (null when the order had none) and after. */
export type EventDetailChange = { field: EventDetailField; before: string | number | null; after: string | number };

export type OrderTimelineEntry = {
  event: string;
  status: OrderStatus;
  by: string | null;
  role: TimelineRole;
  at: string;
  /** OrderPlaced with details: the event's details as placed (from a quote, maybe without address and phone). */
  eventDetails?: HeldEventDetails;
  /** OrderEventDetailsChanged: what changed, field by field. */
  changes?: EventDetailChange[];
};

export interface OrderView extends ViewDoc {
  orderId: string;
  customerId: string;
  vendorId: string;
  status: OrderStatus;
  product: z.infer<typeof OrderedProduct>;
  total: Money;
  slot: { start: string; end: string } | null;
  notes: string | null;
  /** The event the artist is booked for (issue 22 item 1), as last changed; null when the customer gave none; from a quote, without address and phone until the customer completes them. */
  eventDetails: HeldEventDetails | null;
  /** When the event starts (UTC ISO): the details' date, else a timed order's slot start; null when unknown. The vendor's events calendar reads it. */
  eventAt: string | null;
  payment: { paymentId: string; amount: Money; cardLast4: string; at: string } | null;
  paymentDeclines: Array<{ reason: string; cardLast4: string; at: string }>;
  cancellation: { reason: string; by: string | null; byRole: TimelineRole; refund: (OwedBack & { refundedAt: string | null }) | null; at: string } | null;
  /** Charges the order did not take (paid twice at once, or canceled while the card was charged): owed back. */
  returnedPayments: Array<OwedBack & { cardLast4: string; reason: string; at: string; refundedAt: string | null }>;
  timeline: OrderTimelineEntry[];
  placedAt: string;
  updatedAt: string;
}

/** The part the actor played in this order, from the event metadata. */
export function roleIn(order: Pick<OrderView, 'customerId' | 'vendorId'>, actor: Actor): TimelineRole {
  const parties = partiesOf(actor, order);
  if (parties.includes('customer')) return 'customer';
  if (parties.includes('vendor')) return 'vendor';
  if (actor.roles.includes('system') || actor.userId === null) return 'system';
  return 'admin';
}

export const ordersProjection: Projection<OrderView> = {
  name: 'orders',
  version: 3,
  collection: 'orders',
  eventTypes: ['OrderPlaced', 'OrderPaymentDeclined', 'OrderPaid', 'OrderApproved', 'OrderCompleted', 'OrderCanceled', 'OrderPaymentReturned', 'OrderRefunded', 'OrderEventDetailsChanged'],
  keysOf: (event) => idsOf('orderId' in event.data && event.data.orderId),
  evolve(doc, event, id) {
    if (event.type === 'OrderPlaced') {
      const { customerId, vendorId, product, total, start, end, notes, eventDetails, placedAt } = event.data;
      return {
        _id: id, orderId: id, customerId, vendorId, status: 'new', product, total,
        slot: start && end ? { start, end } : null, notes: notes ?? null,
        eventDetails: eventDetails ?? null, eventAt: eventDetails?.date ?? start ?? null,
        payment: null, paymentDeclines: [], cancellation: null, returnedPayments: [],
        timeline: [{ event: event.type, status: 'new', by: event.metadata.actor.userId ?? customerId, role: 'customer', at: placedAt, ...(eventDetails ? { eventDetails } : {}) }],
        placedAt, updatedAt: placedAt,
      };
    }
    // Every later event of an order follows its OrderPlaced in the same stream.
    if (!doc) return null;
    const by = event.metadata.actor.userId;
    const step = (status: OrderStatus, at: string, role: TimelineRole = roleIn(doc, event.metadata.actor), who: string | null = by): OrderView => ({
      ...doc, status, updatedAt: at, timeline: [...doc.timeline, { event: event.type, status, by: who, role, at }],
    });
    switch (event.type) {
      case 'OrderPaymentDeclined': {
        const { reason, cardLast4, at } = event.data;
        return { ...step(doc.status, at), paymentDeclines: [...doc.paymentDeclines, { reason, cardLast4, at }] };
      }
      case 'OrderPaid': {
        const { paymentId, amount, cardLast4, at } = event.data;
        return { ...step('payed', at), payment: { paymentId, amount, cardLast4, at } };
      }
      case 'OrderApproved':
        return step('approved', event.data.at, roleIn(doc, event.metadata.actor), event.data.by ?? by);
      case 'OrderCompleted':
        return step('completed', event.data.at, roleIn(doc, event.metadata.actor), event.data.by ?? by);
      case 'OrderCanceled': {
        const { reason, by: canceledBy, byRole, refund, at } = event.data;
        return {
          ...step('canceled', at, byRole, canceledBy),
          cancellation: { reason, by: canceledBy, byRole, refund: refund ? { ...refund, refundId: null, refundedAt: null } : null, at },
        };
      }
      case 'OrderPaymentReturned': {
        const { paymentId, amount, cardLast4, reason, at } = event.data;
        return { ...doc, updatedAt: at, returnedPayments: [...doc.returnedPayments, { paymentId, amount, cardLast4, reason, at, refundId: null, refundedAt: null }] };
      }
      case 'OrderEventDetailsChanged': {
        const { eventDetails, by: changedBy, at } = event.data;
        const before = doc.eventDetails ?? undefined;
        const changes = changedEventDetailFields(before, eventDetails).map((field): EventDetailChange => ({ field, before: before?.[field] ?? null, after: eventDetails[field] }));
        return {
          ...doc, eventDetails, eventAt: eventDetails.date, updatedAt: at,
          timeline: [...doc.timeline, { event: event.type, status: doc.status, by: changedBy ?? by, role: roleIn(doc, event.metadata.actor), at, changes }],
        };
      }
      case 'OrderRefunded': {
        const { paymentId, refundId, at } = event.data;
        const refund = doc.cancellation?.refund;
        return {
          ...doc, updatedAt: at,
          cancellation: doc.cancellation && refund?.paymentId === paymentId ? { ...doc.cancellation, refund: { ...refund, refundId, refundedAt: at } } : doc.cancellation,
          returnedPayments: doc.returnedPayments.map((returned) => (returned.paymentId === paymentId ? { ...returned, refundId, refundedAt: at } : returned)),
        };
      }
      default:
        return doc;
    }
  },
  // One per list and sort (query-api/routes/order-reads.ts), `_id` last as the sorts end
  // (query-api/paging.ts): a page walks the index, either way, instead of sorting every match.
  indexes: [
    { customerId: 1, placedAt: -1, _id: -1 }, { customerId: 1, updatedAt: -1, _id: -1 }, { customerId: 1, 'total.amountMinor': -1, _id: -1 },
    { vendorId: 1, placedAt: -1, _id: -1 }, { vendorId: 1, updatedAt: -1, _id: -1 }, { vendorId: 1, 'total.amountMinor': -1, _id: -1 },
    // The vendor's events calendar and upcoming events: its orders by the event's start.
    { vendorId: 1, eventAt: 1, _id: 1 },
    { placedAt: -1, _id: -1 }, { updatedAt: -1, _id: -1 }, { 'total.amountMinor': -1, _id: -1 }, { 'slot.start': -1, _id: -1 },
    { status: 1 },
  ],
};
