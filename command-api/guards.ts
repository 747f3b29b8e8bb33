import { isStaff } from '../domain/acl/access.ts';
import { isAdmin, isSuperUser, type Actor } from '../domain/shared/actor.ts';
import { problems } from '../infra/http/problem.ts';
import type { RouteSpec } from '../infra/http/route-spec.ts';

// Route guards of SPEC §6, by the route's declared `auth`: 401 for a guest where a user is needed,
// 403 for a signed-in user without the right. An admin route is for the staff (admin, operator):
// which of them may use it the access rules decide next (infra/http/access-guard.ts). Finer rules
// (the order's own vendor, the customer) are the deciders' to refuse.
export function guard(auth: RouteSpec['auth'], actor: Actor): void {
  if (auth === 'public') return;
  if (actor.userId === null) throw problems.unauthorized();
  if (auth === 'user') return;
  if (auth === 'vendor' && !actor.vendorId && !isAdmin(actor)) throw problems.forbidden('Only a vendor may do this.');
  if (auth === 'admin' && !isStaff(actor)) throw problems.forbidden('Only an admin may do this.');
  if (auth === 'superUsers' && !isSuperUser(actor)) throw problems.forbidden('Only the superUsers group may do this.');
}

/**
 * The vendor a vendor route acts on: a vendor acts only on its own vendor id (403 for another one);
 * an admin names the vendor explicitly.
 */
export function targetVendorId(actor: Actor, requested: string | undefined): string {
  if (requested !== undefined && requested !== actor.vendorId) {
    if (isAdmin(actor)) return requested;
    throw problems.forbidden('A vendor acts only on its own vendor.');
  }
  if (actor.vendorId) return actor.vendorId;
  throw problems.forbidden('Only a vendor may do this; an admin names the vendorId.');
}
