import ICAL from 'ical.js';
import { ISRAEL_TIME_ZONE, israelInstant } from '../../domain/shared/israel-time.ts';

// What an iCalendar file (RFC 5545) says its owner is busy with, read by ical.js (Mozilla's): each VEVENT
// that takes time, as UTC intervals inside [from, to). docs/calendar-sync.md "Import".
// - A timed event in a zone: the zone's VTIMEZONE in the file (Google, iCloud and Outlook all send one;
//   Outlook names it "Israel Standard Time"), else the TZID as an IANA zone name, else Israel time.
//   A floating time (no zone) is Israel time, where the market lives.
// - An all-day event (DATE values): its days from midnight to midnight, Israel time; no DTEND is one day.
// - A recurring event: RRULE and RDATE expanded over the window, less its EXDATEs, with the moved or
//   canceled occurrences its RECURRENCE-ID overrides say; at most `maxOccurrences` intervals in all.
// - Not busy: a canceled event (STATUS:CANCELLED) and a timed one marked free (takesTime).
// - Events of this marketplace's own feed (UID ending `@<ownUidDomain>`) are left out, so a vendor who
//   imports a calendar that subscribes to their feed does not block their own bookings twice.

export interface BusyTime {
  /** The event's UID and, for an occurrence of a recurring event, its recurrence instant. */
  key: string;
  start: string;
  end: string;
  /** The event's SUMMARY, cut to 200 characters; absent when it has none. */
  summary?: string;
  allDay: boolean;
}

export interface IcsReading {
  /** The calendar's name (X-WR-CALNAME), when it has one. */
  calendarName: string | null;
  busy: BusyTime[];
  /** True when more intervals than `maxOccurrences` fell in the window: the first ones are kept. */
  truncated: boolean;
}

export class IcsParseError extends Error {}

export interface IcsReadOptions {
  from: Date;
  to: Date;
  maxOccurrences?: number;
  ownUidDomain?: string;
}

/** How many recurrence steps one event may take (from its first occurrence), whatever falls in the window. */
const MAX_STEPS_PER_EVENT = 20_000;

export function busyTimesOfIcs(text: string, options: IcsReadOptions): IcsReading {
  const maxOccurrences = options.maxOccurrences ?? 2_000;
  const from = options.from.getTime();
  const to = options.to.getTime();
  let calendar: ICAL.Component;
  try {
    const parsed = ICAL.parse(text.replace(/^\uFEFF/, ''));
    calendar = new ICAL.Component(Array.isArray(parsed[0]) ? parsed[0] : parsed);
  } catch (error) {
    throw new IcsParseError(`Not an iCalendar file: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (calendar.name !== 'vcalendar') throw new IcsParseError('Not an iCalendar file: it does not start with BEGIN:VCALENDAR.');

  const vevents = calendar.getAllSubcomponents('vevent');
  const masters = new Map<string, ICAL.Event>();
  const overrides: ICAL.Component[] = [];
  const singles: ICAL.Event[] = [];
  for (const vevent of vevents) {
    const uid = String(vevent.getFirstPropertyValue('uid') ?? '');
    if (options.ownUidDomain && uid.toLowerCase().endsWith(`@${options.ownUidDomain.toLowerCase()}`)) continue;
    if (vevent.hasProperty('recurrence-id')) { overrides.push(vevent); continue; }
    const event = new ICAL.Event(vevent);
    if (uid && !masters.has(uid)) masters.set(uid, event);
    else singles.push(event);
  }
  for (const override of overrides) {
    const master = masters.get(String(override.getFirstPropertyValue('uid') ?? ''));
    if (master) master.relateException(override);
    else singles.push(new ICAL.Event(override));
  }

  const busy: BusyTime[] = [];
  let truncated = false;
  const add = (time: BusyTime): void => {
    if (busy.length >= maxOccurrences) { truncated = true; return; }
    busy.push(time);
  };

  for (const event of [...masters.values(), ...singles]) {
    if (busy.length >= maxOccurrences) { truncated = true; break; }
    const uid = event.uid || `no-uid-${busy.length}`;
    if (!event.isRecurring()) {
      const time = intervalOf(event.component, event.startDate, event.endDate, event.duration);
      if (time && takesTime(event.component, time.allDay) && time.end > from && time.start < to) {
        add({ key: event.component.hasProperty('recurrence-id') ? `${uid}#${String(event.component.getFirstPropertyValue('recurrence-id'))}` : uid, ...busyOf(time, event.summary) });
      }
      continue;
    }
    const iterator = event.iterator();
    for (let step = 0, next = iterator.next(); next && step < MAX_STEPS_PER_EVENT; step++, next = iterator.next()) {
      const details = event.getOccurrenceDetails(next);
      const time = intervalOf(details.item.component, details.startDate, details.endDate, details.item.duration);
      if (!time) continue;
      if (time.start >= to) break;
      if (time.end <= from || !takesTime(details.item.component, time.allDay)) continue;
      add({ key: `${uid}#${instantKey(details.recurrenceId, event.component)}`, ...busyOf(time, details.item.summary) });
      if (busy.length >= maxOccurrences) { truncated = true; break; }
    }
  }
  busy.sort((a, b) => a.start.localeCompare(b.start) || a.key.localeCompare(b.key));
  const name = calendar.getFirstPropertyValue('x-wr-calname');
  return { calendarName: typeof name === 'string' && name.trim() ? name.trim().slice(0, 100) : null, busy, truncated };
}

