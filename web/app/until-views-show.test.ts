import { describe, expect, it } from 'vitest';
import { untilViewsShow } from './until-views-show.ts';

describe('untilViewsShow', () => {
  const noSleep = { sleep: async () => {} };

  it('reads again until the value shows the change, then stops', async () => {
    const answers = [1, 1, 2, 3];
    let reads = 0;
    const value = await untilViewsShow(async () => answers[reads++]!, (n) => n >= 2, noSleep);
    expect(value).toBe(2);
    expect(reads).toBe(3);
  });

  it('gives up after the attempts with the last value, retrying failed reads too', async () => {
    let reads = 0;
    const value = await untilViewsShow(async () => { reads++; if (reads === 1) throw new Error('offline'); return reads; }, () => false, { ...noSleep, attempts: 4 });
    expect(value).toBe(4);
    expect(reads).toBe(4);
  });

  it('pauses longer each time, up to a bound', async () => {
    const pauses: number[] = [];
    await untilViewsShow(async () => 0, () => false, { attempts: 7, firstDelayMs: 200, sleep: async (ms) => { pauses.push(ms); } });
    expect(pauses).toEqual([200, 400, 800, 1500, 1500, 1500]);
  });

  it('answers null when no read succeeded', async () => {
    expect(await untilViewsShow(async () => { throw new Error('down'); }, () => true, { ...noSleep, attempts: 2 })).toBeNull();
  });
});
