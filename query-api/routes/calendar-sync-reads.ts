import { z } from 'zod';
import { isAdmin, ownsVendor } from '../../domain/shared/actor.ts';
import { problems } from '../../infra/http/problem.ts';
import { calendarFeedPath } from '../../infra/icalendar/ics-feed.ts';
import type { CalendarSyncView } from '../../projectors/calendar-sync/projection.ts';
import { readRoute, type ReadRoute } from '../read-route.ts';

// Calendar sync (docs/calendar-sync.md): the vendor's private feed link and the calendars it imports busy
// times from. Only its owner (and admins) read it: the link opens the feed. The feed itself is
// query-api/calendar-feed.ts.
const CalendarSyncSourceAnswer = z.object({
  sourceId: z.string(), kind: z.enum(['url', 'file']), name: z.string(), url: z.string().nullable(),
  problem: z.string().nullable().describe('Why the last read failed; null when it worked (the busy times of the last good read stay)'),
  checked: z.boolean(), windows: z.number().int().describe('Busy windows it brought that have not ended'),
});
export const CalendarSyncAnswer = z.object({
  vendorId: z.string(),
  feedPath: z.string().nullable().describe('The private feed, /api/calendar-feed/{token}.ics; null before one is issued'),
  sources: z.array(CalendarSyncSourceAnswer),
});

export const vendorCalendarSync = readRoute({
  path: '/api/vendor/calendar-sync',
  response: CalendarSyncAnswer,
  summary: "The vendor's private iCalendar feed link and the calendars it imports busy times from (an admin names vendorId)",
  tags: ['calendar'],
  auth: 'vendor',
  query: { vendorId: z.string().min(1).max(100).optional() },
  answers: { 403: 'The caller has no artist profile, or names another artist (an admin names any)' },
  async handle({ query, views, actor, now }) {
    const vendorId = query.vendorId ?? actor.vendorId;
    if (!vendorId) throw problems.forbidden('Only an artist has a calendar; an admin names the vendorId.');
    if (!ownsVendor(actor, vendorId) && !isAdmin(actor)) throw problems.forbidden('An artist reads only its own calendar sync.');
    const doc = await views.byId<CalendarSyncView>('calendarSync', vendorId);
    const sources = await Promise.all((doc?.sources ?? []).map(async (source) => ({
      sourceId: source.sourceId, kind: source.kind, name: source.name, url: source.url, problem: source.problem, checked: source.checked,
      windows: await views.count('calendarEntries', { vendorId, source: source.sourceId, end: { $gt: now.toISOString() } }),
    })));
    return { vendorId, feedPath: doc?.feedToken ? calendarFeedPath(doc.feedToken) : null, sources };
  },
});

export const calendarSyncReads: ReadRoute[] = [vendorCalendarSync];
