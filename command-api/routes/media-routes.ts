import type { Request } from 'express';
import { z } from 'zod';
import { mediaDecider, mediaStream, type MediaState } from '../../domain/media/decider.ts';
import { MAX_MEDIA_BYTES, MEDIA_CONTENT_TYPES, mediaContentType, mediaFileName, mediaPath } from '../../domain/media/media-file.ts';
import { MediaCutOff, MediaTooLarge } from '../../domain/ports/media-storage.ts';
import { Id } from '../../domain/shared/ids.ts';
import { HttpProblem, problems } from '../../infra/http/problem.ts';
import { written, type CommandDeps } from '../command-deps.ts';
import { defineRoute, type CommandRoute } from '../command-route.ts';
import { issueMediaUploadToken, verifyMediaUploadToken } from '../media-upload-token.ts';
import { WriteResult } from '../write-result.ts';

// The media library (SPEC §1 admins manage media; §7 the media-manager token and the upload; §9 at
// most 100 MB a file). An upload is two calls: POST /api/media-manager/token names the media id and
// gives a 15-minute token for it, then POST /api/media/upload?token=…&name=… sends the file's raw
// bytes as the body with the file's own Content-Type. The bytes are streamed to the media storage as
// they arrive; past 100 MB the upload stops reading, removes what it wrote and answers 413.

const MediaTokenAnswer = z.object({
  token: z.string(),
  mediaId: z.string(),
  expiresAt: z.string().describe('ISO 8601 time the token stops working'),
  uploadUrl: z.string().describe('Where to POST the file: add ?token=…&name=<file name>'),
  maxBytes: z.number().int(),
  contentTypes: z.array(z.string()).describe('Content-Type values the upload accepts'),
});

const MediaUploadAnswer = WriteResult.extend({
  url: z.string().describe('Path the file is served at: /media/<mediaId>/<fileName>'),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int().describe('Bytes'),
});

const megabytes = MAX_MEDIA_BYTES / (1024 * 1024);

function tooLarge(): HttpProblem {
  return new HttpProblem(413, 'Payload too large', {
    code: 'media.too-large', detail: `A file may be at most ${megabytes} MB.`, maxBytes: MAX_MEDIA_BYTES,
  });
}

/**
 * After refusing an upload part-way, the rest of the body is not read: the answer says the connection
 * closes, and it is closed a moment after the answer went out (time for the client to read it).
 */
function closeAfterAnswer(request: Request): void {
  const response = request.res;
  if (!response) return;
  response.setHeader('Connection', 'close');
  response.once('finish', () => setTimeout(() => request.socket.destroy(), 1000).unref());
}

