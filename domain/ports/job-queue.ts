// The JobQueue port (DESIGN §2): notification jobs. In-process with retry/backoff, or BullMQ.
// A job that keeps failing is kept as failed, never silently dropped.
export interface JobOptions {
  /** Total attempts including the first; default 5. */
  attempts?: number;
  /** First backoff in ms, doubled each retry; default 200. */
  backoffMs?: number;
  /** Deduplicates: a second add with the same id is ignored. */
  jobId?: string;
}

export interface Job<T = unknown> {
  id: string;
  name: string;
  data: T;
  attemptsMade: number;
}

export interface FailedJob<T = unknown> extends Job<T> {
  failedReason: string;
  failedAt: string;
}

export type JobHandler<T = unknown> = (job: Job<T>) => Promise<void>;

/** One job of an `addMany`. */
export interface NewJob<T = unknown> {
  name: string;
  data: T;
  options?: JobOptions;
}

export interface JobQueue {
  add<T>(name: string, data: T, options?: JobOptions): Promise<void>;
  /**
   * Adds several jobs in one call (BullMQ: one round trip), each deduplicated by its jobId like add.
   * Optional for hand-made queues; both adapters have it. Callers go through `addJobs`.
   */
  addMany?(jobs: readonly NewJob[]): Promise<void>;
  /** Starts processing jobs of the queue with this handler (one worker per process). */
  process(handler: JobHandler): void;
  failed(options?: { limit?: number }): Promise<FailedJob[]>;
  /** Counts for admin dashboards and tests. */
  counts(): Promise<{ waiting: number; active: number; completed: number; failed: number; delayed: number }>;
  close(): Promise<void>;
}

/** Jobs not yet done: waiting, running or due for a retry (completed and failed ones are done with). */
export const jobsLeftToRun = (counts: { waiting: number; active: number; delayed: number }): number => counts.waiting + counts.active + counts.delayed;

/** Adds the jobs in one call where the queue can (`JobQueue.addMany`), else one after the other. */
export async function addJobs(queue: JobQueue, jobs: readonly NewJob[]): Promise<void> {
  if (jobs.length === 0) return;
  if (queue.addMany) return queue.addMany(jobs);
  for (const job of jobs) await queue.add(job.name, job.data, job.options);
}
