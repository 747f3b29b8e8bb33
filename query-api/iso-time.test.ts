import { describe, expect, it } from 'vitest';
import { isoTimeOf } from './iso-time.ts';

describe('isoTimeOf', () => {
  it('is toISOString of the time, within a second and across seconds, years and signs', () => {
    const times = [0, 1, 9, 10, 99, 100, 999, 1000, 1001, -1, -999, -1000, -1001, 1_764_606_574_005, 1_764_606_574_050, 1_764_606_574_999, 1_764_606_575_000, 253_402_300_799_999, 253_402_300_800_000, -62_198_755_200_001];
    for (const ms of [...times, ...times.slice().reverse()]) expect(isoTimeOf(ms)).toBe(new Date(ms).toISOString());
    let ms = 1_764_606_573_000;
    for (let step = 0; step < 5000; step++, ms += 7) expect(isoTimeOf(ms)).toBe(new Date(ms).toISOString());
  });
});
