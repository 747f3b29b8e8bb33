import { describe, expect, it } from 'vitest';
import { availabilityMinutes, busyInstants, DEFAULT_AVAILABILITY_MINUTES, hasFreeSlot, hasFreeSlotAmong, slotRangeOf, slotsOn } from './availability.ts';
import { israelInstant } from '../shared/israel-time.ts';

// The one availability rule of the booking calendar and the search's "free on" filter.
describe('bookable slots and free days', () => {
  const day = '2026-12-10'; // winter: Israel is UTC+2
  const before = Date.parse('2026-12-01T00:00:00Z');

  it('offers twelve slots on the hour, 10:00 to 21:00 Israel time', () => {
    const slots = slotsOn(day, 120, [], before);
    expect(slots).toHaveLength(12);
    expect(slots[0]).toEqual({ start: '2026-12-10T08:00:00.000Z', end: '2026-12-10T10:00:00.000Z', free: true });
    expect(slots.at(-1)!.start).toBe(israelInstant(day, 21).toISOString());
  });

  it('a slot overlapping a busy interval is taken; touching ends are not overlaps', () => {
    const busy = [{ start: israelInstant(day, 12).toISOString(), end: israelInstant(day, 14).toISOString() }];
    const free = slotsOn(day, 120, busy, before).map((slot) => slot.free);
    expect(free.slice(0, 5)).toEqual([true, false, false, false, true]); // 10, 11, 12, 13, 14
  });

  it('a slot that has started or passed is not free', () => {
    const now = israelInstant(day, 15, 30).getTime();
    const free = slotsOn(day, 60, [], now).filter((slot) => slot.free).map((slot) => slot.start);
    expect(free[0]).toBe(israelInstant(day, 16).toISOString());
    expect(hasFreeSlot(day, 60, [], israelInstant(day, 21).getTime())).toBe(false);
  });

  // Issue 15: the search's date filter dropped an artist with one morning reservation, although her
  // calendar marked the day free with 9 free slots. Both now ask this function.
  it('a day with one reservation and free slots left is a free day (the dropped artist)', () => {
    const reservation = { start: israelInstant(day, 10).toISOString(), end: israelInstant(day, 13).toISOString() };
    const slots = slotsOn(day, 120, [reservation], before);
    expect(slots.filter((slot) => slot.free).map((slot) => slot.start)).toEqual([13, 14, 15, 16, 17, 18, 19, 20, 21].map((hour) => israelInstant(day, hour).toISOString()));
    expect(hasFreeSlot(day, 120, [reservation], before)).toBe(true);
  });

  it('a day blocked from the first to the last slot is not free, for long and short services', () => {
    const wholeDay = [{ start: israelInstant(day, 0).toISOString(), end: israelInstant(day, 23, 59).toISOString() }];
    expect(hasFreeSlot(day, 30, wholeDay, before)).toBe(false);
    const untilLastSlot = [{ start: israelInstant(day, 10).toISOString(), end: israelInstant(day, 21, 30).toISOString() }];
    expect(hasFreeSlot(day, 60, untilLastSlot, before)).toBe(false);
  });

  it('short services never take less than 30 minutes', () => {
    const busy = [{ start: israelInstant(day, 10, 20).toISOString(), end: israelInstant(day, 10, 25).toISOString() }];
    expect(slotsOn(day, 10, busy, before)[0]!.free).toBe(false);
  });

  it('an artist is free on a day when their shortest timed service fits; an hour without one', () => {
    expect(availabilityMinutes(90)).toBe(90);
    expect(availabilityMinutes(null)).toBe(DEFAULT_AVAILABILITY_MINUTES);
    expect(availabilityMinutes(0)).toBe(DEFAULT_AVAILABILITY_MINUTES);
  });

  it('knows the instants a day\'s slots can touch', () => {
    expect(slotRangeOf(day, 120)).toEqual({ start: israelInstant(day, 10).toISOString(), end: israelInstant(day, 23).toISOString() });
    // Summer time (UTC+3) on a day in July.
    expect(slotRangeOf('2027-07-01', 60).start).toBe('2027-07-01T07:00:00.000Z');
  });
});

describe('a free day without the slots list', () => {
  it('answers as slotsOn does, whatever the busy intervals, the duration and the time asked (clock changes included)', () => {
    // A small deterministic generator: the same cases every run.
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const hour = 3_600_000;
    const days = ['2026-03-26', '2026-03-27', '2026-06-15', '2026-10-24', '2026-10-25', '2026-12-10'];
    let free = 0;
    for (let round = 0; round < 600; round++) {
      const day = days[round % days.length]!;
      const dayStart = Date.parse(`${day}T00:00:00Z`);
      const busy = Array.from({ length: Math.floor(next() * 5) }, () => {
        const start = dayStart + Math.floor(next() * 48) * hour / 2;
        return { start: new Date(start).toISOString(), end: new Date(start + Math.ceil(next() * 8) * hour / 2).toISOString() };
      });
      const duration = [10, 30, 60, 90, 120, 240][Math.floor(next() * 6)]!;
      const now = dayStart + Math.floor(next() * 26) * hour - hour;
      const expected = slotsOn(day, duration, busy, now).some((slot) => slot.free);
      expect(hasFreeSlot(day, duration, busy, now), JSON.stringify({ day, duration, busy, now })).toBe(expected);
      expect(hasFreeSlotAmong(day, duration, busyInstants(busy), now)).toBe(expected);
      if (expected) free++;
    }
    // Both answers are well represented.
    expect(free).toBeGreaterThan(100);
    expect(free).toBeLessThan(550);
  });
});
