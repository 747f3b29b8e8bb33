import { z } from 'zod';
import { AuditEventAnswer } from '../answer-schemas.ts';
import type { RecordedEvent } from '../../domain/ports/event-store.ts';
import { UnknownPosition } from '../../domain/ports/event-store.ts';
import { HttpProblem } from '../../infra/http/problem.ts';
import { readRoute, type ReadRoute } from '../read-route.ts';
import { MAX_LIMIT, pageOf, queryInteger } from '../paging.ts';

// Audit and replay for admins and analysts: every event with its metadata (actor,
// correlation, causation, time), straight from the event store. Secrets never leave: password and
// token hashes (and any field named like a password, token or secret) are redacted.
// Not cached: the log is the source of truth and admins expect to see the latest event.
const secretField = /password|token|secret/i;

export function redacted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redacted);
  // A folded state's persistent maps (immutable's) and dates: what JSON would show of them.
  if (value && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') return redacted((value as { toJSON(): unknown }).toJSON());
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, secretField.test(key) ? '[redacted]' : redacted(inner)]));
  }
  return value;
}

export const auditEvent = (event: RecordedEvent) => ({
  id: event.id,
  streamId: event.streamId,
  revision: event.revision,
  position: event.position,
  type: event.type,
  data: redacted(event.data),
  metadata: event.metadata,
  recordedAt: event.recordedAt,
});

const limit = queryInteger({ min: 1, max: MAX_LIMIT }).default(100).describe(`Events per page, 1 to ${MAX_LIMIT}.`);

export const streamEvents = readRoute({
  path: '/api/admin/streams/:streamId/events',
  response: pageOf(AuditEventAnswer).extend({ streamId: z.string(), currentRevision: z.number().int() }),
  summary: 'Every event of one stream with its metadata (admins)',
  tags: ['admin', 'audit'],
  auth: 'admin',
  params: { streamId: z.string().min(1).max(300).regex(/^[A-Za-z0-9._:-]+$/, 'A stream id such as order-<id>') },
  query: { fromRevision: queryInteger({ min: 0 }).default(0), limit },
  cache: false,
  async handle({ params, query, eventStore }) {
    const [events, [last]] = await Promise.all([
      eventStore.readStream(params.streamId, { fromRevision: query.fromRevision, maxCount: query.limit }),
      eventStore.readStream(params.streamId, { direction: 'backwards', maxCount: 1 }),
    ]);
    return { items: events.map(auditEvent), total: last ? last.revision + 1 : 0, streamId: params.streamId, currentRevision: last?.revision ?? -1 };
  },
});

export const allEvents = readRoute({
  path: '/api/admin/events',
  response: pageOf(AuditEventAnswer).extend({ nextPosition: z.number().int(), headPosition: z.number().int(), more: z.boolean() }),
  summary: 'The whole log in position order, after a position (admins); follow nextPosition to page',
  tags: ['admin', 'audit'],
  auth: 'admin',
  query: {
    fromPosition: queryInteger({ min: -1 }).default(-1).describe('Exclusive: events after this global position (-1: from the start).'),
    limit,
    type: z.string().max(100).optional().describe('Only events of this type (filtered within the page).'),
  },
  cache: false,
  async handle({ query, eventStore }) {
    const [events, headPosition] = await Promise.all([
      eventStore.readAll({ after: query.fromPosition < 0 ? undefined : query.fromPosition, maxCount: query.limit }).catch((error: unknown) => {
        // EventStoreDB reads only from positions it gave: the nextPosition of a page, not any number.
        if (error instanceof UnknownPosition) {
          throw new HttpProblem(422, 'Validation failed', {
            code: 'validation', detail: 'One or more parameters are invalid.',
            errors: [{ field: 'query.fromPosition', message: 'Not the position of an event: start at -1 or at a page\'s nextPosition' }],
          });
        }
        throw error;
      }),
      eventStore.headPosition(),
    ]);
    const items = (query.type ? events.filter((event) => event.type === query.type) : events).map(auditEvent);
    const nextPosition = events.at(-1)?.position ?? query.fromPosition;
    return { items, total: items.length, nextPosition, headPosition, more: nextPosition < headPosition };
  },
});

export const auditReads: ReadRoute[] = [streamEvents, allEvents];
