import { describe, expect, it } from 'vitest';
import { jewishCalendarShown } from './jewish-calendar-shown.ts';
import type { JewishCalendar } from './jewish-calendar.ts';

const jerusalem = { key: 'jerusalem', he: 'ירושלים', en: 'Jerusalem' };
const answer: JewishCalendar = {
  observance: { performsOnShabbat: false, performsOnHolidays: true, alsoRestsOn: [] },
  place: jerusalem,
  rest: [{ start: '2026-12-04T14:00:00.000Z', end: '2026-12-05T15:20:00.000Z', kinds: ['shabbat'], names: [{ he: 'שבת', en: 'Shabbat' }], place: jerusalem }],
  days: [
    { date: '2026-12-04', hebrew: { he: 'כ״ד כסלו תשפ״ז', en: '24 Kislev 5787' }, marks: [] },
    { date: '2026-12-05', hebrew: { he: 'כ״ה כסלו תשפ״ז', en: '25 Kislev 5787' }, marks: [{ kind: 'festive', he: 'חנוכה: ב׳ נרות', en: 'Chanukah: 2 Candles' }, { kind: 'holiday', he: 'שבת חנוכה', en: 'Shabbat Chanukah' }] },
    { date: '2026-12-06', hebrew: { he: 'כ״ו כסלו תשפ״ז', en: '26 Kislev 5787' }, marks: [] },
  ],
};

describe("an artist's Jewish calendar in the page's language", () => {
  it('names every day, mark, window and place in Hebrew on a Hebrew page, and keeps each mark\'s kind', () => {
    expect(jewishCalendarShown(answer, 'he')).toEqual({
      place: 'ירושלים',
      rest: [{ start: '2026-12-04T14:00:00.000Z', end: '2026-12-05T15:20:00.000Z', kinds: ['shabbat'], names: ['שבת'], place: 'ירושלים' }],
      hebrewDates: { '2026-12-04': 'כ״ד כסלו תשפ״ז', '2026-12-05': 'כ״ה כסלו תשפ״ז', '2026-12-06': 'כ״ו כסלו תשפ״ז' },
      marks: { '2026-12-05': [{ kind: 'festive', name: 'חנוכה: ב׳ נרות' }, { kind: 'holiday', name: 'שבת חנוכה' }] },
    });
  });

  it('in English on an English page, and holds nothing of the other language', () => {
    const shown = jewishCalendarShown(answer, 'en');
    expect(shown.hebrewDates).toEqual({ '2026-12-04': '24 Kislev 5787', '2026-12-05': '25 Kislev 5787', '2026-12-06': '26 Kislev 5787' });
    expect(shown.marks).toEqual({ '2026-12-05': [{ kind: 'festive', name: 'Chanukah: 2 Candles' }, { kind: 'holiday', name: 'Shabbat Chanukah' }] });
    expect(shown.rest[0]!.names).toEqual(['Shabbat']);
    expect(JSON.stringify(shown)).not.toMatch(/[\u0590-\u05FF]/);
  });

  it('names a list of days once per language: pages of the same days share the frozen dates and marks', () => {
    const other = { ...answer, place: { key: 'haifa', he: 'חיפה', en: 'Haifa' }, rest: [] };
    const first = jewishCalendarShown(answer, 'he');
    const again = jewishCalendarShown(other, 'he');
    expect(again.place).toBe('חיפה');
    expect(again.hebrewDates).toBe(first.hebrewDates);
    expect(again.marks).toBe(first.marks);
    expect(Object.isFrozen(first.hebrewDates) && Object.isFrozen(first.marks['2026-12-05']![0])).toBe(true);
    expect(jewishCalendarShown(answer, 'en').hebrewDates).not.toBe(first.hebrewDates);
    const fewerDays = jewishCalendarShown({ ...answer, days: answer.days.slice(0, 1) }, 'he');
    expect(fewerDays.hebrewDates).toEqual({ '2026-12-04': 'כ״ד כסלו תשפ״ז' });
    expect(fewerDays.marks).toEqual({});
  });
});
