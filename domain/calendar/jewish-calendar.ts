import { z } from 'zod';
import { flags, HDate, HebrewCalendar, Zmanim, type Event as HebcalEvent } from '@hebcal/core';
import { addDays, israelDate, ISRAEL_TIME_ZONE } from '../shared/israel-time.ts';
import type { Interval } from './availability.ts';
import { FALLBACK_PLACES, locationOf, type IsraeliPlace } from './israeli-places.ts';

// The Jewish calendar of an artist (issue 27 item 1; docs/jewish-calendar.md). Whether they perform on
// Shabbat and on the holidays (yom tov: Rosh Hashana, Yom Kippur, the first day of Sukkot, Shemini
// Atzeret/Simchat Torah, the first and seventh days of Pesach, Shavuot — Israel's calendar), and which
// fast and memorial days they also keep free. From these, the windows in which they are not booked:
// from candle lighting on the evening before to havdalah (nightfall, 8.5° below the horizon) at the
// event's place; a minor fast from dawn, and a fast or memorial day ends when hebcal ends the fast. Times come from @hebcal/core, which is pure computation (no clock, no I/O), so this
// module stays in the pure domain. Consecutive days merge: a yom tov on Friday and Shabbat block from
// Thursday's candle lighting to Saturday's havdalah; the Saturday-night ("מוצאי שבת") slots after
// havdalah stay bookable.

/** Days an artist may add to those they do not perform on. */
export const OptionalRestDay = z.enum(['minor-fasts', 'tisha-bav', 'yom-hashoah', 'yom-hazikaron']);
export type OptionalRestDay = z.infer<typeof OptionalRestDay>;
export const OPTIONAL_REST_DAYS = OptionalRestDay.options;

/** The artist's choice; without one they perform every day. */
export const Observance = z.strictObject({
  performsOnShabbat: z.boolean(),
  performsOnHolidays: z.boolean(),
  alsoRestsOn: z.array(OptionalRestDay).max(OPTIONAL_REST_DAYS.length),
});
export type Observance = z.infer<typeof Observance>;
export const PERFORMS_EVERY_DAY: Observance = { performsOnShabbat: true, performsOnHolidays: true, alsoRestsOn: [] };

/** The same choice written one way: the optional days in their fixed order, without repeats. */
export const normalizedObservance = (observance: Observance): Observance => ({
  performsOnShabbat: observance.performsOnShabbat,
  performsOnHolidays: observance.performsOnHolidays,
  alsoRestsOn: OPTIONAL_REST_DAYS.filter((day) => observance.alsoRestsOn.includes(day)),
});

export const keepsAnyDay = (observance: Observance): boolean =>
  !observance.performsOnShabbat || !observance.performsOnHolidays || observance.alsoRestsOn.length > 0;

export type RestKind = 'shabbat' | 'holiday' | OptionalRestDay;
export interface Named { he: string; en: string }

/** A time the artist does not perform in, with the days it covers by name. */
export interface RestWindow extends Interval {
  kinds: RestKind[];
  names: Named[];
  /** The place whose times these are (both fallback places' names when the event's place is unknown). */
  place: Named;
}

const MINOR_FASTS = ['Tzom Gedaliah', "Asara B'Tevet", "Ta'anit Esther", 'Tzom Tammuz'];
const noNiqqud = (text: string): string => text.replace(/[\u0591-\u05C7]/g, '');
const nameOf = (event: HebcalEvent): Named => ({ he: noNiqqud(event.render('he')), en: event.render('en') });
const SHABBAT: Named = { he: 'שבת', en: 'Shabbat' };

/** hebcal's date for an Israeli calendar day (YYYY-MM-DD), whatever the process's time zone. */
function hdateOf(date: string): HDate {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new HDate(new Date(year, month - 1, day));
}

const isWeekday = (date: string, weekday: number): boolean => new Date(`${date}T12:00:00Z`).getUTCDay() === weekday;

/** The holidays of an Israeli day (Israel's calendar, one day of yom tov). */
const holidaysOn = (date: string): HebcalEvent[] => HebrewCalendar.getHolidaysOnDate(hdateOf(date), true) ?? [];

