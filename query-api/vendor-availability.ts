import type { ViewDocument } from '../domain/ports/view-store.ts';
import { availabilityMinutes, DEFAULT_AVAILABILITY_MINUTES, hasFreeSlot, MIN_SLOT_MINUTES, slotRangeOf, type Interval } from '../domain/calendar/availability.ts';
import type { ReadViews } from './tracked-views.ts';
import { restWindows } from '../domain/calendar/jewish-calendar.ts';
import { observingVendors, vendorPlaces } from './jewish-calendar.ts';

// The search's "free on <day>" filter asks the same rule as the artist page's booking calendar
// (domain/calendar/availability.ts): an artist is free on a day when their shortest timed service
// (an hour without one) fits in a free slot of that day. Only artists with a calendar entry near the
// day can be taken, so only their cards are read. An artist who does not perform on Shabbat or the
// holidays (or a day they added) is not free from candle lighting to havdalah at their place
// (docs/jewish-calendar.md): their windows of the day count as busy, as the booking calendar shows.

interface CardMinutes extends ViewDocument {
  shortestTimedServiceMinutes?: number | null;
}
interface CalendarEntryDoc extends ViewDocument, Interval {
  vendorId: string;
}

/**
 * The vendors who are NOT free on the Israeli day (YYYY-MM-DD) at `now`; 'everyone' when the day
 * has no slot left at all (a past day, or today after the last slot has started).
 */
export async function vendorsNotFreeOn(views: ReadViews, day: string, now: Date): Promise<string[] | 'everyone'> {
  const time = now.getTime();
  if (!hasFreeSlot(day, MIN_SLOT_MINUTES, [], time)) return 'everyone';
  // The longest service any artist needs decides how far past the last slot's start an entry can matter.
  const [longest] = await views.find<CardMinutes>('vendorCards', { visible: true, shortestTimedServiceMinutes: { $gt: 0 } }, { sort: { shortestTimedServiceMinutes: -1 }, limit: 1 });
  const range = slotRangeOf(day, Math.max(DEFAULT_AVAILABILITY_MINUTES, longest?.shortestTimedServiceMinutes ?? 0));
  const entries = await views.find<CalendarEntryDoc>('calendarEntries', { start: { $lt: range.end }, end: { $gt: range.start } });
  const busyByVendor = new Map<string, Interval[]>();
  for (const entry of entries) busyByVendor.set(entry.vendorId, [...(busyByVendor.get(entry.vendorId) ?? []), { start: entry.start, end: entry.end }]);
  const observing = await observingVendors(views);
  if (observing.size > 0) {
    const places = await vendorPlaces(views, [...observing.keys()]);
    // Artists with the same choice at the same place share their windows: computed once.
    const windowsOf = new Map<string, Interval[]>();
    for (const [vendorId, observance] of observing) {
      const place = places.get(vendorId) ?? null;
      const key = `${JSON.stringify(observance)}|${place?.key ?? ''}`;
      const rest = windowsOf.get(key) ?? restWindows(observance, place, range.start, range.end);
      windowsOf.set(key, rest);
      if (rest.length) busyByVendor.set(vendorId, [...(busyByVendor.get(vendorId) ?? []), ...rest.map(({ start, end }) => ({ start, end }))]);
    }
  }
  if (busyByVendor.size === 0) return [];
  const cards = await views.find<CardMinutes>('vendorCards', { _id: { $in: [...busyByVendor.keys()] } });
  const minutesOf = new Map(cards.map((card) => [card._id, availabilityMinutes(card.shortestTimedServiceMinutes)]));
  return [...busyByVendor].flatMap(([vendorId, busy]) =>
    hasFreeSlot(day, minutesOf.get(vendorId) ?? DEFAULT_AVAILABILITY_MINUTES, busy, time) ? [] : [vendorId]);
}
