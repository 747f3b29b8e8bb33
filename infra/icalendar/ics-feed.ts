import ICAL from 'ical.js';
import { ISRAEL_TIME_ZONE } from '../../domain/shared/israel-time.ts';

// A vendor's private iCalendar feed (docs/calendar-sync.md "The feed"), written by ical.js: their confirmed
// events (approved or paid orders, at the event's time and place) and the busy windows they blocked here,
// times in Asia/Jerusalem with its VTIMEZONE, UIDs that stay the same from one read to the next (from the
// order's or the window's id) so a subscribed calendar updates an event instead of adding another.

/** The domain part of every UID this feed writes; the import leaves events with it out (no echo). */
export const FEED_UID_DOMAIN = 'calendar.habama';

/** The feed's path for a token (served by the query API: query-api/calendar-feed.ts). */
export const calendarFeedPath = (token: string): string => `/api/calendar-feed/${token}.ics`;

export interface FeedEvent {
  /** `order-<orderId>` or `busy-<windowId>`: the UID's local part. */
  id: string;
  start: string;
  end: string;
  summary: string;
  location?: string;
  description?: string;
  /** When the event was last changed here (LAST-MODIFIED), UTC ISO. */
  changedAt?: string;
}

// Israel's rules since 2013: summer time from the Friday before the last Sunday of March at 02:00 to the
// last Sunday of October at 02:00 (as Google Calendar writes Asia/Jerusalem).
const ISRAEL_VTIMEZONE = [
  'BEGIN:VTIMEZONE', `TZID:${ISRAEL_TIME_ZONE}`, `X-LIC-LOCATION:${ISRAEL_TIME_ZONE}`,
  'BEGIN:DAYLIGHT', 'TZOFFSETFROM:+0200', 'TZOFFSETTO:+0300', 'TZNAME:IDT', 'DTSTART:19700327T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=23,24,25,26,27,28,29;BYDAY=FR', 'END:DAYLIGHT',
  'BEGIN:STANDARD', 'TZOFFSETFROM:+0300', 'TZOFFSETTO:+0200', 'TZNAME:IST', 'DTSTART:19701025T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU', 'END:STANDARD', 'END:VTIMEZONE',
].join('\r\n');

let israelZone: ICAL.Timezone | null = null;
function israelTimezone(): { component: ICAL.Component; zone: ICAL.Timezone } {
  const component = new ICAL.Component(ICAL.parse(`BEGIN:VCALENDAR\r\n${ISRAEL_VTIMEZONE}\r\nEND:VCALENDAR`)).getFirstSubcomponent('vtimezone')!;
  israelZone ??= new ICAL.Timezone(component);
  return { component, zone: israelZone };
}

/** The feed's text (CRLF lines folded at 75 octets, as RFC 5545 wants). */
export function icsFeed(options: { calendarName: string; events: readonly FeedEvent[]; now: Date }): string {
  const { component: vtimezone, zone } = israelTimezone();
  const calendar = new ICAL.Component('vcalendar');
  calendar.addPropertyWithValue('prodid', '-//HaBama//Artist calendar feed//HE');
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('calscale', 'GREGORIAN');
  calendar.addPropertyWithValue('method', 'PUBLISH');
  calendar.addPropertyWithValue('x-wr-calname', options.calendarName);
  calendar.addPropertyWithValue('x-wr-timezone', ISRAEL_TIME_ZONE);
  // How often a subscribing calendar should read it again (Apple and Outlook honour these; Google decides itself).
  calendar.addPropertyWithValue("refresh-interval", ICAL.Duration.fromString("PT1H"));
  calendar.addPropertyWithValue('x-published-ttl', 'PT1H');
  calendar.addSubcomponent(vtimezone);
  const stamp = ICAL.Time.fromJSDate(options.now, true);
  for (const event of options.events) {
    const vevent = new ICAL.Component('vevent');
    vevent.addPropertyWithValue('uid', `${event.id}@${FEED_UID_DOMAIN}`);
    vevent.addPropertyWithValue('dtstamp', stamp);
    vevent.addPropertyWithValue('dtstart', israelTime(event.start, zone)).setParameter('tzid', ISRAEL_TIME_ZONE);
    vevent.addPropertyWithValue('dtend', israelTime(event.end, zone)).setParameter('tzid', ISRAEL_TIME_ZONE);
    vevent.addPropertyWithValue('summary', event.summary);
    if (event.location) vevent.addPropertyWithValue('location', event.location);
    if (event.description) vevent.addPropertyWithValue('description', event.description);
    if (event.changedAt) vevent.addPropertyWithValue('last-modified', ICAL.Time.fromJSDate(new Date(event.changedAt), true));
    vevent.addPropertyWithValue('status', 'CONFIRMED');
    vevent.addPropertyWithValue('transp', 'OPAQUE');
    calendar.addSubcomponent(vevent);
  }
  return `${calendar.toString()}\r\n`;
}

/** An instant as Israel wall-clock time, zoned to the VTIMEZONE above. */
function israelTime(iso: string, zone: ICAL.Timezone): ICAL.Time {
  return ICAL.Time.fromJSDate(new Date(iso), true).convertToZone(zone);
}
