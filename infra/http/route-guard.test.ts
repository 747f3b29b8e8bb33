import { describe, expect, it } from 'vitest';
import type { Actor } from '../../domain/shared/actor.ts';
import { HttpProblem } from './problem.ts';
import { guardRoute } from './route-guard.ts';

const actor = (roles: Actor['roles'], extra: Partial<Actor> = {}): Actor => ({ userId: 'u1', roles, groups: [], vendorId: null, ...extra });
const guest: Actor = { userId: null, roles: ['guest'], groups: [], vendorId: null };
const statusOf = (run: () => void): number | 'passes' => {
  try {
    run();
    return 'passes';
  } catch (error) {
    if (!(error instanceof HttpProblem)) throw error;
    return error.problem.status;
  }
};

describe('the route guard of both APIs (SPEC §6)', () => {
  it.each([
    ['public', guest, 'passes'],
    ['user', guest, 401],
    ['user', actor(['user']), 'passes'],
    ['vendor', actor(['user']), 403],
    ['vendor', actor(['vendor'], { vendorId: 'v1' }), 'passes'],
    ['vendor', actor(['admin']), 'passes'],
    ['admin', actor(['vendor'], { vendorId: 'v1' }), 403],
    ['admin', actor(['operator']), 'passes'],
    ['superUsers', actor(['admin']), 403],
    ['superUsers', actor(['admin'], { groups: ['superUsers'] }), 'passes'],
  ] as const)('%s route, %o: %s', (auth, who, expected) => {
    expect(statusOf(() => guardRoute(auth, who, 'do'))).toBe(expected);
    expect(statusOf(() => guardRoute(auth, who, 'read'))).toBe(expected);
  });

  it('says in its 403 whether the caller was about to do or to read', () => {
    const vendorless = actor(['user']);
    expect(() => guardRoute('vendor', vendorless, 'do')).toThrow('Only a vendor may do this.');
    expect(() => guardRoute('vendor', vendorless, 'read')).toThrow('Only a vendor may read this.');
  });
});