export function mediaRoutes(deps: CommandDeps): CommandRoute[] {
  const media = deps.aggregate(mediaDecider, mediaStream);
  return [
    defineRoute({
      method: 'post', path: '/api/media-manager/token', summary: 'A media-manager token: permission to upload one file in the next 15 minutes (admin; SPEC §7)',
      tags: ['media', 'admin'], auth: 'admin', response: MediaTokenAnswer, successStatus: 201,
    }, async ({ context }) => {
      const mediaId = context.newId();
      const { token, expiresAt } = issueMediaUploadToken(deps.tokens.secret, { mediaId, userId: context.actor.userId! }, new Date(context.at));
      return { status: 201, body: { token, mediaId, expiresAt, uploadUrl: '/api/media/upload', maxBytes: MAX_MEDIA_BYTES, contentTypes: MEDIA_CONTENT_TYPES } };
    }, { idempotent: false }),

    defineRoute({
      method: 'post', path: '/api/media/upload',
      summary: `Upload one file with a media-manager token: the raw bytes as the body, the file's type as Content-Type (images, audio, video, PDF; at most ${megabytes} MB)`,
      tags: ['media', 'admin'], auth: 'admin',
      query: z.strictObject({
        token: z.string().min(1).max(4000).describe('From POST /api/media-manager/token'),
        name: z.string().trim().min(1).max(255).describe("The file's name on the uploader's computer"),
      }),
      response: MediaUploadAnswer, successStatus: 201,
      answers: {
        400: 'The upload ended before the file was complete',
        403: 'The upload token is invalid, expired, or was given to someone else',
        409: 'The upload token was used already',
        413: `The file is larger than ${megabytes} MB (the upload stops being read and nothing is kept)`,
        415: 'The Content-Type is not an accepted media type',
        422: 'The file is empty, or token or name is missing',
        503: 'This API keeps no media storage',
      },
    }, async ({ query, context, request }) => {
      const storage = deps.mediaStorage;
      if (!storage) throw new HttpProblem(503, 'Service unavailable', { code: 'media.no-storage', detail: 'This service keeps no media files.' });
      const grant = verifyMediaUploadToken(deps.tokens.secret, query.token, new Date(context.at));
      if (!grant || grant.userId !== context.actor.userId) {
        throw new HttpProblem(403, 'Forbidden', { code: 'media.token-invalid', detail: 'The upload token is invalid, expired or not yours. Ask for a new one.' });
      }
      const contentType = mediaContentType(request.get('content-type'));
      if (!contentType) {
        throw new HttpProblem(415, 'Unsupported media type', {
          code: 'media.unsupported-type', detail: 'Upload an image (JPEG, PNG, GIF, WebP, AVIF), audio (MP3, OGG, WAV, AAC, M4A), video (MP4, WebM, OGG, MOV) or a PDF.', accepted: MEDIA_CONTENT_TYPES,
        });
      }
      const declaredLength = Number(request.get('content-length'));
      if (declaredLength > MAX_MEDIA_BYTES) {
        closeAfterAnswer(request);
        throw tooLarge();
      }
      const id = grant.mediaId;
      if ((await media.load(id)).revision >= 0) {
        throw problems.conflict('media.exists', 'This upload token was used already. Ask for a new one.');
      }

      let pending;
      try {
        pending = await storage.receive(request, { maxBytes: MAX_MEDIA_BYTES });
      } catch (error) {
        if (error instanceof MediaTooLarge) {
          closeAfterAnswer(request);
          throw tooLarge();
        }
        if (error instanceof MediaCutOff) throw new HttpProblem(400, 'Bad request', { code: 'media.cut-off', detail: error.message });
        throw error;
      }
      if (pending.size === 0) {
        await pending.discard();
        throw new HttpProblem(422, 'Validation failed', { code: 'validation', detail: 'The file is empty.', errors: [{ field: '(body)', message: 'The file is empty' }] });
      }

      const fileName = mediaFileName(query.name, contentType);
      let outcome;
      try {
        outcome = await media.execute(context, id, {
          type: 'RecordMediaUpload', mediaId: id, fileName, originalName: query.name, contentType, size: pending.size, sha256: pending.sha256,
        });
      } catch (error) {
        await pending.discard();
        throw error;
      }
      // Recorded first, kept second: a losing concurrent upload with the same token removes only its own bytes.
      await pending.keep(`${id}/${fileName}`);
      const answer = written(id, outcome, 201);
      return { status: 201, body: { ...answer.body, url: mediaPath(id, fileName), fileName, contentType, size: pending.size } };
    }, { idempotent: false }),

    defineRoute({
      method: 'delete', path: '/api/admin/media/:mediaId', summary: 'Delete a media file (admin): its URL stops answering',
      tags: ['media', 'admin'], auth: 'admin', params: z.strictObject({ mediaId: Id }), response: WriteResult,
    }, async ({ params, context }) => {
      const outcome = await media.execute(context, params.mediaId, {
        type: 'DeleteMedia', mediaId: params.mediaId,
      });
      const before: MediaState = outcome.stateBefore;
      if (before.status === 'present' && deps.mediaStorage) {
        await deps.mediaStorage.remove(`${params.mediaId}/${before.fields.fileName}`)
          .catch((error) => deps.logger.error(error, `bytes of deleted media ${params.mediaId} could not be removed`));
      }
      return written(params.mediaId, outcome);
    }),
  ];
}
