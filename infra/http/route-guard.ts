import { isStaff } from '../../domain/acl/access.ts';
import { isAdmin, isSuperUser, type Actor } from '../../domain/shared/actor.ts';
import { problems } from './problem.ts';
import type { RouteSpec } from './route-spec.ts';

// The route-level guard of SPEC §6 by a route's declared `auth`, the same for both APIs: 401 for a guest
// where a user is needed, 403 for a signed-in user without the right. An admin route is for the staff
// (admin, operator): which of them may use it the access rules decide next (infra/http/access-guard.ts).
// Finer rules (the order's own vendor, the customer, one document) are the deciders' and the reads'.

/** What the caller was about to do, for the 403's sentence: a command does, a read reads. */
export type GuardedAction = 'do' | 'read';

export function guardRoute(auth: RouteSpec['auth'], actor: Actor, action: GuardedAction): void {
  if (auth === 'public') return;
  if (actor.userId === null) throw problems.unauthorized();
  if (auth === 'user') return;
  if (auth === 'vendor' && !actor.vendorId && !isAdmin(actor)) throw problems.forbidden(`Only a vendor may ${action} this.`);
  if (auth === 'admin' && !isStaff(actor)) throw problems.forbidden(`Only an admin may ${action} this.`);
  if (auth === 'superUsers' && !isSuperUser(actor)) throw problems.forbidden(`Only the superUsers group may ${action} this.`);
}
