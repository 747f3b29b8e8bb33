import type { BusyInterval } from '../api/view-models.ts';
import { ISRAEL_TIME_ZONE } from './format.ts';

// Free dates and slots of a vendor for a timed product. Slots start on the hour in Israel time,
// between FIRST_HOUR and LAST_START_HOUR; a slot is free when [start, start + duration) overlaps
// no busy window or reservation (the same half-open rule the calendar decider enforces).
export const FIRST_HOUR = 10;
export const LAST_START_HOUR = 21;
export const BOOKING_HORIZON_DAYS = 90;

const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: ISRAEL_TIME_ZONE, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit',
});

function israelFields(time: number): { year: number; month: number; day: number; hour: number; minute: number } {
  const values = Object.fromEntries(parts.formatToParts(new Date(time)).map((part) => [part.type, part.value]));
  return { year: Number(values.year), month: Number(values.month), day: Number(values.day), hour: Number(values.hour) % 24, minute: Number(values.minute) };
}

/** The UTC instant of a wall-clock hour on a date (YYYY-MM-DD) in Israel. */
export function israelInstant(date: string, hour: number): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(year, month - 1, day, hour);
  const seen = israelFields(guess);
  const offset = Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute) - guess;
  return new Date(guess - offset);
}

/** The Israel date (YYYY-MM-DD) of an instant. */
export function israelDate(time: number): string {
  const f = israelFields(time);
  return `${f.year}-${String(f.month).padStart(2, '0')}-${String(f.day).padStart(2, '0')}`;
}

export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

export interface Slot { start: string; end: string; free: boolean }

export function slotsOn(date: string, durationMinutes: number, busy: BusyInterval[], now: number): Slot[] {
  const duration = Math.max(durationMinutes, 30) * 60_000;
  const intervals = busy.map((b) => [Date.parse(b.start), Date.parse(b.end)] as const);
  const slots: Slot[] = [];
  for (let hour = FIRST_HOUR; hour <= LAST_START_HOUR; hour++) {
    const start = israelInstant(date, hour).getTime();
    const end = start + duration;
    const free = start > now && intervals.every(([busyStart, busyEnd]) => end <= busyStart || start >= busyEnd);
    slots.push({ start: new Date(start).toISOString(), end: new Date(end).toISOString(), free });
  }
  return slots;
}

export const hasFreeSlot = (date: string, durationMinutes: number, busy: BusyInterval[], now: number): boolean =>
  slotsOn(date, durationMinutes, busy, now).some((slot) => slot.free);
