import { describe, expect, it } from 'vitest';
import { systemActor, type Actor } from '../shared/actor.ts';
import { spec } from '../shared/decider-spec.ts';
import { RegisterUser, type UserCommand } from './commands.ts';
import { userDecider, userEmailDecider } from './decider.ts';
import type { UserEvent } from './events.ts';

const at = '2026-11-21T10:00:00.000Z';
const later = '2026-11-22T10:00:00.000Z';
const guest: Actor = { userId: null, roles: ['guest'], groups: [], vendorId: null };
const dana: Actor = { userId: 'user-dana', roles: ['user'], groups: [], vendorId: null };
const eli: Actor = { userId: 'user-eli', roles: ['user'], groups: [], vendorId: null };
const admin: Actor = { userId: 'admin-1', roles: ['user', 'admin'], groups: [], vendorId: null };
const superUser: Actor = { userId: 'admin-2', roles: ['user', 'admin'], groups: ['superUsers'], vendorId: null };
const superAdmin: Actor = { userId: 'root', roles: ['user', 'superAdmin'], groups: [], vendorId: null };

const register = (phone?: string): UserCommand => ({
  type: 'RegisterUser', actor: guest, at, userId: 'user-dana', email: 'dana@example.com', fullName: 'Dana Cohen',
  passwordHash: 'scrypt$salt$hash', ...(phone === undefined ? {} : { phone }), locale: 'he-IL', activationTokenHash: 'token-hash',
});
const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId: 'user-dana', email: 'dana@example.com', fullName: 'Dana Cohen', passwordHash: 'scrypt$salt$hash', locale: 'he-IL', activationTokenHash: 'token-hash', at },
};
const activated: UserEvent = { type: 'UserActivated', data: { userId: 'user-dana', at: later } };
const activate = (tokenHash: string): UserCommand => ({ type: 'ActivateUser', actor: guest, at: later, userId: 'user-dana', tokenHash });

