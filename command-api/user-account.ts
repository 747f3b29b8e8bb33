import { createHash } from 'node:crypto';
import type { EventStore } from '../domain/ports/event-store.ts';
import type { UserEvent, UserEmailClaimed } from '../domain/user/events.ts';
import { streamId } from '../domain/shared/ids.ts';
import { toDomainEvent } from './command-handler.ts';

// What sign-in and the profile need of a user, folded from `user-<id>` (and found by e-mail through
// `useremail-<sha256(lowercased email)>`). The password hash stays on this side of the API.
export interface UserAccount {
  userId: string;
  email: string;
  fullName: string;
  phone?: string;
  locale: 'he-IL' | 'en-US';
  passwordHash: string;
  active: boolean;
  roles: string[];
  groups: string[];
  vendorId: string | null;
}

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
export const emailStreamId = (email: string): string =>
  streamId('useremail', createHash('sha256').update(normalizeEmail(email)).digest('hex'));

export async function loadUserAccount(eventStore: EventStore, userId: string): Promise<UserAccount | null> {
  let account: UserAccount | null = null;
  for (const recorded of await eventStore.readStream(streamId('user', userId))) {
    const event = toDomainEvent<UserEvent>(recorded);
    if (event.type === 'UserRegistered') {
      const { email, fullName, phone, locale, passwordHash } = event.data;
      account = { userId, email, fullName, ...(phone ? { phone } : {}), locale, passwordHash, active: false, roles: [], groups: [], vendorId: null };
      continue;
    }
    if (!account) continue;
    switch (event.type) {
      case 'UserActivated': account = { ...account, active: true }; break;
      case 'UserPasswordChanged': account = { ...account, passwordHash: event.data.passwordHash }; break;
      case 'UserRolesChanged': account = { ...account, roles: event.data.roles, groups: event.data.groups }; break;
      case 'UserVendorLinked': account = { ...account, vendorId: event.data.vendorId }; break;
      case 'UserProfileUpdated': {
        const { fullName, phone, locale } = event.data;
        const { phone: _old, ...rest } = account;
        account = { ...rest, fullName, ...(phone ? { phone } : {}), locale };
        break;
      }
    }
  }
  return account;
}

export async function findUserIdByEmail(eventStore: EventStore, email: string): Promise<string | null> {
  const [claim] = await eventStore.readStream(emailStreamId(email), { maxCount: 1 });
  return claim ? toDomainEvent<UserEmailClaimed>(claim).data.userId : null;
}

/** The SPEC §3 user profile answered by GET /api/user/current. */
export function profileOf(account: UserAccount) {
  return {
    uuid: account.userId,
    email: account.email,
    fullName: account.fullName,
    ...(account.phone ? { phone: account.phone } : {}),
    locale: account.locale,
    ...(account.vendorId ? { Vendor: { id: account.vendorId } } : {}),
    isAdmin: account.roles.includes('admin') || account.roles.includes('superAdmin'),
    isOperator: account.roles.includes('operator'),
    roles: account.roles,
    groups: account.groups,
  };
}
