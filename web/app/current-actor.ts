import type { Actor } from '../../domain/shared/actor.ts';
import { partiesOf, type Party } from '../../domain/shared/actor-rules.ts';
import type { CurrentUser } from '../api/view-models.ts';

// The signed-in user as the domain's actor: the pages ask the same checks the APIs enforce
// (domain/shared/actor-rules.ts), so they offer exactly what the APIs will accept.
export type SignedInUser = Pick<CurrentUser, 'uuid' | 'Vendor' | 'isAdmin' | 'isOperator' | 'groups'>;

/** A guest has no user id, so no part in anything. */
export function actorOf(user: SignedInUser | null): Actor {
  if (!user) return { userId: null, roles: ['guest'], groups: [], vendorId: null };
  const roles: Actor['roles'] = ['user'];
  const vendorId = user.Vendor?.id ?? null;
  if (vendorId) roles.push('vendor');
  if (user.isAdmin) roles.push('admin');
  if (user.isOperator) roles.push('operator');
  return { userId: user.uuid, roles, groups: user.groups, vendorId };
}

/**
 * The side the user speaks for in an engagement between a customer and a vendor (a contract, a
 * conversation): the customer's before the vendor's; null for an admin reading someone else's.
 */
export const sideOf = (engagement: { customerId: string; vendorId: string }, user: SignedInUser | null): Exclude<Party, 'admin'> | null =>
  partiesOf(actorOf(user), engagement).find((party) => party !== 'admin') ?? null;
