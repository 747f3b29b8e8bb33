import { completableFrom, eventOver, mayApprove, mayCancel, mayComplete, mayEditReview, mayPay, mayReview } from '../../domain/order/may.ts';
import type { Order } from '../api/view-models.ts';
import { actorOf, type SignedInUser } from './current-actor.ts';
import { editableUntil } from '../../domain/review/limits.ts';

// Which order buttons a person sees: the same predicates the order decider enforces
// (domain/order/may.ts), asked about the signed-in user, so the page never offers what the API refuses.
export interface OrderPermissions {
  pay: boolean;
  approve: boolean;
  complete: boolean;
  cancel: boolean;
  review: boolean;
  editReview: boolean;
  /** While the order's event is not over: when this person may complete it (UTC ISO); else null. */
  completeAfter: string | null;
}

/** The times of the order's event as the order answer holds them (domain/order/may.ts): a timed order's slot end, the event's start. */
export const eventTimesOf = (order: Pick<Order, 'slot' | 'eventAt'>) => ({ end: order.slot?.end, eventAt: order.eventAt ?? undefined });

/**
 * `now` (epoch ms) is the root loader's server time (RootData.now): the server pass and hydration
 * offer the same buttons, and "complete" only once the order's event is over, as the decider checks.
 */
export function orderPermissions(order: Pick<Order, 'status' | 'customerId' | 'vendorId' | 'review' | 'slot' | 'eventAt'>, user: SignedInUser | null, now: number): OrderPermissions {
  const actor = actorOf(user);
  const facts = { status: order.status, customerId: order.customerId, vendorId: order.vendorId, ...eventTimesOf(order) };
  const at = new Date(now).toISOString();
  const from = completableFrom(facts);
  // A review an admin hid is used up; its customer edits a shown one within 14 days of writing it.
  const review = !order.review ? 'none' : order.review.hidden ? 'removed' : 'posted';
  const editWindowOpen = order.review ? Date.parse(editableUntil(order.review.at)) >= now : false;
  return {
    pay: mayPay(facts, actor),
    approve: mayApprove(facts, actor),
    complete: mayComplete(facts, actor, at),
    cancel: mayCancel(facts, actor),
    review: mayReview(facts, actor, review),
    editReview: mayEditReview(facts, actor, review) && editWindowOpen,
    completeAfter: from !== null && !eventOver(facts, at) && mayComplete(facts, actor, from) ? from : null,
  };
}
