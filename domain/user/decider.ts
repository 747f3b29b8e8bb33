import { isAdmin, isSuperUser, type Actor } from '../shared/actor.ts';
import type { Decider } from '../shared/decider.ts';
import { refuse } from '../shared/refusal.ts';
import type { UserCommand, UserEmailCommand, UserLocale } from './commands.ts';
import type { UserEmailClaimed, UserEvent } from './events.ts';
import { streamOf } from '../shared/ids.ts';

// A user account (stream `user-<userId>`): registered (inactive) until the activation token is
// presented, then active. Passwords and tokens arrive hashed from the edge. `tokenVersion` counts the
// password and role changes: a refresh token issued at an older version is revoked.
export type PrivilegedRole = 'admin' | 'operator' | 'superAdmin';
export type UserState =
  | { status: 'absent' }
  | {
      status: 'registered' | 'active';
      userId: string;
      email: string;
      fullName: string;
      phone?: string;
      locale: UserLocale;
      passwordHash: string;
      activationTokenHash: string;
      roles: PrivilegedRole[];
      groups: string[];
      vendorId: string | null;
      tokenVersion: number;
      /** The pending reset link (its token's hash), until used, replaced, or a password change. */
      passwordReset: { tokenHash: string; expiresAt: string } | null;
    };

/** Events after which every refresh token issued before is refused (the user signs in again). */
export const revokesRefreshTokens = (event: UserEvent): boolean =>
  event.type === 'UserPasswordChanged' || event.type === 'UserPasswordReset' || event.type === 'UserRolesChanged';

