import { isAdmin, isSuperUser, type Actor } from '../shared/actor.ts';
import type { Decider } from '../shared/decider.ts';
import { refuse } from '../shared/refusal.ts';
import type { UserCommand, UserEmailCommand, UserLocale } from './commands.ts';
import type { UserEmailClaimed, UserEvent } from './events.ts';

// A user account (stream `user-<userId>`): registered (inactive) until the activation token is
// presented, then active. Passwords and tokens arrive hashed from the edge.
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
    };

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  initialState: { status: 'absent' },

  evolve(state, event) {
    if (event.type === 'UserRegistered') {
      const { userId, email, fullName, phone, locale, passwordHash, activationTokenHash } = event.data;
      return {
        status: 'registered', userId, email, fullName, ...(phone === undefined ? {} : { phone }), locale, passwordHash,
        activationTokenHash, roles: [], groups: [], vendorId: null,
      };
    }
    if (state.status === 'absent') return state;
    switch (event.type) {
      case 'UserActivated':
        return { ...state, status: 'active' };
      case 'UserPasswordChanged':
        return { ...state, passwordHash: event.data.passwordHash };
      case 'UserRolesChanged':
        return { ...state, roles: event.data.roles, groups: event.data.groups };
      case 'UserVendorLinked':
        return { ...state, vendorId: event.data.vendorId };
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
    }
  },
};

/** The stream `useremail-<sha256(email)>`: the first claim wins; a repeated claim by the same user is a no-op. */
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
