import { partiesOf, type Actor } from '../shared/actor.ts';
import type { OrderStatus } from './events.ts';
import type { OrderParty, OrderTransitionCommand } from './lifecycle.ts';
import { orderLifecycle } from './lifecycle.ts';

// What an actor may do to an order now, as yes/no questions over the DESIGN §5 table
// (`orderLifecycle`). The order decider asks `actingParty` before deciding, so it refuses exactly
// what these deny; the command API asks `mayPay` before charging a card; the web shows a button only
// where these allow. The review decider's rule (the customer, once, after completion) is `mayReview`,
// checked against that decider by may.test.ts.

/** The facts of an order the rules depend on: its status and its two parties. */
export interface OrderFacts {
  status: OrderStatus;
  customerId: string;
  vendorId: string;
}

/** The part the actor acts as when issuing `command` on the order now, or null when they may not. */
export function actingParty(command: OrderTransitionCommand, order: OrderFacts | null, actor: Actor): OrderParty | null {
  if (order === null) return null;
  const allowed = orderLifecycle[command].from[order.status];
  if (allowed === undefined) return null;
  return partiesOf(actor, order).find((party) => allowed.includes(party)) ?? null;
}

/** Pay: the order's customer, while it is new. */
export const mayPay = (order: OrderFacts | null, actor: Actor): boolean => actingParty('PayOrder', order, actor) !== null;

/** Approve: the order's vendor or an admin, once it is paid. */
export const mayApprove = (order: OrderFacts | null, actor: Actor): boolean => actingParty('ApproveOrder', order, actor) !== null;

/** The times of an order's event: a timed order's slot end, and when the event starts (its details' date, else the slot start). */
export interface EventTimes {
  end?: string | undefined;
  eventAt?: string | undefined;
}

/**
 * From when the order may be completed: once its event is over — a timed order's slot end (the
 * performance is over), else the event's start (its details' date; nothing says when it ends). Null
 * when the order names no time (a fixed service bought without details): completable whenever.
 */
export const completableFrom = (order: EventTimes): string | null => order.end ?? order.eventAt ?? null;

/** Whether the order's event is over at `at` (ISO time); an order naming no time always is. */
export function eventOver(order: EventTimes, at: string): boolean {
  const from = completableFrom(order);
  return from === null || Date.parse(at) >= Date.parse(from);
}

/** Complete: the order's vendor or an admin, once it is approved and its event is over at `at` (ISO time). */
export const mayComplete = (order: (OrderFacts & EventTimes) | null, actor: Actor, at: string): boolean =>
  actingParty('CompleteOrder', order, actor) !== null && eventOver(order!, at);

/** Cancel: the customer while new or paid; the vendor or an admin until it is completed. */
export const mayCancel = (order: OrderFacts | null, actor: Actor): boolean => actingParty('CancelOrder', order, actor) !== null;

/** The statuses in which the customer may still change the event's details: until the vendor approves. */
export const eventDetailsEditableIn = ['new', 'payed'] as const satisfies readonly OrderStatus[];
export const eventDetailsEditable = (status: OrderStatus): boolean => (eventDetailsEditableIn as readonly OrderStatus[]).includes(status);

/** Change the event's details: the order's customer, until the vendor approves (new, payed). */
export const mayChangeEventDetails = (order: OrderFacts | null, actor: Actor): boolean =>
  order !== null && eventDetailsEditable(order.status) && partiesOf(actor, order).includes('customer');

/** Where the order's review stands: not written, up, or taken down by an admin (which uses it up). */
export type ReviewStanding = 'none' | 'posted' | 'removed';

const isCustomerOfCompleted = (order: OrderFacts | null, actor: Actor): boolean =>
  order !== null && order.status === 'completed' && partiesOf(actor, order).includes('customer');

/** Write a review: the order's customer, after it is completed, once. */
export const mayReview = (order: OrderFacts | null, actor: Actor, review: ReviewStanding = 'none'): boolean =>
  review === 'none' && isCustomerOfCompleted(order, actor);

/** Edit the review: its author (the order's customer) while it is up. */
export const mayEditReview = (order: OrderFacts | null, actor: Actor, review: ReviewStanding): boolean =>
  review === 'posted' && isCustomerOfCompleted(order, actor);
