import { addDays, israelInstant } from './israel-calendar.ts';

// The days a calendar screen shows and what each day holds, in Israel time (dates are YYYY-MM-DD
// on the Israeli wall clock). Weeks start on Sunday, as in Israel. Entries are half-open
// [start, end) instants; an entry spanning several days is cut into one piece per day.
export type CalendarMode = 'month' | 'week';

export const isCalendarMode = (value: unknown): value is CalendarMode => value === 'month' || value === 'week';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar date in the YYYY-MM-DD form, else null. */
export function validDate(value: string | null | undefined): string | null {
  if (!value || !DATE.test(value)) return null;
  return new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value ? value : null;
}

/** 0 = Sunday … 6 = Saturday. */
export const weekdayOf = (date: string): number => new Date(`${date}T00:00:00Z`).getUTCDay();

export const startOfWeek = (date: string): string => addDays(date, -weekdayOf(date));
export const startOfMonth = (date: string): string => `${date.slice(0, 7)}-01`;
const daysInMonth = (date: string): number => new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)), 0)).getUTCDate();

/** The days on screen: whole weeks around the month, or the week of the date. */
export function visibleDays(mode: CalendarMode, anchor: string): string[] {
  const first = mode === 'week' ? startOfWeek(anchor) : startOfWeek(startOfMonth(anchor));
  const last = mode === 'week' ? addDays(first, 6) : addDays(startOfWeek(addDays(startOfMonth(anchor), daysInMonth(anchor) - 1)), 6);
  const days: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The anchor one month or one week earlier (-1) or later (1); months land on their first day. */
export function shiftAnchor(mode: CalendarMode, anchor: string, direction: -1 | 1): string {
  if (mode === 'week') return addDays(startOfWeek(anchor), 7 * direction);
  const month = new Date(Date.UTC(Number(anchor.slice(0, 4)), Number(anchor.slice(5, 7)) - 1 + direction, 1));
  return month.toISOString().slice(0, 10);
}

/** The instants [start, end) of the days on screen, for the calendar read. */
export function rangeOf(days: string[]): { from: string; to: string } {
  return { from: israelInstant(days[0]!, 0).toISOString(), to: israelInstant(addDays(days[days.length - 1]!, 1), 0).toISOString() };
}

export interface DayPiece<T> {
  entry: T;
  /** The piece's own start and end on this day (instants, ms). */
  start: number;
  end: number;
  /** Covers the whole day. */
  allDay: boolean;
  /** Minutes from the day's midnight, for placing the piece on a time grid. */
  fromMinute: number;
  toMinute: number;
}

/** The parts of the entries that fall on a date, earliest first. */
export function piecesOn<T extends { start: string; end: string }>(date: string, entries: readonly T[]): DayPiece<T>[] {
  const dayStart = israelInstant(date, 0).getTime();
  const dayEnd = israelInstant(addDays(date, 1), 0).getTime();
  const dayLength = dayEnd - dayStart; // 23 or 25 hours on the days the clocks change
  const pieces: DayPiece<T>[] = [];
  for (const entry of entries) {
    const start = Math.max(Date.parse(entry.start), dayStart);
    const end = Math.min(Date.parse(entry.end), dayEnd);
    if (!(start < end)) continue;
    pieces.push({
      entry, start, end, allDay: start === dayStart && end === dayEnd,
      fromMinute: Math.round(((start - dayStart) / dayLength) * 1440), toMinute: Math.round(((end - dayStart) / dayLength) * 1440),
    });
  }
  return pieces.sort((a, b) => a.start - b.start || a.end - b.end);
}

/** "HH:MM" of a 24-hour wall-clock time, else null. */
export function timeOfDay(value: string): { hour: number; minute: number } | null {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  return hour < 24 && minute < 60 ? { hour, minute } : null;
}
