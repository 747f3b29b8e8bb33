import { describe, expect, it } from 'vitest';
import type { AppendOutcome, AppendRequest } from './sqlite-append-group.ts';
import { decodeGroup, decodeOutcomes, encodeGroup, encodeOutcomes } from './sqlite-writer-messages.ts';

// The compact form in which a group and its outcomes cross to and from the writer thread: what arrives
// after postMessage's structured clone (structuredClone here) is what was sent.

describe('writer thread messages', () => {
  it('a group arrives as it was sent: every kind of expected revision, appends of no, one and several events', () => {
    const row = (n: number) => ({ id: `e-${n}`, type: 'Tested', data: `{"n":${n}}`, metadata: '{"at":"2026-01-01T00:00:00.000Z"}' });
    const group: AppendRequest[] = [
      { streamId: 'a', expected: 'no_stream', rows: [row(1)] },
      { streamId: 'b', expected: 'any', rows: [] },
      { streamId: 'c', expected: 'stream_exists', rows: [row(2), row(3), row(4)] },
      { streamId: 'd', expected: 0, rows: [row(5)] },
      { streamId: 'a', expected: 41, rows: [row(6), row(7)] },
    ];
    expect(decodeGroup(structuredClone(encodeGroup(group)))).toEqual(group);
    expect(decodeGroup(structuredClone(encodeGroup([])))).toEqual([]);
  });

  it('outcomes arrive as they were sent, each failed one with its own error, with the time the group was recorded at', () => {
    const outcomes: AppendOutcome[] = [
      { kind: 'appended', nextRevision: 0, position: 1 },
      { kind: 'failed', error: new Error('first') },
      { kind: 'refused', actual: -1 },
      { kind: 'appended', nextRevision: 2 ** 40, position: Number.MAX_SAFE_INTEGER },
      { kind: 'failed', error: new RangeError('second') },
      { kind: 'refused', actual: 7 },
    ];
    const committed = decodeOutcomes(structuredClone(encodeOutcomes({ outcomes, recordedAt: '2026-12-03T03:00:00.000Z' })));
    expect(committed.recordedAt).toBe('2026-12-03T03:00:00.000Z');
    const arrived = committed.outcomes;
    expect(arrived.map((outcome) => (outcome.kind === 'failed' ? { kind: 'failed', message: (outcome.error as Error).message } : outcome))).toEqual([
      outcomes[0],
      { kind: 'failed', message: 'first' },
      outcomes[2],
      outcomes[3],
      { kind: 'failed', message: 'second' },
      outcomes[5],
    ]);
  });
});
