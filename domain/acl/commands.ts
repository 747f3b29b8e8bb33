import { z } from 'zod';
import { Actor } from '../shared/actor.ts';
import { Id, IsoTime } from '../shared/ids.ts';
import { AclRule } from './events.ts';

// Commands of an access rule (stream `acl-<ruleId>`), by admins (SPEC §6 "feACL: update at all").
// Set creates or replaces.

export const SetAclRule = z.strictObject({
  type: z.literal('SetAclRule'), actor: Actor, at: IsoTime, ruleId: Id, rule: AclRule,
});
export type SetAclRule = z.infer<typeof SetAclRule>;

export const DeleteAclRule = z.strictObject({
  type: z.literal('DeleteAclRule'), actor: Actor, at: IsoTime, ruleId: Id,
});
export type DeleteAclRule = z.infer<typeof DeleteAclRule>;

export const AclCommand = z.discriminatedUnion('type', [SetAclRule, DeleteAclRule]);
export type AclCommand = z.infer<typeof AclCommand>;
export type AclCommandType = AclCommand['type'];
