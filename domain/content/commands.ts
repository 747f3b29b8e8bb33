import { z } from 'zod';
import { Actor } from '../shared/actor.ts';
import { Id, IsoTime } from '../shared/ids.ts';
import { ContentEntityType, ContentFields } from './events.ts';

// Commands of the content entities brand, category, tag and article (stream `<entityType>-<id>`),
// by admins. `fields.entityType` says which entity; it never changes after creation.

export const CreateContent = z.strictObject({
  type: z.literal('CreateContent'),
  actor: Actor,
  at: IsoTime,
  id: Id,
  fields: ContentFields,
});
export type CreateContent = z.infer<typeof CreateContent>;

export const UpdateContent = z.strictObject({
  type: z.literal('UpdateContent'),
  actor: Actor,
  at: IsoTime,
  id: Id,
  fields: ContentFields,
});
export type UpdateContent = z.infer<typeof UpdateContent>;

export const DeleteContent = z.strictObject({
  type: z.literal('DeleteContent'),
  actor: Actor,
  at: IsoTime,
  id: Id,
  entityType: ContentEntityType,
});
export type DeleteContent = z.infer<typeof DeleteContent>;

export const ContentCommand = z.discriminatedUnion('type', [CreateContent, UpdateContent, DeleteContent]);
export type ContentCommand = z.infer<typeof ContentCommand>;
export type ContentCommandType = ContentCommand['type'];
