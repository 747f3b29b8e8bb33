import { describe, expect, it } from 'vitest';
import { partiesOf, type Actor, type Party } from './actor.ts';

// Who takes part in an engagement between a customer and a vendor: the one rule the order decider,
// the UI's order buttons, the order, contract and conversation reads and the orders view's timeline
// roles all ask.
const order = { customerId: 'u-customer', vendorId: 'v-1' };
const actor = (userId: string | null, roles: Actor['roles'], vendorId: string | null = null): Actor => ({ userId, roles, groups: [], vendorId });

describe('partiesOf', () => {
  it.each<[string, Actor, Party[]]>([
    ['its customer', actor('u-customer', ['user']), ['customer']],
    ['someone acting for its vendor', actor('u-owner', ['user', 'vendor'], 'v-1'), ['vendor']],
    ['a customer ordering from their own vendor', actor('u-customer', ['user', 'vendor'], 'v-1'), ['customer', 'vendor']],
    ['an admin', actor('u-admin', ['user', 'admin']), ['admin']],
    ['a super admin', actor('u-super', ['user', 'superAdmin']), ['admin']],
    ['the system', actor(null, ['system']), ['admin']],
    ['another vendor', actor('u-other', ['user', 'vendor'], 'v-2'), []],
    ['another user', actor('u-other', ['user']), []],
    ['a guest', actor(null, ['guest']), []],
  ])('%s', (_, who, parties) => {
    expect(partiesOf(who, order)).toEqual(parties);
  });
});
