import { z } from 'zod';
import { command } from '../shared/command-schema.ts';
import { Id, IsoTime } from '../shared/ids.ts';
import { OptionalPhoneNumber } from '../shared/phone-number.ts';

// Commands of the user aggregate (stream `user-<userId>`) and of the e-mail claim
// (stream `useremail-<sha256(lowercased email)>`). Passwords never reach the domain: the edge checks
// them with `goodPassword`/`requiredPassword` (shared/validation.ts) and passes the scrypt hash.
// Activation tokens likewise arrive as their sha256.

export const UserLocale = z.enum(['he-IL', 'en-US']);
export type UserLocale = z.infer<typeof UserLocale>;
/** Trimmed and lowercased, so one address has one claim stream. */
export const EmailAddress = z.string().trim().toLowerCase().pipe(z.email());
const FullName = z.string().trim().min(1).max(200);
const PasswordHash = z.string().min(1).max(1000);
const TokenHash = z.string().min(1).max(200);

export const RegisterUser = command('RegisterUser', {
  userId: Id,
  email: EmailAddress,
  fullName: FullName,
  passwordHash: PasswordHash,
  /** The phone (shared/phone-number.ts: SPEC §5's forms and the local ones), E.164; empty or null means none. */
  phone: OptionalPhoneNumber.optional(),
  locale: UserLocale,
  activationTokenHash: TokenHash,
});
export type RegisterUser = z.infer<typeof RegisterUser>;

export const ActivateUser = command('ActivateUser', {
  userId: Id,
  /** sha256 of the token from the activation link. */
  tokenHash: TokenHash,
});
export type ActivateUser = z.infer<typeof ActivateUser>;

export const ChangePassword = command('ChangePassword', { userId: Id, passwordHash: PasswordHash });
export type ChangePassword = z.infer<typeof ChangePassword>;

/** Anyone may ask (the answer never says whether the address has an account); the edge mails the token. */
export const RequestPasswordReset = command('RequestPasswordReset', {
  userId: Id,
  /** sha256 of the token in the reset link. */
  tokenHash: TokenHash,
  expiresAt: IsoTime,
});
export type RequestPasswordReset = z.infer<typeof RequestPasswordReset>;

/** The holder of a valid reset link sets a new password. */
export const ResetPassword = command('ResetPassword', { userId: Id, tokenHash: TokenHash, passwordHash: PasswordHash });
export type ResetPassword = z.infer<typeof ResetPassword>;

export const UpdateUserProfile = command('UpdateUserProfile', {
  userId: Id,
  fullName: FullName,
  phone: OptionalPhoneNumber.optional(),
  locale: UserLocale,
});
export type UpdateUserProfile = z.infer<typeof UpdateUserProfile>;

export const SetUserRoles = command('SetUserRoles', {
  userId: Id,
  /** The privileged roles; `user` is implied by an account and `vendor` by a linked vendor. */
  roles: z.array(z.enum(['admin', 'operator', 'superAdmin'])).max(3),
  groups: z.array(z.string().trim().min(1).max(100)).max(20),
});
export type SetUserRoles = z.infer<typeof SetUserRoles>;

export const LinkUserVendor = command('LinkUserVendor', { userId: Id, vendorId: Id });
export type LinkUserVendor = z.infer<typeof LinkUserVendor>;

/** The vendor passes to another owner: its former owner's account lets go of it (admins). */
export const UnlinkUserVendor = command('UnlinkUserVendor', { userId: Id, vendorId: Id });
export type UnlinkUserVendor = z.infer<typeof UnlinkUserVendor>;

export const UserCommand = z.discriminatedUnion('type', [RegisterUser, ActivateUser, ChangePassword, RequestPasswordReset, ResetPassword, UpdateUserProfile, SetUserRoles, LinkUserVendor, UnlinkUserVendor]);
export type UserCommand = z.infer<typeof UserCommand>;

/** Stream `useremail-<sha256(email)>`: appended before RegisterUser so one address has one account. */
export const ClaimEmail = command('ClaimEmail', { userId: Id, email: EmailAddress });
export type ClaimEmail = z.infer<typeof ClaimEmail>;
export const UserEmailCommand = z.discriminatedUnion('type', [ClaimEmail]);
export type UserEmailCommand = z.infer<typeof UserEmailCommand>;
