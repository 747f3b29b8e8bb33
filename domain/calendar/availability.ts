// Pure questions about a vendor's calendar: is an interval free, which slots are free. Every interval is
// half-open [start, end): a booking ending at 20:00 and one starting at 20:00 do not overlap.
import { israelInstant } from '../shared/israel-time.ts';
import type { IntervalSet } from './interval-set.ts';

export interface Interval {
  start: string;
  end: string;
}

/**
 * A calendar's busy windows (by window id) and reservations (by order id): persistent sets indexed by
 * time (interval-set.ts), so a change costs O(log n) and a conflict check walks one path, not every entry.
 */
export interface CalendarEntries {
  windows: IntervalSet<Interval & { reason?: string }>;
  reservations: IntervalSet<Interval>;
}

const ms = (iso: string): number => Date.parse(iso);

export const overlaps = (a: Interval, b: Interval): boolean => ms(a.start) < ms(b.end) && ms(b.start) < ms(a.end);

/**
 * What blocks the interval, if anything: a busy window (the earliest-starting one) or else another
 * order's reservation (likewise).
 */
export function firstConflict(
  calendar: CalendarEntries,
  interval: Interval,
  ignoreOrderId?: string,
): { kind: 'window'; id: string } | { kind: 'reservation'; id: string } | null {
  const window = calendar.windows.firstOverlap(interval);
  if (window !== undefined) return { kind: 'window', id: window };
  const reservation = calendar.reservations.firstOverlap(interval, ignoreOrderId);
  if (reservation !== undefined) return { kind: 'reservation', id: reservation };
  return null;
}

/** Whether the order holds a slot in the calendar. */
export const holdsReservation = (calendar: CalendarEntries, orderId: string): boolean => calendar.reservations.has(orderId);

/** The orders holding a slot in the calendar. */
export const reservedOrderIds = (calendar: CalendarEntries): string[] => [...calendar.reservations.ids()];

/** True when nothing in the calendar overlaps [start, end). */
export const isFree = (calendar: CalendarEntries, start: string, end: string): boolean => firstConflict(calendar, { start, end }) === null;

/** Everything that blocks time, sorted by start: for the vendor's calendar screen. */
export function busyIntervals(calendar: CalendarEntries): Array<Interval & { kind: 'window' | 'reservation'; id: string; reason?: string }> {
  const windows = [...calendar.windows.entries()].map(([id, w]) => ({ ...w, kind: 'window' as const, id }));
  const reservations = [...calendar.reservations.entries()].map(([id, r]) => ({ ...r, kind: 'reservation' as const, id }));
  return [...windows, ...reservations].sort((a, b) => ms(a.start) - ms(b.start) || ms(a.end) - ms(b.end));
}

/**
 * Slots of `durationMinutes` inside [from, to) that nothing overlaps, tried every `stepMinutes`
 * from `from`, at most `limit` of them: for the booking form's time picker.
 */
export function freeSlots(
  calendar: CalendarEntries,
  options: { from: string; to: string; durationMinutes: number; stepMinutes?: number; limit?: number },
): Interval[] {
  const { durationMinutes, stepMinutes = 30, limit = 200 } = options;
  if (!(durationMinutes > 0) || !(stepMinutes > 0)) return [];
  const blocked = busyIntervals(calendar).map((b) => [ms(b.start), ms(b.end)] as const);
  const slots: Interval[] = [];
  const last = ms(options.to);
  for (let start = ms(options.from); start + durationMinutes * 60_000 <= last && slots.length < limit; start += stepMinutes * 60_000) {
    const end = start + durationMinutes * 60_000;
    if (blocked.every(([bStart, bEnd]) => !(start < bEnd && bStart < end))) {
      slots.push({ start: new Date(start).toISOString(), end: new Date(end).toISOString() });
    }
  }
  return slots;
}

// ── Bookable slots and free days (docs/storefront.md "Free dates and slots") ─────────────────────
// ONE rule for the artist page's booking calendar (web/components/booking-calendar.tsx) and the
// search's "free on" filter (GET /api/ecommerce/vendor?date=): slots start on the hour from
// FIRST_SLOT_HOUR to LAST_SLOT_START_HOUR Israel time; a slot is free when [start, start + duration)
// overlaps no busy window or reservation and starts after `now`; a day is free when it has a free slot.

