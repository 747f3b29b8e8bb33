import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Job, JobQueue } from '../../domain/ports/job-queue.ts';

// The one conformance suite of the JobQueue port (DESIGN §2), run against the in-process queue and
// BullMQ. `make` returns a fresh, empty queue (BullMQ: a unique queue name per call). Outcomes are
// awaited with bounded waits; no test asserts a duration. Backoffs are kept small so retries are quick.
export function jobQueueConformance(name: string, make: () => JobQueue | Promise<JobQueue>): void {
  describe(`JobQueue conformance: ${name}`, () => {
    const open: JobQueue[] = [];
    const fresh = async () => {
      const queue = await make();
      open.push(queue);
      return queue;
    };
    afterEach(async () => {
      await Promise.all(open.splice(0).map((queue) => queue.close()));
    });
    const eventually = (assertion: () => unknown | Promise<unknown>) => vi.waitFor(assertion, { timeout: 15_000, interval: 25 });

    it('runs an added job once with its name and data', async () => {
      const queue = await fresh();
      const seen: Job[] = [];
      queue.process(async (job) => { seen.push(job); });
      const data = { userId: 'u1', text: 'שלום', nested: { n: 1 } };
      await queue.add('notify', data, { jobId: `j-${randomUUID()}` });
      await eventually(() => expect(seen).toHaveLength(1));
      expect(seen[0]!.name).toBe('notify');
      expect(seen[0]!.data).toEqual(data);
      await eventually(async () => expect((await queue.counts()).completed).toBe(1));
    });

    it('runs jobs added before a worker starts, once the worker starts', async () => {
      const queue = await fresh();
      await queue.add('a', { n: 1 });
      await queue.add('b', { n: 2 });
      await eventually(async () => expect((await queue.counts()).waiting).toBe(2));
      const names: string[] = [];
      queue.process(async (job) => { names.push(job.name); });
      await eventually(() => expect([...names].sort()).toEqual(['a', 'b']));
      await eventually(async () => expect(await queue.counts()).toMatchObject({ waiting: 0, completed: 2, failed: 0 }));
    });

    it('ignores a second add with the same jobId', async () => {
      const queue = await fresh();
      const jobId = `dup-${randomUUID()}`;
      await queue.add('first', { n: 1 }, { jobId });
      await queue.add('second', { n: 2 }, { jobId });
      const names: string[] = [];
      queue.process(async (job) => { names.push(job.name); });
      await eventually(() => expect(names).toContain('first'));
      // Added after the first one ran: still a duplicate. A marker job proves the queue moved on.
      await queue.add('third', { n: 3 }, { jobId });
      await queue.add('marker', {}, { jobId: `marker-${randomUUID()}` });
      await eventually(() => expect(names).toContain('marker'));
      expect(names.filter((n) => n !== 'marker')).toEqual(['first']);
    });

    it('adds several jobs in one call, each deduplicated by its jobId like add', async () => {
      const queue = await fresh();
      expect(queue.addMany).toBeTypeOf('function');
      const ids = [`many-${randomUUID()}`, `many-${randomUUID()}`];
      await queue.add('before', { n: 0 }, { jobId: ids[0] });
      await queue.addMany!([
        { name: 'again', data: { n: 1 }, options: { jobId: ids[0] } },
        { name: 'second', data: { n: 2 }, options: { jobId: ids[1] } },
        { name: 'second again', data: { n: 3 }, options: { jobId: ids[1] } },
        { name: 'no id', data: { n: 4 } },
      ]);
      await queue.addMany!([]);
      const seen: Job[] = [];
      queue.process(async (job) => { seen.push(job); });
      await eventually(async () => expect((await queue.counts()).completed).toBe(3));
      expect(seen.map((job) => [job.name, job.data])).toEqual([['before', { n: 0 }], ['second', { n: 2 }], ['no id', { n: 4 }]]);
      expect(seen.slice(0, 2).map((job) => job.id)).toEqual(ids);
    });

    it('retries a failing job and completes it when an attempt succeeds', async () => {
      const queue = await fresh();
      let calls = 0;
      queue.process(async () => {
        calls += 1;
        if (calls < 3) throw new Error(`transient ${calls}`);
      });
      await queue.add('flaky', {}, { attempts: 3, backoffMs: 10 });
      await eventually(async () => expect((await queue.counts()).completed).toBe(1));
      expect(calls).toBe(3);
      expect(await queue.failed()).toEqual([]);
    });

    it('keeps a job that runs out of attempts as failed, with its reason', async () => {
      const queue = await fresh();
      let calls = 0;
      queue.process(async () => {
        calls += 1;
        throw new Error('mail server down');
      });
      const jobId = `doomed-${randomUUID()}`;
      await queue.add('doomed', { to: 'u2' }, { jobId, attempts: 2, backoffMs: 10 });
      await eventually(async () => expect(await queue.failed()).toHaveLength(1));
      const [job] = await queue.failed();
      expect(job).toMatchObject({ id: jobId, name: 'doomed', data: { to: 'u2' }, attemptsMade: 2, failedReason: 'mail server down' });
      expect(Number.isNaN(Date.parse(job!.failedAt))).toBe(false);
      expect(calls).toBe(2);
      expect(await queue.counts()).toMatchObject({ failed: 1, completed: 0 });
    });

    it('a failed job does not stop the jobs after it', async () => {
      const queue = await fresh();
      const done: string[] = [];
      queue.process(async (job) => {
        if (job.name === 'bad') throw new Error('bad job');
        done.push(job.name);
      });
      await queue.add('bad', {}, { attempts: 1 });
      await queue.add('good', {});
      await eventually(() => expect(done).toEqual(['good']));
      await eventually(async () => expect((await queue.failed()).map((j) => j.name)).toEqual(['bad']));
    });

    it('lists failed jobs newest first, up to the limit', async () => {
      const queue = await fresh();
      queue.process(async (job) => { throw new Error(`no ${job.name}`); });
      for (const n of ['f1', 'f2', 'f3']) {
        await queue.add(n, {}, { attempts: 1 });
        await eventually(async () => expect((await queue.counts()).failed).toBeGreaterThanOrEqual(Number(n.slice(1))));
      }
      const limited = await queue.failed({ limit: 2 });
      expect(limited.map((j) => j.name)).toEqual(['f3', 'f2']);
      expect(limited[0]!.failedReason).toBe('no f3');
    });
  });
}