/**
 * An event blocks time unless it is canceled, or timed and marked free (Outlook's busy status FREE, else
 * TRANSP:TRANSPARENT). An all-day event always blocks: Google and Outlook mark new all-day events free by
 * default, yet an artist's all-day "wedding" or "vacation" means the day is taken.
 */
function takesTime(vevent: ICAL.Component, allDay: boolean): boolean {
  const status = String(vevent.getFirstPropertyValue('status') ?? '').toUpperCase();
  if (status === 'CANCELLED') return false;
  if (allDay) return true;
  const outlookStatus = vevent.getFirstPropertyValue('x-microsoft-cdo-busystatus');
  if (typeof outlookStatus === 'string' && outlookStatus.trim()) return outlookStatus.trim().toUpperCase() !== 'FREE';
  return String(vevent.getFirstPropertyValue('transp') ?? '').toUpperCase() !== 'TRANSPARENT';
}

function busyOf(time: { start: number; end: number; allDay: boolean }, summary: string | null | undefined): Omit<BusyTime, 'key'> {
  const text = typeof summary === 'string' ? summary.replace(/\s+/g, ' ').trim().slice(0, 200) : '';
  return { start: new Date(time.start).toISOString(), end: new Date(time.end).toISOString(), allDay: time.allDay, ...(text ? { summary: text } : {}) };
}

function instantKey(time: ICAL.Time, vevent: ICAL.Component): string {
  return time.isDate ? time.toString() : new Date(instantOf(time, vevent, 'dtstart')).toISOString();
}

/** [start, end) in epoch ms; null when the event has no usable start or ends before it starts. */
function intervalOf(vevent: ICAL.Component, start: ICAL.Time | null, end: ICAL.Time | null, duration: ICAL.Duration | null): { start: number; end: number; allDay: boolean } | null {
  if (!start) return null;
  if (start.isDate) {
    const first = dayOf(start);
    let last = end && end.isDate ? dayOf(end) : null;
    if (!last || last <= first) {
      // No DTEND: one day (RFC 5545 3.6.1), or as many days as a DURATION says.
      const days = duration ? Math.max(1, Math.ceil(duration.toSeconds() / 86_400)) : 1;
      last = addDaysTo(first, days);
    }
    return { start: israelInstant(first, 0).getTime(), end: israelInstant(last, 0).getTime(), allDay: true };
  }
  const startMs = instantOf(start, vevent, 'dtstart');
  let endMs = end ? instantOf(end, vevent, vevent.hasProperty('dtend') ? 'dtend' : 'dtstart') : startMs;
  if (!end && duration) endMs = startMs + duration.toSeconds() * 1000;
  if (!Number.isFinite(startMs) || !Number.isFinite(endMs)) return null;
  // An event of no length (a reminder) still marks its moment: a minute.
  if (endMs <= startMs) endMs = startMs + 60_000;
  return { start: startMs, end: endMs, allDay: false };
}

const dayOf = (time: ICAL.Time): string => `${String(time.year).padStart(4, '0')}-${String(time.month).padStart(2, '0')}-${String(time.day).padStart(2, '0')}`;

function addDaysTo(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The UTC instant of a DATE-TIME: by its zone's definition in the file, its Z, its IANA TZID, or Israel time. */
function instantOf(time: ICAL.Time, vevent: ICAL.Component, property: 'dtstart' | 'dtend'): number {
  const zone = time.zone;
  if (zone && zone.tzid !== 'floating' && zone !== ICAL.Timezone.localTimezone) return time.toUnixTime() * 1000;
  const tzid = vevent.getFirstProperty(property)?.getParameter('tzid');
  const ianaZone = typeof tzid === 'string' && isIanaZone(tzid) ? tzid : ISRAEL_TIME_ZONE;
  return zonedInstant(ianaZone, time.year, time.month, time.day, time.hour, time.minute, time.second);
}

// One formatter per zone (making one costs far more than using it); null for a name that is no IANA zone.
const formats = new Map<string, Intl.DateTimeFormat | null>();
function formatOf(zone: string): Intl.DateTimeFormat | null {
  if (!formats.has(zone)) {
    if (formats.size > 500) formats.clear();
    try {
      formats.set(zone, new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }));
    } catch {
      formats.set(zone, null);
    }
  }
  return formats.get(zone)!;
}

const isIanaZone = (name: string): boolean => formatOf(name) !== null;

/** The UTC instant of a wall-clock time in an IANA zone (the offset at the answer, as israelInstant does). */
function zonedInstant(zone: string, year: number, month: number, day: number, hour: number, minute: number, second: number): number {
  const format = formatOf(zone)!;
  const offsetAt = (instant: number): number => {
    const v = Object.fromEntries(format.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
    return Date.UTC(Number(v.year), Number(v.month) - 1, Number(v.day), Number(v.hour) % 24, Number(v.minute), Number(v.second)) - Math.floor(instant / 1000) * 1000;
  };
  const guess = Date.UTC(year, month - 1, day, hour, minute, second);
  return guess - offsetAt(guess - offsetAt(guess));
}
