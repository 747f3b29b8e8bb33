import { describe, expect, it } from 'vitest';
import { aclProjection, type AclRuleView } from './projection.ts';
import { fold, recorded } from '../testing/recorded-event.ts';

const at = '2026-01-01T00:00:00.000Z';

describe('ACL view', () => {
  it('ACL keeps rules with their public flag', () => {
    const docs = fold<AclRuleView>(aclProjection, [
      recorded('acl-r1', { type: 'AclRuleSet', data: { ruleId: 'r1', rule: { asset: 'vendor', action: 'read', level: 'all', role: 'guest', public: true }, at } }),
      recorded('acl-r2', { type: 'AclRuleSet', data: { ruleId: 'r2', rule: { asset: 'order', action: 'list', level: 'some', group: 'superUsers', public: false }, at } }),
      recorded('acl-r3', { type: 'AclRuleSet', data: { ruleId: 'r3', rule: { asset: 'x', action: 'delete', level: 'all', public: true }, at } }),
      recorded('acl-r3', { type: 'AclRuleDeleted', data: { ruleId: 'r3', at } }),
    ]);
    expect(Object.keys(docs)).toEqual(['r1', 'r2']);
    expect(docs.r1).toMatchObject({ asset: 'vendor', action: 'read', role: 'guest', group: null, public: true });
    expect(docs.r2).toMatchObject({ role: null, group: 'superUsers', public: false });
  });
});
