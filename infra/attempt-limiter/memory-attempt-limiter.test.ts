import { describe, expect, it } from 'vitest';
import { attemptLimiterConformance } from './attempt-limiter.conformance.ts';
import { createMemoryAttemptLimiter } from './memory-attempt-limiter.ts';

attemptLimiterConformance('memory', () => createMemoryAttemptLimiter());

describe('memory attempt limiter', () => {
  it('keeps at most maxKeys keys, dropping the least recently counted', async () => {
    const limiter = createMemoryAttemptLimiter({ maxKeys: 2 });
    const policy = { freeAttempts: 1, baseDelayMs: 1000, maxDelayMs: 1000, forgetAfterMs: 60_000 };
    await limiter.attempt([{ key: 'a', policy }], 0);
    await limiter.attempt([{ key: 'b', policy }], 0);
    await limiter.attempt([{ key: 'c', policy }], 0);
    expect(await limiter.attempt([{ key: 'a', policy }], 0)).toBe(0); // dropped, so counted afresh
    expect(await limiter.attempt([{ key: 'c', policy }], 0)).toBe(1000);
  });
});
