import { z } from 'zod';
import { event } from '../shared/event-schema.ts';
import { Id, IsoTime } from '../shared/ids.ts';

// Stream `user-<userId>`. E-mail uniqueness is held by a second stream, `useremail-<sha256(email)>`,
// appended with expected revision "no stream" (UserEmailClaimed) before the user is registered.
// Password hashes are scrypt (node:crypto) and never leave the command side: the audit API redacts them.
export const UserRegistered = event('UserRegistered', z.strictObject({
  userId: Id,
  email: z.email(),
  fullName: z.string().min(1).max(200),
  passwordHash: z.string(),
  phone: z.string().optional(),
  locale: z.enum(['he-IL', 'en-US']),
  /** sha256 of the activation token sent to the user. */
  activationTokenHash: z.string(),
  at: IsoTime,
}));
export const UserActivated = event('UserActivated', z.strictObject({ userId: Id, at: IsoTime }));
export const UserPasswordChanged = event('UserPasswordChanged', z.strictObject({ userId: Id, passwordHash: z.string(), at: IsoTime }));
/**
 * Someone asked for a password reset link for this account. Only the sha256 of the link's token is
 * kept; the link works once, until `expiresAt` (an hour after the request), and a newer request
 * replaces it.
 */
export const UserPasswordResetRequested = event('UserPasswordResetRequested', z.strictObject({
  userId: Id, tokenHash: z.string(), expiresAt: IsoTime, at: IsoTime,
}));
/** The password was replaced through a reset link (which is then used up). */
export const UserPasswordReset = event('UserPasswordReset', z.strictObject({ userId: Id, passwordHash: z.string(), at: IsoTime }));
export const UserRolesChanged = event('UserRolesChanged', z.strictObject({
  userId: Id, roles: z.array(z.enum(['admin', 'operator', 'superAdmin'])), groups: z.array(z.string()), at: IsoTime,
}));
export const UserVendorLinked = event('UserVendorLinked', z.strictObject({ userId: Id, vendorId: Id, at: IsoTime }));
/** The user no longer owns the vendor (an admin gave it to someone else). */
export const UserVendorUnlinked = event('UserVendorUnlinked', z.strictObject({ userId: Id, vendorId: Id, at: IsoTime }));
export const UserProfileUpdated = event('UserProfileUpdated', z.strictObject({
  userId: Id, fullName: z.string().min(1).max(200), phone: z.string().optional(), locale: z.enum(['he-IL', 'en-US']), at: IsoTime,
}));

export const UserEvent = z.discriminatedUnion('type', [UserRegistered, UserActivated, UserPasswordChanged, UserPasswordResetRequested, UserPasswordReset, UserRolesChanged, UserVendorLinked, UserVendorUnlinked, UserProfileUpdated]);
export type UserEvent = z.infer<typeof UserEvent>;

/** Stream `useremail-<sha256(lowercased email)>`. */
export const UserEmailClaimed = event('UserEmailClaimed', z.strictObject({ userId: Id, email: z.email() }));
export type UserEmailClaimed = z.infer<typeof UserEmailClaimed>;
