import { describe, expect, it } from 'vitest';
import { addDays, hasFreeSlot, israelDate, israelInstant, slotsOn } from './israel-calendar.ts';

describe('free dates and slots in Israel time', () => {
  it('turns an Israeli wall-clock hour into the right instant in winter and summer time', () => {
    expect(israelInstant('2026-01-15', 10).toISOString()).toBe('2026-01-15T08:00:00.000Z');
    expect(israelInstant('2026-07-15', 10).toISOString()).toBe('2026-07-15T07:00:00.000Z');
    expect(israelDate(Date.parse('2026-07-15T22:30:00Z'))).toBe('2026-07-16');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(israelInstant('2026-01-15', 10, 30).toISOString()).toBe('2026-01-15T08:30:00.000Z');
    expect(israelInstant('2026-07-15', 23, 45).toISOString()).toBe('2026-07-15T20:45:00.000Z');
  });

  it('a slot is free when [start, start + duration) overlaps no busy interval and lies in the future', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    const busy = [{ start: '2026-01-15T10:00:00.000Z', end: '2026-01-15T12:00:00.000Z' }]; // 12:00–14:00 Israel
    const slots = slotsOn('2026-01-15', 120, busy, now);
    const free = (hour: number) => slots.find((slot) => slot.start === israelInstant('2026-01-15', hour).toISOString())!.free;
    expect(free(10)).toBe(true);   // 10–12 ends exactly when the busy window starts (half-open)
    expect(free(11)).toBe(false);  // 11–13 overlaps
    expect(free(13)).toBe(false);
    expect(free(14)).toBe(true);   // starts exactly when it ends
    expect(slotsOn('2026-01-15', 120, [], Date.parse('2026-01-15T09:30:00Z')).find((slot) => slot.free)!.start).toBe('2026-01-15T10:00:00.000Z');
  });

  it('a day fully busy has no free slot', () => {
    const busy = [{ start: '2026-01-14T22:00:00.000Z', end: '2026-01-15T22:00:00.000Z' }];
    expect(hasFreeSlot('2026-01-15', 60, busy, 0)).toBe(false);
    expect(hasFreeSlot('2026-01-16', 60, busy, 0)).toBe(true);
  });
});
