import { describe, expect, it } from 'vitest';
import { systemActor, type Actor } from '../shared/actor.ts';
import { Refusal } from '../shared/refusal.ts';
import { refuseDirectContractOrder } from './contract-packages.ts';

const customer: Actor = { userId: 'u-customer', roles: ['user'], groups: [], vendorId: null };
const admin: Actor = { userId: 'u-admin', roles: ['user', 'admin'], groups: [], vendorId: null };

describe('contract packages', () => {
  it('are not ordered directly, by a customer or an admin: a quote or a contract is the way', () => {
    for (const actor of [customer, admin]) {
      let refusal: unknown;
      try { refuseDirectContractOrder({ type: 'contractService' }, actor); } catch (error) { refusal = error; }
      expect(refusal).toBeInstanceOf(Refusal);
      expect(refusal).toMatchObject({ kind: 'conflict', code: 'order.quote-required' });
    }
  });
  it('other products are ordered directly; the system (the quote flow) may place a package order', () => {
    expect(() => refuseDirectContractOrder({ type: 'default' }, customer)).not.toThrow();
    expect(() => refuseDirectContractOrder({ type: 'timedService' }, customer)).not.toThrow();
    expect(() => refuseDirectContractOrder({ type: 'contractService' }, systemActor)).not.toThrow();
  });
});
