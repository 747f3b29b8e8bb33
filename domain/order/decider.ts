import type { Decider } from '../shared/decider.ts';
import type { Money } from '../shared/money.ts';
import { isAdmin, ownsVendor, partiesOf, type Actor } from '../shared/actor.ts';
import { refuse } from '../shared/refusal.ts';
import type { OrderEvent, OrderStatus } from './events.ts';
import type { ChangeOrderEventDetails, ExpireOrderHold, OrderCommand, PayBalance, PayOrder, PlaceOrder, RecordRefund, ReturnPayment } from './commands.ts';
import { balanceDue, cancellationRefund, firstPaymentAmount, firstPaymentPart, type OrderPayment } from './order-money.ts';
import { orderTermsOf, type OrderTerms } from './payment-terms.ts';
import { changedEventDetailFields, contactPhoneOf, type EventDetails, type HeldEventDetails, type PlacedEventDetailsInput } from './event-details.ts';
import type { OrderParty, OrderTransitionCommand } from './lifecycle.ts';
import { orderLifecycle } from './lifecycle.ts';
import { actingParty, eventDetailsEditable, type OrderFacts } from './may.ts';
import { streamOf } from '../shared/ids.ts';
import { completableFrom, eventOver } from './may.ts';

// The order aggregate (stream `order-<orderId>`): DESIGN §5, table in docs/order-lifecycle.md.
// A timed-service order also reserves its slot in `calendar-<vendorId>`; that is the command
// handler's second append, fed by `orderSlot`.

type OrderPlacedData = Extract<OrderEvent, { type: 'OrderPlaced' }>['data'];

export interface Order {
  orderId: string;
  customerId: string;
  vendorId: string;
  product: OrderPlacedData['product'];
  total: Money;
  status: OrderStatus;
  /** Timed service only: the reserved slot [start, end), UTC ISO times. */
  start?: string;
  end?: string;
  /** The event the artist is booked for, when the customer gave its details (issue 22 item 1); from a quote, maybe without address and phone. */
  eventDetails?: HeldEventDetails;
  /** When the event starts (UTC ISO): the details' date, else a timed order's slot start; absent when unknown. */
  eventAt?: string;
  /** The money terms it was sold under (issue 26); absent on orders placed before them (paid and refunded in full). */
  terms?: OrderTerms;
  /** A timed order placed by a customer holds its slot unpaid until then (UTC ISO). */
  holdUntil?: string;
  /** Set once paid: the first payment (the deposit, or the whole price). */
  payment?: { paymentId: string; amount: Money };
  /** Every payment the order took, in order: the first, then the balance. */
  payments: OrderPayment[];
  /** Payments owed back to the card, by payment id, with the gateway's refund once it is made. */
  refunds?: Record<string, { amount: Money; refundId: string | null }>;
}

/** No events yet: the order does not exist. */
export type OrderState = Order | null;

type OrderTransition = Extract<OrderCommand, { type: OrderTransitionCommand }>;

/** How long a timed slot is held for a customer who has not paid yet (issue 26 item 4). */
export const SLOT_HOLD_MINUTES = 15;

/** 10000-01-01T00:00:00Z: the first instant whose ISO string needs a six-digit year. */
const LAST_REPRESENTABLE_MS = Date.UTC(10000, 0, 1);

/** The stream of one order (`order-<orderId>`). */
export const orderStream = streamOf('order');

