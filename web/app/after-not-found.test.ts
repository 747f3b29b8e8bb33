import { describe, expect, it } from 'vitest';
import { landingAfterNotFound } from './after-not-found.ts';
import type { CurrentUser } from '../api/view-models.ts';

const user = (roles: Partial<Pick<CurrentUser, 'isAdmin' | 'isOperator' | 'Vendor'>>): CurrentUser => ({
  uuid: 'u1', email: 'u@x.test', fullName: 'U', locale: 'he-IL', isAdmin: false, isOperator: false, groups: [], ...roles,
});

describe('where the 404 page takes its reader (SPEC §2)', () => {
  it('a guest to sign in, an admin to the back office, an operator to the operator dashboard, anyone else to their own dashboard', () => {
    expect(landingAfterNotFound(null)).toEqual({ path: '/user/login', place: 'login' });
    expect(landingAfterNotFound(user({ isAdmin: true, isOperator: true }))).toEqual({ path: '/admin', place: 'admin' });
    expect(landingAfterNotFound(user({ isOperator: true }))).toEqual({ path: '/admin/operator', place: 'operator' });
    expect(landingAfterNotFound(user({}))).toEqual({ path: '/user/dashboard/profile', place: 'dashboard' });
    expect(landingAfterNotFound(user({ Vendor: { id: 'v1' } }))).toEqual({ path: '/user/dashboard/profile', place: 'dashboard' });
  });
});
