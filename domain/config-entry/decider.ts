import type { Decider } from '../shared/decider.ts';
import { recordDecider, type RecordState } from '../shared/record-decider.ts';
import { refuse } from '../shared/refusal.ts';
import type { ConfigEntryCommand } from './commands.ts';
import { configValueProblem, type ConfigValueType } from './config-value.ts';
import type { ConfigEntryEvent } from './events.ts';
import { streamOf } from '../shared/ids.ts';

// An admin-editable configuration value (stream `config-<key>`), e.g. the support WhatsApp number.
export type ConfigEntryState = RecordState<{ value: string; valueType: ConfigValueType }>;

/** The stream of one configuration entry (`config-<key>`). */
export const configEntryStream = streamOf('config');

export const configEntryDecider: Decider<ConfigEntryState, ConfigEntryCommand, ConfigEntryEvent> = recordDecider({
  code: 'config-entry',
  noun: () => 'configuration entry',
  intent(command: ConfigEntryCommand) {
    switch (command.type) {
      case 'SetConfigEntry':
        return { kind: 'set', event: { type: 'ConfigEntrySet', data: { key: command.key, value: command.value, valueType: command.valueType, at: command.at } } };
      case 'DeleteConfigEntry':
        return { kind: 'delete', event: { type: 'ConfigEntryDeleted', data: { key: command.key, at: command.at } } };
    }
  },
  fieldsAfter: (event: ConfigEntryEvent) => (event.type === 'ConfigEntryDeleted' ? null : { value: event.data.value, valueType: event.data.valueType ?? 'string' }),
  check(command) {
    if (command.type !== 'SetConfigEntry') return;
    const problem = configValueProblem(command.key, command.valueType, command.value);
    if (problem) refuse('invalid', 'config-entry.invalid-value', problem);
  },
});
