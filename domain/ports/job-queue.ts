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

export interface JobQueue {
  add<T>(name: string, data: T, options?: JobOptions): Promise<void>;
  /** Starts processing jobs of the queue with this handler (one worker per process). */
  process(handler: JobHandler): void;
  failed(options?: { limit?: number }): Promise<FailedJob[]>;
  /** Counts for admin dashboards and tests. */
  counts(): Promise<{ waiting: number; active: number; completed: number; failed: number; delayed: number }>;
  close(): Promise<void>;
}
