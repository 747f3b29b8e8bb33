import { isAdmin, type Actor } from '../domain/shared/actor.ts';
import { problems } from '../infra/http/problem.ts';
import { guardRoute } from '../infra/http/route-guard.ts';
import type { RouteSpec } from '../infra/http/route-spec.ts';

/** The route guard of SPEC §6 for a command (infra/http/route-guard.ts). */
export const guard = (auth: RouteSpec['auth'], actor: Actor): void => guardRoute(auth, actor, 'do');

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