export const orderDecider: Decider<OrderState, OrderCommand, OrderEvent> = {
  initialState: null,

  evolve(state, event) {
    if (event.type === 'OrderPlaced') {
      const { orderId, customerId, vendorId, product, total, start, end, eventDetails, terms, holdUntil } = event.data;
      const eventAt = eventDetails?.date ?? start;
      return {
        orderId, customerId, vendorId, product, total, status: 'new', ...(start ? { start, end } : {}),
        ...(eventDetails ? { eventDetails } : {}), ...(eventAt ? { eventAt } : {}),
        ...(terms ? { terms } : {}), ...(holdUntil ? { holdUntil } : {}), payments: [],
      };
    }
    if (state === null) return state;
    switch (event.type) {
      case 'OrderPaymentDeclined':
        return state;
      case 'OrderEventDetailsChanged':
        return { ...state, eventDetails: event.data.eventDetails, eventAt: event.data.eventDetails.date };
      // Each transition lands on the status the lifecycle table names for its command.
      case 'OrderPaid': {
        const { paymentId, amount, part, instalments, at } = event.data;
        const payments = [...state.payments, { paymentId, amount, part: part ?? 'full', instalments: instalments ?? 1, at }];
        return { ...state, status: orderLifecycle.PayOrder.to, payment: { paymentId, amount }, payments };
      }
      case 'OrderBalancePaid': {
        const { paymentId, amount, instalments, at } = event.data;
        return { ...state, payments: [...state.payments, { paymentId, amount, part: 'balance', instalments, at }] };
      }
      case 'OrderApproved':
        return { ...state, status: orderLifecycle.ApproveOrder.to };
      case 'OrderCompleted':
        return { ...state, status: orderLifecycle.CompleteOrder.to };
      case 'OrderCanceled': {
        const owed = [...(event.data.refund ? [event.data.refund] : []), ...(event.data.refunds ?? [])];
        let refunds = state.refunds;
        for (const { paymentId, amount } of owed) refunds = { ...refunds, [paymentId]: { amount, refundId: null } };
        return { ...state, status: orderLifecycle.CancelOrder.to, ...(refunds ? { refunds } : {}) };
      }
      case 'OrderPaymentReturned':
        return { ...state, refunds: { ...state.refunds, [event.data.paymentId]: { amount: event.data.amount, refundId: null } } };
      case 'OrderRefunded': {
        const owed = state.refunds?.[event.data.paymentId] ?? { amount: event.data.amount, refundId: null };
        return { ...state, refunds: { ...state.refunds, [event.data.paymentId]: { ...owed, refundId: event.data.refundId } } };
      }
    }
  },

  decide(command, state) {
    if (command.type === 'PlaceOrder') return placeOrder(command, state);
    if (state === null) return refuse('not_found', 'order.not-found', 'There is no such order.');
    if (command.type === 'ReturnPayment' || command.type === 'RecordRefund') return moneyOwedBack(command, state);
    if (command.type === 'ChangeOrderEventDetails') return changeEventDetails(command, state);
    if (command.type === 'PayBalance') return payBalance(command, state);
    if (command.type === 'ExpireOrderHold') return expireHold(command, state);
    const party = authorize(command, state);
    const { orderId } = state;
    const by = command.actor.userId;
    switch (command.type) {
      case 'PayOrder':
        return payFirst(command, state);
      case 'ApproveOrder':
        return [{ type: 'OrderApproved', data: { orderId, by, at: command.at } }];
      case 'CompleteOrder':
        // A vendor completes what took place: not before the event is over (issue 22 item 3).
        if (!eventOver(state, command.at)) {
          return refuse('conflict', 'order.event-not-over', `This order's event is not over yet, so it cannot be completed before ${completableFrom(state)}.`);
        }
        return [{ type: 'OrderCompleted', data: { orderId, by, at: command.at } }];
      case 'CancelOrder': {
        const reason = command.reason.trim();
        if (reason === '') return refuse('invalid', 'order.reason-required', 'Please say why the order is canceled.');
        const byRole = party === 'admin' && command.actor.roles.includes('system') ? 'system' : party;
        return [canceled(state, { reason, by, byRole, at: command.at })];
      }
    }
  },
};

/** OrderCanceled with what the cancel refunds, by the order's policy and who cancels (order-money.ts). */
function canceled(order: Order, fields: { reason: string; by: string | null; byRole: 'customer' | 'vendor' | 'admin' | 'system'; at: string }): OrderEvent {
  const { percent, refunds } = cancellationRefund(order, fields.byRole, fields.at);
  const paidAnything = order.payments.length > 0;
  return {
    type: 'OrderCanceled',
    data: { orderId: order.orderId, ...fields, ...(paidAnything ? { refunds, refundPercent: percent } : {}) },
  };
}