/** The stream of one user account (`user-<userId>`). */
export const userStream = streamOf('user');

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  initialState: { status: 'absent' },

  evolve(state, event) {
    if (event.type === 'UserRegistered') {
      const { userId, email, fullName, phone, locale, passwordHash, activationTokenHash } = event.data;
      return {
        status: 'registered', userId, email, fullName, ...(phone === undefined ? {} : { phone }), locale, passwordHash,
        activationTokenHash, roles: [], groups: [], vendorId: null, tokenVersion: 0, passwordReset: null,
      };
    }
    if (state.status === 'absent') return state;
    if (revokesRefreshTokens(event)) state = { ...state, tokenVersion: state.tokenVersion + 1 };
    switch (event.type) {
      case 'UserActivated':
        return { ...state, status: 'active' };
      case 'UserPasswordChanged':
      case 'UserPasswordReset':
        // Either way a pending reset link is spent: it may not undo the new password.
        return { ...state, passwordHash: event.data.passwordHash, passwordReset: null };
      case 'UserPasswordResetRequested':
        return { ...state, passwordReset: { tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt } };
      case 'UserRolesChanged':
        return { ...state, roles: event.data.roles, groups: event.data.groups };
      case 'UserVendorLinked':
        return { ...state, vendorId: event.data.vendorId };
      case 'UserVendorUnlinked':
        return state.vendorId === event.data.vendorId ? { ...state, vendorId: null } : state;
      case 'UserProfileUpdated': {
        const { phone: _previous, ...rest } = state;
        const { fullName, phone, locale } = event.data;
        return { ...rest, fullName, ...(phone === undefined ? {} : { phone }), locale };
      }
    }
  },

  decide(command, state) {
    if (command.type === 'RegisterUser') {
      if (state.status !== 'absent') refuse('conflict', 'user.exists', 'This user is already registered.');
      const { userId, email, fullName, passwordHash, locale, activationTokenHash, at } = command;
      return [{
        type: 'UserRegistered',
        data: { userId, email, fullName, passwordHash, ...phoneField(command.phone), locale, activationTokenHash, at },
      }];
    }
    if (state.status === 'absent') refuse('not_found', 'user.not-found', 'This user does not exist.');
    const { userId } = state;
    switch (command.type) {
      case 'ActivateUser':
        // The token is the proof, so anyone holding the link may activate; a repeated click changes nothing.
        if (command.tokenHash !== state.activationTokenHash) {
          refuse('invalid', 'user.bad-activation-token', 'This activation link is not valid.');
        }
        return state.status === 'active' ? [] : [{ type: 'UserActivated', data: { userId, at: command.at } }];
      case 'ChangePassword':
        requireSelfOrAdmin(command.actor, userId);
        return [{ type: 'UserPasswordChanged', data: { userId, passwordHash: command.passwordHash, at: command.at } }];
      case 'RequestPasswordReset':
        if (Date.parse(command.expiresAt) <= Date.parse(command.at)) refuse('invalid', 'user.bad-reset-expiry', 'A reset link must expire after it is asked for.');
        return [{ type: 'UserPasswordResetRequested', data: { userId, tokenHash: command.tokenHash, expiresAt: command.expiresAt, at: command.at } }];
      case 'ResetPassword': {
        // The token is the proof, like activation; one message for every failure, so it tells nothing.
        const pending = state.passwordReset;
        if (!pending || pending.tokenHash !== command.tokenHash || Date.parse(command.at) >= Date.parse(pending.expiresAt)) {
          refuse('invalid', 'user.bad-reset-token', 'This password reset link is not valid any more.');
        }
        return [{ type: 'UserPasswordReset', data: { userId, passwordHash: command.passwordHash, at: command.at } }];
      }
      case 'UpdateUserProfile':
        requireSelfOrAdmin(command.actor, userId);
        return [{
          type: 'UserProfileUpdated',
          data: { userId, fullName: command.fullName, ...phoneField(command.phone), locale: command.locale, at: command.at },
        }];
      case 'SetUserRoles':
        if (!isSuperUser(command.actor) && !command.actor.roles.includes('superAdmin')) {
          refuse('forbidden', 'user.forbidden', 'Only super users may change roles and groups.');
        }
        return [{ type: 'UserRolesChanged', data: { userId, roles: unique(command.roles), groups: unique(command.groups), at: command.at } }];
      case 'LinkUserVendor':
        // The user links themself right after creating their vendor (artist registration); admins
        // and the product link a vendor's assigned owner.
        requireSelfOrAdmin(command.actor, userId);
        if (state.vendorId === command.vendorId) return [];
        if (state.vendorId !== null) refuse('conflict', 'user.has-vendor', 'This user already owns another vendor.');
        return [{ type: 'UserVendorLinked', data: { userId, vendorId: command.vendorId, at: command.at } }];
      case 'UnlinkUserVendor':
        if (!isAdmin(command.actor)) refuse('forbidden', 'user.forbidden', 'Only an admin may take a vendor from its owner.');
        // Already let go (or never held): nothing to record.
        if (state.vendorId !== command.vendorId) return [];
        return [{ type: 'UserVendorUnlinked', data: { userId, vendorId: command.vendorId, at: command.at } }];
    }
  },
};

/** The stream `useremail-<sha256(email)>`: the first claim wins; a repeated claim by the same user is a no-op. */
export const userEmailStream = streamOf('useremail');

export type UserEmailState = { claimedBy: string | null };

export const userEmailDecider: Decider<UserEmailState, UserEmailCommand, UserEmailClaimed> = {
  initialState: { claimedBy: null },
  evolve: (_state, event) => ({ claimedBy: event.data.userId }),
  decide(command, state) {
    if (state.claimedBy === command.userId) return [];
    if (state.claimedBy !== null) refuse('conflict', 'user.email-taken', 'An account with this e-mail address already exists.');
    return [{ type: 'UserEmailClaimed', data: { userId: command.userId, email: command.email } }];
  },
};

function requireSelfOrAdmin(actor: Actor, userId: string): void {
  if (actor.userId !== userId && !isAdmin(actor)) refuse('forbidden', 'user.forbidden', 'You may only change your own account.');
}

/** Empty or null phone means none: the field is left out of the event. */
const phoneField = (phone: string | null | undefined): { phone?: string } => (phone ? { phone } : {});

const unique = <T>(values: T[]): T[] => [...new Set(values)];
