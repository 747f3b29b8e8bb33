import type { RequestHandler } from 'express';
import { mediaDecider } from '../domain/media/decider.ts';
import type { MediaEvent } from '../domain/media/events.ts';
import type { EventStore } from '../domain/ports/event-store.ts';
import type { MediaStorage } from '../domain/ports/media-storage.ts';
import { Id, streamId } from '../domain/shared/ids.ts';
import { problems, sendProblem } from '../infra/http/problem.ts';
import { toDomainEvent } from './command-handler.ts';

// GET /media/<mediaId>/<fileName>: a file of the media library, for anyone (artists' pages show
// them). What the file is comes from its own stream, so a new upload answers at once and a deleted
// one never again. A media URL always means the same bytes, so browsers and proxies may keep it for
// a year; ranges (audio and video seeking) and validators come from Express's sendFile.
const YEAR_SECONDS = 365 * 24 * 3600;

export function serveMediaFiles(ports: { eventStore: EventStore; storage: MediaStorage }): RequestHandler {
  return async (req, res, next) => {
    try {
      const { mediaId, fileName } = req.params as { mediaId: string; fileName: string };
      if (!Id.safeParse(mediaId).success) return sendProblem(res, problems.notFound('There is no such media file.').problem);
      const events = await ports.eventStore.readStream(streamId('media', mediaId));
      const state = events.map((event) => toDomainEvent<MediaEvent>(event)).reduce(mediaDecider.evolve, mediaDecider.initialState);
      if (state.status !== 'present' || state.fields.fileName !== fileName) return sendProblem(res, problems.notFound('There is no such media file.').problem);
      const file = await ports.storage.find(`${mediaId}/${fileName}`);
      if (!file) return sendProblem(res, problems.notFound('There is no such media file.').problem);
      res.sendFile(file.path, {
        headers: {
          'Content-Type': state.fields.contentType,
          'Content-Disposition': `inline; filename*=UTF-8''${encodeURIComponent(fileName)}`,
          'X-Content-Type-Options': 'nosniff',
          'Cache-Control': `public, max-age=${YEAR_SECONDS}, immutable`,
        },
        cacheControl: false,
        dotfiles: 'allow',
      }, (error) => {
        if (error && !res.headersSent) next(error);
      });
    } catch (error) {
      next(error);
    }
  };
}