/** The instalments asked for, within the order's most (an order without terms takes one). */
function instalmentsWithin(order: Order, asked: number | undefined): number {
  const instalments = asked ?? 1;
  const most = order.terms?.maxInstalments ?? 1;
  if (instalments > most) {
    return refuse('invalid', 'order.too-many-instalments', most === 1
      ? 'This order is paid in one payment; the vendor does not offer instalments for it.'
      : `The vendor allows at most ${most} instalments for this order.`);
  }
  return instalments;
}

/** The first payment: the deposit, or the whole price. Refused once the slot's hold ran out. */
function payFirst(command: PayOrder, order: Order): OrderEvent[] {
  const { orderId } = order;
  if (holdExpired(order, command.at)) {
    return refuse('conflict', 'order.hold-expired', `The ${SLOT_HOLD_MINUTES} minutes this time was held for you ran out before payment; please book the time again.`);
  }
  const instalments = instalmentsWithin(order, command.instalments);
  const { payment } = command;
  if (payment.status === 'declined') {
    return [{ type: 'OrderPaymentDeclined', data: { orderId, reason: payment.reason, cardLast4: payment.cardLast4, at: command.at } }];
  }
  const part = firstPaymentPart(order);
  return [{
    type: 'OrderPaid',
    data: {
      orderId, paymentId: payment.paymentId, amount: firstPaymentAmount(order), cardLast4: payment.cardLast4,
      ...(part === 'deposit' ? { part } : {}), ...(instalments > 1 ? { instalments } : {}), at: command.at,
    },
  }];
}

/** The statuses in which a balance may be paid: once the deposit is in, while the order stands. */
export const balancePayableIn = ['payed', 'approved', 'completed'] as const satisfies readonly OrderStatus[];

/** The balance: the order's customer, after the deposit, while the order is not canceled and something is due. */
function payBalance(command: PayBalance, order: Order): OrderEvent[] {
  const parties = partiesOf(command.actor, order);
  if (parties.length === 0) return refuse('forbidden', 'order.forbidden', "Only the order's customer, its vendor or an admin can act on this order.");
  if (!parties.includes('customer')) return refuse('forbidden', 'order.forbidden', 'Only the customer who placed this order can pay its balance.');
  if (order.status === 'new') return refuse('conflict', 'order.deposit-first', 'The first payment of this order is not made yet; please pay it first.');
  if (order.status === 'canceled') return refuse('conflict', 'order.illegal-transition', 'This order was canceled, so nothing more can be paid on it.');
  const due = balanceDue(order);
  if (due.amountMinor === 0) return refuse('conflict', 'order.nothing-due', 'This order is paid in full; nothing is due.');
  const instalments = instalmentsWithin(order, command.instalments);
  const { payment } = command;
  const { orderId } = order;
  if (payment.status === 'declined') {
    return [{ type: 'OrderPaymentDeclined', data: { orderId, reason: payment.reason, cardLast4: payment.cardLast4, part: 'balance', at: command.at } }];
  }
  return [{ type: 'OrderBalancePaid', data: { orderId, paymentId: payment.paymentId, amount: due, cardLast4: payment.cardLast4, instalments, at: command.at } }];
}

/** Whether an unpaid order's slot hold has run out at `at`. */
export const holdExpired = (order: { status: OrderStatus; holdUntil?: string | undefined }, at: string): boolean =>
  order.status === 'new' && order.holdUntil !== undefined && Date.parse(at) >= Date.parse(order.holdUntil);

/**
 * The system cancels an order whose hold ran out unpaid; the slot-release flow frees the slot. Before
 * the hold runs out, or once the order is paid or canceled, it decides nothing, so a sweep redone (or
 * two sweepers) cancels once.
 */
function expireHold(command: ExpireOrderHold, order: Order): OrderEvent[] {
  if (!command.actor.roles.includes('system')) return refuse('forbidden', 'order.forbidden', 'Only the system lets a held slot go.');
  if (!holdExpired(order, command.at)) return [];
  return [canceled(order, {
    reason: `Not paid within the ${SLOT_HOLD_MINUTES} minutes the time was held, so the time was freed.`, by: null, byRole: 'system', at: command.at,
  })];
}

