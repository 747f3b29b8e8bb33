import { z } from 'zod';
import { CalendarAnswer } from '../answer-schemas.ts';
import { isAdmin, ownsVendor } from '../../domain/shared/actor.ts';
import { IsoTime } from '../../domain/shared/ids.ts';
import { readRoute, type ReadRoute } from '../read-route.ts';
import { pagingShape } from '../paging.ts';
import { listPage } from '../list-page.ts';
import { JewishCalendarAnswer } from '../jewish-calendar-answer.ts';
import { observanceOf, placeOfRead } from '../jewish-calendar.ts';
import { hebrewDays, restWindows, type HebrewDay } from '../../domain/calendar/jewish-calendar.ts';
import { FALLBACK_PLACES } from '../../domain/calendar/israeli-places.ts';
import { israelDate } from '../../domain/shared/israel-time.ts';
import { LeastRecentlyUsed } from '../../infra/least-recently-used.ts';

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

// The artist's Jewish calendar over [from, to) (docs/jewish-calendar.md): their choice, the windows
// from candle lighting to havdalah (and the days they added) they are not booked in at the event's
// place, and each day's Hebrew date with its holidays by name. Computed here with @hebcal/core, so the
// storefront's bundle does not carry it. Public, like the busy times: a customer needs them to book.
const MAX_JEWISH_DAYS = 120;

export const vendorJewishCalendar = readRoute({
  path: '/api/vendor/:vendorId/jewish-calendar',
  response: JewishCalendarAnswer,
  summary: "A vendor's Shabbat and holidays: the windows they are not booked in, and the Hebrew dates, between from and to",
  tags: ['calendar'],
  auth: 'public',
  params: { vendorId: z.string().min(1).max(100) },
  query: {
    from: IsoTime.optional().describe('Start of the range (default: now).'),
    to: IsoTime.optional().describe(`End of the range, exclusive (default and at most: from + ${MAX_JEWISH_DAYS} days).`),
    city: z.string().max(100).optional().describe("The event's city, Hebrew or English (default: the vendor's first place; unknown: the wider times of Jerusalem and Tel Aviv)."),
    geoLocation: z.string().max(100).optional().describe('Id of a geo location: its nearest city, when no city is given.'),
  },
  async handle({ params, query, views, now }) {
    const from = query.from ? new Date(query.from) : now;
    const to = new Date(Math.min(query.to ? Date.parse(query.to) : Infinity, from.getTime() + MAX_JEWISH_DAYS * 86_400_000));
    const [observance, place] = await Promise.all([observanceOf(views, params.vendorId), placeOfRead(views, params.vendorId, query)]);
    const placeName = place ? { key: place.key, ...place.name } : { key: null, he: FALLBACK_PLACES.map((p) => p.name.he).join(' / '), en: FALLBACK_PLACES.map((p) => p.name.en).join(' / ') };
    if (to.getTime() <= from.getTime()) return { observance, place: placeName, rest: [], days: [] };
    const lastDay = israelDate(to.getTime() - 1);
    return {
      observance,
      place: placeName,
      rest: restWindows(observance, place, from.toISOString(), to.toISOString()),
      days: hebrewDaysOf(israelDate(from.getTime()), lastDay < israelDate(from.getTime()) ? israelDate(from.getTime()) : lastDay),
    };
  },
});

/**
 * The Hebrew dates of a range of days (at most MAX_JEWISH_DAYS + 1), remembered: every artist's page asks
 * for the same days (from today), and working them out (dates and holidays, day by day) was a twentieth of
 * rendering the page. A range's days never change; the few ranges asked for at a time are kept, the oldest
 * asked for going first, and answered as the same list (the storefront names a list's days once per language).
 */
const HEBREW_RANGES_KEPT = 32;
const hebrewRanges = new LeastRecentlyUsed<string, readonly HebrewDay[]>(HEBREW_RANGES_KEPT);
function hebrewDaysOf(first: string, last: string): readonly HebrewDay[] {
  const key = `${first}/${last}`;
  let days = hebrewRanges.get(key);
  if (!days) {
    days = hebrewDays(first, last).slice(0, MAX_JEWISH_DAYS + 1);
    hebrewRanges.set(key, days);
  }
  return days;
}

export const calendarReads: ReadRoute[] = [vendorCalendar, vendorJewishCalendar];
