import { z } from 'zod';

// Who issues a command. Roles of SPEC §1; `system` is the product itself (seed, reactors).
export const Role = z.enum(['guest', 'user', 'vendor', 'admin', 'operator', 'superAdmin', 'system']);
export type Role = z.infer<typeof Role>;

export const Actor = z.object({
  userId: z.string().nullable(),
  /** Every role the actor holds; `user` for any signed-in person. */
  roles: z.array(Role),
  /** Groups such as `superUsers` (SPEC §6). */
  groups: z.array(z.string()).default([]),
  /** The vendor profile this user owns, if any. */
  vendorId: z.string().nullable().default(null),
});
export type Actor = z.infer<typeof Actor>;

export const systemActor: Actor = { userId: null, roles: ['system'], groups: [], vendorId: null };

export { isAdmin, isOperator, isSuperUser, ownsVendor } from './actor-checks.ts';
