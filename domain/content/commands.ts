import { z } from 'zod';
import { command } from '../shared/command-schema.ts';
import { Id } from '../shared/ids.ts';
import { ContentEntityType, ContentFields } from './events.ts';

// Commands of the content entities brand, category, tag, article and service contract template (stream `<entityType>-<id>`),
// by admins. `fields.entityType` says which entity; it never changes after creation.

export const CreateContent = command('CreateContent', { id: Id, fields: ContentFields });
export type CreateContent = z.infer<typeof CreateContent>;

export const UpdateContent = command('UpdateContent', { id: Id, fields: ContentFields });
export type UpdateContent = z.infer<typeof UpdateContent>;

export const DeleteContent = command('DeleteContent', { id: Id, entityType: ContentEntityType });
export type DeleteContent = z.infer<typeof DeleteContent>;

export const ContentCommand = z.discriminatedUnion('type', [CreateContent, UpdateContent, DeleteContent]);
export type ContentCommand = z.infer<typeof ContentCommand>;
