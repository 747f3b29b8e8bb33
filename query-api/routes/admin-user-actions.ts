import { z } from 'zod';
import type { EventStore, RecordedEvent } from '../../domain/ports/event-store.ts';
import { AuditedEventAnswer } from '../answer-schemas.ts';
import { HttpProblem } from '../../infra/http/problem.ts';
import { israelDayBounds } from '../israel-day.ts';
import { queryInteger } from '../paging.ts';
import { readRoute, type ReadRoute } from '../read-route.ts';
import { auditedEvents } from './admin-actors.ts';

// User actions (SPEC §2 "user action", superUsers only): the audit of what people did — every event a
// signed-in user's command wrote (the product's own events, by the seed's system actor and the
// reactors, are left out) — newest first, filtered by who, what (event type or entity category), which
// entity and when. Read from the event store, which holds every actor; no view copies the log. The
// port reads forwards only and positions need not be dense, so the log is read in windows below a
// position, each window four times the last, within a budget of events per request; the answer's
// `before` cursor continues below where the reading stopped.

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

/** Events with positions in (after, upper), oldest first. */
async function readWindow(eventStore: EventStore, after: number, upper: number): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  let cursor = after;
  for (;;) {
    const page = await eventStore.readAll({ after: cursor < 0 ? undefined : cursor, maxCount: PAGE });
    for (const event of page) {
      if (event.position >= upper) return events;
      events.push(event);
    }
    if (page.length < PAGE) return events;
    cursor = page.at(-1)!.position;
  }
}

/**
 * Up to `limit` matching events below position `before` (the head when absent), newest first;
 * `before` of the answer continues below them, null once the start of the log was read.
 */
export async function userActions(eventStore: EventStore, filter: UserActionFilter, options: { before?: number; limit: number; budget?: number }) {
  const headPosition = await eventStore.headPosition();
  const found: RecordedEvent[] = [];
  let upper = Math.min(options.before ?? headPosition + 1, headPosition + 1);
  let span = Math.max(options.limit * 4, 200);
  let scanned = 0;
  const budget = options.budget ?? SCAN_BUDGET;
  while (upper > 0 && found.length < options.limit && scanned < budget) {
    const after = Math.max(upper - span, 0) - 1;
    const window = await readWindow(eventStore, after, upper);
    scanned += window.length;
    for (let index = window.length - 1; index >= 0; index--) {
      const event = window[index]!;
      if (!matches(event, filter)) continue;
      found.push(event);
      if (found.length === options.limit) return { events: found, before: event.position > 0 ? event.position : null, scanned, headPosition };
    }
    upper = after + 1;
    // Events older than the range's start: nothing below can match (the log is in time order).
    if (filter.since && window.length > 0 && window[0]!.metadata.at < filter.since) return { events: found, before: null, scanned, headPosition };
    span *= 4;
  }
  return { events: found, before: upper > 0 ? upper : null, scanned, headPosition };
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
    const { events, before, scanned, headPosition } = await userActions(eventStore, filter, { before: query.before, limit: query.limit });
    return { items: await auditedEvents(views, events), before, scanned, headPosition };
  },
});

export const adminUserActionReads: ReadRoute[] = [adminUserActions];
