import type { TFunction } from 'i18next';
import { dateTimeFormat, ISRAEL_TIME_ZONE } from '../../app/format.ts';
import { israelDate, israelInstant } from '../../app/israel-calendar.ts';
import { languageTag } from '../../app/locale-path.ts';
import type { Locale } from '../../api/view-models.ts';

// A busy window or booked slot in words, Israel time: "Tue, 1 Dec 2026, 10:00–12:00", "Tue, 1 Dec
// 2026 · All day", "1 Dec 2026 – 3 Dec 2026 · All day", or across midnight "1 Dec, 20:00 – 2 Dec, 02:00".
export function describeInterval(interval: { start: string; end: string }, locale: Locale, t: TFunction, options: { withDate?: boolean } = {}): string {
  const withDate = options.withDate ?? true;
  const start = Date.parse(interval.start);
  const end = Date.parse(interval.end);
  const firstDay = israelDate(start);
  const lastDay = israelDate(end - 1);
  const wholeDays = israelInstant(firstDay, 0).getTime() === start && israelInstant(israelDate(end), 0).getTime() === end;
  const tag = languageTag(locale);
  const dates = dateTimeFormat(tag, { weekday: firstDay === lastDay ? 'short' : undefined, day: 'numeric', month: 'short', year: 'numeric', timeZone: ISRAEL_TIME_ZONE });
  const times = dateTimeFormat(tag, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: ISRAEL_TIME_ZONE });
  if (wholeDays) {
    // Composed rather than formatRange: its spacing differs between ICU versions (server vs browser).
    const days = firstDay === lastDay ? dates.format(start) : `${dates.format(start)} – ${dates.format(end - 1)}`;
    return `${days} · ${t('busyWindows.allDay')}`;
  }
  if (firstDay === lastDay) {
    // Isolated left to right, so a Hebrew sentence does not flip "10:00–12:00" into "12:00–10:00".
    // Word joiners keep the range on one line.
    const hours = `\u2066${times.format(start)}\u2060–\u2060${times.format(end)}\u2069`;
    return withDate ? `${dates.format(start)}, ${hours}` : hours;
  }
  const dateTimes = dateTimeFormat(tag, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: ISRAEL_TIME_ZONE });
  return `${dateTimes.format(start)} – ${dateTimes.format(end)}`;
}
