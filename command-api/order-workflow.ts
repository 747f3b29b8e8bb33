import type { EventDetailsInput } from '../domain/order/event-details.ts';
import { calendarDecider, calendarStream, holdsReservation } from '../domain/calendar/decider.ts';
import { orderDecider, orderSlot, orderStream, refuseTransition } from '../domain/order/decider.ts';
import { mayPay } from '../domain/order/may.ts';
import { balanceDue, firstPaymentAmount } from '../domain/order/order-money.ts';
import type { Money } from '../domain/shared/money.ts';
import type { ChargeResult } from '../domain/ports/payment-gateway.ts';
import { orderedProductOf } from '../domain/order/ordered-product.ts';
import { refuseDirectContractOrder } from '../domain/order/contract-packages.ts';
import { productDecider, productStream } from '../domain/product/decider.ts';
import { Refusal } from '../domain/shared/refusal.ts';
import type { CommandOutcome } from './command-handler.ts';
import type { CommandDeps } from './command-deps.ts';
import { asSystem, withRandomIds, type RequestContext } from './request-context.ts';
import { releaseStaleReservations } from './stale-reservations.ts';

// The order workflow (DESIGN §5): the steps of an order that reach past its own stream, in one place.
// Placing a timed-service order is two appends on two streams: first the slot in `calendar-<vendorId>`
// (expected revision = the calendar as read; on a conflict the calendar is read again and the overlap
// decided again, so of many concurrent requests for one slot exactly one gets it), then OrderPlaced on
// the new `order-<id>` stream ("no stream"). Should the second append fail, the slot is released
// again, so a slot never stays held by an order that does not exist; should the process die between
// the two, a later booking of that time gives the slot back (stale-reservations.ts).
// Paying asks `mayPay` first (nobody is charged for a payment the decider would refuse), charges the
// gateway the first payment (the deposit, or the whole price: `firstPaymentAmount`) in the instalments
// asked, with an idempotency key of the order and its revision (a retried request never charges
// twice), then records the result; a charge the order no longer takes is recorded as owed back.
// Paying the balance (issue 26) is the same road: the decider is asked first on the order as read (a
// preview with a stand-in accepted charge), the card is charged what is due (`balanceDue`) with the key
// `<stream>:balance:<revision>`, and a charge the order no longer takes (canceled meanwhile, or the
// balance paid by a concurrent request) is recorded as owed back.
// Canceling writes OrderCanceled alone. What follows an event is not the request's to do: the flows of
// process-managers/ give a canceled order's slot back and refund what is owed, from the log, retried
// until done. Approve and complete are single commands on the order, run by routes/order-routes.ts.

/** How far ahead a timed service can be booked: the slot must end within this many years. */
export const BOOKING_HORIZON_YEARS = 10;

/** Whether the booked slot would not end within the horizon (or starts at no real time at all). */
function beyondHorizon(start: string, durationMinutes: number, now: string): boolean {
  const horizon = new Date(now);
  horizon.setUTCFullYear(horizon.getUTCFullYear() + BOOKING_HORIZON_YEARS);
  const endMs = Date.parse(start) + durationMinutes * 60_000;
  return !(endMs <= horizon.getTime());
}

/** What placing an order came to; the route says it in HTTP. Refusals of the deciders are thrown as Refusal. */
export type PlaceOrderResult =
  | { result: 'placed'; orderId: string; outcome: CommandOutcome<unknown> }
  | { result: 'no-such-product' }
  | { result: 'start-beyond-horizon'; years: number };

/** What a payment came to as recorded: paid, or declined by the card's issuer (the order stays new). */
export type PayOrderResult =
  | { result: 'paid'; orderId: string; outcome: CommandOutcome<unknown> }
  | { result: 'declined'; orderId: string; reason: string; outcome: CommandOutcome<unknown> };

/** An accepted charge to ask the decider with before charging: it decides on the order, not on the card. */
const standInCharge = { status: 'accepted' as const, paymentId: 'preview', cardLast4: '0000' };