/**
 * The system's bookkeeping of money owed back to a card: a charge the order did not take, and the
 * gateway's refund of what is owed. Both are idempotent (a retried step decides nothing new), whatever
 * the order's status, since money owed back is owed whatever happens to the order.
 */
function moneyOwedBack(command: ReturnPayment | RecordRefund, order: Order): OrderEvent[] {
  if (!command.actor.roles.includes('system')) return refuse('forbidden', 'order.forbidden', 'Only the system records payments owed back and their refunds.');
  const { orderId } = order;
  const owed = order.refunds?.[command.paymentId];
  if (command.type === 'ReturnPayment') {
    if (order.payments.some((payment) => payment.paymentId === command.paymentId) || owed) return [];
    return [{ type: 'OrderPaymentReturned', data: { orderId, paymentId: command.paymentId, amount: command.amount, cardLast4: command.cardLast4, reason: command.reason.trim(), at: command.at } }];
  }
  if (!owed) return refuse('conflict', 'order.refund-not-owed', 'This order owes no refund of that payment.');
  if (owed.refundId !== null) return [];
  return [{ type: 'OrderRefunded', data: { orderId, paymentId: command.paymentId, refundId: command.refundId, amount: owed.amount, at: command.at } }];
}

function placeOrder(command: PlaceOrder, state: OrderState): OrderEvent[] {
  const { actor, product } = command;
  if (state !== null) return refuse('conflict', 'order.already-placed', 'This order has already been placed.');
  // The system (demo seed) may place an order for a customer; a person only for themselves.
  if (!actor.roles.includes('system')) {
    if (actor.userId === null) return refuse('forbidden', 'order.forbidden', 'Please sign in to place an order.');
    if (actor.userId !== command.customerId) return refuse('forbidden', 'order.forbidden', 'You can only place orders for yourself.');
  }
  if (ownsVendor(actor, product.vendorId)) {
    return refuse('forbidden', 'order.own-vendor', 'You cannot order from your own vendor profile.');
  }
  let slot: { start: string; end: string } | undefined;
  let eventDetails: HeldEventDetails | undefined;
  if (product.type === 'timedService') {
    if (command.start === undefined) return refuse('invalid', 'order.start-required', 'Please choose a start time for this service.');
    if (!product.serviceDuration || product.serviceDuration <= 0) {
      return refuse('invalid', 'order.invalid-duration', 'This service has no duration, so it cannot be booked for a time slot.');
    }
    const startMs = Date.parse(command.start);
    if (Number.isNaN(startMs)) return refuse('invalid', 'order.start-invalid', 'The start time is not a valid date and time.');
    const endMs = startMs + product.serviceDuration * 60_000;
    // Past year 9999 a time has no ISO 8601 form the events could hold (and past ±8.64e15 ms no Date).
    if (!(endMs < LAST_REPRESENTABLE_MS)) return refuse('invalid', 'order.start-out-of-range', 'The start time is too far in the future.');
    // A customer books what is still to come; an admin (or the system) may record an event that took place.
    if (startMs < Date.parse(command.at) && !isAdmin(actor)) return refuse('invalid', 'order.start-in-past', 'This time has already passed; please choose a time in the future.');
    slot = { start: new Date(startMs).toISOString(), end: new Date(endMs).toISOString() };
  } else if (command.start !== undefined) {
    // Silently dropping a time the customer chose would mislead them into thinking it was booked.
    return refuse('invalid', 'order.start-not-allowed', 'Only a timed service is booked for a start time; please remove the start time.');
  }
  if (command.eventDetails) eventDetails = settledEventDetails(command.eventDetails, slot?.start, command);
  // A customer's timed slot is held while they pay; the system's orders (quotes, the seed) are not.
  const holdUntil = slot && !actor.roles.includes('system') ? new Date(Date.parse(command.at) + SLOT_HOLD_MINUTES * 60_000).toISOString() : undefined;
  return [{
    type: 'OrderPlaced',
    data: {
      orderId: command.orderId,
      customerId: command.customerId,
      vendorId: product.vendorId,
      product,
      total: product.price,
      ...(slot ?? {}),
      ...(command.notes ? { notes: command.notes } : {}),
      ...(eventDetails ? { eventDetails } : {}),
      terms: orderTermsOf(product.paymentTerms, product.price),
      ...(holdUntil ? { holdUntil } : {}),
      placedAt: command.at,
    },
  }];
}

