import type { Decider } from '../shared/decider.ts';
import { recordDecider, type RecordState } from '../shared/record-decider.ts';
import { refuse } from '../shared/refusal.ts';
import { isAdmin } from '../shared/actor.ts';
import type { MediaCommand } from './commands.ts';
import type { MediaEvent } from './events.ts';
import { MAX_MEDIA_BYTES, mediaContentType } from './media-file.ts';
import { streamOf } from '../shared/ids.ts';

// A media file (stream `media-<mediaId>`): uploaded once (a media id is never reused, so a URL never
// changes meaning), then maybe deleted. Admins, and an artist for the files of its own page (uploaded
// with its vendorId); the routes' access rules come first.
export interface MediaFields {
  fileName: string;
  originalName: string;
  contentType: string;
  size: number;
  sha256: string;
  ownerVendorId?: string;
  uploadedAt: string;
}
export type MediaState = RecordState<MediaFields>;

/** The stream of one media file (`media-<mediaId>`). */
export const mediaStream = streamOf('media');

export const mediaDecider: Decider<MediaState, MediaCommand, MediaEvent> = recordDecider({
  code: 'media',
  noun: () => 'media file',
  intent(command: MediaCommand) {
    switch (command.type) {
      case 'RecordMediaUpload': {
        const { mediaId, fileName, originalName, contentType, size, sha256, ownerVendorId, at } = command;
        return { kind: 'create', event: { type: 'MediaUploaded', data: { mediaId, fileName, originalName, contentType, size, sha256, ...(ownerVendorId ? { ownerVendorId } : {}), at } } };
      }
      case 'DeleteMedia':
        return { kind: 'delete', event: { type: 'MediaDeleted', data: { mediaId: command.mediaId, at: command.at } } };
    }
  },
  fieldsAfter: (event: MediaEvent) => {
    if (event.type === 'MediaDeleted') return null;
    const { mediaId: _id, at, ...fields } = event.data;
    return { ...fields, uploadedAt: at };
  },
  mayAct: (actor) => isAdmin(actor) || actor.vendorId !== null,
  check(command, state) {
    if (!isAdmin(command.actor)) {
      const vendorId = command.type === 'RecordMediaUpload' ? command.ownerVendorId : state.status === 'present' ? state.fields.ownerVendorId : undefined;
      if (vendorId !== command.actor.vendorId) refuse('forbidden', 'media.forbidden', "An artist may only upload and delete the files of its own page.");
    }
    if (command.type !== 'RecordMediaUpload') return;
    if (mediaContentType(command.contentType) !== command.contentType) refuse('invalid', 'media.unsupported-type', `Files of type ${command.contentType} are not accepted.`);
    if (command.size > MAX_MEDIA_BYTES) refuse('invalid', 'media.too-large', `A file may hold at most ${MAX_MEDIA_BYTES} bytes.`);
  },
});
