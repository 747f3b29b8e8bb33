import { hrtime } from 'node:process';

// A clock two processes on one host can compare: process.hrtime reads the system's monotonic clock
// (CLOCK_MONOTONIC on Linux), the same for every process, whereas performance.now() counts from each
// process's own start. Milliseconds, to the microsecond.
export const monotonicMs = (): number => Number(hrtime.bigint() / 1000n) / 1000;

/** The lag of each sample shown: from its acknowledgement to its showing; a showing before the acknowledgement is a lag of 0. */
export function lagsOf(samples: ReadonlyArray<{ ackAt: number; shownAt?: number }>): number[] {
  const lags: number[] = [];
  for (const { ackAt, shownAt } of samples) if (shownAt !== undefined) lags.push(Math.max(0, shownAt - ackAt));
  return lags;
}

/** Rounds of a load taken in turns (A, B, A, B …): each side's best round by rate, and every round's rate for the note. */
export function bestRounds<T>(rounds: readonly T[], rate: (round: T) => number): { best: T; rates: number[] } {
  if (rounds.length === 0) throw new Error('no round was measured');
  let best: T = rounds[0] as T;
  for (const round of rounds) if (rate(round) > rate(best)) best = round;
  return { best, rates: rounds.map(rate) };
}
