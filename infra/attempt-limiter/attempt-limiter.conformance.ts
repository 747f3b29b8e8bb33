import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { AttemptLimiter, BackoffPolicy } from '../../domain/ports/attempt-limiter.ts';

// The one conformance suite of the AttemptLimiter port: the in-memory adapter and the Redis adapter
// both run it. Time is passed in (`now`), so no test waits for a real delay.
export function attemptLimiterConformance(name: string, make: () => AttemptLimiter | Promise<AttemptLimiter>): void {
  describe(`AttemptLimiter conformance: ${name}`, () => {
    const open: AttemptLimiter[] = [];
    const fresh = async () => {
      const limiter = await make();
      open.push(limiter);
      return limiter;
    };
    afterEach(async () => {
      await Promise.all(open.splice(0).map((limiter) => limiter.close()));
    });
    const policy: BackoffPolicy = { freeAttempts: 3, baseDelayMs: 1000, maxDelayMs: 4000, forgetAfterMs: 60_000 };
    const key = (label: string) => ({ key: `${label}:${randomUUID()}`, policy });
    const t0 = 1_800_000_000_000;

    it('lets the free attempts through, then makes each attempt wait a doubling delay, up to the maximum', async () => {
      const limiter = await fresh();
      const k = key('backoff');
      expect(await limiter.attempt([k], t0)).toBe(0);
      expect(await limiter.attempt([k], t0)).toBe(0);
      expect(await limiter.attempt([k], t0)).toBe(0); // the third sets the first delay
      expect(await limiter.attempt([k], t0 + 400)).toBe(600);
      expect(await limiter.attempt([k], t0 + 1000)).toBe(0); // waited: let through, never locked for good
      expect(await limiter.attempt([k], t0 + 1000)).toBe(2000);
      expect(await limiter.attempt([k], t0 + 3000)).toBe(0);
      expect(await limiter.attempt([k], t0 + 3000)).toBe(4000);
      expect(await limiter.attempt([k], t0 + 7000)).toBe(0);
      expect(await limiter.attempt([k], t0 + 7000)).toBe(4000); // capped at maxDelayMs
    });

    it('a refused attempt counts nothing, on any of its keys', async () => {
      const limiter = await fresh();
      const busy = key('busy');
      const other = key('other');
      for (let i = 0; i < 3; i++) await limiter.attempt([busy], t0);
      for (let i = 0; i < 5; i++) expect(await limiter.attempt([busy, other], t0)).toBe(1000);
      // `other` counted nothing above: its three free attempts are all still there.
      for (let i = 0; i < 2; i++) expect(await limiter.attempt([other], t0)).toBe(0);
      expect(await limiter.attempt([other], t0)).toBe(0);
      expect(await limiter.attempt([other], t0)).toBe(1000);
    });

    it('counts a concurrent burst exactly: only the free attempts get through', async () => {
      const limiter = await fresh();
      const k = key('burst');
      const answers = await Promise.all(Array.from({ length: 20 }, () => limiter.attempt([k], t0)));
      expect(answers.filter((wait) => wait === 0)).toHaveLength(3);
    });

    it('refund takes one attempt back; forget starts the key over', async () => {
      const limiter = await fresh();
      const k = key('refund');
      await limiter.attempt([k], t0);
      await limiter.attempt([k], t0);
      await limiter.refund([k.key]);
      expect(await limiter.attempt([k], t0)).toBe(0); // second again, not third: no delay set
      expect(await limiter.attempt([k], t0)).toBe(0); // third: sets the delay
      expect(await limiter.attempt([k], t0)).toBe(1000);
      await limiter.forget([k.key]);
      expect(await limiter.attempt([k], t0)).toBe(0);
      await limiter.refund([`never-counted:${randomUUID()}`]);
      await limiter.forget([]);
    });

    it('forgets a key left alone for forgetAfterMs after its delay', async () => {
      const limiter = await fresh();
      // Real time here: Redis expires keys by its own clock.
      const k = { key: `idle:${randomUUID()}`, policy: { freeAttempts: 3, baseDelayMs: 100, maxDelayMs: 100, forgetAfterMs: 50 } };
      for (let i = 0; i < 3; i++) await limiter.attempt([k], Date.now());
      await new Promise((resolve) => setTimeout(resolve, 600));
      // Forgotten, so counting starts over: two free attempts in a row. Had the count been kept,
      // the second would be the fifth and wait.
      expect(await limiter.attempt([k], Date.now())).toBe(0);
      expect(await limiter.attempt([k], Date.now())).toBe(0);
    });
  });
}
