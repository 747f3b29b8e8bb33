import { z } from 'zod';
import { event } from '../shared/event-schema.ts';
import { Money } from '../shared/money.ts';
import { Id, IsoTime } from '../shared/ids.ts';
import { ProductType } from '../product/events.ts';
import { EventDetails, HeldEventDetails } from './event-details-shape.ts';
import { Instalments, OrderTerms, PaymentTerms } from './payment-terms.ts';

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
  /** The vendor's deposit, balance, cancellation and instalment terms (issue 26); absent when the vendor set none. */
  paymentTerms: PaymentTerms.optional(),
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
  /** The money terms the order was sold under (issue 26); absent on orders placed before there were any (paid in full, refunded in full). */
  terms: OrderTerms.optional(),
  /** A timed order placed by a customer holds its slot unpaid until then; past it, the order is canceled and the slot freed. */
  holdUntil: IsoTime.optional(),
  placedAt: IsoTime,
}));
/** The first payment: the deposit, or the whole price when there is none ('full'). */
export const PaymentPart = z.enum(['full', 'deposit', 'balance']);
export type PaymentPart = z.infer<typeof PaymentPart>;

export const OrderPaymentDeclined = event('OrderPaymentDeclined', z.strictObject({
  orderId: Id, reason: z.string(), cardLast4: z.string(),
  /** Which payment was declined; absent on events before balances: the first. */
  part: PaymentPart.optional(),
  at: IsoTime,
}));
/** The first payment (the deposit, or the whole price): the order is `payed`. */
export const OrderPaid = event('OrderPaid', z.strictObject({
  orderId: Id, paymentId: z.string(), amount: Money, cardLast4: z.string(),
  /** Absent on events before deposits: 'full'. */
  part: PaymentPart.exclude(['balance']).optional(),
  /** Card instalments; absent: one. */
  instalments: Instalments.optional(),
  at: IsoTime,
}));
/** The balance after a deposit, paid by the customer from the order page; the status does not change. */
export const OrderBalancePaid = event('OrderBalancePaid', z.strictObject({
  orderId: Id, paymentId: z.string(), amount: Money, cardLast4: z.string(), instalments: Instalments, at: IsoTime,
}));
export const OrderApproved = event('OrderApproved', z.strictObject({ orderId: Id, by: Id.nullable(), at: IsoTime }));
export const OrderCompleted = event('OrderCompleted', z.strictObject({ orderId: Id, by: Id.nullable(), at: IsoTime }));
export const OrderCanceled = event('OrderCanceled', z.strictObject({
  orderId: Id,
  reason: z.string().min(1).max(500),
  by: Id.nullable(),
  byRole: z.enum(['customer', 'vendor', 'admin', 'system']),
  /** Events before policies: the refund owed to the customer of the one payment, in full. */
  refund: z.strictObject({ paymentId: z.string(), amount: Money }).optional(),
  /** What is owed back, per payment (latest payment first), by the order's cancellation policy; absent or empty when nothing is. */
  refunds: z.array(z.strictObject({ paymentId: z.string(), amount: Money })).optional(),
  /** The percent of what was paid the refunds come to, as the policy gave it at the time of cancel. */
  refundPercent: z.number().int().min(0).max(100).optional(),
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

export const OrderEvent = z.discriminatedUnion('type', [OrderPlaced, OrderPaymentDeclined, OrderPaid, OrderBalancePaid, OrderApproved, OrderCompleted, OrderCanceled, OrderPaymentReturned, OrderRefunded, OrderEventDetailsChanged]);
export type OrderEvent = z.infer<typeof OrderEvent>;
