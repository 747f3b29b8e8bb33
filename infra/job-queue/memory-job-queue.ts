import type { FailedJob, Job, JobHandler, JobOptions, JobQueue, NewJob } from '../../domain/ports/job-queue.ts';

// The embedded JobQueue adapter (DESIGN §2): jobs run in this process, a failed attempt is retried
// after an exponential backoff (backoffMs, then doubled), and a job out of attempts is kept as failed
// with its reason — never dropped. A jobId seen before (waiting, running, done or failed) is ignored,
// as BullMQ does while it keeps the job; like BullMQ's removeOnComplete, only the latest completed ids
// are remembered, so a long-running process does not grow without bound. The jobs wait in this
// process's memory, so a producer far ahead of the worker (the notification reactor reading a long
// backlog) is held back: once `maxWaiting` jobs wait, `add`/`addMany` resolve only when the worker has
// brought them down to half of that.
interface QueuedJob {
  job: Job;
  attempts: number;
  backoffMs: number;
}

export interface MemoryJobQueueOptions {
  /** Jobs run at once; default 1. */
  concurrency?: number;
  /** Failed jobs kept for admins; the oldest beyond this are let go. Default 10 000. */
  maxFailedKept?: number;
  /** Ids of completed jobs remembered for deduplication. Default 100 000. */
  maxCompletedIdsKept?: number;
  /** Waiting jobs beyond which adding waits for the worker (while one runs). Default 10 000. */
  maxWaiting?: number;
}

export function createMemoryJobQueue(options: MemoryJobQueueOptions = {}): JobQueue {
  const concurrency = options.concurrency ?? 1;
  const maxFailedKept = options.maxFailedKept ?? 10_000;
  const maxCompletedIdsKept = options.maxCompletedIdsKept ?? 100_000;
  const maxWaiting = Math.max(1, options.maxWaiting ?? 10_000);
  const waiting = new Fifo<QueuedJob>();
  /** Producers held back until the waiting jobs are down to half of maxWaiting. */
  let roomWaiters: Array<() => void> = [];
  const delayed = new Map<QueuedJob, NodeJS.Timeout>();
  /** Waiting, delayed or running. */
  const pendingIds = new Set<string>();
  /** Insertion-ordered, so the oldest is first to forget. */
  const completedIds = new Set<string>();
  const failedIds = new Set<string>();
  const failed: FailedJob[] = [];
  const running = new Set<Promise<void>>();
  let completed = 0;
  let handler: JobHandler | undefined;
  let closed = false;
  let nextId = 1;

  function pump(): void {
    while (!closed && handler && running.size < concurrency && waiting.length > 0) {
      const queued = waiting.shift()!;
      if (roomWaiters.length > 0 && waiting.length <= maxWaiting / 2) letProducersOn();
      const run = attempt(queued, handler).finally(() => {
        running.delete(run);
        pump();
      });
      running.add(run);
    }
  }

  async function attempt(queued: QueuedJob, handle: JobHandler): Promise<void> {
    try {
      await handle({ ...queued.job });
      queued.job.attemptsMade += 1;
      completed += 1;
      pendingIds.delete(queued.job.id);
      completedIds.add(queued.job.id);
      if (completedIds.size > maxCompletedIdsKept) completedIds.delete(completedIds.values().next().value as string);
    } catch (error) {
      queued.job.attemptsMade += 1;
      if (queued.job.attemptsMade < queued.attempts && !closed) {
        const delay = queued.backoffMs * 2 ** (queued.job.attemptsMade - 1);
        const timer = setTimeout(() => {
          delayed.delete(queued);
          waiting.push(queued);
          pump();
        }, delay);
        delayed.set(queued, timer);
      } else {
        failed.push({ ...queued.job, failedReason: reasonOf(error), failedAt: new Date().toISOString() });
        pendingIds.delete(queued.job.id);
        failedIds.add(queued.job.id);
        if (failed.length > maxFailedKept) failedIds.delete(failed.shift()!.id);
      }
    }
  }

  function letProducersOn(): void {
    const waiters = roomWaiters;
    roomWaiters = [];
    for (const resolve of waiters) resolve();
  }

  /** Resolves once there is room: at once unless maxWaiting jobs wait for a worker that is running. */
  function room(): Promise<void> {
    if (closed || !handler || waiting.length < maxWaiting) return Promise.resolve();
    return new Promise((resolve) => roomWaiters.push(resolve));
  }

  function enqueue({ name, data, options: jobOptions = {} }: NewJob): void {
    if (closed) throw new Error('The job queue is closed');
    const id = jobOptions.jobId ?? `job-${nextId++}`;
    if (pendingIds.has(id) || completedIds.has(id) || failedIds.has(id)) return;
    pendingIds.add(id);
    waiting.push({
      job: { id, name, data, attemptsMade: 0 },
      attempts: Math.max(1, jobOptions.attempts ?? 5),
      backoffMs: Math.max(0, jobOptions.backoffMs ?? 200),
    });
  }

  return {
    async add<T>(name: string, data: T, jobOptions: JobOptions = {}) {
      enqueue({ name, data, options: jobOptions });
      pump();
      await room();
    },
    async addMany(jobs) {
      for (const job of jobs) enqueue(job);
      pump();
      await room();
    },
    process(handle) {
      if (handler) throw new Error('This queue already has a worker');
      handler = handle;
      pump();
    },
    async failed({ limit = 100 } = {}) {
      return failed.slice(-limit).reverse().map((job) => ({ ...job }));
    },
    async counts() {
      return { waiting: waiting.length, active: running.size, completed, failed: failed.length, delayed: delayed.size };
    },
    async close() {
      closed = true;
      letProducersOn();
      for (const timer of delayed.values()) clearTimeout(timer);
      delayed.clear();
      await Promise.allSettled([...running]);
    },
  };
}

function reasonOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

/** First in, first out, with a constant-time shift (Array.prototype.shift on a large array moves every element: with a backlog of 100,000 jobs, dequeuing was a tenth of a start's time). */
class Fifo<T> {
  private items: T[] = [];
  private head = 0;

  get length(): number {
    return this.items.length - this.head;
  }

  push(item: T): void {
    this.items.push(item);
  }

  shift(): T | undefined {
    if (this.head === this.items.length) return undefined;
    const item = this.items[this.head]!;
    this.items[this.head] = undefined as T;
    this.head += 1;
    // Drop the consumed front once it is most of the array.
    if (this.head >= 1024 && this.head * 2 >= this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return item;
  }
}
