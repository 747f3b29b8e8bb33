import { Queue, Worker } from 'bullmq';
import type { Job as BullJob, JobsOptions } from 'bullmq';
import { Redis } from 'ioredis';
import type { FailedJob, Job, JobHandler, JobOptions, JobQueue, NewJob } from '../../domain/ports/job-queue.ts';

// The distributed JobQueue adapter (DESIGN §2) on BullMQ over Redis. Retries use BullMQ's exponential
// backoff (backoffMs, then doubled), a job out of attempts stays in the failed set with its reason (never
// removed), completed jobs are kept (up to keepCompleted) so a jobId seen before is still ignored.
//
// Redis down: both connections retry forever (BullMQ's requirement for workers), so add() waits for
// Redis to come back instead of losing the job, and the worker resumes by itself. A job that was running
// when Redis died is found stalled once its lock expires and runs again: delivery is at least once,
// so handlers must be idempotent (the notification worker keys its sends by job id).

export interface BullmqJobQueueOptions {
  /** redis:// URL (REDIS_URL). */
  url: string;
  /** Default 'notifications'. */
  queueName?: string;
  /** Prefix of BullMQ's keys; default 'bull'. */
  prefix?: string;
  /** Jobs run at once by this process's worker; default 1. */
  concurrency?: number;
  /** Completed jobs kept (for jobId dedupe and dashboards); default 10 000. */
  keepCompleted?: number;
  /** How long a running job's lock lasts without renewal, in ms; default BullMQ's 30 000. */
  lockDurationMs?: number;
  /** How often stalled jobs (lock lost) are looked for, in ms; default BullMQ's 30 000. */
  stalledIntervalMs?: number;
  /** Told of connection and worker errors (BullMQ keeps going). */
  onError?: (error: Error) => void;
}

export interface BullmqJobQueue extends JobQueue {
  /** The underlying BullMQ queue, for admin tooling and tests. */
  readonly queue: Queue;
}

// BullMQ refuses custom ids that look like integers (its own ids are) and that contain ':' (its key
// separator), so ids are escaped reversibly and given back as they were added.
const encodeJobId = (id: string): string => {
  const escaped = id.replace(/%/g, '%25').replace(/:/g, '%3A').replace(/#/g, '%23');
  return /^\d+$/.test(escaped) ? `#${escaped}` : escaped;
};
const decodeJobId = (id: string | undefined): string => {
  const raw = id ?? '';
  if (!/[%#]/.test(raw)) return raw;
  return raw.replace(/^#(?=\d+$)/, '').replace(/%3A/g, ':').replace(/%23/g, '#').replace(/%25/g, '%');
};

const jobOf = (job: BullJob): Job => ({ id: decodeJobId(job.id), name: job.name, data: job.data, attemptsMade: job.attemptsMade });

export async function openBullmqJobQueue(options: BullmqJobQueueOptions): Promise<BullmqJobQueue> {
  const queueName = options.queueName ?? 'notifications';
  const prefix = options.prefix ?? 'bull';
  const onError = options.onError ?? (() => {});
  const keepCompleted = options.keepCompleted ?? 10_000;
  const connect = async (role: string): Promise<Redis> => {
    const redis = new Redis(options.url, {
      lazyConnect: true,
      maxRetriesPerRequest: null,
      retryStrategy: (times) => Math.min(100 * times, 2_000),
      connectionName: `${queueName}-${role}`,
    });
    redis.on('error', (error: Error) => onError(error));
    try {
      await redis.connect();
    } catch (error) {
      redis.disconnect();
      throw new Error(`BullMQ job queue: cannot connect to ${options.url}: ${error instanceof Error ? error.message : String(error)}`);
    }
    return redis;
  };

  const bullOptions = (jobOptions: JobOptions): JobsOptions => ({
    ...(jobOptions.jobId !== undefined ? { jobId: encodeJobId(jobOptions.jobId) } : {}),
    attempts: Math.max(1, jobOptions.attempts ?? 5),
    backoff: { type: 'exponential', delay: Math.max(0, jobOptions.backoffMs ?? 200) },
    removeOnComplete: { count: keepCompleted },
    removeOnFail: false,
  });

  const queueConnection = await connect('queue');
  const queue = new Queue(queueName, { connection: queueConnection, prefix });
  queue.on('error', (error: Error) => onError(error));
  let worker: Worker | undefined;
  let workerConnection: Redis | undefined;
  let closed = false;

  return {
    queue,
    async add<T>(name: string, data: T, jobOptions: JobOptions = {}): Promise<void> {
      if (closed) throw new Error('The job queue is closed');
      await queue.add(name, data, bullOptions(jobOptions));
    },

    async addMany(jobs: readonly NewJob[]): Promise<void> {
      if (closed) throw new Error('The job queue is closed');
      if (jobs.length === 0) return;
      await queue.addBulk(jobs.map((job) => ({ name: job.name, data: job.data, opts: bullOptions(job.options ?? {}) })));
    },

    process(handler: JobHandler): void {
      if (worker) throw new Error('This queue already has a worker');
      if (closed) throw new Error('The job queue is closed');
      // BullMQ's worker needs its own connection for blocking reads; it is made synchronously here and
      // connects in the background (the port's process() does not wait).
      workerConnection = new Redis(options.url, {
        maxRetriesPerRequest: null,
        retryStrategy: (times) => Math.min(100 * times, 2_000),
        connectionName: `${queueName}-worker`,
      });
      workerConnection.on('error', (error: Error) => onError(error));
      worker = new Worker(queueName, async (job: BullJob) => handler(jobOf(job)), {
        connection: workerConnection,
        prefix,
        concurrency: options.concurrency ?? 1,
        ...(options.lockDurationMs ? { lockDuration: options.lockDurationMs } : {}),
        ...(options.stalledIntervalMs ? { stalledInterval: options.stalledIntervalMs } : {}),
      });
      worker.on('error', (error: Error) => onError(error));
    },

    async failed({ limit = 100 } = {}): Promise<FailedJob[]> {
      if (limit <= 0) return [];
      const jobs = await queue.getFailed(0, limit - 1); // newest first
      return jobs.map((job) => ({
        ...jobOf(job as BullJob),
        failedReason: job.failedReason,
        failedAt: new Date(job.finishedOn ?? job.processedOn ?? job.timestamp).toISOString(),
      }));
    },

    async counts() {
      const counts = await queue.getJobCounts('waiting', 'prioritized', 'active', 'completed', 'failed', 'delayed');
      return {
        waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0),
        active: counts.active ?? 0,
        completed: counts.completed ?? 0,
        failed: counts.failed ?? 0,
        delayed: counts.delayed ?? 0,
      };
    },

    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      // The worker first, letting a running job finish; then the queue; then the connections we own.
      await worker?.close();
      await queue.close();
      for (const connection of [workerConnection, queueConnection]) {
        if (!connection) continue;
        try {
          await connection.quit();
        } catch {
          connection.disconnect();
        }
      }
    },
  };
}
