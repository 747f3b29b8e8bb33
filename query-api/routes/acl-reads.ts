import { z } from 'zod';
import { rulesOf } from '../../domain/acl/access.ts';
import type { AclRuleView } from '../../projectors/acl/projection.ts';
import { publicDocument } from '../public-document.ts';
import { readRoute } from '../read-route.ts';

// The access rules that concern the caller: the admin side nav evaluates them with the
// same function the API guards use (domain/acl/access.ts), so a menu item shows exactly when the
// API would answer. GET /api/acl/public (reference-reads.ts) serves the public rules to anyone.
const AclRuleAnswer = z.looseObject({
  ruleId: z.string(),
  asset: z.string(),
  action: z.enum(['read', 'list', 'create', 'update', 'delete']),
  level: z.enum(['all', 'some']),
  role: z.string().nullable(),
  group: z.string().nullable(),
  public: z.boolean(),
});

export const myAccessRules = readRoute({
  path: '/api/acl/mine',
  summary: "The caller's roles and groups and the access rules that grant them something (the admin nav evaluates them)",
  tags: ['acl'],
  auth: 'user',
  response: z.object({ roles: z.array(z.string()), groups: z.array(z.string()), items: z.array(AclRuleAnswer), total: z.number().int() }),
  async handle({ actor, views }) {
    const rules = await views.find<AclRuleView>('aclRules', {}, { sort: { asset: 1, action: 1, _id: 1 } });
    const mine = rulesOf(rules, actor);
    return { roles: actor.roles, groups: actor.groups, items: mine.map((rule) => publicDocument(rule)), total: mine.length };
  },
});

export const aclReads = [myAccessRules];
