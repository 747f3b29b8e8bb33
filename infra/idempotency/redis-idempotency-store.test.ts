import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithEngine } from '../../test/real-engines.ts';
import { idempotencyStoreConformance } from './idempotency-store.conformance.ts';
import { openRedisIdempotencyStore, type RedisIdempotencyStore } from './redis-idempotency-store.ts';

// Runs against REDIS_URL (scripts/services/redis.sh), else a Redis container through Testcontainers,
// else is reported skipped with the reason. Every store gets its own key prefix.
describeWithEngine('redis', 'RedisIdempotencyStore', (url) => {
  const runPrefix = `test:idempotency:${randomUUID()}:`;
  let n = 0;
  idempotencyStoreConformance('redis', () => openRedisIdempotencyStore({ url, keyPrefix: `${runPrefix}${(n += 1)}:` }));

  describe('Redis specifics', () => {
    let first: RedisIdempotencyStore;
    let second: RedisIdempotencyStore;
    const metadata = { actor: { userId: null, roles: ['guest' as const], groups: [], vendorId: null }, correlationId: 'c', causationId: null, at: '2030-01-01T00:00:00.000Z', schemaVersion: 1 };
    beforeAll(async () => {
      first = await openRedisIdempotencyStore({ url, keyPrefix: `${runPrefix}shared:`, ttlSeconds: 3600 });
      second = await openRedisIdempotencyStore({ url, keyPrefix: `${runPrefix}shared:`, ttlSeconds: 3600 });
    });
    afterAll(async () => {
      const keys = await first.redis.keys(`${runPrefix}*`);
      if (keys.length > 0) await first.redis.del(...keys);
      await first.close();
      await second.close();
    });

    it('two processes (two connections) see one record: a claim by one is lost by the other, its answer read by both; records expire', async () => {
      const [a, b] = await Promise.all([
        first.start('order-K', { fingerprint: 'f', startedAt: 't' }, null, metadata),
        second.start('order-K', { fingerprint: 'f', startedAt: 't' }, null, metadata),
      ]);
      expect([a, b].filter((version) => version !== null)).toHaveLength(1);
      const holder = a !== null ? first : second;
      await holder.complete('order-K', (a ?? b)!, { status: 201, body: { id: 'o-1' } }, metadata);
      expect(await (holder === first ? second : first).get('order-K')).toMatchObject({ status: 'completed', answer: { status: 201, body: { id: 'o-1' } } });
      const ttl = await first.redis.ttl(`${runPrefix}shared:order-K`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(3600);
    });
  });
});