/** Which of the artist's rest days a date is, with their names (empty when they perform that day). */
function restOn(date: string, observance: Observance): { kinds: RestKind[]; names: Named[] } {
  const kinds: RestKind[] = [];
  const names: Named[] = [];
  if (!observance.performsOnShabbat && isWeekday(date, 6)) { kinds.push('shabbat'); names.push(SHABBAT); }
  for (const event of holidaysOn(date)) {
    const desc = event.getDesc();
    const mask = event.getFlags();
    let kind: RestKind | null = null;
    if (mask & flags.CHAG && !(mask & flags.EREV)) kind = observance.performsOnHolidays ? null : 'holiday';
    else if (desc.startsWith("Tish'a B'Av") && observance.alsoRestsOn.includes('tisha-bav')) kind = 'tisha-bav';
    else if (desc === 'Yom HaShoah' && observance.alsoRestsOn.includes('yom-hashoah')) kind = 'yom-hashoah';
    else if (desc === 'Yom HaZikaron' && observance.alsoRestsOn.includes('yom-hazikaron')) kind = 'yom-hazikaron';
    else if (MINOR_FASTS.some((fast) => desc.startsWith(fast)) && observance.alsoRestsOn.includes('minor-fasts')) kind = 'minor-fasts';
    if (kind) { kinds.push(kind); names.push(nameOf(event)); }
  }
  return { kinds, names };
}

const candleOffsetMinutes = (place: IsraeliPlace): number => ({ jerusalem: 40, haifa: 30, 'zikhron-yaakov': 30 } as Record<string, number>)[place.key] ?? 18;
const zmanimOf = (place: IsraeliPlace, date: string) => new Zmanim(locationOf(place), hdateOf(date), false);

/** Candle lighting on a date's evening (sunset less the place's custom), to the minute as calendars print it. */
export const candleLighting = (place: IsraeliPlace, date: string): Date => zmanimOf(place, date).sunsetOffset(-candleOffsetMinutes(place), true);
/** Havdalah on a date's evening: nightfall, the sun 8.5° below the horizon (hebcal's default), to the minute. */
export const havdalah = (place: IsraeliPlace, date: string): Date => Zmanim.roundTime(zmanimOf(place, date).tzeit(8.5));
/** The start of a minor fast: dawn (alot hashachar). */
const fastBegins = (place: IsraeliPlace, date: string): Date => new Date(Math.floor(zmanimOf(place, date).alotHaShachar().getTime() / 60_000) * 60_000);

/**
 * The end of a fast or memorial day as hebcal gives it in Israel: Tish'a B'Av at nightfall 6.45° below
 * the horizon, a minor fast (and a memorial day) 15 minutes after sunset.
 */
const fastEnds = (place: IsraeliPlace, date: string, kinds: readonly RestKind[]): Date =>
  kinds.includes('tisha-bav') ? Zmanim.roundTime(zmanimOf(place, date).tzeit(6.45)) : zmanimOf(place, date).sunsetOffset(15, true);

/** When a run of rest days ending on `last` ends: havdalah after Shabbat or yom tov, the fast's end otherwise. */
function runEnd(place: IsraeliPlace, last: string, lastKinds: readonly RestKind[]): number {
  return (lastKinds.some((kind) => kind === 'shabbat' || kind === 'holiday') ? havdalah(place, last) : fastEnds(place, last, lastKinds)).getTime();
}

/** When a run of rest days starting on `first` begins: the evening before, or dawn for a minor fast alone. */
function runStart(place: IsraeliPlace, first: string, kinds: readonly RestKind[]): number {
  const fromEvening = kinds.some((kind) => kind !== 'minor-fasts');
  return fromEvening ? candleLighting(place, addDays(first, -1)).getTime() : fastBegins(place, first).getTime();
}

/**
 * The years the calendar answers for: sun times and dates far outside them are not computed (hebcal and
 * the Israeli time zone data fail there), so an API asked about the year 9999 answers nothing, not 500.
 */
const SUPPORTED_FROM = Date.UTC(1900, 0, 2);
const SUPPORTED_TO = Date.UTC(2200, 0, 1);

/**
 * The windows in which the artist does not perform that overlap [from, to), for an event at `place`
 * (null: unknown, the wider times of Jerusalem and Tel Aviv), sorted by start.
 */
