import { describe, expect, it } from 'vitest';
import { formatDuration, progressReporter, progressText, rateAndEta } from './replay-progress.ts';

describe('replay progress', () => {
  it('formats time left as m:ss or h:mm:ss', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(75)).toBe('1:15');
    expect(formatDuration(3725)).toBe('1:02:05');
  });

  it('works out the rate and the time left from the share done', () => {
    expect(rateAndEta({ done: 5000, fraction: 0.25 }, 2000)).toEqual({ perSecond: 2500, etaSeconds: 6 });
    expect(rateAndEta({ done: 0, fraction: 0 }, 0)).toEqual({ perSecond: 0, etaSeconds: null });
    expect(rateAndEta({ done: 10, fraction: 1 }, 1000)).toEqual({ perSecond: 10, etaSeconds: 0 });
  });

  it('draws a bar with percent, events, kept, rate and ETA', () => {
    expect(progressText('export', { done: 420_000, kept: 168_000, fraction: 0.42 }, 5_000, 10))
      .toBe('export [####......]  42.0%  420,000 events, 168,000 kept  84,000 events/s  ETA 0:07');
    expect(progressText('import', { done: 10, fraction: 0 }, 0, 4)).toBe('import [....]   0.0%  10 events  0 events/s  ETA ?');
  });

  it('redraws in place on a terminal, at most every 100 ms, and ends the line', () => {
    let clock = 0;
    const written: string[] = [];
    const bar = progressReporter({ isTTY: true, write: (text) => written.push(text) }, 'replay', { now: () => clock });
    bar.update({ done: 1, fraction: 0.1 });
    clock = 50;
    bar.update({ done: 2, fraction: 0.2 });
    clock = 150;
    bar.update({ done: 3, fraction: 0.3 });
    bar.finish();
    expect(written).toHaveLength(3);
    expect(written.slice(0, 2).every((text) => text.startsWith('\r') && !text.endsWith('\n'))).toBe(true);
    expect(written[2]).toMatch(/^\rreplay \[#+\] 100\.0% .*\n$/);
  });

  it('writes plain lines elsewhere: one per 10% or every 10 seconds', () => {
    let clock = 0;
    const written: string[] = [];
    const bar = progressReporter({ isTTY: false, write: (text) => written.push(text) }, 'export', { now: () => clock });
    for (let step = 1; step <= 25; step++) {
      clock += 10;
      bar.update({ done: step, fraction: step / 100 });
    }
    expect(written.map((line) => line.split('%')[0]!.trim().split(' ').at(-1))).toEqual(['1.0', '10.0', '20.0']);
    clock += 10_000;
    bar.update({ done: 26, fraction: 0.26 });
    expect(written).toHaveLength(4);
    bar.finish();
    expect(written.at(-1)).toMatch(/^export \[#+\] 100\.0% .*\n$/);
    expect(written.every((line) => line.endsWith('\n') && !line.includes('\r'))).toBe(true);
  });
});
