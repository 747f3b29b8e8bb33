import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { summarizeProfile } from './profile-summary.ts';
import { monotonicMs } from './load/cross-process-clock.ts';

const frame = (id: number, functionName: string, children: number[] = []) => ({ id, callFrame: { functionName, url: '', lineNumber: 0 }, children });

describe('summarizeProfile', () => {
  it('adds self time per function and inclusive time up the stack, once per stack', () => {
    // root → handle → append; root → handle → handle (recursion) → parse
    const profile = {
      nodes: [frame(1, '(root)', [2]), frame(2, 'handle', [3, 4]), frame(3, 'append'), frame(4, 'handle', [5]), frame(5, 'parse')],
      samples: [3, 3, 5, 2],
      timeDeltas: [1000, 1000, 2000, 500],
    };
    const { totalMs, frames } = summarizeProfile(profile);
    const byName = Object.fromEntries(frames.map((entry) => [entry.frame, entry]));
    expect(totalMs).toBe(4.5);
    expect(byName.append).toEqual({ frame: 'append', selfMs: 2, totalMs: 2 });
    expect(byName.parse).toEqual({ frame: 'parse', selfMs: 2, totalMs: 2 });
    expect(byName.handle).toEqual({ frame: 'handle', selfMs: 0.5, totalMs: 4.5 });
    expect(byName['(root)']!.totalMs).toBe(4.5);
  });

  it('counts only the samples taken within a window of the clock processes share', () => {
    // Samples at 11,000, 12,000, 14,000 and 14,500 µs: the window [11.5, 14] ms holds the second and third.
    const profile = {
      nodes: [frame(1, '(root)', [2, 3]), frame(2, 'start'), frame(3, 'load')],
      samples: [2, 3, 3, 2],
      timeDeltas: [1000, 1000, 2000, 500],
      startTime: 10_000,
    };
    const { totalMs, frames } = summarizeProfile(profile, { fromMs: 11.5, toMs: 14 });
    expect(totalMs).toBe(3);
    expect(frames.find((entry) => entry.frame === 'load')).toEqual({ frame: 'load', selfMs: 3, totalMs: 3 });
    expect(frames.find((entry) => entry.frame === 'start')).toBeUndefined();
    expect(() => summarizeProfile({ ...profile, startTime: undefined }, { fromMs: 0, toMs: 1 })).toThrow(/startTime/);
  });

  it('stamps its window on the clock of the profiles node --cpu-prof writes', () => {
    // Another process's profile, sampled while this one watched the clock: its samples fall within.
    const dir = mkdtempSync(join(tmpdir(), 'profile-clock-'));
    try {
      const fromMs = monotonicMs();
      const run = spawnSync(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${dir}`, '-e', 'const end = Date.now() + 300; while (Date.now() < end);']);
      const toMs = monotonicMs();
      expect(run.status).toBe(0);
      const profile = JSON.parse(readFileSync(join(dir, readdirSync(dir)[0]!), 'utf8'));
      expect(profile.startTime).toBeGreaterThanOrEqual(fromMs * 1000);
      expect(profile.endTime).toBeLessThanOrEqual(toMs * 1000);
      expect(summarizeProfile(profile, { fromMs, toMs }).totalMs).toBe(summarizeProfile(profile).totalMs);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
