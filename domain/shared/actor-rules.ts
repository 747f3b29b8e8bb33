import type { Actor } from './actor.ts';

// The roles and the checks of an actor (domain/shared/actor.ts holds their schemas), without zod: the
// storefront's pages ask these checks in the browser (web/app/current-actor.ts, web/app/guards.ts), and
// its first load carries no zod (docs/storefront.md).

// Roles of SPEC §1; `system` is the product itself (seed, reactors).
export const ROLES = ['guest', 'user', 'vendor', 'admin', 'operator', 'superAdmin', 'system'] as const;

export const systemActor: Actor = { userId: null, roles: ['system'], groups: [], vendorId: null };

export const isAdmin = (actor: Actor): boolean => actor.roles.includes('admin') || actor.roles.includes('superAdmin') || actor.roles.includes('system');
export const isOperator = (actor: Actor): boolean => actor.roles.includes('operator');
export const isSuperUser = (actor: Actor): boolean => actor.groups.includes('superUsers') || actor.roles.includes('system');
export const ownsVendor = (actor: Actor, vendorId: string): boolean => actor.vendorId !== null && actor.vendorId === vendorId;

/** The sides of an engagement between a customer and a vendor (an order, a contract, a conversation). */
export type Party = 'customer' | 'vendor' | 'admin';

/** The parts an actor plays in an engagement: its customer, someone acting for its vendor, an admin. None: no part in it. */
export function partiesOf(actor: Actor, engagement: { customerId: string; vendorId: string }): Party[] {
  const parties: Party[] = [];
  if (actor.userId !== null && actor.userId === engagement.customerId) parties.push('customer');
  if (ownsVendor(actor, engagement.vendorId)) parties.push('vendor');
  if (isAdmin(actor)) parties.push('admin');
  return parties;
}
