import { describe, expect, it, vi } from 'vitest';
import { jobQueueConformance } from './job-queue.conformance.ts';
import { createMemoryJobQueue } from './memory-job-queue.ts';

jobQueueConformance('in-process', () => createMemoryJobQueue());

describe('in-process job queue specifics', () => {
  it('waits twice as long before each retry', async () => {
    vi.useFakeTimers();
    try {
      const queue = createMemoryJobQueue();
      let calls = 0;
      queue.process(async () => { calls += 1; throw new Error('down'); });
      await queue.add('x', {}, { attempts: 4, backoffMs: 100 });
      await vi.advanceTimersByTimeAsync(0);
      expect(calls).toBe(1);
      await vi.advanceTimersByTimeAsync(99);
      expect(calls).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(calls).toBe(2);
      await vi.advanceTimersByTimeAsync(199);
      expect(calls).toBe(2);
      await vi.advanceTimersByTimeAsync(1);
      expect(calls).toBe(3);
      await vi.advanceTimersByTimeAsync(400);
      expect(calls).toBe(4);
      expect(await queue.counts()).toMatchObject({ failed: 1, delayed: 0 });
      await queue.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('counts a job waiting for its retry as delayed', async () => {
    const queue = createMemoryJobQueue();
    queue.process(async () => { throw new Error('down'); });
    await queue.add('x', {}, { attempts: 2, backoffMs: 60_000 });
    await vi.waitFor(async () => expect((await queue.counts()).delayed).toBe(1), { timeout: 10_000 });
    await queue.close();
  });

  it('forgets the oldest completed ids beyond maxCompletedIdsKept, never a pending one', async () => {
    const queue = createMemoryJobQueue({ maxCompletedIdsKept: 2 });
    const names: string[] = [];
    queue.process(async (job) => { names.push(job.name); });
    for (const id of ['a', 'b', 'c']) await queue.add(id, {}, { jobId: id });
    await vi.waitFor(() => expect(names).toEqual(['a', 'b', 'c']), { timeout: 10_000 });
    await queue.add('a-again', {}, { jobId: 'a' });
    await queue.add('c-again', {}, { jobId: 'c' });
    await vi.waitFor(() => expect(names).toEqual(['a', 'b', 'c', 'a-again']), { timeout: 10_000 });
    await queue.close();
  });

  it('holds a producer back while maxWaiting jobs wait for a running worker, until half of them are done', async () => {
    const queue = createMemoryJobQueue({ maxWaiting: 4 });
    const gates: Array<() => void> = [];
    queue.process(() => new Promise<void>((resolve) => gates.push(resolve)));
    let added = false;
    const adding = queue.addMany!(Array.from({ length: 6 }, (_, n) => ({ name: `job-${n}`, data: {} }))).then(() => { added = true; });
    // One job runs, five wait: more than 4.
    await vi.waitFor(() => expect(gates).toHaveLength(1), { timeout: 10_000 });
    expect(await queue.counts()).toMatchObject({ waiting: 5, active: 1 });
    for (const expectedWaiting of [4, 3]) {
      gates.shift()!();
      await vi.waitFor(async () => expect((await queue.counts()).waiting).toBe(expectedWaiting), { timeout: 10_000 });
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(added).toBe(false);
    }
    gates.shift()!();
    await adding;
    expect((await queue.counts()).waiting).toBe(2);
    while (gates.length > 0 || (await queue.counts()).waiting > 0) {
      gates.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await queue.close();
  });

  it('does not hold a producer back while no worker runs, and lets every held one go on close', async () => {
    const idle = createMemoryJobQueue({ maxWaiting: 2 });
    await idle.addMany!(Array.from({ length: 10 }, (_, n) => ({ name: `job-${n}`, data: {} })));
    expect((await idle.counts()).waiting).toBe(10);
    await idle.close();

    const stuck = createMemoryJobQueue({ maxWaiting: 2 });
    stuck.process(() => new Promise<void>(() => {}));
    const adding = stuck.addMany!(Array.from({ length: 5 }, (_, n) => ({ name: `job-${n}`, data: {} })));
    await vi.waitFor(async () => expect((await stuck.counts()).active).toBe(1), { timeout: 10_000 });
    const closing = stuck.close();
    await adding;
    void closing;
  });

  it('refuses a second worker', () => {
    const queue = createMemoryJobQueue();
    queue.process(async () => {});
    expect(() => queue.process(async () => {})).toThrow(/already/);
  });
});