/**
 * The details an order holds, from what a command brings: a timed order's event starts at its slot (a
 * date given must be that start); any other order's at the date the customer gives, still to come
 * (an admin, or the system, may record an event that took place).
 */
function settledEventDetails(input: PlacedEventDetailsInput, slotStart: string | undefined, command: { actor: Actor; at: string }): HeldEventDetails {
  const { eventType, date, city, address, guests } = input;
  // The phone as typed (050-123-4567, +972 50…) is held in E.164, the form every reader knows.
  const contactPhone = input.contactPhone === undefined ? undefined : contactPhoneOf(input.contactPhone);
  if (contactPhone === null) return refuse('invalid', 'order.contact-phone-invalid', 'Please give a phone number to call about the event: a local one (050-123-4567, 02-123-4567) or one with its country prefix.');
  // Only the system, placing the order of an accepted quote, leaves out what the quote request does not ask.
  if ((address === undefined || contactPhone === undefined) && !command.actor.roles.includes('system')) return refuseIncomplete();
  const settled = (at: string): HeldEventDetails => ({
    eventType, date: at, city, ...(address === undefined ? {} : { address }), guests, ...(contactPhone === undefined ? {} : { contactPhone }),
  });
  if (slotStart !== undefined) {
    if (date !== undefined && Date.parse(date) !== Date.parse(slotStart)) {
      return refuse('invalid', 'order.event-date-fixed', 'This service is booked for a time slot, so the event starts at the booked time; to move it, cancel the order and book another time.');
    }
    return settled(slotStart);
  }
  if (date === undefined) return refuse('invalid', 'order.event-date-required', 'Please give the date and time of the event.');
  const dateMs = Date.parse(date);
  if (Number.isNaN(dateMs) || !(dateMs < LAST_REPRESENTABLE_MS)) return refuse('invalid', 'order.event-date-invalid', 'The date of the event is not a valid date and time.');
  if (dateMs < Date.parse(command.at) && !isAdmin(command.actor)) return refuse('invalid', 'order.event-date-in-past', 'This date has already passed; please give the date of an event still to come.');
  return settled(new Date(dateMs).toISOString());
}

/**
 * The customer changes the event's details until the vendor approves the order. Checks: no part in the
 * order 403; a part other than the customer (the vendor, an admin) 403 in any status, since the details
 * are only ever the customer's to change; a status past approval 409 with the reason; then the details
 * themselves (422). The same details again decide nothing.
 */
function changeEventDetails(command: ChangeOrderEventDetails, order: Order): OrderEvent[] {
  const parties = partiesOf(command.actor, order);
  if (parties.length === 0) return refuse('forbidden', 'order.forbidden', "Only the order's customer, its vendor or an admin can act on this order.");
  if (!parties.includes('customer')) return refuse('forbidden', 'order.forbidden', 'Only the customer who placed this order can change its event details.');
  if (!eventDetailsEditable(order.status)) return refuse('conflict', 'order.event-details-locked', eventDetailsLockedReason(order.status));
  // A change gives the whole details: it is how the customer completes those of an order placed from a quote.
  const eventDetails = wholeEventDetails(settledEventDetails(command.eventDetails, order.start, command));
  if (order.eventDetails && changedEventDetailFields(order.eventDetails, eventDetails).length === 0) return [];
  return [{ type: 'OrderEventDetailsChanged', data: { orderId: order.orderId, eventDetails, by: command.actor.userId, at: command.at } }];
}

const refuseIncomplete = (): never =>
  refuse('invalid', 'order.event-details-incomplete', 'Please give the address of the event and a phone number to call about it.');

