import type { JewishCalendar } from './jewish-calendar.ts';
import type { Locale } from './view-models.ts';

// An artist's Jewish calendar in the language of their page: what the booking calendar shows, and so
// what the server pass hands the browser in the page's hydration data. The API's answer names every day
// and holiday in Hebrew and English, each day an object of its own (~9.7 KB for the 91 days of a page,
// three quarters of its hydration data); the page shows one language, and looks a day up by its date
// (~4.4 KB). A page in the other language is another route with its own loader data.
export interface JewishCalendarShown {
  /** The city whose candle lighting and havdalah count, named. */
  place: string;
  /** The windows the artist is not booked in (candle lighting to havdalah, chosen fasts), named. */
  rest: Array<{ start: string; end: string; kinds: JewishCalendar['rest'][number]['kinds']; names: string[]; place: string }>;
  /** Each day's Hebrew date, by its Israeli date (YYYY-MM-DD). */
  hebrewDates: Record<string, string>;
  /** The days with holidays, fasts or memorial days, by date: each mark's kind and name, in the API's order. */
  marks: Record<string, Array<{ kind: JewishCalendar['days'][number]['marks'][number]['kind']; name: string }>>;
}

export function jewishCalendarShown(calendar: JewishCalendar, locale: Locale): JewishCalendarShown {
  const named = (value: { he: string; en: string }) => (locale === 'he' ? value.he : value.en);
  return {
    place: named(calendar.place),
    rest: calendar.rest.map((window) => ({ start: window.start, end: window.end, kinds: window.kinds, names: window.names.map(named), place: named(window.place) })),
    hebrewDates: Object.fromEntries(calendar.days.map((day) => [day.date, named(day.hebrew)])),
    marks: Object.fromEntries(calendar.days.filter((day) => day.marks.length > 0)
      .map((day) => [day.date, day.marks.map((mark) => ({ kind: mark.kind, name: named(mark) }))])),
  };
}
