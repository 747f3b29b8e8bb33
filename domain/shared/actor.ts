import * as z from 'zod/mini';
import { ROLES } from './actor-rules.ts';

// Who issues a command, and what an actor may be. zod/mini (its functions tree-shake) rather than
// classic zod, so the schemas stay light wherever they are bundled; command and event schemas in classic
// zod take these schemas as they are (both build on zod's core). The roles and the checks are in
// actor-rules.ts, without zod, for the browser, and are re-exported here.

export { isAdmin, isOperator, isSuperUser, ownsVendor, partiesOf, systemActor, type Party } from './actor-rules.ts';

export const Role = z.enum(ROLES);
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
