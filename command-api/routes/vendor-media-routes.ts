import { Readable } from 'node:stream';
import type { Request } from 'express';
import { z } from 'zod';
import { mediaDecider, mediaStream } from '../../domain/media/decider.ts';
import { mediaFileName, mediaPath } from '../../domain/media/media-file.ts';
import { sniffContentType, type SniffedKind } from '../../domain/media/sniff.ts';
import { MediaCutOff, MediaTooLarge, type MediaStorage, type PendingMedia } from '../../domain/ports/media-storage.ts';
import { Id } from '../../domain/shared/ids.ts';
import { asTranslatable } from '../../domain/shared/translatable.ts';
import { vendorDecider, vendorStream, type VendorState } from '../../domain/vendor/decider.ts';
import { keyOfItem, MAX_VENDOR_MEDIA, MediaCaption, soundCloudUrlOf, VendorMediaItem, VendorMediaKind, youtubeIdOfLink } from '../../domain/vendor/media.ts';
import { mediaOfKind } from '../../domain/vendor/media-profile.ts';
import { photoVariants, UnreadablePhoto } from '../../infra/media-processing/photo-variants.ts';
import { HttpProblem, problems } from '../../infra/http/problem.ts';
import { written, type CommandDeps } from '../command-deps.ts';
import { defineRoute, type CommandRoute } from '../command-route.ts';
import { targetVendorId } from '../guards.ts';
import type { RequestContext } from '../request-context.ts';
import { WriteResult } from '../write-result.ts';

// The artist's own media (issue 22 item 5): photos, audio and video uploaded from the profile editor,
// YouTube and SoundCloud links, removing and ordering them, their captions in Hebrew and English
// (issue 22 item 7). The lists live in the vendor's events (AddVendorMedia, RemoveVendorMedia,
// ReorderVendorMedia, DescribeVendorMedia); the bytes in the media library (a `media-<id>` stream
// with the artist's vendorId each, served at /media/<id>/<name> like the admins' files). An upload is the file's raw bytes as the body (XMLHttpRequest reports the progress); what
// it is comes from its first bytes, not its name or Content-Type. A photo is kept only as a display
// size and a thumbnail, upright and without EXIF (infra/media-processing/photo-variants.ts); audio
// and video are kept as sent.

const MB = 1024 * 1024;
/** How large an upload of each kind may be (SPEC §9's 100 MB for video). */
export const VENDOR_UPLOAD_LIMITS = { photo: 20 * MB, audio: 50 * MB, video: 100 * MB } as const;
type UploadKind = keyof typeof VENDOR_UPLOAD_LIMITS;
const ACCEPTED: Record<UploadKind, string> = {
  photo: 'a photo: JPEG, PNG, WebP, GIF or AVIF',
  audio: 'audio: MP3, M4A, AAC, WAV, OGG or WebM',
  video: 'a video: MP4, MOV, WebM or OGG',
};
const sniffedKind: Record<UploadKind, SniffedKind> = { photo: 'image', audio: 'audio', video: 'video' };

const MediaAnswer = WriteResult.extend({ media: VendorMediaItem });

