import { z } from 'zod';
import { event } from '../shared/event-schema.ts';
import { Money } from '../shared/money.ts';
import { Id, IsoTime } from '../shared/ids.ts';
import { ProductType } from '../product/events.ts';
import { EventDetails, HeldEventDetails } from './event-details-shape.ts';

// Stream `order-<orderId>`. Lifecycle: DESIGN §5.
export const OrderStatus = z.enum(['new', 'canceled', 'payed', 'approved', 'completed']);
export type OrderStatus = z.infer<typeof OrderStatus>;

/** Every status in lifecycle order (the road new → payed → approved → completed, then canceled): lists, counts and filters read this one list. */
export const orderStatuses = ['new', 'payed', 'approved', 'completed', 'canceled'] as const satisfies readonly OrderStatus[];
/** The statuses of an order still in progress; the others are final. */
export const openOrderStatuses = ['new', 'payed', 'approved'] as const satisfies readonly OrderStatus[];
/** The road an order travels unless it is canceled. */
export const orderRoad = ['new', 'payed', 'approved', 'completed'] as const satisfies readonly OrderStatus[];
// The list above names every status (a status added to the enum and not to the list fails here).
const everyStatusListed: Exclude<OrderStatus, (typeof orderStatuses)[number]> extends never ? true : never = true;
void everyStatusListed;

/** What the customer bought, copied from the product at the time of the order. */
export const OrderedProduct = z.strictObject({
  productId: Id,
  vendorId: Id,
  type: ProductType,
  name: z.strictObject({ he: z.string().optional(), en: z.string().optional() }),
  price: Money,
  /** Minutes; set for a timed service. */
  serviceDuration: z.number().int().nonnegative().optional(),
});

export const OrderPlaced = event('OrderPlaced', z.strictObject({
  orderId: Id,
  customerId: Id,
  vendorId: Id,
  product: OrderedProduct,
  total: Money,
  /** Timed service only: the reserved slot [start, end). */
  start: IsoTime.optional(),
  end: IsoTime.optional(),
  notes: z.string().max(2000).optional(),
  /** The event the artist is booked for (issue 22); absent on orders placed without them; without address and phone on an order placed from a quote (docs/quotes.md). */
  eventDetails: HeldEventDetails.optional(),
  placedAt: IsoTime,
}));
export const OrderPaymentDeclined = event('OrderPaymentDeclined', z.strictObject({
  orderId: Id, reason: z.string(), cardLast4: z.string(), at: IsoTime,
}));
export const OrderPaid = event('OrderPaid', z.strictObject({
  orderId: Id, paymentId: z.string(), amount: Money, cardLast4: z.string(), at: IsoTime,
}));
export const OrderApproved = event('OrderApproved', z.strictObject({ orderId: Id, by: Id.nullable(), at: IsoTime }));
export const OrderCompleted = event('OrderCompleted', z.strictObject({ orderId: Id, by: Id.nullable(), at: IsoTime }));
export const OrderCanceled = event('OrderCanceled', z.strictObject({
  orderId: Id,
  reason: z.string().min(1).max(500),
  by: Id.nullable(),
  byRole: z.enum(['customer', 'vendor', 'admin', 'system']),
  /** Set when the order had been paid: the refund owed to the customer. */
  refund: z.strictObject({ paymentId: z.string(), amount: Money }).optional(),
  at: IsoTime,
}));

/**
 * A charge the gateway accepted for this order that the order did not take (it was paid by a concurrent
 * request meanwhile, or canceled): the money is owed back to the card, as a canceled order's refund is.
 */
export const OrderPaymentReturned = event('OrderPaymentReturned', z.strictObject({
  orderId: Id, paymentId: z.string(), amount: Money, cardLast4: z.string(), reason: z.string().min(1).max(500), at: IsoTime,
}));
/** The gateway refunded a payment the order owed back (a canceled order's, or one it did not take). */
export const OrderRefunded = event('OrderRefunded', z.strictObject({
  orderId: Id, paymentId: z.string(), refundId: z.string(), amount: Money, at: IsoTime,
}));

/** The customer changed the event's details before the vendor approved: the whole new details. */
export const OrderEventDetailsChanged = event('OrderEventDetailsChanged', z.strictObject({
  orderId: Id, eventDetails: EventDetails, by: Id.nullable(), at: IsoTime,
}));

export const OrderEvent = z.discriminatedUnion('type', [OrderPlaced, OrderPaymentDeclined, OrderPaid, OrderApproved, OrderCompleted, OrderCanceled, OrderPaymentReturned, OrderRefunded, OrderEventDetailsChanged]);
export type OrderEvent = z.infer<typeof OrderEvent>;
