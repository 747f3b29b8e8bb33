import { describe, expect, it } from 'vitest';
import { usersProjection, type UserView } from './projection.ts';
import { fold, recorded } from '../testing/recorded-event.ts';

describe('users view', () => {
  it('lists a user for admins without any password or token hash', () => {
    const docs = fold<UserView>(usersProjection, [
      recorded('user-u1', { type: 'UserRegistered', data: { userId: 'u1', email: 'dana@example.com', fullName: 'Dana Levi', passwordHash: 'scrypt$secret', locale: 'he-IL', activationTokenHash: 'tokenhash', at: '2026-01-01T00:00:00.000Z' } }),
      recorded('user-u1', { type: 'UserActivated', data: { userId: 'u1', at: '2026-01-01T01:00:00.000Z' } }),
      recorded('user-u1', { type: 'UserPasswordChanged', data: { userId: 'u1', passwordHash: 'scrypt$other', at: '2026-01-01T02:00:00.000Z' } }),
      recorded('user-u1', { type: 'UserRolesChanged', data: { userId: 'u1', roles: ['admin'], groups: ['superUsers'], at: '2026-01-02T00:00:00.000Z' } }),
      recorded('user-u1', { type: 'UserVendorLinked', data: { userId: 'u1', vendorId: 'v1', at: '2026-01-03T00:00:00.000Z' } }),
      recorded('user-u1', { type: 'UserProfileUpdated', data: { userId: 'u1', fullName: 'Dana Cohen', phone: '+972501234567', locale: 'en-US', at: '2026-01-04T00:00:00.000Z' } }),
    ]);
    expect(docs.u1).toMatchObject({
      userId: 'u1', email: 'dana@example.com', fullName: 'Dana Cohen', phone: '+972501234567', locale: 'en-US', active: true,
      roles: ['admin'], groups: ['superUsers'], vendorId: 'v1', searchText: 'dana cohen dana@example.com',
      registeredAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-04T00:00:00.000Z',
    });
    const json = JSON.stringify(docs.u1);
    expect(json).not.toContain('scrypt');
    expect(json).not.toContain('tokenhash');
  });

  it('forgets the vendor its former owner was unlinked from, and only that one', () => {
    const docs = fold<UserView>(usersProjection, [
      recorded('user-u2', { type: 'UserRegistered', data: { userId: 'u2', email: 'eli@example.com', fullName: 'Eli', passwordHash: 'x', locale: 'he-IL', activationTokenHash: 'y', at: '2026-01-01T00:00:00.000Z' } }),
      recorded('user-u2', { type: 'UserVendorLinked', data: { userId: 'u2', vendorId: 'v1', at: '2026-01-02T00:00:00.000Z' } }),
      recorded('user-u2', { type: 'UserVendorUnlinked', data: { userId: 'u2', vendorId: 'v9', at: '2026-01-03T00:00:00.000Z' } }),
    ]);
    expect(docs.u2).toMatchObject({ vendorId: 'v1', updatedAt: '2026-01-02T00:00:00.000Z' });
    const unlinked = fold<UserView>(usersProjection, [
      recorded('user-u2', { type: 'UserVendorUnlinked', data: { userId: 'u2', vendorId: 'v1', at: '2026-01-04T00:00:00.000Z' } }),
    ], docs);
    expect(unlinked.u2).toMatchObject({ vendorId: null, updatedAt: '2026-01-04T00:00:00.000Z' });
  });
});
