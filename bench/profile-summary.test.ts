import { describe, expect, it } from 'vitest';
import { summarizeProfile } from './profile-summary.ts';

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
});
