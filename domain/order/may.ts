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

/** Complete: the order's vendor or an admin, once it is approved. */
export const mayComplete = (order: OrderFacts | null, actor: Actor): boolean => actingParty('CompleteOrder', order, actor) !== null;

/** Cancel: the customer while new or paid; the vendor or an admin until it is completed. */
export const mayCancel = (order: OrderFacts | null, actor: Actor): boolean => actingParty('CancelOrder', order, actor) !== null;

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
