import type { Decider } from '../shared/decider.ts';
import { refuse } from '../shared/refusal.ts';
import { recordDecider, type RecordState } from '../shared/record-decider.ts';
import type { ContentCommand } from './commands.ts';
import type { ContentEntityType, ContentEvent, ContentFields } from './events.ts';
import { streamId } from '../shared/ids.ts';

// Brand, category, tag, article and service contract template (stream `<entityType>-<id>`): admin-managed records whose type
// never changes once created.
export type ContentState = RecordState<ContentFields>;

/** The stream of one content record: its entity type is its category (`brand-<id>`, `article-<id>`, …). */
export const contentStream = (entityType: ContentEntityType, id: string): string => streamId(entityType, id);

const entityTypeOf = (command: ContentCommand) => (command.type === 'DeleteContent' ? command.entityType : command.fields.entityType);

export const contentDecider: Decider<ContentState, ContentCommand, ContentEvent> = recordDecider<ContentFields, ContentCommand, ContentEvent>({
  code: 'content',
  noun: entityTypeOf,
  intent(command) {
    switch (command.type) {
      case 'CreateContent':
        return { kind: 'create', event: { type: 'ContentCreated', data: { id: command.id, fields: command.fields, at: command.at } } };
      case 'UpdateContent':
        return { kind: 'update', event: { type: 'ContentUpdated', data: { id: command.id, fields: command.fields, at: command.at } } };
      case 'DeleteContent':
        return { kind: 'delete', event: { type: 'ContentDeleted', data: { id: command.id, entityType: command.entityType, at: command.at } } };
    }
  },
  fieldsAfter: (event) => (event.type === 'ContentDeleted' ? null : event.data.fields),
  check(command, state) {
    if (state.status === 'present' && command.type !== 'CreateContent' && state.fields.entityType !== entityTypeOf(command)) {
      refuse('conflict', 'content.type-mismatch', `This entry is a ${state.fields.entityType}, not a ${entityTypeOf(command)}.`);
    }
  },
});
