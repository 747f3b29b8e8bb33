import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { busyTimesOfIcs, IcsParseError } from './ics-busy-times.ts';
import { FEED_UID_DOMAIN, icsFeed } from './ics-feed.ts';

// The import reads real-format exports of the calendars artists use (fixtures/: Google Calendar's
// "secret address in iCal format", an iCloud calendar exported from Calendar on macOS, an Outlook 16
// "Save as iCalendar"): CRLF lines, folded lines, VTIMEZONE blocks, X-WR-CALNAME, all-day DATE values,
// RRULE with EXDATE and moved occurrences; and the feed it writes reads back the same.
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const window = { from: new Date('2026-11-29T00:00:00Z'), to: new Date('2027-11-29T00:00:00Z') };
const spans = (text: string, options = window) => busyTimesOfIcs(text, options).busy.map((busy) => [busy.start, busy.end, busy.summary ?? '', busy.allDay]);

describe('iCalendar import: what a calendar export says its owner is busy with', () => {
  it('the fixtures are exports as the products write them: CRLF line ends and folded lines', () => {
    for (const name of ['google-calendar.ics', 'apple-icloud.ics', 'outlook.ics']) {
      const text = fixture(name);
      expect(text.split('\r\n').length).toBeGreaterThan(40);
      expect(text.replace(/\r\n/g, '')).not.toContain('\n');
      expect(text).toMatch(/\r\n [^\r\n]/);
      expect(text).toContain('BEGIN:VTIMEZONE');
    }
  });

  it('Google Calendar: Israel-time events, all-day days (even marked free), a weekly event less its EXDATE with a moved occurrence, UTC and summer time; canceled ones dropped', () => {
    const reading = busyTimesOfIcs(fixture('google-calendar.ics'), window);
    expect(reading.calendarName).toBe('נועה – הופעות וחזרות');
    expect(reading.truncated).toBe(false);
    expect(spans(fixture('google-calendar.ics'))).toEqual([
      ['2026-12-01T16:00:00.000Z', '2026-12-01T18:00:00.000Z', 'שיעור פסנתר', false],
      // 19:00–22:00 Israel winter time (+02:00).
      ['2026-12-03T17:00:00.000Z', '2026-12-03T20:00:00.000Z', 'חזרה עם הלהקה', false],
      ['2026-12-08T16:00:00.000Z', '2026-12-08T18:00:00.000Z', 'שיעור פסנתר', false],
      // DTSTART;VALUE=DATE:20261210, DTEND 20261212: two whole Israeli days (TRANSP:TRANSPARENT, Google's default for all-day).
      ['2026-12-09T22:00:00.000Z', '2026-12-11T22:00:00.000Z', 'חופשה באילת', true],
      ['2026-12-16T22:00:00.000Z', '2026-12-18T22:00:00.000Z', 'חתונה של אחי', true],
      // 15 Dec is an EXDATE; 22 Dec moved to Wednesday 23 Dec by its RECURRENCE-ID override.
      ['2026-12-23T16:00:00.000Z', '2026-12-23T18:00:00.000Z', 'שיעור פסנתר', false],
      ['2026-12-29T16:00:00.000Z', '2026-12-29T18:00:00.000Z', 'שיעור פסנתר', false],
      // COUNT=6 ends on 5 Jan.
      ['2027-01-05T16:00:00.000Z', '2027-01-05T18:00:00.000Z', 'שיעור פסנתר', false],
      ['2027-06-15T16:00:00.000Z', '2027-06-15T19:00:00.000Z', 'הופעה בפסטיבל הקיץ', false],
    ]);
  });

  it('Apple iCloud: its own VTIMEZONEs (Jerusalem and London), all-day days, a monthly event until a date less its EXDATE', () => {
    expect(busyTimesOfIcs(fixture('apple-icloud.ics'), window).calendarName).toBe('Gigs');
    expect(spans(fixture('apple-icloud.ics'))).toEqual([
      ['2026-12-04T09:00:00.000Z', '2026-12-04T11:30:00.000Z', 'Sound check', false],
      ['2026-12-24T22:00:00.000Z', '2026-12-25T22:00:00.000Z', 'Hanukkah party (all day)', true],
      ['2026-12-29T22:00:00.000Z', '2026-12-30T22:00:00.000Z', 'Day off', true],
      ['2027-01-07T08:00:00.000Z', '2027-01-07T10:00:00.000Z', 'Monthly rehearsal', false],
      ['2027-03-07T08:00:00.000Z', '2027-03-07T10:00:00.000Z', 'Monthly rehearsal', false],
      // 19:00 in London in March (GMT) is 19:00 UTC.
      ['2027-03-12T19:00:00.000Z', '2027-03-12T22:00:00.000Z', 'Concert in London', false],
    ]);
  });

  it('Outlook: the Windows zone "Israel Standard Time" from its VTIMEZONE, a daily event until a date less its EXDATE, an out-of-office day; a time shown as free is not busy', () => {
    expect(spans(fixture('outlook.ics'))).toEqual([
      ['2026-12-07T08:00:00.000Z', '2026-12-07T09:00:00.000Z', 'Agency call', false],
      ['2026-12-08T08:00:00.000Z', '2026-12-08T09:00:00.000Z', 'Agency call', false],
      ['2026-12-10T08:00:00.000Z', '2026-12-10T09:00:00.000Z', 'Agency call', false],
      ['2026-12-11T08:00:00.000Z', '2026-12-11T09:00:00.000Z', 'Agency call', false],
      ['2026-12-20T22:00:00.000Z', '2026-12-21T22:00:00.000Z', 'מילואים', true],
    ]);
  });

  it('keeps only what overlaps the window, each occurrence with its own key, and at most maxOccurrences', () => {
    const december = { from: new Date('2026-12-05T00:00:00Z'), to: new Date('2026-12-10T00:00:00Z') };
    expect(spans(fixture('google-calendar.ics'), december).map(([start]) => start)).toEqual(['2026-12-08T16:00:00.000Z', '2026-12-09T22:00:00.000Z']);
    const keys = busyTimesOfIcs(fixture('google-calendar.ics'), window).busy.map((busy) => busy.key);
    expect(new Set(keys).size).toBe(keys.length);
    const capped = busyTimesOfIcs(fixture('google-calendar.ics'), { ...window, maxOccurrences: 3 });
    expect(capped.busy).toHaveLength(3);
    expect(capped.truncated).toBe(true);
  });

  it('a recurring event without an end is expanded over the window only, and a TZID no VTIMEZONE defines is read as an IANA zone', () => {
    const text = [
      'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN',
      'BEGIN:VEVENT', 'UID:daily-forever', 'DTSTAMP:20261101T000000Z', 'DTSTART;TZID=Asia/Jerusalem:20200101T090000', 'DTEND;TZID=Asia/Jerusalem:20200101T100000',
      'RRULE:FREQ=WEEKLY;BYDAY=MO', 'SUMMARY:Gym', 'END:VEVENT',
      'END:VCALENDAR', '',
    ].join('\r\n');
    const busy = busyTimesOfIcs(text, window).busy;
    expect(busy[0]!.start).toBe('2026-11-30T07:00:00.000Z');
    expect(busy.length).toBeGreaterThan(50);
    expect(busy.every((entry) => entry.end <= '2027-11-29T08:00:00.000Z')).toBe(true);
  });

  it('refuses what is not an iCalendar', () => {
    expect(() => busyTimesOfIcs('hello, world', window)).toThrow(IcsParseError);
    expect(() => busyTimesOfIcs('BEGIN:VCARD\r\nVERSION:4.0\r\nEND:VCARD\r\n', window)).toThrow(IcsParseError);
  });
});

