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
    await vi.waitFor(async () => expect((await queue.counts()).delayed).toBe(1));
    await queue.close();
  });

  it('forgets the oldest completed ids beyond maxCompletedIdsKept, never a pending one', async () => {
    const queue = createMemoryJobQueue({ maxCompletedIdsKept: 2 });
    const names: string[] = [];
    queue.process(async (job) => { names.push(job.name); });
    for (const id of ['a', 'b', 'c']) await queue.add(id, {}, { jobId: id });
    await vi.waitFor(() => expect(names).toEqual(['a', 'b', 'c']));
    await queue.add('a-again', {}, { jobId: 'a' });
    await queue.add('c-again', {}, { jobId: 'c' });
    await vi.waitFor(() => expect(names).toEqual(['a', 'b', 'c', 'a-again']));
    await queue.close();
  });

  it('refuses a second worker', () => {
    const queue = createMemoryJobQueue();
    queue.process(async () => {});
    expect(() => queue.process(async () => {})).toThrow(/already/);
  });
});
