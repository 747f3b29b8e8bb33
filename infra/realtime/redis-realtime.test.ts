import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Redis } from 'ioredis';
import { describeWithEngine } from '../../test/real-engines.ts';
import { redisServerBinary, startRedisServer } from '../../test/redis-server-process.ts';
import type { RedisServerProcess } from '../../test/redis-server-process.ts';
import type { Realtime, RealtimeMessage } from '../../domain/ports/realtime.ts';
import { realtimeConformance } from './realtime.conformance.ts';
import { openRedisRealtime } from './redis-realtime.ts';

// Runs against REDIS_URL (scripts/services/redis.sh), else a Redis container through Testcontainers,
// else is reported skipped with the reason. One channel per run: every instance is on the same bus.
describeWithEngine('redis', 'RedisRealtime', (url) => {
  const channel = `test-realtime-${randomUUID()}`;
  realtimeConformance('Redis pub/sub', () => openRedisRealtime({ url, channel }));

  describe('Redis specifics', () => {
    it('ignores what is not a realtime message on the channel, and reports it', async () => {
      const errors: Error[] = [];
      const realtime = await openRedisRealtime({ url, channel, onError: (error) => errors.push(error) });
      const raw = new Redis(url);
      try {
        const received: RealtimeMessage[] = [];
        const userId = `u-${randomUUID()}`;
        await realtime.subscribe((message) => { if (message.userId === userId) received.push(message); });
        await raw.publish(channel, 'not json');
        await raw.publish(channel, JSON.stringify({ kind: 'no user' }));
        await realtime.publish({ userId, kind: 'ok', payload: 1 });
        await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 10_000 });
        await vi.waitFor(() => expect(errors.map((e) => e.message).join('|')).toMatch(/not JSON.*no userId/), { timeout: 10_000 });
      } finally {
        await raw.quit();
        await realtime.close();
      }
    });

    it('channels keep buses apart', async () => {
      const [a, b] = [await openRedisRealtime({ url, channel: `${channel}-a` }), await openRedisRealtime({ url, channel: `${channel}-b` })];
      try {
        const seen: RealtimeMessage[] = [];
        await b.subscribe((message) => seen.push(message));
        await a.publish({ userId: 'u', kind: 'elsewhere', payload: null });
        await b.publish({ userId: 'u', kind: 'here', payload: null });
        await vi.waitFor(() => expect(seen.map((m) => m.kind)).toEqual(['here']), { timeout: 10_000 });
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    });
  });
});

describe('RedisRealtime without a server', () => {
  it('fails to open with a clear error', async () => {
    await expect(openRedisRealtime({ url: 'redis://127.0.0.1:9' })).rejects.toThrow(/cannot connect to redis:\/\/127\.0\.0\.1:9/);
  });
});

describe.skipIf(!redisServerBinary)(
  `RedisRealtime when Redis dies and comes back${redisServerBinary ? '' : ' (skipped: redis-server is not on PATH; scripts/services/redis.sh installs it)'}`,
  () => {
    let server: RedisServerProcess;
    let publisher: Realtime;
    let subscriber: Realtime;
    beforeAll(async () => {
      server = await startRedisServer();
      [publisher, subscriber] = [await openRedisRealtime({ url: server.url }), await openRedisRealtime({ url: server.url })];
    });
    afterAll(async () => {
      await Promise.all([publisher?.close(), subscriber?.close()]);
      await server?.stop();
    });

    it('refuses to publish while Redis is down, and delivers again once it is back (re-subscribed)', async () => {
      const received: unknown[] = [];
      await subscriber.subscribe((message) => received.push(message.payload));
      await publisher.publish({ userId: 'u', kind: 'k', payload: 'before' });
      await vi.waitFor(() => expect(received).toEqual(['before']), { timeout: 10_000 });

      await server.kill();
      await vi.waitFor(() => expect(publisher.publish({ userId: 'u', kind: 'k', payload: 'down' })).rejects.toThrow(), { timeout: 10_000 });
      await server.restart();

      // Once both connections are back (the subscriber re-subscribes by itself), pushes flow again.
      await vi.waitFor(async () => {
        await publisher.publish({ userId: 'u', kind: 'k', payload: 'after' });
        expect(received).toContain('after');
      }, { timeout: 20_000, interval: 200 });
    });
  },
);
