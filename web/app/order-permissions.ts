import { mayApprove, mayCancel, mayComplete, mayEditReview, mayPay, mayReview } from '../../domain/order/may.ts';
import type { Order } from '../api/view-models.ts';
import { actorOf, type SignedInUser } from './current-actor.ts';

// Which order buttons a person sees: the same predicates the order decider enforces
// (domain/order/may.ts), asked about the signed-in user, so the page never offers what the API refuses.
export interface OrderPermissions {
  pay: boolean;
  approve: boolean;
  complete: boolean;
  cancel: boolean;
  review: boolean;
  editReview: boolean;
}

export function orderPermissions(order: Pick<Order, 'status' | 'customerId' | 'vendorId' | 'review'>, user: SignedInUser | null): OrderPermissions {
  const actor = actorOf(user);
  const facts = { status: order.status, customerId: order.customerId, vendorId: order.vendorId };
  const review = order.review ? 'posted' : 'none';
  return {
    pay: mayPay(facts, actor),
    approve: mayApprove(facts, actor),
    complete: mayComplete(facts, actor),
    cancel: mayCancel(facts, actor),
    review: mayReview(facts, actor, review),
    editReview: mayEditReview(facts, actor, review),
  };
}
