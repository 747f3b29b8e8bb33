// Pure questions about a vendor's calendar: is an interval free, which slots are free. Every interval is
// half-open [start, end): a booking ending at 20:00 and one starting at 20:00 do not overlap.

export interface Interval {
  start: string;
  end: string;
}

export interface CalendarEntries {
  windows: Record<string, Interval & { reason?: string }>;
  reservations: Record<string, Interval>;
}

const ms = (iso: string): number => Date.parse(iso);

export const overlaps = (a: Interval, b: Interval): boolean => ms(a.start) < ms(b.end) && ms(b.start) < ms(a.end);

/** What blocks the interval, if anything: a busy window or another order's reservation. */
export function firstConflict(
  calendar: CalendarEntries,
  interval: Interval,
  ignoreOrderId?: string,
): { kind: 'window'; id: string } | { kind: 'reservation'; id: string } | null {
  for (const [id, window] of Object.entries(calendar.windows)) if (overlaps(window, interval)) return { kind: 'window', id };
  for (const [id, reservation] of Object.entries(calendar.reservations)) {
    if (id !== ignoreOrderId && overlaps(reservation, interval)) return { kind: 'reservation', id };
  }
  return null;
}

/** True when nothing in the calendar overlaps [start, end). */
export const isFree = (calendar: CalendarEntries, start: string, end: string): boolean => firstConflict(calendar, { start, end }) === null;

/** Everything that blocks time, sorted by start: for the vendor's calendar screen. */
export function busyIntervals(calendar: CalendarEntries): Array<Interval & { kind: 'window' | 'reservation'; id: string; reason?: string }> {
  const windows = Object.entries(calendar.windows).map(([id, w]) => ({ ...w, kind: 'window' as const, id }));
  const reservations = Object.entries(calendar.reservations).map(([id, r]) => ({ ...r, kind: 'reservation' as const, id }));
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
