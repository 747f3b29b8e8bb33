import * as z from 'zod/mini';

// Who issues a command, and what an actor may be. zod/mini (its functions tree-shake) rather than
// classic zod: the browser's order buttons ask the checks below through domain/order/lifecycle.ts,
// and classic zod would weigh on the storefront's first load. Command and event schemas in classic
// zod take these schemas as they are (both build on zod's core).

// Roles of SPEC §1; `system` is the product itself (seed, reactors).
export const Role = z.enum(['guest', 'user', 'vendor', 'admin', 'operator', 'superAdmin', 'system']);
export type Role = z.infer<typeof Role>;

export const Actor = z.object({
  userId: z.nullable(z.string()),
  /** Every role the actor holds; `user` for any signed-in person. */
  roles: z.array(Role),
  /** Groups such as `superUsers` (SPEC §6). */
  groups: z._default(z.array(z.string()), []),
  /** The vendor profile this user owns, if any. */
  vendorId: z._default(z.nullable(z.string()), null),
});
export type Actor = z.infer<typeof Actor>;

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
