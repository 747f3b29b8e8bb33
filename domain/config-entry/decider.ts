import type { Decider } from '../shared/decider.ts';
import { recordDecider, type RecordState } from '../shared/record-decider.ts';
import type { ConfigEntryCommand } from './commands.ts';
import type { ConfigEntryEvent } from './events.ts';

// An admin-editable configuration value (stream `config-<key>`), e.g. the support WhatsApp number.
export type ConfigEntryState = RecordState<{ value: string }>;

export const configEntryDecider: Decider<ConfigEntryState, ConfigEntryCommand, ConfigEntryEvent> = recordDecider({
  code: 'config-entry',
  noun: () => 'configuration entry',
  intent(command: ConfigEntryCommand) {
    switch (command.type) {
      case 'SetConfigEntry':
        return { kind: 'set', event: { type: 'ConfigEntrySet', data: { key: command.key, value: command.value, at: command.at } } };
      case 'DeleteConfigEntry':
        return { kind: 'delete', event: { type: 'ConfigEntryDeleted', data: { key: command.key, at: command.at } } };
    }
  },
  fieldsAfter: (event: ConfigEntryEvent) => (event.type === 'ConfigEntryDeleted' ? null : { value: event.data.value }),
});