describe("the vendor's feed as iCalendar", () => {
  const text = icsFeed({
    calendarName: 'HaBama – להקת הגליל', now: new Date('2026-11-29T06:00:00Z'),
    events: [
      { id: 'order-o1', start: '2026-12-03T17:00:00.000Z', end: '2026-12-03T19:00:00.000Z', summary: 'הופעה: ערב קלזמר לחתונה עם כל הלהקה והגברה מלאה – חיפה', location: 'הנשיא 5, חיפה' },
      { id: 'busy-w1', start: '2027-07-03T17:00:00.000Z', end: '2027-07-03T19:00:00.000Z', summary: 'לא פנוי (Busy)' },
    ],
  });

  it('is CRLF text with the Israel VTIMEZONE, DTSTAMP, stable UIDs, times in Asia/Jerusalem (winter and summer), lines folded at 75', () => {
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(text).toContain('X-WR-CALNAME:HaBama – להקת הגליל\r\n');
    expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:Asia/Jerusalem\r\n');
    expect(text).toContain(`UID:order-o1@${FEED_UID_DOMAIN}\r\n`);
    expect(text).toContain('DTSTAMP:20261129T060000Z\r\n');
    expect(text).toContain('DTSTART;TZID=Asia/Jerusalem:20261203T190000\r\n');
    expect(text).toContain('DTEND;TZID=Asia/Jerusalem:20270703T220000\r\n');
    expect(text).toContain('LOCATION:הנשיא 5\\, חיפה\r\n');
    for (const line of text.split('\r\n')) expect([...line].length).toBeLessThanOrEqual(75);
  });

  it('reads back as the same times; the import leaves its own events out', () => {
    expect(spans(text, { from: new Date('2026-11-01T00:00:00Z'), to: new Date('2028-01-01T00:00:00Z') }).map(([start, end]) => [start, end])).toEqual([
      ['2026-12-03T17:00:00.000Z', '2026-12-03T19:00:00.000Z'], ['2027-07-03T17:00:00.000Z', '2027-07-03T19:00:00.000Z'],
    ]);
    expect(busyTimesOfIcs(text, { from: new Date('2026-11-01T00:00:00Z'), to: new Date('2028-01-01T00:00:00Z'), ownUidDomain: FEED_UID_DOMAIN }).busy).toEqual([]);
  });
});
