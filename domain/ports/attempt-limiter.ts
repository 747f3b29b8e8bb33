// The AttemptLimiter port: counts attempts at something guessable (a password) per key and makes
// each attempt past a free allowance wait out a delay that doubles every time (backoff). Nothing is
// locked for good: once the delay has passed, the next attempt is let through. In memory, or Redis so
// every process of a distributed installation shares the counts.
export interface BackoffPolicy {
  /** Attempts let through before the first delay. */
  freeAttempts: number;
  /** The delay after the last free attempt; it doubles with every attempt after that. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A key left alone this long (after its last delay) is forgotten: its count starts over. */
  forgetAfterMs: number;
}

export interface LimitedKey {
  key: string;
  policy: BackoffPolicy;
}

export interface AttemptLimiter {
  /**
   * Atomically: when no key is waiting out a delay at `now` (ms since the epoch), counts one attempt
   * on every key and answers 0; otherwise counts nothing and answers the longest wait left, in ms.
   */
  attempt(keys: LimitedKey[], now: number): Promise<number>;
  /** Takes one counted attempt back from each key (an attempt that turned out not to be a guess). */
  refund(keys: string[]): Promise<void>;
  /** Forgets the keys (a success clears what the guesses before it counted). */
  forget(keys: string[]): Promise<void>;
  close(): Promise<void>;
}

/** The delay an attempt sets when it is the `count`-th one under `policy` (0 while free). */
export function backoffDelayMs(policy: BackoffPolicy, count: number): number {
  if (count < policy.freeAttempts) return 0;
  return Math.min(policy.baseDelayMs * 2 ** Math.min(count - policy.freeAttempts, 40), policy.maxDelayMs);
}