/** The first slot of a day starts at 10:00 Israel time, the last at 21:00. */
export const FIRST_SLOT_HOUR = 10;
export const LAST_SLOT_START_HOUR = 21;
/** A slot is never shorter than this, whatever the service says. */
export const MIN_SLOT_MINUTES = 30;
/** How long a slot an artist without a timed service needs to count as free on a day: one hour. */
export const DEFAULT_AVAILABILITY_MINUTES = 60;

export interface Slot extends Interval {
  free: boolean;
}

/** Every slot of an Israeli day (YYYY-MM-DD) for a service of `durationMinutes`, free or not. */
export function slotsOn(date: string, durationMinutes: number, busy: readonly Interval[], now: number): Slot[] {
  const duration = Math.max(durationMinutes, MIN_SLOT_MINUTES) * 60_000;
  const intervals = busy.map((b) => [ms(b.start), ms(b.end)] as const);
  const slots: Slot[] = [];
  for (let hour = FIRST_SLOT_HOUR; hour <= LAST_SLOT_START_HOUR; hour++) {
    const start = israelInstant(date, hour).getTime();
    const end = start + duration;
    const free = start > now && intervals.every(([busyStart, busyEnd]) => end <= busyStart || start >= busyEnd);
    slots.push({ start: new Date(start).toISOString(), end: new Date(end).toISOString(), free });
  }
  return slots;
}

/** Whether the day has at least one free slot for a service of `durationMinutes`. */
export const hasFreeSlot = (date: string, durationMinutes: number, busy: readonly Interval[], now: number): boolean =>
  hasFreeSlotAmong(date, durationMinutes, busyInstants(busy), now);

/** Busy intervals as [start, end) instants: parsed once for asking hasFreeSlotAmong of many days. */
export type BusyInstants = readonly (readonly [number, number])[];
export const busyInstants = (busy: readonly Interval[]): BusyInstants => busy.map((b) => [ms(b.start), ms(b.end)] as const);

/**
 * hasFreeSlot over busy instants: slotsOn's rule, answered at the first free slot without making the
 * slots' list (the booking calendar asks it of every day of a month: with the list, ~0.6 ms of a
 * vendor page's render went to ISO strings and parsing the same busy intervals again for each day).
 */
export function hasFreeSlotAmong(date: string, durationMinutes: number, busy: BusyInstants, now: number): boolean {
  const duration = Math.max(durationMinutes, MIN_SLOT_MINUTES) * 60_000;
  for (let hour = FIRST_SLOT_HOUR; hour <= LAST_SLOT_START_HOUR; hour++) {
    const start = israelInstant(date, hour).getTime();
    if (!(start > now)) continue;
    const end = start + duration;
    if (busy.every(([busyStart, busyEnd]) => end <= busyStart || start >= busyEnd)) return true;
  }
  return false;
}

/**
 * The slot length that decides whether an artist is free on a day: the shortest of their timed
 * services (if a longer one fits, the shortest fits too), an hour when they have none.
 */
export const availabilityMinutes = (shortestTimedServiceMinutes: number | null | undefined): number =>
  shortestTimedServiceMinutes && shortestTimedServiceMinutes > 0 ? shortestTimedServiceMinutes : DEFAULT_AVAILABILITY_MINUTES;

/**
 * The instants a day's slots can touch for a service of `durationMinutes`: busy intervals outside
 * [from, to) cannot make any slot of that day unavailable.
 */
export function slotRangeOf(date: string, durationMinutes: number): Interval {
  const from = israelInstant(date, FIRST_SLOT_HOUR).getTime();
  const to = israelInstant(date, LAST_SLOT_START_HOUR).getTime() + Math.max(durationMinutes, MIN_SLOT_MINUTES) * 60_000;
  return { start: new Date(from).toISOString(), end: new Date(to).toISOString() };
}
