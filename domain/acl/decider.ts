import type { Decider } from '../shared/decider.ts';
import { recordDecider, type RecordState } from '../shared/record-decider.ts';
import type { AclCommand } from './commands.ts';
import type { AclEvent, AclRule } from './events.ts';
import { streamOf } from '../shared/ids.ts';

// An access rule (stream `acl-<ruleId>`), managed by admins (SPEC §6 "feACL: update at all").
export type AclState = RecordState<AclRule>;

/** The stream of one access rule (`acl-<ruleId>`). */
export const aclRuleStream = streamOf('acl');

export const aclDecider: Decider<AclState, AclCommand, AclEvent> = recordDecider({
  code: 'acl',
  noun: () => 'access rule',
  intent(command: AclCommand) {
    switch (command.type) {
      case 'SetAclRule':
        return { kind: 'set', event: { type: 'AclRuleSet', data: { ruleId: command.ruleId, rule: command.rule, at: command.at } } };
      case 'DeleteAclRule':
        return { kind: 'delete', event: { type: 'AclRuleDeleted', data: { ruleId: command.ruleId, at: command.at } } };
    }
  },
  fieldsAfter: (event: AclEvent) => (event.type === 'AclRuleDeleted' ? null : event.data.rule),
});
