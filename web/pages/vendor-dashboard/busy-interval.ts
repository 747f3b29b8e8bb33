import { addDays, israelInstant } from '../../app/israel-calendar.ts';
import { timeOfDay, validDate } from '../../app/calendar-range.ts';

// The interval the busy-window form describes (Israel time): a date with from/to hours, or whole
// days (one day, or through a last date). Checked by the route action before it writes; the
// messages are translation keys, worded by the form.
const MAX_DAYS = 400;

export type BusyField = 'date' | 'from' | 'to' | 'untilDate' | 'reason';
export interface BusyFields { date: string; allDay: boolean; from: string; to: string; untilDate: string }
export type BusyInterval = { start: string; end: string } | { errors: Partial<Record<BusyField, string>> };

export function busyInterval(fields: BusyFields, now: number): BusyInterval {
  const date = validDate(fields.date);
  if (!date) return { errors: { date: 'busyWindows.errors.dateRequired' } };
  let start: number;
  let end: number;
  if (fields.allDay) {
    const last = fields.untilDate ? validDate(fields.untilDate) : date;
    if (!last || last < date) return { errors: { untilDate: 'busyWindows.errors.untilBeforeDate' } };
    start = israelInstant(date, 0).getTime();
    end = israelInstant(addDays(last, 1), 0).getTime();
  } else {
    const fromTime = timeOfDay(fields.from);
    const toTime = timeOfDay(fields.to);
    if (!fromTime || !toTime) {
      return { errors: { ...(fromTime ? {} : { from: 'busyWindows.errors.timeRequired' }), ...(toTime ? {} : { to: 'busyWindows.errors.timeRequired' }) } };
    }
    start = israelInstant(date, fromTime.hour, fromTime.minute).getTime();
    end = israelInstant(date, toTime.hour, toTime.minute).getTime();
    if (end <= start) return { errors: { to: 'busyWindows.errors.endBeforeStart' } };
  }
  if (end <= now) return { errors: { date: 'busyWindows.errors.past' } };
  if (end - start > MAX_DAYS * 86_400_000) return { errors: { untilDate: 'busyWindows.errors.tooLong' } };
  return { start: new Date(start).toISOString(), end: new Date(end).toISOString() };
}