describe('user decider', () => {
  describe('RegisterUser', () => {
    it('registers an inactive user', () => {
      const events = spec(userDecider).given([]).when(register()).then([registered]);
      const state = events.reduce(userDecider.evolve, userDecider.initialState);
      expect(state.status).toBe('registered');
    });
    it('keeps a phone, and leaves out an empty or null one', () => {
      spec(userDecider).given([]).when(register('+972501234567')).then([{
        type: 'UserRegistered',
        data: {
          userId: 'user-dana', email: 'dana@example.com', fullName: 'Dana Cohen', passwordHash: 'scrypt$salt$hash', phone: '+972501234567',
          locale: 'he-IL', activationTokenHash: 'token-hash', at,
        },
      }]);
      spec(userDecider).given([]).when(register('')).then([registered]);
      // null reaches the decider as no phone: the command schema reads it so.
      expect(RegisterUser.parse({ ...register(), phone: null }).phone).toBeUndefined();
    });
    it('refuses an id that is already registered', () => {
      expect(spec(userDecider).given([registered]).when(register()).thenRefused('user.exists').kind).toBe('conflict');
    });
    it('the command schema lowercases the e-mail and reads the phone as typed into E.164 (shared/phone-number.ts)', () => {
      const parsed = RegisterUser.parse({ ...register(), email: '  Dana@Example.COM ' });
      expect(parsed.email).toBe('dana@example.com');
      expect(RegisterUser.parse({ ...register(), phone: '050-123-4567' }).phone).toBe('+972501234567');
      expect(RegisterUser.parse({ ...register(), phone: '02-123-4567' }).phone).toBe('+97221234567');
      expect(RegisterUser.parse({ ...register(), phone: '' }).phone).toBeUndefined();
      expect(RegisterUser.safeParse({ ...register(), phone: '050-123' }).success).toBe(false);
      expect(RegisterUser.safeParse({ ...register(), extra: 1 }).success).toBe(false);
    });
  });

  describe('ActivateUser', () => {
    it('activates with the right token', () => {
      spec(userDecider).given([registered]).when(activate('token-hash')).then([activated]);
    });
    it('refuses a wrong token', () => {
      expect(spec(userDecider).given([registered]).when(activate('guess')).thenRefused('user.bad-activation-token').kind).toBe('invalid');
      spec(userDecider).given([registered, activated]).when(activate('guess')).thenRefused('user.bad-activation-token');
    });
    it('activating again with the right token changes nothing', () => {
      spec(userDecider).given([registered, activated]).when(activate('token-hash')).then([]);
    });
    it('an unknown user is not found', () => {
      expect(spec(userDecider).given([]).when(activate('token-hash')).thenRefused('user.not-found').kind).toBe('not_found');
    });
  });

  describe('RequestPasswordReset and ResetPassword', () => {
    const inAnHour = '2026-11-22T11:00:00.000Z';
    const request = (tokenHash: string, when = later): UserCommand => ({
      type: 'RequestPasswordReset', actor: guest, at: when, userId: 'user-dana', tokenHash, expiresAt: new Date(Date.parse(when) + 3_600_000).toISOString(),
    });
    const requested = (tokenHash: string): UserEvent => ({ type: 'UserPasswordResetRequested', data: { userId: 'user-dana', tokenHash, expiresAt: inAnHour, at: later } });
    const reset = (tokenHash: string, when = '2026-11-22T10:30:00.000Z'): UserCommand => ({
      type: 'ResetPassword', actor: guest, at: when, userId: 'user-dana', tokenHash, passwordHash: 'scrypt$reset',
    });
    const wasReset: UserEvent = { type: 'UserPasswordReset', data: { userId: 'user-dana', passwordHash: 'scrypt$reset', at: '2026-11-22T10:30:00.000Z' } };

    it('keeps the hash of the link with its expiry, and the link sets the new password', () => {
      spec(userDecider).given([registered, activated]).when(request('reset-hash')).then([requested('reset-hash')]);
      spec(userDecider).given([registered, activated, requested('reset-hash')]).when(reset('reset-hash')).then([wasReset]);
    });
    it('refuses a wrong token, a link never asked for, and one used once already', () => {
      expect(spec(userDecider).given([registered, activated, requested('reset-hash')]).when(reset('guess')).thenRefused('user.bad-reset-token').kind).toBe('invalid');
      spec(userDecider).given([registered, activated]).when(reset('reset-hash')).thenRefused('user.bad-reset-token');
      spec(userDecider).given([registered, activated, requested('reset-hash'), wasReset]).when(reset('reset-hash')).thenRefused('user.bad-reset-token');
    });
    it('refuses the link an hour after it was asked for', () => {
      spec(userDecider).given([registered, activated, requested('reset-hash')]).when(reset('reset-hash', inAnHour)).thenRefused('user.bad-reset-token');
    });
    it('a newer request replaces the older link, and a password change spends it', () => {
      spec(userDecider).given([registered, activated, requested('old-hash'), requested('new-hash')]).when(reset('old-hash')).thenRefused('user.bad-reset-token');
      const changed: UserEvent = { type: 'UserPasswordChanged', data: { userId: 'user-dana', passwordHash: 'scrypt$new', at: later } };
      spec(userDecider).given([registered, activated, requested('reset-hash'), changed]).when(reset('reset-hash')).thenRefused('user.bad-reset-token');
    });
    it('ends every session: refresh tokens of before the reset are revoked', () => {
      const before = spec(userDecider).given([registered, activated, requested('reset-hash')]).state;
      const after = spec(userDecider).given([registered, activated, requested('reset-hash'), wasReset]).state;
      expect(after.status !== 'absent' && before.status !== 'absent' && after.tokenVersion).toBe(before.status !== 'absent' ? before.tokenVersion + 1 : -1);
    });
  });

  describe('ChangePassword', () => {
    const change = (actor: Actor): UserCommand => ({ type: 'ChangePassword', actor, at: later, userId: 'user-dana', passwordHash: 'scrypt$new' });
    const changed: UserEvent = { type: 'UserPasswordChanged', data: { userId: 'user-dana', passwordHash: 'scrypt$new', at: later } };
    it('the user themself or an admin changes it', () => {
      spec(userDecider).given([registered, activated]).when(change(dana)).then([changed]);
      spec(userDecider).given([registered, activated]).when(change(admin)).then([changed]);
    });
    it('someone else is refused', () => {
      expect(spec(userDecider).given([registered]).when(change(eli)).thenRefused('user.forbidden').kind).toBe('forbidden');
      spec(userDecider).given([registered]).when(change(guest)).thenRefused('user.forbidden');
    });
    it('the new hash is the state', () => {
      const { state } = spec(userDecider).given([registered, changed]);
      expect(state.status !== 'absent' && state.passwordHash).toBe('scrypt$new');
    });
    it('moves the token version on, which revokes the refresh tokens issued before', () => {
      const before = spec(userDecider).given([registered, activated]).state;
      const after = spec(userDecider).given([registered, activated, changed]).state;
      expect(before.status !== 'absent' && before.tokenVersion).toBe(0);
      expect(after.status !== 'absent' && after.tokenVersion).toBe(1);
    });
    it('an unknown user is not found', () => {
      spec(userDecider).given([]).when(change(admin)).thenRefused('user.not-found');
    });
  });

  describe('UpdateUserProfile', () => {
    const update = (actor: Actor, phone?: string): UserCommand => ({
      type: 'UpdateUserProfile', actor, at: later, userId: 'user-dana', fullName: 'Dana Levi', ...(phone === undefined ? {} : { phone }), locale: 'en-US',
    });
    it('the user themself or an admin updates it', () => {
      const updated: UserEvent = {
        type: 'UserProfileUpdated', data: { userId: 'user-dana', fullName: 'Dana Levi', phone: '+972501234567', locale: 'en-US', at: later },
      };
      spec(userDecider).given([registered]).when(update(dana, '+972501234567')).then([updated]);
      spec(userDecider).given([registered]).when(update(admin, '+972501234567')).then([updated]);
    });
    it('an empty phone removes it from the state', () => {
      const withPhone: UserEvent = {
        type: 'UserProfileUpdated', data: { userId: 'user-dana', fullName: 'Dana Levi', phone: '+972501234567', locale: 'en-US', at: later },
      };
      const withoutPhone: UserEvent = { type: 'UserProfileUpdated', data: { userId: 'user-dana', fullName: 'Dana Levi', locale: 'en-US', at: later } };
      spec(userDecider).given([registered, withPhone]).when(update(dana, '')).then([withoutPhone]);
      const { state } = spec(userDecider).given([registered, withPhone, withoutPhone]);
      expect(state.status !== 'absent' && 'phone' in state).toBe(false);
    });
    it('someone else is refused', () => {
      spec(userDecider).given([registered]).when(update(eli)).thenRefused('user.forbidden');
    });
  });

  describe('SetUserRoles', () => {
    const setRoles = (actor: Actor): UserCommand => ({
      type: 'SetUserRoles', actor, at: later, userId: 'user-dana', roles: ['admin', 'admin'], groups: ['superUsers'],
    });
    const changed: UserEvent = { type: 'UserRolesChanged', data: { userId: 'user-dana', roles: ['admin'], groups: ['superUsers'], at: later } };
    it('the superUsers group, a super admin or the product itself set roles and groups', () => {
      spec(userDecider).given([registered]).when(setRoles(superUser)).then([changed]);
      spec(userDecider).given([registered]).when(setRoles(superAdmin)).then([changed]);
      spec(userDecider).given([registered]).when(setRoles(systemActor)).then([changed]);
    });
    it('a plain admin or the user themself is refused', () => {
      spec(userDecider).given([registered]).when(setRoles(admin)).thenRefused('user.forbidden');
      spec(userDecider).given([registered]).when(setRoles(dana)).thenRefused('user.forbidden');
    });
    it('the roles are the state, and the token version moves on', () => {
      const { state } = spec(userDecider).given([registered, changed]);
      expect(state.status !== 'absent' && state.roles).toEqual(['admin']);
      expect(state.status !== 'absent' && state.tokenVersion).toBe(1);
    });
  });

  describe('LinkUserVendor', () => {
    const link = (actor: Actor, vendorId = 'vendor-1'): UserCommand => ({ type: 'LinkUserVendor', actor, at: later, userId: 'user-dana', vendorId });
    const linked: UserEvent = { type: 'UserVendorLinked', data: { userId: 'user-dana', vendorId: 'vendor-1', at: later } };
    it('the user themself (artist registration), an admin or the product links a vendor', () => {
      spec(userDecider).given([registered]).when(link(dana)).then([linked]);
      spec(userDecider).given([registered]).when(link(admin)).then([linked]);
      spec(userDecider).given([registered]).when(link(systemActor)).then([linked]);
    });
    it('another user is refused', () => {
      spec(userDecider).given([registered]).when(link(eli)).thenRefused('user.forbidden');
    });
    it('linking the same vendor again changes nothing; another vendor is refused', () => {
      spec(userDecider).given([registered, linked]).when(link(dana)).then([]);
      expect(spec(userDecider).given([registered, linked]).when(link(admin, 'vendor-2')).thenRefused('user.has-vendor').kind).toBe('conflict');
    });
  });

  describe('UnlinkUserVendor', () => {
    const unlink = (actor: Actor, vendorId = 'vendor-1'): UserCommand => ({ type: 'UnlinkUserVendor', actor, at: later, userId: 'user-dana', vendorId });
    const linked: UserEvent = { type: 'UserVendorLinked', data: { userId: 'user-dana', vendorId: 'vendor-1', at: later } };
    const unlinked: UserEvent = { type: 'UserVendorUnlinked', data: { userId: 'user-dana', vendorId: 'vendor-1', at: later } };
    it('an admin takes the vendor from its former owner, who may then be linked to another', () => {
      spec(userDecider).given([registered, linked]).when(unlink(admin)).then([unlinked]);
      spec(userDecider).given([registered, linked, unlinked]).when({ type: 'LinkUserVendor', actor: admin, at: later, userId: 'user-dana', vendorId: 'vendor-2' })
        .then([{ type: 'UserVendorLinked', data: { userId: 'user-dana', vendorId: 'vendor-2', at: later } }]);
    });
    it('the owner themself or another user is refused', () => {
      spec(userDecider).given([registered, linked]).when(unlink({ ...dana, vendorId: 'vendor-1' })).thenRefused('user.forbidden');
      spec(userDecider).given([registered, linked]).when(unlink(eli)).thenRefused('user.forbidden');
    });
    it('a vendor the user does not hold changes nothing', () => {
      spec(userDecider).given([registered]).when(unlink(admin)).then([]);
      spec(userDecider).given([registered, linked]).when(unlink(admin, 'vendor-2')).then([]);
      spec(userDecider).given([registered, linked, unlinked]).when(unlink(admin)).then([]);
    });
  });
});

describe('user e-mail claim decider', () => {
  const claim = (userId: string) => ({ type: 'ClaimEmail' as const, actor: guest, at, userId, email: 'dana@example.com' });
  const claimed = { type: 'UserEmailClaimed' as const, data: { userId: 'user-dana', email: 'dana@example.com' } };
  it('the first claim wins', () => {
    spec(userEmailDecider).given([]).when(claim('user-dana')).then([claimed]);
  });
  it('a second claim by another user is refused with 409', () => {
    const refusal = spec(userEmailDecider).given([claimed]).when(claim('user-eli')).thenRefused('user.email-taken');
    expect(refusal.kind).toBe('conflict');
  });
  it('a retried claim by the same user changes nothing', () => {
    spec(userEmailDecider).given([claimed]).when(claim('user-dana')).then([]);
  });
});
