import { z } from 'zod';
import { Actor } from '../shared/actor.ts';
import { Id, IsoTime } from '../shared/ids.ts';
import { phoneString } from '../shared/validation.ts';

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

export const RegisterUser = z.strictObject({
  type: z.literal('RegisterUser'),
  actor: Actor,
  at: IsoTime,
  userId: Id,
  email: EmailAddress,
  fullName: FullName,
  passwordHash: PasswordHash,
  /** SPEC §5 phone, string form; empty or null means none. */
  phone: phoneString.optional(),
  locale: UserLocale,
  activationTokenHash: TokenHash,
});
export type RegisterUser = z.infer<typeof RegisterUser>;

export const ActivateUser = z.strictObject({
  type: z.literal('ActivateUser'),
  actor: Actor,
  at: IsoTime,
  userId: Id,
  /** sha256 of the token from the activation link. */
  tokenHash: TokenHash,
});
export type ActivateUser = z.infer<typeof ActivateUser>;

export const ChangePassword = z.strictObject({
  type: z.literal('ChangePassword'),
  actor: Actor,
  at: IsoTime,
  userId: Id,
  passwordHash: PasswordHash,
});
export type ChangePassword = z.infer<typeof ChangePassword>;

export const UpdateUserProfile = z.strictObject({
  type: z.literal('UpdateUserProfile'),
  actor: Actor,
  at: IsoTime,
  userId: Id,
  fullName: FullName,
  phone: phoneString.optional(),
  locale: UserLocale,
});
export type UpdateUserProfile = z.infer<typeof UpdateUserProfile>;

export const SetUserRoles = z.strictObject({
  type: z.literal('SetUserRoles'),
  actor: Actor,
  at: IsoTime,
  userId: Id,
  /** The privileged roles; `user` is implied by an account and `vendor` by a linked vendor. */
  roles: z.array(z.enum(['admin', 'operator', 'superAdmin'])).max(3),
  groups: z.array(z.string().trim().min(1).max(100)).max(20),
});
export type SetUserRoles = z.infer<typeof SetUserRoles>;

export const LinkUserVendor = z.strictObject({
  type: z.literal('LinkUserVendor'),
  actor: Actor,
  at: IsoTime,
  userId: Id,
  vendorId: Id,
});
export type LinkUserVendor = z.infer<typeof LinkUserVendor>;

export const UserCommand = z.discriminatedUnion('type', [RegisterUser, ActivateUser, ChangePassword, UpdateUserProfile, SetUserRoles, LinkUserVendor]);
export type UserCommand = z.infer<typeof UserCommand>;
export type UserCommandType = UserCommand['type'];

/** Stream `useremail-<sha256(email)>`: appended before RegisterUser so one address has one account. */
export const ClaimEmail = z.strictObject({
  type: z.literal('ClaimEmail'),
  actor: Actor,
  at: IsoTime,
  userId: Id,
  email: EmailAddress,
});
export type ClaimEmail = z.infer<typeof ClaimEmail>;
export const UserEmailCommand = z.discriminatedUnion('type', [ClaimEmail]);
export type UserEmailCommand = z.infer<typeof UserEmailCommand>;
