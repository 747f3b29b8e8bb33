import { z } from 'zod';
import { event } from '../shared/event-schema.ts';
import { Id, IsoTime } from '../shared/ids.ts';

// Stream `media-<mediaId>`: a file of the admins' media library (SPEC §1 admins manage media; §7
// media-manager token and upload). The bytes live in the media storage (domain/ports/media-storage.ts)
// under `<mediaId>/<fileName>`; the events say what is there and who put it.
export const MediaUploaded = event('MediaUploaded', z.strictObject({
  mediaId: Id,
  /** URL-safe name the file is served under (media-file.ts). */
  fileName: z.string().min(1).max(100),
  /** The name the file had on the uploader's computer. */
  originalName: z.string().max(255),
  contentType: z.string().min(1).max(100),
  /** Bytes. */
  size: z.number().int().positive(),
  /** Hex SHA-256 of the bytes. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** The artist who uploaded it for their own page (issue 22 item 5); absent for the admins' library. */
  ownerVendorId: Id.optional(),
  at: IsoTime,
}));
export const MediaDeleted = event('MediaDeleted', z.strictObject({ mediaId: Id, at: IsoTime }));
export const MediaEvent = z.discriminatedUnion('type', [MediaUploaded, MediaDeleted]);
export type MediaEvent = z.infer<typeof MediaEvent>;