const UPLOADED_PATH = /^\/media\/([A-Za-z0-9_-]{1,100})\/[^/?#\s]+$/;

function tooLarge(kind: UploadKind): HttpProblem {
  return new HttpProblem(413, 'Payload too large', {
    code: 'media.too-large', detail: `This file is too large: ${ACCEPTED[kind].split(':')[0]} may be at most ${VENDOR_UPLOAD_LIMITS[kind] / MB} MB.`, maxBytes: VENDOR_UPLOAD_LIMITS[kind],
  });
}

/** After refusing an upload part-way, the rest is not read: the connection closes a moment after the answer. */
function closeAfterAnswer(request: Request): void {
  const response = request.res;
  if (!response) return;
  response.setHeader('Connection', 'close');
  response.once('finish', () => setTimeout(() => request.socket.destroy(), 1000).unref());
}

export function vendorMediaRoutes(deps: CommandDeps): CommandRoute[] {
  const vendors = deps.aggregate(vendorDecider, vendorStream);
  const media = deps.aggregate(mediaDecider, mediaStream);

  async function presentVendor(vendorId: string): Promise<Exclude<VendorState, { status: 'absent' }>> {
    const { state } = await vendors.load(vendorId);
    if (state.status === 'absent') throw problems.notFound('This vendor does not exist.');
    return state;
  }

  /** Records received bytes as a media file of the artist and moves them under it; its path. */
  async function keepFile(context: RequestContext, pending: PendingMedia, vendorId: string, originalName: string, contentType: string, suffix = ''): Promise<string> {
    const mediaId = context.newId();
    const base = originalName.replace(/\.[^./\\]{1,10}$/, '');
    const fileName = mediaFileName(`${base}${suffix}`, contentType);
    try {
      await media.execute(context, mediaId, {
        type: 'RecordMediaUpload', mediaId, fileName, originalName: originalName.slice(0, 255), contentType, size: pending.size, sha256: pending.sha256, ownerVendorId: vendorId,
      });
    } catch (error) {
      await pending.discard();
      throw error;
    }
    await pending.keep(`${mediaId}/${fileName}`);
    return mediaPath(mediaId, fileName);
  }

  /** Deletes the artist's uploaded files at these paths (a removed item's); a failure is logged, not answered. */
  async function deleteFiles(context: RequestContext, vendorId: string, paths: (string | undefined)[], stillUsed: Set<string>): Promise<void> {
    for (const path of paths) {
      const mediaId = path && !stillUsed.has(path) ? UPLOADED_PATH.exec(path)?.[1] : undefined;
      if (!mediaId) continue;
      try {
        const { state } = await media.load(mediaId);
        if (state.status !== 'present' || state.fields.ownerVendorId !== vendorId) continue;
        await media.execute(context, mediaId, { type: 'DeleteMedia', mediaId });
        await deps.mediaStorage?.remove(`${mediaId}/${state.fields.fileName}`);
      } catch (error) {
        deps.logger.error(error, `media ${mediaId} of a removed item could not be deleted`);
      }
    }
  }

  async function bytesAsPending(storage: MediaStorage, bytes: Buffer): Promise<PendingMedia> {
    return storage.receive(Readable.from([bytes]), { maxBytes: bytes.length });
  }

  return [
    defineRoute({
      method: 'post', path: '/api/vendor/media/upload',
      summary: 'The artist uploads a photo, audio or video for its page: the raw bytes as the body (kind decides the limits; the type is read from the bytes). A photo is kept resized with a thumbnail, upright and without EXIF (an admin names vendorId)',
      tags: ['vendors', 'media'], auth: 'vendor',
      query: z.strictObject({
        kind: z.enum(['photo', 'audio', 'video']),
        name: z.string().trim().min(1).max(255).describe("The file's name on the artist's computer"),
        description: z.string().trim().max(500).default('').describe('A caption, kept in the language of its script (write both languages with PUT /api/vendor/media/description)'),
        vendorId: Id.optional(),
      }),
      response: MediaAnswer, successStatus: 201,
      answers: {
        400: 'The upload ended before the file was complete',
        409: 'The list is full (media-full)',
        413: 'The file is larger than its kind allows (photo 20 MB, audio 50 MB, video 100 MB)',
        415: 'The bytes are not a file of the kind asked for',
        422: 'The file is empty or the photo cannot be read',
        503: 'This API keeps no media storage',
      },
    }, async ({ query, context, request }) => {
      const storage = deps.mediaStorage;
      if (!storage) throw new HttpProblem(503, 'Service unavailable', { code: 'media.no-storage', detail: 'This service keeps no media files.' });
      const vendorId = targetVendorId(context.actor, query.vendorId);
      const kind: UploadKind = query.kind;
      const vendor = await presentVendor(vendorId);
      // Refused before the bytes are read: a full list, a declared length over the limit.
      if (mediaOfKind(vendor.profile, kind).length >= MAX_VENDOR_MEDIA[kind]) {
        closeAfterAnswer(request);
        throw problems.conflict('vendor.media-full', `At most ${MAX_VENDOR_MEDIA[kind]} items of this kind; remove one first.`);
      }
      const limit = VENDOR_UPLOAD_LIMITS[kind];
      if (Number(request.get('content-length')) > limit) {
        closeAfterAnswer(request);
        throw tooLarge(kind);
      }
      let pending: PendingMedia;
      try {
        pending = await storage.receive(request, { maxBytes: limit });
      } catch (error) {
        if (error instanceof MediaTooLarge) {
          closeAfterAnswer(request);
          throw tooLarge(kind);
        }
        if (error instanceof MediaCutOff) throw new HttpProblem(400, 'Bad request', { code: 'media.cut-off', detail: error.message });
        throw error;
      }
      if (pending.size === 0) {
        await pending.discard();
        throw new HttpProblem(422, 'Validation failed', { code: 'media.empty', detail: 'The file is empty.', errors: [{ field: '(body)', message: 'The file is empty' }] });
      }
      const contentType = sniffContentType(pending.head, sniffedKind[kind]);
      if (!contentType || !contentType.startsWith(`${sniffedKind[kind]}/`)) {
        await pending.discard();
        throw new HttpProblem(415, 'Unsupported media type', { code: 'media.unsupported-type', detail: `This file is not ${ACCEPTED[kind]}.`, kind });
      }

      let item: VendorMediaItem;
      const kept: string[] = [];
      try {
        if (kind === 'photo') {
          let variants;
          try {
            variants = await photoVariants(pending.path);
          } catch (error) {
            if (error instanceof UnreadablePhoto) {
              throw new HttpProblem(422, 'Validation failed', { code: 'media.unreadable', detail: 'This photo could not be read; it may be damaged.', errors: [{ field: '(body)', message: 'The photo could not be read' }] });
            }
            throw error;
          } finally {
            await pending.discard();
          }
          const url = await keepFile(context, await bytesAsPending(storage, variants.display.bytes), vendorId, query.name, variants.display.contentType);
          kept.push(url);
          const thumbnailUrl = await keepFile(context, await bytesAsPending(storage, variants.thumbnail.bytes), vendorId, query.name, variants.thumbnail.contentType, '-thumb');
          kept.push(thumbnailUrl);
          item = { kind: 'photo', url, thumbnailUrl, description: asTranslatable(query.description) };
        } else {
          const url = await keepFile(context, pending, vendorId, query.name, contentType);
          kept.push(url);
          item = { kind, url, description: asTranslatable(query.description) };
        }
        const outcome = await vendors.execute(context, vendorId, { type: 'AddVendorMedia', vendorId, media: item });
        return { status: 201, body: { ...written(vendorId, outcome, 201).body, media: item } };
      } catch (error) {
        // Not added to the list (full meanwhile, archived…): its files go too.
        await deleteFiles(context, vendorId, kept, new Set());
        throw error;
      }
    }, { idempotent: false }),

    defineRoute({
      method: 'post', path: '/api/vendor/media/links',
      summary: 'The artist adds a YouTube video or a SoundCloud track or playlist by its link (an admin names vendorId)',
      tags: ['vendors', 'media'], auth: 'vendor',
      body: z.strictObject({ vendorId: Id.optional(), link: z.string().trim().min(1).max(2000), description: MediaCaption }),
      response: MediaAnswer, successStatus: 201,
    }, async ({ body, context }) => {
      const vendorId = targetVendorId(context.actor, body.vendorId);
      const youtubeId = youtubeIdOfLink(body.link);
      const soundCloud = youtubeId ? null : soundCloudUrlOf(body.link);
      if (!youtubeId && !soundCloud) {
        throw new HttpProblem(422, 'Validation failed', {
          code: 'vendor.media-link', detail: 'Paste a link to a YouTube video or a SoundCloud track or playlist.',
          errors: [{ field: 'link', message: 'Not a YouTube video or SoundCloud link' }],
        });
      }
      const item: VendorMediaItem = youtubeId
        ? { kind: 'youtube', youtubeId, description: body.description }
        : { kind: 'audio', url: soundCloud!, description: body.description };
      const outcome = await vendors.execute(context, vendorId, { type: 'AddVendorMedia', vendorId, media: item });
      return { status: 201, body: { ...written(vendorId, outcome, 201).body, media: item } };
    }),

    defineRoute({
      method: 'post', path: '/api/vendor/media/remove',
      summary: "The artist removes a photo, audio, video or YouTube video from its page by its key (URL or YouTube id); an uploaded file's bytes go with it (an admin names vendorId)",
      tags: ['vendors', 'media'], auth: 'vendor',
      body: z.strictObject({ vendorId: Id.optional(), kind: VendorMediaKind, key: z.string().min(1).max(2000) }),
      response: WriteResult,
    }, async ({ body, context }) => {
      const vendorId = targetVendorId(context.actor, body.vendorId);
      const outcome = await vendors.execute(context, vendorId, { type: 'RemoveVendorMedia', vendorId, kind: body.kind, key: body.key });
      const before = outcome.stateBefore as VendorState;
      if (outcome.events.length > 0 && before.status !== 'absent') {
        const removed = mediaOfKind(before.profile, body.kind).find((item) => keyOfItem(item) === body.key);
        const paths = removed && 'url' in removed ? [removed.url, (removed as { thumbnailUrl?: string }).thumbnailUrl] : [];
        const stillUsed = new Set([before.profile.heroImageUrl, before.profile.logoImageUrl].filter((url): url is string => Boolean(url)));
        await deleteFiles(context, vendorId, paths, stillUsed);
      }
      return written(vendorId, outcome);
    }),

    defineRoute({
      method: 'put', path: '/api/vendor/media/description',
      summary: "The artist writes the caption of one of its photos, audio, videos or YouTube videos, named by its key (URL or YouTube id), in Hebrew and English (either may be empty; a plain string is the language of its script) (an admin names vendorId)",
      tags: ['vendors', 'media'], auth: 'vendor',
      body: z.strictObject({ vendorId: Id.optional(), kind: VendorMediaKind, key: z.string().min(1).max(2000), description: MediaCaption }),
      response: WriteResult,
    }, async ({ body, context }) => {
      const vendorId = targetVendorId(context.actor, body.vendorId);
      const outcome = await vendors.execute(context, vendorId, { type: 'DescribeVendorMedia', vendorId, kind: body.kind, key: body.key, description: body.description });
      return written(vendorId, outcome);
    }),

    defineRoute({
      method: 'put', path: '/api/vendor/media/order',
      summary: "The artist puts one of its media lists in a new order: keys names each item once (an admin names vendorId)",
      tags: ['vendors', 'media'], auth: 'vendor',
      body: z.strictObject({ vendorId: Id.optional(), kind: VendorMediaKind, keys: z.array(z.string().min(1).max(2000)).max(100) }),
      response: WriteResult,
    }, async ({ body, context }) => {
      const vendorId = targetVendorId(context.actor, body.vendorId);
      const outcome = await vendors.execute(context, vendorId, { type: 'ReorderVendorMedia', vendorId, kind: body.kind, keys: body.keys });
      return written(vendorId, outcome);
    }),
  ];
}
