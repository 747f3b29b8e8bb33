import { describe, expect, it } from 'vitest';
import { piecesOn, rangeOf, shiftAnchor, startOfWeek, timeOfDay, validDate, visibleDays } from './calendar-range.ts';

describe('calendar range in Israel time', () => {
  it('a month shows whole weeks from Sunday to Saturday around it', () => {
    const days = visibleDays('month', '2026-12-17');
    expect(days[0]).toBe('2026-11-29'); // Sunday before Tuesday 1 December
    expect(days.at(-1)).toBe('2027-01-02'); // Saturday after Thursday 31 December
    expect(days).toHaveLength(35);
    expect(visibleDays('month', '2026-02-10')).toHaveLength(28); // February 2026 starts on a Sunday and ends on a Saturday
  });

  it('a week is Sunday to Saturday of the date', () => {
    expect(startOfWeek('2026-12-03')).toBe('2026-11-29');
    expect(visibleDays('week', '2026-12-05')).toEqual(['2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05']);
  });

  it('moves by a month (to its first day) or by a week', () => {
    expect(shiftAnchor('month', '2026-12-17', 1)).toBe('2027-01-01');
    expect(shiftAnchor('month', '2026-01-31', -1)).toBe('2025-12-01');
    expect(shiftAnchor('week', '2026-12-03', 1)).toBe('2026-12-06');
    expect(shiftAnchor('week', '2026-12-03', -1)).toBe('2026-11-22');
  });

  it('reads the range from the first day\'s midnight to the midnight after the last, Israeli wall clock', () => {
    expect(rangeOf(['2026-12-01', '2026-12-02'])).toEqual({ from: '2026-11-30T22:00:00.000Z', to: '2026-12-02T22:00:00.000Z' });
  });

  it('cuts an entry into the days it covers, marking whole days', () => {
    const vacation = { start: '2026-11-30T22:00:00.000Z', end: '2026-12-02T10:00:00.000Z', id: 'v' }; // 1 Dec 00:00 → 2 Dec 12:00
    const show = { start: '2026-12-02T16:00:00.000Z', end: '2026-12-02T18:00:00.000Z', id: 's' }; // 2 Dec 18:00–20:00
    const first = piecesOn('2026-12-01', [vacation, show]);
    expect(first.map((piece) => [piece.entry.id, piece.allDay])).toEqual([['v', true]]);
    const second = piecesOn('2026-12-02', [show, vacation]);
    expect(second.map((piece) => [piece.entry.id, piece.allDay, piece.fromMinute, piece.toMinute])).toEqual([['v', false, 0, 720], ['s', false, 1080, 1200]]);
    expect(piecesOn('2026-12-03', [vacation, show])).toEqual([]);
    // Half-open: an entry ending at midnight is not on the next day.
    expect(piecesOn('2026-12-02', [{ start: '2026-11-30T22:00:00.000Z', end: '2026-12-01T22:00:00.000Z' }])).toEqual([]);
  });

  it('accepts only real dates and 24-hour times', () => {
    expect(validDate('2026-02-28')).toBe('2026-02-28');
    expect(validDate('2026-02-30')).toBeNull();
    expect(validDate('tomorrow')).toBeNull();
    expect(timeOfDay('09:30')).toEqual({ hour: 9, minute: 30 });
    expect(timeOfDay('24:00')).toBeNull();
    expect(timeOfDay('9:30')).toBeNull();
  });
});
