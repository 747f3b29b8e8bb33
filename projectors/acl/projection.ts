import type { AclRule } from '../../domain/acl/events.ts';
import type { Projection, ViewDoc } from '../projection.ts';

// ACL rules (README: `aclRules`); `GET /api/acl/public` serves `{ public: true }`.
export interface AclRuleView extends ViewDoc {
  ruleId: string;
  asset: string;
  action: AclRule['action'];
  level: AclRule['level'];
  role: NonNullable<AclRule['role']> | null;
  group: string | null;
  public: boolean;
  updatedAt: string;
}

export const aclProjection: Projection<AclRuleView> = {
  name: 'acl',
  collection: 'aclRules',
  eventTypes: ['AclRuleSet', 'AclRuleDeleted'],
  keysOf: (event) => ('ruleId' in event.data ? [event.data.ruleId] : []),
  evolve(doc, event, id) {
    if (event.type === 'AclRuleSet') {
      const { rule, at } = event.data;
      return {
        _id: id, ruleId: id, asset: rule.asset, action: rule.action, level: rule.level,
        role: rule.role ?? null, group: rule.group ?? null, public: rule.public, updatedAt: at,
      };
    }
    if (event.type === 'AclRuleDeleted') return null;
    return doc;
  },
  indexes: [{ asset: 1, action: 1, _id: 1 }, { public: 1, asset: 1, action: 1, _id: 1 }],
};
