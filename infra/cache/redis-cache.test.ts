import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { describeWithEngine } from '../../test/real-engines.ts';
import { redisServerBinary, startRedisServer } from '../../test/redis-server-process.ts';
import type { RedisServerProcess } from '../../test/redis-server-process.ts';
import { cacheConformance } from './cache.conformance.ts';
import { openRedisCache } from './redis-cache.ts';
import type { RedisCache } from './redis-cache.ts';

// Runs against REDIS_URL (scripts/services/redis.sh), else a Redis container through Testcontainers,
// else is reported skipped with the reason. Every cache gets its own key prefix, removed afterwards.
describeWithEngine('redis', 'RedisCache', (url) => {
  const runPrefix = `test:cache:${randomUUID()}:`;
  let n = 0;
  cacheConformance('redis', () => openRedisCache({ url, keyPrefix: `${runPrefix}${(n += 1)}:` }));

  describe('Redis specifics', () => {
    let cache: RedisCache;
    beforeAll(async () => {
      cache = await openRedisCache({ url, keyPrefix: `${runPrefix}specifics:` });
    });
    afterAll(async () => {
      const keys = await cache.redis.keys(`${runPrefix}*`);
      if (keys.length > 0) await cache.redis.del(...keys);
      await cache.close();
    });

    it('stores entries with a Redis expiry, and tag sets that expire no earlier than their entries', async () => {
      await cache.set('/api/x', 'x', { ttlMs: 10_000, tags: ['short'] });
      await cache.set('/api/y', 'y', { ttlMs: 60_000, tags: ['short'] });
      await cache.set('/api/z', 'z', { ttlMs: 1_000, tags: ['short'] });
      const entryTtl = await cache.redis.pttl(`${runPrefix}specifics:v:/api/x`);
      expect(entryTtl).toBeGreaterThan(0);
      expect(entryTtl).toBeLessThanOrEqual(10_000);
      // The tag set lives at least as long as its longest-lived entry (60 s here).
      expect(await cache.redis.pttl(`${runPrefix}specifics:t:short`)).toBeGreaterThan(10_000);
    });

    it('two processes share entries and purges (two connections on one Redis)', async () => {
      const other = await openRedisCache({ url, keyPrefix: `${runPrefix}specifics:` });
      try {
        await cache.set('/api/shared', 'from A', { ttlMs: 60_000, tags: ['vendor:1'] });
        expect(await other.get('/api/shared')).toBe('from A');
        await other.purgeTags(['vendor:1']);
        expect(await cache.get('/api/shared')).toBeUndefined();
      } finally {
        await other.close();
      }
    });

    it('a TTL of zero stores nothing', async () => {
      await cache.set('/api/zero', 'v', { ttlMs: 60_000 });
      await cache.set('/api/zero', 'v', { ttlMs: 0 });
      expect(await cache.get('/api/zero')).toBeUndefined();
    });
  });
});

describe('RedisCache without a server', () => {
  it('fails to open with a clear error', async () => {
    await expect(openRedisCache({ url: 'redis://127.0.0.1:9' })).rejects.toThrow(/cannot connect to redis:\/\/127\.0\.0\.1:9/);
  });
});

describe.skipIf(!redisServerBinary)(
  `RedisCache when Redis dies and comes back${redisServerBinary ? '' : ' (skipped: redis-server is not on PATH; scripts/services/redis.sh installs it)'}`,
  () => {
    let server: RedisServerProcess;
    let cache: RedisCache;
    const errors: Error[] = [];
    beforeAll(async () => {
      server = await startRedisServer();
      cache = await openRedisCache({ url: server.url, onError: (error) => errors.push(error) });
    });
    afterAll(async () => {
      await cache?.close();
      await server?.stop();
    });
    afterEach(() => {
      errors.length = 0;
    });

    it('answers misses while Redis is down, refuses purges, and serves again after the restart', async () => {
      await cache.set('/api/kept', 'written before the crash', { ttlMs: 60_000, tags: ['t'] });
      await server.kill();

      // Down: reads are misses and writes are dropped, without throwing; a purge says it failed.
      await vi.waitFor(async () => expect(cache.redis.status).not.toBe('ready'), { timeout: 10_000 });
      expect(await cache.get('/api/kept')).toBeUndefined();
      await expect(cache.set('/api/during', 'lost on purpose', { ttlMs: 60_000 })).resolves.toBeUndefined();
      await expect(cache.purgeTags(['t'])).rejects.toThrow();
      expect(errors.length).toBeGreaterThan(0);

      await server.restart();
      // ioredis reconnects by itself; the entry written before the crash survived (append-only file).
      await vi.waitFor(async () => expect(await cache.get('/api/kept')).toBe('written before the crash'), { timeout: 20_000, interval: 100 });
      await cache.set('/api/after', 'fresh', { ttlMs: 60_000, tags: ['t'] });
      expect(await cache.get('/api/after')).toBe('fresh');
      await cache.purgeTags(['t']);
      expect(await cache.get('/api/kept')).toBeUndefined();
      expect(await cache.get('/api/after')).toBeUndefined();
    });
  },
);
