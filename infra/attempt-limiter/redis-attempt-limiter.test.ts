import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithEngine } from '../../test/real-engines.ts';
import { attemptLimiterConformance } from './attempt-limiter.conformance.ts';
import { openRedisAttemptLimiter, type RedisAttemptLimiter } from './redis-attempt-limiter.ts';

// Runs against REDIS_URL (scripts/services/redis.sh), else a Redis container through Testcontainers,
// else is reported skipped with the reason. Every limiter gets its own key prefix.
describeWithEngine('redis', 'RedisAttemptLimiter', (url) => {
  const runPrefix = `test:attempts:${randomUUID()}:`;
  let n = 0;
  attemptLimiterConformance('redis', () => openRedisAttemptLimiter({ url, keyPrefix: `${runPrefix}${(n += 1)}:` }));

  describe('Redis specifics', () => {
    let first: RedisAttemptLimiter;
    let second: RedisAttemptLimiter;
    beforeAll(async () => {
      first = await openRedisAttemptLimiter({ url, keyPrefix: `${runPrefix}shared:` });
      second = await openRedisAttemptLimiter({ url, keyPrefix: `${runPrefix}shared:` });
    });
    afterAll(async () => {
      const keys = await first.redis.keys(`${runPrefix}*`);
      if (keys.length > 0) await first.redis.del(...keys);
      await first.close();
      await second.close();
    });

    it('two processes share the counts (two connections on one Redis), and keys expire', async () => {
      const policy = { freeAttempts: 2, baseDelayMs: 1000, maxDelayMs: 1000, forgetAfterMs: 60_000 };
      expect(await first.attempt([{ key: 'ip:203.0.113.7', policy }], 0)).toBe(0);
      expect(await second.attempt([{ key: 'ip:203.0.113.7', policy }], 0)).toBe(0);
      expect(await first.attempt([{ key: 'ip:203.0.113.7', policy }], 10)).toBe(990);
      const ttl = await first.redis.pttl(`${runPrefix}shared:ip:203.0.113.7`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(61_000);
    });
  });
});
