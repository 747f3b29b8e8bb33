import { z } from 'zod';
import { CalendarAnswer } from '../answer-schemas.ts';
import { isAdmin, ownsVendor } from '../../domain/shared/actor.ts';
import { IsoTime } from '../../domain/shared/ids.ts';
import { readRoute, type ReadRoute } from '../read-route.ts';
import { pagingShape } from '../paging.ts';
import { listPage } from '../list-page.ts';

// A vendor's calendar over `calendarEntries`, entries overlapping [from, to). Public, because a
// customer needs the busy times to pick a slot; but only the vendor's owner and admins see what an
// entry is (reason, order, window id). Everyone else sees `{ start, end, kind: 'busy' }`.
const DEFAULT_DAYS = 90;
const MAX_DAYS = 400;

export const vendorCalendar = readRoute({
  path: '/api/vendor/:vendorId/calendar',
  response: CalendarAnswer,
  summary: "A vendor's busy windows and reservations between from and to",
  tags: ['calendar'],
  auth: 'public',
  params: { vendorId: z.string().min(1).max(100) },
  query: {
    ...pagingShape,
    limit: pagingShape.limit.default(999),
    from: IsoTime.optional().describe('Start of the range (default: now).'),
    to: IsoTime.optional().describe(`End of the range, exclusive (default: from + ${DEFAULT_DAYS} days; at most ${MAX_DAYS} days).`),
  },
  async handle({ params, query, views, actor, now }) {
    const from = query.from ? new Date(query.from) : now;
    const to = query.to ? new Date(query.to) : new Date(from.getTime() + DEFAULT_DAYS * 86_400_000);
    if (to.getTime() <= from.getTime()) return { items: [], total: 0, from: from.toISOString(), to: to.toISOString() };
    const cappedTo = new Date(Math.min(to.getTime(), from.getTime() + MAX_DAYS * 86_400_000));
    const filter = { vendorId: params.vendorId, start: { $lt: cappedTo.toISOString() }, end: { $gt: from.toISOString() } };
    const page = await listPage(views, 'calendarEntries', filter, { sort: { start: 1, _id: 1 }, start: query.start, limit: query.limit });
    const detailed = isAdmin(actor) || ownsVendor(actor, params.vendorId);
    const items = detailed ? page.items : page.items.map((entry) => ({ start: entry.start, end: entry.end, kind: 'busy' }));
    return { items, total: page.total, from: from.toISOString(), to: cappedTo.toISOString() };
  },
});

export const calendarReads: ReadRoute[] = [vendorCalendar];
