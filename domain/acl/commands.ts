import { z } from 'zod';
import { command } from '../shared/command-schema.ts';
import { Id } from '../shared/ids.ts';
import { AclRule } from './events.ts';

// Commands of an access rule (stream `acl-<ruleId>`), by admins (SPEC §6 "feACL: update at all").
// Set creates or replaces.

export const SetAclRule = command('SetAclRule', { ruleId: Id, rule: AclRule });
export type SetAclRule = z.infer<typeof SetAclRule>;

export const DeleteAclRule = command('DeleteAclRule', { ruleId: Id });
export type DeleteAclRule = z.infer<typeof DeleteAclRule>;

export const AclCommand = z.discriminatedUnion('type', [SetAclRule, DeleteAclRule]);
export type AclCommand = z.infer<typeof AclCommand>;