export function restWindows(observance: Observance | undefined, place: IsraeliPlace | null, from: string, to: string): RestWindow[] {
  if (!observance || !keepsAnyDay(observance)) return [];
  const fromMs = Math.max(Date.parse(from), SUPPORTED_FROM);
  const toMs = Math.min(Date.parse(to), SUPPORTED_TO);
  if (!(fromMs < toMs)) return [];
  const places = place ? [place] : FALLBACK_PLACES;
  const placeName: Named = place ? place.name : { he: places.map((p) => p.name.he).join(' / '), en: places.map((p) => p.name.en).join(' / ') };
  // A window reaches at most a day before its first date and a day after its last: one more day each side.
  const lastDate = addDays(israelDate(toMs), 1);
  const windows: RestWindow[] = [];
  let run: { first: string; last: string; firstKinds: RestKind[]; lastKinds: RestKind[]; kinds: RestKind[]; names: Named[] } | null = null;
  const close = () => {
    if (!run) return;
    const start = Math.min(...places.map((p) => runStart(p, run!.first, run!.firstKinds)));
    const end = Math.max(...places.map((p) => runEnd(p, run!.last, run!.lastKinds)));
    if (start < toMs && end > fromMs) {
      windows.push({ start: new Date(start).toISOString(), end: new Date(end).toISOString(), kinds: [...new Set(run.kinds)], names: run.names, place: placeName });
    }
    run = null;
  };
  for (let date = addDays(israelDate(fromMs), -1); date <= lastDate; date = addDays(date, 1)) {
    const rest = restOn(date, observance);
    if (rest.kinds.length === 0) { close(); continue; }
    if (run) {
      run.last = date; run.lastKinds = rest.kinds; run.kinds.push(...rest.kinds);
      for (const name of rest.names) if (!run.names.some((known) => known.en === name.en)) run.names.push(name);
    } else run = { first: date, last: date, firstKinds: rest.kinds, lastKinds: rest.kinds, kinds: [...rest.kinds], names: [...rest.names] };
  }
  close();
  return windows;
}

const timeText = new Intl.DateTimeFormat('en-GB', { timeZone: ISRAEL_TIME_ZONE, weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
/** An instant as Israel's wall clock shows it, for refusals: "Fri 11 Dec, 15:55". */
export const israelTimeText = (iso: string): string => timeText.format(new Date(iso));

/** The first rest window the interval overlaps, or null. */
export function restConflict(observance: Observance | undefined, place: IsraeliPlace | null, interval: Interval): RestWindow | null {
  return restWindows(observance, place, interval.start, interval.end)[0] ?? null;
}

// ── The Hebrew calendar beside the Gregorian one ───────────────────────────────────────────────────

export type DayMarkKind = 'holiday' | 'fast' | 'memorial' | 'festive';
export interface DayMark extends Named { kind: DayMarkKind }
export interface HebrewDay {
  /** The Israeli day, YYYY-MM-DD. */
  date: string;
  /** "י״ב כסלו תשפ״ז" and "12 Kislev 5787". */
  hebrew: Named;
  /** Holidays, fasts and memorial days of the day (Israel's calendar), by name. */
  marks: DayMark[];
}

const MEMORIAL = ['Yom HaShoah', 'Yom HaZikaron', "Tish'a B'Av", 'Yitzhak Rabin Memorial Day'];
/** The minor and modern holidays worth a mark on a booking calendar (hebcal lists many more: Purim Katan, Leil Selichot…). */
const FESTIVE = ['Purim', 'Shushan Purim', 'Tu BiShvat', 'Lag BaOmer', "Tu B'Av", "Yom HaAtzma'ut", 'Yom Yerushalayim', 'Sigd'];

function markOf(event: HebcalEvent): DayMark | null {
  const mask = event.getFlags();
  const desc = event.getDesc();
  let kind: DayMarkKind | null = null;
  if (MEMORIAL.some((name) => desc.startsWith(name))) kind = 'memorial';
  else if (mask & (flags.EREV | flags.SPECIAL_SHABBAT | flags.ROSH_CHODESH | flags.SHABBAT_MEVARCHIM | flags.YOM_KIPPUR_KATAN | flags.BEHAB) || desc.startsWith("Ta'anit Bechorot")) kind = null;
  else if (mask & flags.CHAG) kind = 'holiday';
  else if (mask & (flags.MAJOR_FAST | flags.MINOR_FAST)) kind = 'fast';
  else if (mask & (flags.CHOL_HAMOED | flags.CHANUKAH_CANDLES) || FESTIVE.includes(desc) || desc.startsWith('Chanukah')) kind = 'festive';
  return kind ? { kind, ...nameOf(event) } : null;
}

/** The Hebrew date and the marked days of each Israeli day from `first` to `last` (YYYY-MM-DD, inclusive; at most 400). */
export function hebrewDays(first: string, last: string): HebrewDay[] {
  const days: HebrewDay[] = [];
  const start = first < '1900-01-02' ? '1900-01-02' : first;
  const end = last > '2199-12-31' ? '2199-12-31' : last;
  for (let date = start; date <= end && days.length < 400; date = addDays(date, 1)) {
    const hd = hdateOf(date);
    const marks: DayMark[] = [];
    for (const event of holidaysOn(date)) {
      const mark = markOf(event);
      if (mark && !marks.some((known) => known.en === mark.en)) marks.push(mark);
    }
    days.push({ date, hebrew: { he: noNiqqud(hd.renderGematriya(true)), en: `${hd.getDate()} ${hd.getMonthName()} ${hd.getFullYear()}` }, marks });
  }
  return days;
}
