import type { Decider } from '../shared/decider.ts';
import { recordDecider, type RecordState } from '../shared/record-decider.ts';
import type { Translatable } from '../shared/translatable.ts';
import type { LanguageEntryCommand } from './commands.ts';
import type { LanguageEntryEvent } from './events.ts';
import { streamOf } from '../shared/ids.ts';

// A language vendors can list (stream `language-<code>`), managed by admins.
export type LanguageEntryState = RecordState<{ name: Translatable; enabled: boolean }>;

/** The stream of one language entry (`language-<code>`). */
export const languageEntryStream = streamOf('language');

export const languageEntryDecider: Decider<LanguageEntryState, LanguageEntryCommand, LanguageEntryEvent> = recordDecider({
  code: 'language-entry',
  noun: () => 'language',
  intent(command: LanguageEntryCommand) {
    switch (command.type) {
      case 'SetLanguageEntry':
        return {
          kind: 'set',
          event: { type: 'LanguageEntrySet', data: { code: command.code, name: command.name, enabled: command.enabled, at: command.at } },
        };
      case 'DeleteLanguageEntry':
        return { kind: 'delete', event: { type: 'LanguageEntryDeleted', data: { code: command.code, at: command.at } } };
    }
  },
  fieldsAfter: (event: LanguageEntryEvent) =>
    event.type === 'LanguageEntryDeleted' ? null : { name: event.data.name, enabled: event.data.enabled },
});
