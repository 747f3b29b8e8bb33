// How many events a replay holds in memory at once, and the most it ever held: the measure of
// "constant memory" the tests assert on (a count, not a time or a byte size that GC makes noisy).
export interface HeldEvents {
  readonly held: number;
  readonly peak: number;
  take(count: number): void;
  release(count: number): void;
}

export function heldEventsGauge(): HeldEvents {
  let held = 0;
  let peak = 0;
  return {
    get held() { return held; },
    get peak() { return peak; },
    take(count) {
      held += count;
      if (held > peak) peak = held;
    },
    release(count) {
      held = Math.max(0, held - count);
    },
  };
}

/** A gauge that counts nothing, when nobody asks. */
export const uncountedEvents: HeldEvents = { held: 0, peak: 0, take() {}, release() {} };
