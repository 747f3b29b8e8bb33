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

type Named = { he: string; en: string };
const nameIn = (locale: Locale) => (value: Named): string => (locale === 'he' ? value.he : value.en);
type ShownDays = Pick<JewishCalendarShown, 'hebrewDates' | 'marks'>;

// Every artist's page asks for the same days (from today): the query API in this process hands over the
// same list of days for a range (query-api/routes/calendar-reads.ts), an answer over HTTP is read once per
// text (answer-memo.ts). Their dates and marks in a language are worked out once per list, frozen and
// shared by the pages (a hundredth of a vendor page's time when each page named its ~90 days again).
const shownDays = new WeakMap<readonly JewishCalendar['days'][number][], Partial<Record<Locale, ShownDays>>>();

function daysShown(days: JewishCalendar['days'], locale: Locale): ShownDays {
  const named = nameIn(locale);
  let byLocale = shownDays.get(days);
  if (!byLocale) shownDays.set(days, byLocale = {});
  return byLocale[locale] ??= Object.freeze({
    hebrewDates: Object.freeze(Object.fromEntries(days.map((day) => [day.date, named(day.hebrew)]))),
    marks: Object.freeze(Object.fromEntries(days.filter((day) => day.marks.length > 0)
      .map((day) => [day.date, Object.freeze(day.marks.map((mark) => Object.freeze({ kind: mark.kind, name: named(mark) })))]))),
  }) as ShownDays;
}

export function jewishCalendarShown(calendar: JewishCalendar, locale: Locale): JewishCalendarShown {
  const named = nameIn(locale);
  return {
    place: named(calendar.place),
    rest: calendar.rest.map((window) => ({ start: window.start, end: window.end, kinds: window.kinds, names: window.names.map(named), place: named(window.place) })),
    ...daysShown(calendar.days, locale),
  };
}