export function orderWorkflow(deps: CommandDeps) {
  const orders = deps.aggregate(orderDecider, orderStream);
  const calendars = deps.aggregate(calendarDecider, calendarStream);
  const products = deps.aggregate(productDecider, productStream);

  async function holdsSlot(vendorId: string, orderId: string): Promise<boolean> {
    return holdsReservation((await calendars.load(vendorId)).state, orderId);
  }

  async function placeOrder(context: RequestContext, body: { productId: string; start?: string; notes?: string; eventDetails?: EventDetailsInput }): Promise<PlaceOrderResult> {
    const product = orderedProductOf((await products.load(body.productId)).state);
    if (!product) return { result: 'no-such-product' };
    // A contract package is bought through a quote or a contract, not ordered directly (docs/quotes.md).
    refuseDirectContractOrder(product, context.actor);
    if (product.type === 'timedService' && body.start && beyondHorizon(body.start, product.serviceDuration ?? 0, context.at)) {
      return { result: 'start-beyond-horizon', years: BOOKING_HORIZON_YEARS };
    }
    const orderId = context.newId();
    const command = {
      type: 'PlaceOrder' as const, orderId, customerId: context.actor.userId!,
      product, ...(body.start ? { start: body.start } : {}), ...(body.notes ? { notes: body.notes } : {}),
      ...(body.eventDetails ? { eventDetails: body.eventDetails } : {}),
    };
    // Decide once on the empty order first: a refused order must not touch the calendar.
    const [placed] = orders.preview(context, command, null);
    const slot = placed?.type === 'OrderPlaced' ? orderSlot({ orderId, vendorId: product.vendorId, start: placed.data.start, end: placed.data.end }) : null;
    let reservationId: string | null = null;
    if (slot) {
      // The event's city decides candle lighting and havdalah for an artist who keeps Shabbat (docs/jewish-calendar.md).
      const city = body.eventDetails?.city;
      const reserve = () => calendars.execute(context, slot.vendorId, { type: 'ReserveSlot', ...slot, ...(city ? { city } : {}) });
      let reserved = await reserve().catch(async (error: unknown) => {
        // Taken by a reservation that holds it for nothing (its order canceled, or never placed by a
        // crashed run), or by one the slot-release flow has given back since: free it and try again.
        if (!(error instanceof Refusal && error.code === 'calendar.slot-taken')) throw error;
        if (!(await releaseStaleReservations(deps, context, slot.vendorId, slot))) throw error;
        return reserve();
      });
      // A keyed retry finds the reservation of the run before it; when that run gave the slot back (its
      // order could not be placed), the slot is reserved again (as the request's next calendar command).
      while (reserved.earlier && !(await holdsSlot(slot.vendorId, orderId))) reserved = await reserve();
      reservationId = reserved.events[0]?.id ?? null;
    }
    try {
      const outcome = await orders.execute(context, orderId, command, reservationId ?? undefined);
      return { result: 'placed', orderId, outcome };
    } catch (error) {
      // An append can fail after it was written (a store that lost the connection on the answer): an
      // order that exists holds its slot, so it is not released. A keyed retry then finds the order.
      if (slot && (await orders.load(orderId).catch(() => null))?.state === null) {
        // With random ids: a retry of this request must not take the release for its own reservation.
        await calendars.execute(withRandomIds(context), slot.vendorId, {
          type: 'ReleaseSlot', orderId, vendorId: slot.vendorId, reason: 'The order could not be placed.',
        }).catch((releaseError) => deps.logger.error(releaseError, `slot of order ${orderId} could not be released`));
      }
      throw error;
    }
  }

  /** The payment as recorded: OrderPaid, or OrderPaymentDeclined with the issuer's reason. */
  function paymentAnswer(orderId: string, outcome: CommandOutcome<unknown>): PayOrderResult {
    const declined = outcome.events.find((event) => event.type === 'OrderPaymentDeclined');
    if (declined) return { result: 'declined', orderId, reason: (declined.data as { reason: string }).reason, outcome };
    return { result: 'paid', orderId, outcome };
  }

  /**
   * Records a charge with `record`; when the order refuses it (it changed while the card was charged:
   * paid by a concurrent request, or canceled), the charge is recorded as owed back (nothing, if it is
   * the order's own payment) and the refunds flow returns it.
   */
  async function recordCharge(context: RequestContext, orderId: string, charge: ChargeResult, charged: Money, record: () => Promise<CommandOutcome<unknown>>): Promise<PayOrderResult> {
    try {
      return paymentAnswer(orderId, await record());
    } catch (error) {
      if (charge.status === 'accepted' && error instanceof Refusal) {
        await orders.execute(asSystem(context), orderId, {
          type: 'ReturnPayment', orderId, paymentId: charge.paymentId, amount: charged, cardLast4: charge.cardLast4, reason: error.reason,
        }).catch((recordError) => deps.logger.error(recordError, `charge ${charge.paymentId} the order ${orderId} did not take could not be recorded as owed back`));
      }
      throw error;
    }
  }

  /** The first payment: the deposit (or the whole price), in `instalments` (absent: one). */
  async function payOrder(context: RequestContext, orderId: string, cardNumber: string, instalments?: number): Promise<PayOrderResult> {
    // A keyed retry of a payment whose first run recorded the result but crashed before answering:
    // the order is paid now, so checking again would refuse it; answer what was recorded instead.
    const earlier = await orders.earlierRun(context, orderId);
    if (earlier) return paymentAnswer(orderId, earlier);
    const { state, revision } = await orders.load(orderId);
    // Refuse before charging anyone when this actor may not pay this order now (nor in these instalments).
    if (state === null) throw new Refusal('not_found', 'order.not-found', 'There is no such order.');
    if (!mayPay(state, context.actor)) refuseTransition('PayOrder', state, context.actor);
    const asked = instalments === undefined ? {} : { instalments };
    orders.preview(context, { type: 'PayOrder', orderId, payment: standInCharge, ...asked }, state);
    const amount = firstPaymentAmount(state);
    const charge = await deps.paymentGateway.charge({ orderId, amount, cardNumber, idempotencyKey: `${orders.stream(orderId)}:pay:${revision}`, ...asked });
    return recordCharge(context, orderId, charge, amount, () => orders.execute(context, orderId, { type: 'PayOrder', orderId, payment: charge, ...asked }));
  }

  /** The balance after a deposit: what is due, in `instalments` (absent: one). */
  async function payBalance(context: RequestContext, orderId: string, cardNumber: string, instalments?: number): Promise<PayOrderResult> {
    const earlier = await orders.earlierRun(context, orderId);
    if (earlier) return paymentAnswer(orderId, earlier);
    const { state, revision } = await orders.load(orderId);
    if (state === null) throw new Refusal('not_found', 'order.not-found', 'There is no such order.');
    const asked = instalments === undefined ? {} : { instalments };
    // The decider's own refusals (not the customer, nothing due, canceled, too many instalments) before any charge.
    orders.preview(context, { type: 'PayBalance', orderId, payment: standInCharge, ...asked }, state);
    const amount = balanceDue(state);
    const charge = await deps.paymentGateway.charge({ orderId, amount, cardNumber, idempotencyKey: `${orders.stream(orderId)}:balance:${revision}`, ...asked });
    return recordCharge(context, orderId, charge, amount, () => orders.execute(context, orderId, { type: 'PayBalance', orderId, payment: charge, ...asked }));
  }

  async function cancelOrder(context: RequestContext, orderId: string, reason: string) {
    return orders.execute(context, orderId, { type: 'CancelOrder', orderId, reason });
  }

  return { placeOrder, payOrder, payBalance, cancelOrder };
}
