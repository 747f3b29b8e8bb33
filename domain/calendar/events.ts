import { z } from 'zod';
import { event } from '../shared/event-schema.ts';
import { Id, IsoTime } from '../shared/ids.ts';
import { Observance } from './jewish-calendar.ts';
import { CalendarSourceKind, CalendarUrl } from './calendar-sync.ts';

// Stream `calendar-<vendorId>`: the vendor's busy windows and timed-order reservations. Every interval
// is half-open [start, end). Appends use the stream revision, so two orders cannot take one slot.
export const BusyWindowCreated = event('BusyWindowCreated', z.strictObject({
  vendorId: Id, windowId: Id, start: IsoTime, end: IsoTime, reason: z.string().max(200).optional(),
  /** The calendar it was imported from (CalendarSourceAdded's sourceId); absent when the vendor blocked it here. */
  source: Id.optional(),
}));
export const BusyWindowRemoved = event('BusyWindowRemoved', z.strictObject({ vendorId: Id, windowId: Id }));
export const SlotReserved = event('SlotReserved', z.strictObject({
  vendorId: Id, orderId: Id, start: IsoTime, end: IsoTime,
}));
export const SlotReleased = event('SlotReleased', z.strictObject({
  vendorId: Id, orderId: Id, reason: z.string(),
}));

/** The artist's Jewish calendar (domain/calendar/jewish-calendar.ts): the whole choice, written anew. */
export const ObservanceSet = event('ObservanceSet', Observance.extend({ vendorId: Id }));

// Calendar sync (domain/calendar/calendar-sync.ts, docs/calendar-sync.md).
/** A new secret token for the vendor's iCalendar feed; the previous one stops opening it. */
export const CalendarFeedIssued = event('CalendarFeedIssued', z.strictObject({ vendorId: Id, token: z.string().min(20).max(100) }));
/** A calendar the vendor imports busy times from: an uploaded .ics file or an iCalendar address read on a schedule. */
export const CalendarSourceAdded = event('CalendarSourceAdded', z.strictObject({
  vendorId: Id, sourceId: Id, kind: CalendarSourceKind, name: z.string().max(100), url: CalendarUrl.optional(),
}));
export const CalendarSourceRemoved = event('CalendarSourceRemoved', z.strictObject({ vendorId: Id, sourceId: Id }));
/** A read of a source turned out differently from the last recorded one: `problem` when it failed, none when it worked. */
export const CalendarSourceChecked = event('CalendarSourceChecked', z.strictObject({ vendorId: Id, sourceId: Id, problem: z.string().max(300).optional() }));

export const CalendarEvent = z.discriminatedUnion('type', [
  BusyWindowCreated, BusyWindowRemoved, SlotReserved, SlotReleased, ObservanceSet,
  CalendarFeedIssued, CalendarSourceAdded, CalendarSourceRemoved, CalendarSourceChecked,
]);
export type CalendarEvent = z.infer<typeof CalendarEvent>;
