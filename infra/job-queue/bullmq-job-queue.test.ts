import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Redis } from 'ioredis';
import { describeWithEngine } from '../../test/real-engines.ts';
import { redisServerBinary, startRedisServer } from '../../test/redis-server-process.ts';
import type { RedisServerProcess } from '../../test/redis-server-process.ts';
import type { Job } from '../../domain/ports/job-queue.ts';
import { openBullmqJobQueue } from './bullmq-job-queue.ts';
import type { BullmqJobQueue } from './bullmq-job-queue.ts';
import { jobQueueConformance } from './job-queue.conformance.ts';

const eventually = (assertion: () => unknown, timeout = 20_000) => vi.waitFor(assertion, { timeout, interval: 50 });

// Runs against REDIS_URL (scripts/services/redis.sh), else a Redis container through Testcontainers,
// else is reported skipped with the reason. Keys live under a prefix of this run, removed afterwards.
describeWithEngine('redis', 'BullmqJobQueue', (url) => {
  const prefix = `test-bull-${randomUUID().slice(0, 8)}`;
  afterAll(async () => {
    const redis = new Redis(url);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  jobQueueConformance('BullMQ', () => openBullmqJobQueue({ url, prefix, queueName: `q-${randomUUID()}` }));

  describe('BullMQ specifics', () => {
    const open: BullmqJobQueue[] = [];
    const fresh = async (queueName = `q-${randomUUID()}`) => {
      const queue = await openBullmqJobQueue({ url, prefix, queueName });
      open.push(queue);
      return queue;
    };
    afterAll(async () => {
      await Promise.all(open.map((queue) => queue.close()));
    });

    it('gives back job ids BullMQ could not take as they are: with colons, numeric, with % and #', async () => {
      const queue = await fresh();
      const ids = ['notify:user-1:order-2', '12345', '50%#off', '#42'];
      const seen: string[] = [];
      queue.process(async (job) => { seen.push(job.id); });
      for (const id of ids) await queue.add('n', {}, { jobId: id });
      await queue.add('n', {}, { jobId: 'notify:user-1:order-2' }); // still a duplicate
      await eventually(() => expect([...seen].sort()).toEqual([...ids].sort()));
    });

    it('stores exponential backoff and the attempts asked for, and keeps failed jobs', async () => {
      const queue = await fresh();
      await queue.add('x', { n: 1 }, { jobId: 'with-options', attempts: 4, backoffMs: 250 });
      const job = await queue.queue.getJob('with-options');
      expect(job?.opts).toMatchObject({ attempts: 4, backoff: { type: 'exponential', delay: 250 }, removeOnFail: false });
    });

    it('tells the handler how many attempts were made before this one', async () => {
      const queue = await fresh();
      const attempts: number[] = [];
      queue.process(async (job: Job) => {
        attempts.push(job.attemptsMade);
        if (attempts.length < 3) throw new Error('again');
      });
      await queue.add('count', {}, { attempts: 3, backoffMs: 10 });
      await eventually(async () => expect((await queue.counts()).completed).toBe(1));
      expect(attempts).toEqual([0, 1, 2]);
    });

    it('a job added by one process is run by the worker of another (same queue name)', async () => {
      const queueName = `shared-${randomUUID()}`;
      const [producer, consumer] = [await fresh(queueName), await fresh(queueName)];
      const ran: unknown[] = [];
      consumer.process(async (job) => { ran.push(job.data); });
      await producer.add('cross', { from: 'producer' });
      await eventually(() => expect(ran).toEqual([{ from: 'producer' }]));
    });
  });
});

describe('BullmqJobQueue without a server', () => {
  it('fails to open with a clear error', async () => {
    await expect(openBullmqJobQueue({ url: 'redis://127.0.0.1:9' })).rejects.toThrow(/cannot connect to redis:\/\/127\.0\.0\.1:9/);
  });
});

describe.skipIf(!redisServerBinary)(
  `BullmqJobQueue when Redis dies mid-run${redisServerBinary ? '' : ' (skipped: redis-server is not on PATH; scripts/services/redis.sh installs it)'}`,
  () => {
    let server: RedisServerProcess;
    let queue: BullmqJobQueue;
    beforeAll(async () => {
      server = await startRedisServer();
      // Short locks so a job that was running when Redis died is found stalled and run again quickly.
      queue = await openBullmqJobQueue({ url: server.url, queueName: 'crash', lockDurationMs: 2_000, stalledIntervalMs: 1_000 });
    });
    afterAll(async () => {
      await queue?.close();
      await server?.stop();
    });

    it('loses no job: those queued before the crash and those added while Redis was down all run', async () => {
      const ran = new Set<string>();
      queue.process(async (job) => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        ran.add(job.id);
      });
      const before = Array.from({ length: 40 }, (_, i) => `before-${i}`);
      for (const id of before) await queue.add('work', { id }, { jobId: id, backoffMs: 50 });
      await eventually(() => expect(ran.size).toBeGreaterThanOrEqual(5));

      await server.kill();
      // Added while Redis is down: add() waits for it rather than dropping the job.
      const during = Array.from({ length: 10 }, (_, i) => `during-${i}`);
      const adding = Promise.all(during.map((id) => queue.add('work', { id }, { jobId: id, backoffMs: 50 })));
      await new Promise((resolve) => setTimeout(resolve, 300));
      await server.restart();
      await adding;

      await eventually(() => expect([...ran].sort()).toEqual([...before, ...during].sort()), 60_000);
      await eventually(async () => expect(await queue.counts()).toMatchObject({ completed: 50, failed: 0, waiting: 0, active: 0 }), 30_000);
    }, 120_000);
  },
);
