import { backoffDelayMs, type AttemptLimiter } from '../../domain/ports/attempt-limiter.ts';

// The embedded AttemptLimiter: a Map of counts in this process. JavaScript runs one callback at a
// time, so check-and-count is atomic without a lock. Bounded: past `maxKeys` the least recently
// counted key is dropped (an attacker spraying addresses cannot grow it without end).
interface Entry {
  count: number;
  /** Until when the next attempt has to wait (ms since the epoch). */
  waitUntil: number;
  forgetAt: number;
}

export function createMemoryAttemptLimiter(options: { maxKeys?: number } = {}): AttemptLimiter {
  const maxKeys = options.maxKeys ?? 100_000;
  const entries = new Map<string, Entry>();
  const live = (key: string, now: number): Entry | undefined => {
    const entry = entries.get(key);
    if (entry && entry.forgetAt <= now) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };

  return {
    async attempt(keys, now) {
      let wait = 0;
      for (const { key } of keys) wait = Math.max(wait, (live(key, now)?.waitUntil ?? 0) - now);
      if (wait > 0) return wait;
      for (const { key, policy } of keys) {
        const count = (live(key, now)?.count ?? 0) + 1;
        const delay = backoffDelayMs(policy, count);
        entries.delete(key); // re-inserted last: the Map's first key is the least recently counted
        entries.set(key, { count, waitUntil: delay > 0 ? now + delay : 0, forgetAt: now + delay + policy.forgetAfterMs });
      }
      while (entries.size > maxKeys) entries.delete(entries.keys().next().value!);
      return 0;
    },
    async refund(keys) {
      for (const key of keys) {
        const entry = entries.get(key);
        if (entry) entry.count = Math.max(0, entry.count - 1);
      }
    },
    async forget(keys) {
      for (const key of keys) entries.delete(key);
    },
    async close() {
      entries.clear();
    },
  };
}
