import { describe, expect, it } from 'vitest';
import { actorOf, sideOf } from './current-actor.ts';

// The pages' view of the signed-in user is the domain's actor, and their side in an engagement is
// the domain's partiesOf less the admin's part.
const user = (id: string, more: { vendorId?: string; isAdmin?: boolean; isOperator?: boolean; groups?: string[] } = {}) =>
  ({ uuid: id, ...(more.vendorId ? { Vendor: { id: more.vendorId } } : {}), isAdmin: more.isAdmin ?? false, isOperator: more.isOperator ?? false, groups: more.groups ?? [] });
const engagement = { customerId: 'u-dana', vendorId: 'v-1' };

describe('actorOf', () => {
  it('a guest has no user id and no roles but guest', () => {
    expect(actorOf(null)).toEqual({ userId: null, roles: ['guest'], groups: [], vendorId: null });
  });

  it('a signed-in user is a user, a vendor with a vendor, and holds the staff roles the profile names', () => {
    expect(actorOf(user('u-noa', { vendorId: 'v-1', isAdmin: true, isOperator: true, groups: ['superUsers'] })))
      .toEqual({ userId: 'u-noa', roles: ['user', 'vendor', 'admin', 'operator'], groups: ['superUsers'], vendorId: 'v-1' });
  });
});

describe('sideOf', () => {
  it.each([
    ['the customer', user('u-dana'), 'customer'],
    ['the vendor', user('u-noa', { vendorId: 'v-1' }), 'vendor'],
    ['a customer of their own vendor speaks as the customer', user('u-dana', { vendorId: 'v-1' }), 'customer'],
    ['an admin reading someone else\'s', user('u-admin', { isAdmin: true }), null],
    ['another vendor', user('u-other', { vendorId: 'v-2' }), null],
    ['a guest', null, null],
  ] as const)('%s', (_, who, side) => {
    expect(sideOf(engagement, who)).toBe(side);
  });
});
