import { createHash } from 'node:crypto';
import type { EventStore } from '../domain/ports/event-store.ts';
import { isAdmin, isOperator } from '../domain/shared/actor.ts';
import { userDecider, userEmailDecider, userEmailStream, userStream, type UserState } from '../domain/user/decider.ts';
import { actorOfClaims } from '../infra/auth/jwt-tokens.ts';
import { loadFolded } from './command-handler.ts';

// What sign-in and the profile need of a user: the user aggregate's state (`user-<id>`, found by e-mail
// through `useremail-<sha256(lowercased email)>`), less the tokens' hashes, with its status as `active`.
// The password hash stays on this side of the API. `tokenVersion` moves on with every password or role
// change; refresh tokens of an older version are refused.
type RegisteredUser = Exclude<UserState, { status: 'absent' }>;
export type UserAccount = Pick<RegisteredUser, 'userId' | 'email' | 'fullName' | 'phone' | 'locale' | 'passwordHash' | 'roles' | 'groups' | 'vendorId' | 'tokenVersion'>
  & { active: boolean };

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
export const emailStreamId = (email: string): string => userEmailStream(createHash('sha256').update(normalizeEmail(email)).digest('hex'));

/** The account of a user as the user aggregate folds it; null before registration. */
export function userAccountOf(user: UserState): UserAccount | null {
  if (user.status === 'absent') return null;
  const { userId, email, fullName, phone, locale, passwordHash, roles, groups, vendorId, tokenVersion } = user;
  return { userId, email, fullName, ...(phone ? { phone } : {}), locale, passwordHash, active: user.status === 'active', roles, groups, vendorId, tokenVersion };
}

export async function loadUserAccount(eventStore: EventStore, userId: string): Promise<UserAccount | null> {
  return userAccountOf((await loadFolded(eventStore, userDecider, userStream(userId))).state);
}

export async function findUserIdByEmail(eventStore: EventStore, email: string): Promise<string | null> {
  return (await loadFolded(eventStore, userEmailDecider, emailStreamId(email))).state.claimedBy;
}

/**
 * The SPEC §3 user profile answered by GET /api/user/current. Its isAdmin and isOperator are the
 * domain's checks on the actor the account's tokens carry, so the web shows what the guards allow.
 */
export function profileOf(account: UserAccount) {
  const actor = actorOfClaims(account);
  return {
    uuid: account.userId,
    email: account.email,
    fullName: account.fullName,
    ...(account.phone ? { phone: account.phone } : {}),
    locale: account.locale,
    ...(account.vendorId ? { Vendor: { id: account.vendorId } } : {}),
    isAdmin: isAdmin(actor),
    isOperator: isOperator(actor),
    roles: account.roles,
    groups: account.groups,
  };
}
