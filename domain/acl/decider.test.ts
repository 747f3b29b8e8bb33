import { describe, expect, it } from 'vitest';
import type { Actor } from '../shared/actor.ts';
import { spec } from '../shared/decider-spec.ts';
import type { AclCommand } from './commands.ts';
import { aclDecider } from './decider.ts';
import type { AclEvent, AclRule } from './events.ts';

const at = '2026-11-21T10:00:00.000Z';
const admin: Actor = { userId: 'admin-1', roles: ['user', 'admin'], groups: [], vendorId: null };
const user: Actor = { userId: 'user-dana', roles: ['user'], groups: [], vendorId: null };

const rule: AclRule = { asset: 'vendor', action: 'update', level: 'all', role: 'admin', public: true };
const widened: AclRule = { ...rule, role: 'operator' };
const set = (actor: Actor, r: AclRule = rule): AclCommand => ({ type: 'SetAclRule', actor, at, ruleId: 'rule-1', rule: r });
const remove = (actor: Actor): AclCommand => ({ type: 'DeleteAclRule', actor, at, ruleId: 'rule-1' });
const wasSet = (r: AclRule): AclEvent => ({ type: 'AclRuleSet', data: { ruleId: 'rule-1', rule: r, at } });
const deleted: AclEvent = { type: 'AclRuleDeleted', data: { ruleId: 'rule-1', at } };

describe('ACL rule decider', () => {
  it('an admin sets and replaces a rule', () => {
    spec(aclDecider).given([]).when(set(admin)).then([wasSet(rule)]);
    spec(aclDecider).given([wasSet(rule)]).when(set(admin, widened)).then([wasSet(widened)]);
  });
  it('the same rule again changes nothing, whatever the key order', () => {
    const reordered: AclRule = { public: true, role: 'admin', level: 'all', action: 'update', asset: 'vendor' };
    spec(aclDecider).given([wasSet(rule)]).when(set(admin, reordered)).then([]);
  });
  it('an admin deletes; a missing rule is not found', () => {
    spec(aclDecider).given([wasSet(rule)]).when(remove(admin)).then([deleted]);
    expect(spec(aclDecider).given([]).when(remove(admin)).thenRefused('acl.not-found').kind).toBe('not_found');
  });
  it('a non-admin is refused', () => {
    spec(aclDecider).given([]).when(set(user)).thenRefused('acl.forbidden');
    spec(aclDecider).given([wasSet(rule)]).when(remove(user)).thenRefused('acl.forbidden');
  });
});
