import * as z from 'zod/mini';
import type { UserLocale } from '../domain/user/commands.ts';

// An HTTP answer shape, not a domain one, served by the command API and read by the web: it lives in
// contracts/, which neither service owns, so neither imports the other. zod/mini and type-only imports,
// since this is in the browser bundle.

/** GET /api/user/current: the SPEC §3 profile of the signed-in user (command-api/user-account.ts profileOf). */
export const UserProfileAnswer = z.object({
  uuid: z.string(),
  email: z.string(),
  fullName: z.string(),
  phone: z.optional(z.string()),
  // The values of UserLocale, listed here so the browser bundle does not load the user commands module.
  locale: z.enum(['he-IL', 'en-US'] as const satisfies readonly UserLocale[]),
  Vendor: z.optional(z.object({ id: z.string() })),
  isAdmin: z.boolean(),
  isOperator: z.boolean(),
  roles: z.array(z.string()),
  groups: z.array(z.string()),
});
