import { z } from 'zod';
import { command } from '../shared/command-schema.ts';
import { Id, IsoTime } from '../shared/ids.ts';
import { Money } from '../shared/money.ts';
import { OrderedProduct } from './events.ts';
import { EventDetailsInput, PlacedEventDetailsInput } from './event-details.ts';
import { Instalments } from './payment-terms.ts';

// Commands of the order aggregate (stream `order-<orderId>`), lifecycle of DESIGN §5.
// Every command names who issues it (`actor`) and when (`at`, from the injected clock), so the
// decider never reads a clock. Ids of new orders are made at the edge.

export const PlaceOrder = command('PlaceOrder', {
  orderId: Id,
  customerId: Id,
  /** Facts the handler loaded from the product stream at the time of the order. */
  product: OrderedProduct,
  /** Timed service only (required there, refused otherwise): the start of the booked slot. */
  start: IsoTime.optional(),
  notes: z.string().trim().max(2000).optional(),
  /**
   * The event the artist is booked for (issue 22); optional (SPEC API clients send none), the storefront
   * asks for it. Whole, except when the system places the order of an accepted quote: then without the
   * address and phone the quote request does not ask (the HTTP edge takes only whole details).
   */
  eventDetails: PlacedEventDetailsInput.optional(),
});
export type PlaceOrder = z.infer<typeof PlaceOrder>;

/** What the payment gateway answered; the handler charges first, then the decider records the result. */
export const PaymentResult = z.discriminatedUnion('status', [
  z.strictObject({ status: z.literal('accepted'), paymentId: z.string().min(1), cardLast4: z.string() }),
  z.strictObject({ status: z.literal('declined'), reason: z.string().min(1), cardLast4: z.string() }),
]);
export type PaymentResult = z.infer<typeof PaymentResult>;

/** The first payment (the deposit, or the whole price), in up to the order's most instalments (absent: one). */
export const PayOrder = command('PayOrder', { orderId: Id, payment: PaymentResult, instalments: Instalments.optional() });
export type PayOrder = z.infer<typeof PayOrder>;

/** The balance after a deposit: the customer, once the order is paid, while anything is due. */
export const PayBalance = command('PayBalance', { orderId: Id, payment: PaymentResult, instalments: Instalments.optional() });
export type PayBalance = z.infer<typeof PayBalance>;

/** The system cancels an order whose slot hold ran out unpaid (process-managers/hold-expiry.ts). */
export const ExpireOrderHold = command('ExpireOrderHold', { orderId: Id });
export type ExpireOrderHold = z.infer<typeof ExpireOrderHold>;

export const ApproveOrder = command('ApproveOrder', { orderId: Id });
export type ApproveOrder = z.infer<typeof ApproveOrder>;

export const CompleteOrder = command('CompleteOrder', { orderId: Id });
export type CompleteOrder = z.infer<typeof CompleteOrder>;

export const CancelOrder = command('CancelOrder', { orderId: Id, reason: z.string().trim().min(1).max(500) });
export type CancelOrder = z.infer<typeof CancelOrder>;

/** The system records that a charge the order did not take is owed back (order-workflow.ts, after a refused payment). */
export const ReturnPayment = command('ReturnPayment', { orderId: Id, paymentId: z.string().min(1), amount: Money, cardLast4: z.string(), reason: z.string().trim().min(1).max(500) });
export type ReturnPayment = z.infer<typeof ReturnPayment>;

/** The system records the gateway's refund of a payment the order owed back (the refunds flow). */
export const RecordRefund = command('RecordRefund', { orderId: Id, paymentId: z.string().min(1), refundId: z.string().min(1) });
export type RecordRefund = z.infer<typeof RecordRefund>;

/** The customer changes the event's details while the vendor has not approved the order (new, payed). */
export const ChangeOrderEventDetails = command('ChangeOrderEventDetails', { orderId: Id, eventDetails: EventDetailsInput });
export type ChangeOrderEventDetails = z.infer<typeof ChangeOrderEventDetails>;

export const OrderCommand = z.discriminatedUnion('type', [PlaceOrder, PayOrder, PayBalance, ExpireOrderHold, ApproveOrder, CompleteOrder, CancelOrder, ReturnPayment, RecordRefund, ChangeOrderEventDetails]);
export type OrderCommand = z.infer<typeof OrderCommand>;
