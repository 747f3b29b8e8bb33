import { z } from 'zod';
import type { EventStore, RecordedEvent } from '../../domain/ports/event-store.ts';
import { UnknownPosition } from '../../domain/ports/event-store.ts';
import { AuditedEventAnswer } from '../answer-schemas.ts';
import { HttpProblem } from '../../infra/http/problem.ts';
import { israelDayBounds } from '../israel-day.ts';
import { queryInteger } from '../paging.ts';
import { readRoute, type ReadRoute } from '../read-route.ts';
import { auditedEvents } from './admin-actors.ts';

// User actions (SPEC §2, superUsers only): the audit of what people did — every event a
// signed-in user's command wrote (the product's own events, by the seed's system actor and the
// reactors, are left out) — newest first, filtered by who, what (event type or entity category), which
// entity and when. Read from the event store, which holds every actor; no view copies the log. The log
// is read backwards in pages, from the head or below the `before` cursor (the position of an event: the
// event store reads only from positions it gave), within a budget of events per request; the answer's
// `before` continues below where the reading stopped.

export interface UserActionFilter {
  userId?: string;
  type?: string;
  category?: string;
  streamId?: string;
  /** ISO instants: [since, until). */
  since?: string;
  until?: string;
}

const PAGE = 1_000;
/** Events read per request at most, so a rare filter over a long log answers in bounded time. */
export const SCAN_BUDGET = 20_000;

const matches = (event: RecordedEvent, filter: UserActionFilter): boolean => {
  const { userId } = event.metadata.actor;
  if (!userId || event.metadata.actor.roles.includes('system')) return false;
  if (filter.userId && userId !== filter.userId) return false;
  if (filter.type && event.type !== filter.type) return false;
  if (filter.streamId && event.streamId !== filter.streamId) return false;
  if (filter.category && !event.streamId.startsWith(`${filter.category}-`)) return false;
  if (filter.since && event.metadata.at < filter.since) return false;
  if (filter.until && event.metadata.at >= filter.until) return false;
  return true;
};

/**
 * Up to `limit` matching events below position `before` (from the head when absent), newest first;
 * `before` of the answer continues below them, null once the start of the log was read.
 */
export async function userActions(eventStore: EventStore, filter: UserActionFilter, options: { before?: number; limit: number; budget?: number }) {
  const headPosition = await eventStore.headPosition();
  const found: RecordedEvent[] = [];
  const budget = options.budget ?? SCAN_BUDGET;
  let before = options.before;
  let scanned = 0;
  while (scanned < budget) {
    const wanted = Math.min(PAGE, budget - scanned);
    const page = await eventStore.readAll({ direction: 'backwards', ...(before === undefined ? {} : { before }), maxCount: wanted });
    for (const event of page) {
      scanned += 1;
      before = event.position;
      // Older than the range's start: nothing below can match (the log is in time order).
      if (filter.since && event.metadata.at < filter.since) return { events: found, before: null, scanned, headPosition };
      if (!matches(event, filter)) continue;
      found.push(event);
      if (found.length === options.limit) return { events: found, before: event.position, scanned, headPosition };
    }
    if (page.length < wanted) return { events: found, before: null, scanned, headPosition };
  }
  return { events: found, before: before ?? null, scanned, headPosition };
}

/** A calendar day written yyyy-mm-dd that exists (no 2025-02-30). */
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A day as yyyy-mm-dd')
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), 'Not a calendar day');

export const adminUserActions = readRoute({
  path: '/api/admin/user-actions',
  response: z.object({
    items: z.array(AuditedEventAnswer).describe('Newest first'),
    before: z.number().int().nullable().describe('Pass as `before` for the next, older page; null when the start of the log was reached'),
    scanned: z.number().int().describe('Events read to answer'),
    headPosition: z.number().int(),
  }),
  summary: 'What users did: events written by signed-in users, newest first, by user, event type, category, entity and Israel days (superUsers)',
  tags: ['admin', 'audit'],
  auth: 'superUsers',
  query: {
    userId: z.string().min(1).max(100).optional().describe('Only this user\'s actions'),
    type: z.string().regex(/^[A-Za-z]{1,100}$/).optional().describe('Only events of this type, e.g. OrderPlaced'),
    category: z.string().regex(/^[a-z]{1,50}$/).optional().describe('Only streams of this category, e.g. order, vendor, product, user'),
    streamId: z.string().min(1).max(300).regex(/^[A-Za-z0-9._:-]+$/).optional().describe('Only this entity\'s stream, e.g. vendor-<id>'),
    from: Day.optional().describe('First Israel day, yyyy-mm-dd'),
    to: Day.optional().describe('Last Israel day (included), yyyy-mm-dd'),
    before: queryInteger({ min: 0 }).optional().describe('Only events at positions below this (the previous answer\'s `before`)'),
    limit: queryInteger({ min: 1, max: 100 }).default(30).describe('Actions per page, 1 to 100.'),
  },
  cache: false,
  async handle({ query, eventStore, views }) {
    if (query.from && query.to && query.from > query.to) {
      throw new HttpProblem(422, 'Validation failed', { code: 'validation', detail: 'The range ends before it starts.', errors: [{ field: 'query.to', message: 'Must not be before from' }] });
    }
    const filter: UserActionFilter = {
      userId: query.userId, type: query.type, category: query.category, streamId: query.streamId,
      since: query.from ? israelDayBounds(query.from).start : undefined,
      until: query.to ? israelDayBounds(query.to).end : undefined,
    };
    const { events, before, scanned, headPosition } = await userActions(eventStore, filter, { before: query.before, limit: query.limit }).catch((error: unknown) => {
      // EventStoreDB reads only from positions it gave: a previous answer's `before`, not any number.
      if (error instanceof UnknownPosition) {
        throw new HttpProblem(422, 'Validation failed', { code: 'validation', detail: 'One or more parameters are invalid.', errors: [{ field: 'query.before', message: 'Not the position of an event: pass a previous answer\'s before' }] });
      }
      throw error;
    });
    return { items: await auditedEvents(views, events), before, scanned, headPosition };
  },
});

export const adminUserActionReads: ReadRoute[] = [adminUserActions];
