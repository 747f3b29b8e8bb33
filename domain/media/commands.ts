import { z } from 'zod';
import { command } from '../shared/command-schema.ts';
import { Id } from '../shared/ids.ts';
import { MediaUploaded } from './events.ts';

// Commands of a media file (stream `media-<mediaId>`), by admins. The upload route stores the bytes
// first and then records them; deleting records it and then removes the bytes.
export const RecordMediaUpload = command('RecordMediaUpload', MediaUploaded.shape.data.omit({ at: true }).shape);
export type RecordMediaUpload = z.infer<typeof RecordMediaUpload>;

export const DeleteMedia = command('DeleteMedia', { mediaId: Id });
export type DeleteMedia = z.infer<typeof DeleteMedia>;

export const MediaCommand = z.discriminatedUnion('type', [RecordMediaUpload, DeleteMedia]);
export type MediaCommand = z.infer<typeof MediaCommand>;
