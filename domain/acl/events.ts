import { z } from 'zod';
import { event } from '../shared/event-schema.ts';
import { Id, IsoTime } from '../shared/ids.ts';

// Stream `acl-<ruleId>`: access rules (SPEC §6 asset, action, level). `public` rules are served by
// GET /api/acl/public for the browser to shape menus; the server still checks roles on every call.
export const AclRule = z.strictObject({
  asset: z.string().min(1).max(100),
  action: z.enum(['read', 'list', 'create', 'update', 'delete']),
  level: z.enum(['all', 'some']),
  /** Who the rule grants: a role or a group. */
  role: z.enum(['guest', 'user', 'vendor', 'admin', 'operator', 'superAdmin']).optional(),
  group: z.string().max(100).optional(),
  public: z.boolean(),
});
export type AclRule = z.infer<typeof AclRule>;
export const AclRuleSet = event('AclRuleSet', z.strictObject({ ruleId: Id, rule: AclRule, at: IsoTime }));
export const AclRuleDeleted = event('AclRuleDeleted', z.strictObject({ ruleId: Id, at: IsoTime }));
export const AclEvent = z.discriminatedUnion('type', [AclRuleSet, AclRuleDeleted]);
export type AclEvent = z.infer<typeof AclEvent>;
