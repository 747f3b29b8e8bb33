import { describe, expect, it } from 'vitest';
import { israelDate, israelInstant } from './israel-time.ts';

describe('Israel wall-clock time', () => {
  it('maps a wall-clock hour to its instant in winter and in summer', () => {
    expect(israelInstant('2026-12-01', 10).toISOString()).toBe('2026-12-01T08:00:00.000Z');
    expect(israelInstant('2026-07-01', 10, 30).toISOString()).toBe('2026-07-01T07:30:00.000Z');
  });

  it('uses the offset of the answer on the day the clock moves forward (2026-03-27, 02:00 → 03:00)', () => {
    // Midnight and 01:00 are still winter time; noon is summer time.
    expect(israelInstant('2026-03-27', 0).toISOString()).toBe('2026-03-26T22:00:00.000Z');
    expect(israelInstant('2026-03-27', 1).toISOString()).toBe('2026-03-26T23:00:00.000Z');
    expect(israelInstant('2026-03-27', 12).toISOString()).toBe('2026-03-27T09:00:00.000Z');
  });

  it('uses the offset of the answer on the day the clock moves back (2026-10-25)', () => {
    expect(israelInstant('2026-10-24', 23).toISOString()).toBe('2026-10-24T20:00:00.000Z');
    expect(israelInstant('2026-10-25', 12).toISOString()).toBe('2026-10-25T10:00:00.000Z');
  });

  it('names the Israeli date of an instant around midnight, in both seasons', () => {
    expect(israelDate(Date.parse('2026-03-26T21:59:00Z'))).toBe('2026-03-26');
    expect(israelDate(Date.parse('2026-03-26T22:00:00Z'))).toBe('2026-03-27');
    expect(israelDate(Date.parse('2026-07-01T20:59:00Z'))).toBe('2026-07-01');
    expect(israelDate(Date.parse('2026-07-01T21:00:00Z'))).toBe('2026-07-02');
  });
});
