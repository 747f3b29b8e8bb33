import { z } from 'zod';
import { HttpProblem, problems } from '../../infra/http/problem.ts';
import { readRoute, type ReadRoute } from '../read-route.ts';
import { queryInteger } from '../paging.ts';
import { StreamStateAnswer } from '../answer-schemas.ts';
import { auditedEvents } from './admin-actors.ts';
import { categoryOf, STREAM_DECIDERS } from './admin-stream-deciders.ts';
import { redacted } from './audit-reads.ts';

// Time travel for every entity page: the entity of one stream as of any of its revisions,
// folded from the event store with its aggregate's own `initialState` and `evolve` (the same fold
// the command handler does before deciding), so it is exactly what the write side believed then.
// With `withEvents=true` the answer also carries the stream's events up to that revision, their
// actors named, for the history list. Secrets (password and token hashes) are redacted.
// Not cached: the log is the source of truth and an admin expects the latest event.
export const MAX_HISTORY_EVENTS = 500;

export const streamState = readRoute({
  path: '/api/admin/streams/:streamId/state',
  response: StreamStateAnswer,
  summary: "A stream's entity as of one revision (default: the latest), folded with its aggregate's evolve; optionally with its events (admins)",
  tags: ['admin', 'audit'],
  auth: 'admin',
  params: { streamId: z.string().min(1).max(300).regex(/^[A-Za-z0-9._:-]+$/, 'A stream id such as order-<id>') },
  query: {
    revision: queryInteger({ min: 0 }).optional().describe('Revision to stop at (0 = the first event); default the latest.'),
    withEvents: z.enum(['true', 'false']).optional().describe(`true: also the events up to that revision (the latest ${MAX_HISTORY_EVENTS}), actors named.`),
  },
  answers: { 409: 'revision is past the revision the stream is at' },
  cache: false,
  async handle({ params, query, eventStore, views }) {
    const [last] = await eventStore.readStream(params.streamId, { direction: 'backwards', maxCount: 1 });
    if (!last) throw problems.notFound('There is no such stream.');
    const currentRevision = last.revision;
    const revision = query.revision ?? currentRevision;
    if (revision > currentRevision) {
      throw new HttpProblem(409, 'Revision not found', {
        code: 'revision-not-found',
        detail: `The stream is at revision ${currentRevision}; it has no revision ${revision}.`,
        currentRevision,
      });
    }
    const recorded = await eventStore.readStream(params.streamId, { maxCount: revision + 1 });
    const category = categoryOf(params.streamId);
    const decider = STREAM_DECIDERS[category];
    const state = decider ? recorded.reduce((folded, event) => decider.evolve(folded, { type: event.type, data: event.data } as never), decider.initialState) : null;
    const at = recorded.at(-1)!;
    return {
      streamId: params.streamId,
      category,
      folded: Boolean(decider),
      revision,
      currentRevision,
      at: at.metadata.at,
      eventType: at.type,
      state: redacted(state) ?? null,
      ...(query.withEvents === 'true' ? { events: await auditedEvents(views, recorded.slice(-MAX_HISTORY_EVENTS)) } : {}),
    };
  },
});

export const adminStreamStateReads: ReadRoute[] = [streamState];