/** Details with every field, as a change must give them. */
function wholeEventDetails(details: HeldEventDetails): EventDetails {
  const { address, contactPhone } = details;
  if (address === undefined || contactPhone === undefined) return refuseIncomplete();
  return { ...details, address, contactPhone };
}

/** Why the event's details can no longer change in this status. */
export function eventDetailsLockedReason(status: OrderStatus): string {
  if (status === 'canceled') return 'This order was canceled, so its event details can no longer be changed.';
  if (status === 'completed') return 'This order is completed, so its event details can no longer be changed.';
  return 'The vendor has approved this order, so its event details can no longer be changed; please write to the vendor about any change.';
}

/**
 * Who may do what: the predicates of may.ts (`actingParty`). Returns the party the actor acts as, or
 * throws the refusal `refuseTransition` names.
 */
function authorize(command: OrderTransition, order: Order): OrderParty {
  return actingParty(command.type, order, command.actor) ?? refuseTransition(command.type, order, command.actor);
}

/**
 * Why the actor may not issue the command on the order now, in DESIGN §5 order of checks: someone
 * with no part in the order is forbidden (403); a command the status does not allow is a conflict
 * (409) whoever asks; a party the status allows only others to act as is forbidden (403).
 */
export function refuseTransition(command: OrderTransitionCommand, order: OrderFacts, actor: Actor): never {
  const parties = partiesOf(actor, order);
  if (parties.length === 0) {
    return refuse('forbidden', 'order.forbidden', "Only the order's customer, its vendor or an admin can act on this order.");
  }
  if (orderLifecycle[command].from[order.status] === undefined) return refuse('conflict', 'order.illegal-transition', illegalTransitionReason(order.status, command));
  return refuse('forbidden', 'order.forbidden', forbiddenReason(command, order.status));
}

const verbs: Record<OrderTransitionCommand, string> = {
  PayOrder: 'paid',
  ApproveOrder: 'approved',
  CompleteOrder: 'completed',
  CancelOrder: 'canceled',
};

/** A sentence a customer can read, saying why this status does not allow the command. */
export function illegalTransitionReason(status: OrderStatus, command: OrderTransitionCommand): string {
  if (status === 'canceled') return command === 'CancelOrder' ? 'This order is already canceled.' : `This order was canceled, so it can no longer be ${verbs[command]}.`;
  if (status === 'completed') return command === 'CompleteOrder' ? 'This order is already completed.' : `This order is completed, so it can no longer be ${verbs[command]}.`;
  if (command === 'PayOrder') return 'This order is already paid.';
  if (status === 'new') return `This order is not paid yet, so it cannot be ${verbs[command]}.`;
  if (status === 'payed' && command === 'CompleteOrder') return 'The vendor must approve this order before it can be completed.';
  if (status === 'approved' && command === 'ApproveOrder') return 'This order is already approved.';
  return `This order cannot be ${verbs[command]} now.`;
}

function forbiddenReason(command: OrderTransitionCommand, status: OrderStatus): string {
  switch (command) {
    case 'PayOrder':
      return 'Only the customer who placed this order can pay for it.';
    case 'ApproveOrder':
      return "Only the order's vendor or an admin can approve this order.";
    case 'CompleteOrder':
      return "Only the order's vendor or an admin can mark this order completed.";
    case 'CancelOrder':
      return status === 'approved'
        ? 'The vendor has approved this order, so only the vendor or an admin can cancel it now.'
        : "Only the order's customer, its vendor or an admin can cancel this order.";
  }
}

/** The calendar slot an order holds, if it is a timed service: the input of the calendar's ReserveSlot/ReleaseSlot. */
export function orderSlot(order: { orderId: string; vendorId: string; start?: string; end?: string } | null): { orderId: string; vendorId: string; start: string; end: string } | null {
  if (order === null || order.start === undefined || order.end === undefined) return null;
  return { orderId: order.orderId, vendorId: order.vendorId, start: order.start, end: order.end };
}

export { allowedOrderCommands, orderLifecycle } from './lifecycle.ts';
