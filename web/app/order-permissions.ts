import type { Actor } from '../../domain/shared/actor.ts';
import { mayApprove, mayCancel, mayComplete, mayEditReview, mayPay, mayReview } from '../../domain/order/may.ts';
import type { CurrentUser, Order } from '../api/view-models.ts';

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

/** The signed-in user as the domain's actor (a guest: no user id, so no part in any order). */
export function actorOf(user: Pick<CurrentUser, 'id' | 'vendorId' | 'isAdmin' | 'groups'> | null): Actor {
  if (!user) return { userId: null, roles: ['guest'], groups: [], vendorId: null };
  const roles: Actor['roles'] = ['user'];
  if (user.vendorId) roles.push('vendor');
  if (user.isAdmin) roles.push('admin');
  return { userId: user.id, roles, groups: user.groups, vendorId: user.vendorId };
}

export function orderPermissions(order: Pick<Order, 'status' | 'customerId' | 'vendorId' | 'review'>, user: Parameters<typeof actorOf>[0]): OrderPermissions {
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
