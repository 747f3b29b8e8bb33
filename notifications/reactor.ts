import type { EventFeed } from '../domain/ports/event-feed.ts';
import type { EventStore, RecordedEvent } from '../domain/ports/event-store.ts';
import type { JobOptions, JobQueue } from '../domain/ports/job-queue.ts';
import type { ViewStore } from '../domain/ports/view-store.ts';
import { viewStoreRelayCheckpoints, type RelayCheckpoints } from '../infra/relay/relay-checkpoints.ts';
import { silentLog, type ProjectorLog } from '../projectors/projector-log.ts';
import { NOTIFICATION_JOB, notificationJobId, type NotificationJob } from './notification-job.ts';
import { notifiableEventTypes, noticesOf } from './recipients.ts';

// The notification reactor (DESIGN §1): follows the event feed from its checkpoint and queues one job
// per recipient of each notifiable event. Delivery is at least once: after a crash the events since the
// last saved checkpoint are queued again, and the job id (event, recipient) plus the worker's
// idempotency by source event make that harmless. The checkpoint lives beside the projectors' in the
// view store (`_checkpoints`, `_id` = the reactor's name), unless the caller gives another place: with
// views in memory, main.ts keeps it in a file, so a restart does not re-react to the whole history.
export const REACTOR_NAME = 'notification-reactor';

export interface NotificationReactorOptions {
  feed: EventFeed;
  eventStore: EventStore;
  jobQueue: JobQueue;
  viewStore: ViewStore;
  log?: ProjectorLog;
  name?: string;
  /** Attempts and first backoff of each job (retries double the backoff). */
  job?: Pick<JobOptions, 'attempts' | 'backoffMs'>;
  /** Checkpoint saved after this many events, or when the feed goes quiet. */
  checkpointEvery?: number;
  /** Wait before resubscribing after a failure. */
  retryDelayMs?: number;
  /** Where the checkpoint is kept (the relay's single-position store serves here too); default the view store. */
  checkpoint?: RelayCheckpoints;
}

export interface NotificationReactor {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Queues the jobs of one event (idempotent); the feed loop uses it, tests may too. */
  react(event: RecordedEvent): Promise<NotificationJob[]>;
  /** Position of the last event handled, -1 before any. */
  position(): number;
  /** Resolves once the reactor has handled the event at this position (false on timeout). */
  waitForPosition(position: number, timeoutMs: number): Promise<boolean>;
}

export function createNotificationReactor(options: NotificationReactorOptions): NotificationReactor {
  const name = options.name ?? REACTOR_NAME;
  const log = options.log ?? silentLog;
  const checkpointEvery = options.checkpointEvery ?? 200;
  const retryDelayMs = options.retryDelayMs ?? 1000;
  const jobOptions = { attempts: options.job?.attempts ?? 5, backoffMs: options.job?.backoffMs ?? 500 };
  const checkpoint = options.checkpoint ?? viewStoreRelayCheckpoints(options.viewStore, name);
  const wakers = new Set<() => void>();
  let position = -1;
  // On a per-stream feed (Kafka) positions interleave across topics, so none is skipped by position; a
  // repeated event re-queues jobs whose ids the queue has already seen, which it ignores.
  const skipByPosition = (options.feed.order ?? 'global') === 'global';
  let unsaved = 0;
  let quietTimer: NodeJS.Timeout | null = null;
  let following: { abort: AbortController; done: Promise<void> } | null = null;

  async function saveCheckpoint(): Promise<void> {
    if (quietTimer) clearTimeout(quietTimer);
    quietTimer = null;
    if (unsaved === 0 || position < 0) return;
    unsaved = 0;
    await checkpoint.save(position);
  }

  async function react(event: RecordedEvent): Promise<NotificationJob[]> {
    if (!notifiableEventTypes.has(event.type)) return [];
    const notices = await noticesOf(event, options.eventStore);
    const jobs = notices.map((notice): NotificationJob => ({
      ...notice,
      sourceEventId: event.id,
      correlationId: event.metadata.correlationId,
      at: event.metadata.at,
    }));
    for (const job of jobs) {
      await options.jobQueue.add(NOTIFICATION_JOB, job, { ...jobOptions, jobId: notificationJobId(job.sourceEventId, job.userId) });
    }
    return jobs;
  }

  async function handle(event: RecordedEvent): Promise<void> {
    if (skipByPosition && event.position <= position) return;
    await react(event);
    position = Math.max(position, event.position);
    unsaved += 1;
    for (const wake of [...wakers]) wake();
    if (unsaved >= checkpointEvery) await saveCheckpoint();
    else {
      if (quietTimer) clearTimeout(quietTimer);
      quietTimer = setTimeout(() => void saveCheckpoint().catch((error) => log.error({ err: error }, 'saving the reactor checkpoint failed')), 200);
      quietTimer.unref?.();
    }
  }

  async function follow(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      try {
        const events = options.feed.subscribe({ name, ...(position >= 0 ? { after: position } : {}), signal });
        for await (const event of events) {
          await handle(event);
          if (signal.aborted) break;
        }
        if (!signal.aborted) throw new Error('the event feed ended while the notification reactor followed it');
      } catch (error) {
        if (signal.aborted) break;
        // Resuming from the last handled position re-queues at most that event: jobs are deduplicated.
        log.error({ err: error }, 'notification reactor failed; resubscribing');
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs));
      }
    }
  }

  return {
    async start() {
      if (following) return;
      position = (await checkpoint.load()) ?? -1;
      // A checkpoint past the end of the log belongs to another log (the event file was replaced):
      // following from it would silently skip every new event.
      const head = await options.eventStore.headPosition();
      if (position > head) {
        log.warn({ checkpoint: position, head }, 'reactor checkpoint is past the end of the event log; starting over');
        position = -1;
      }
      const abort = new AbortController();
      following = { abort, done: follow(abort.signal) };
    },
    async stop() {
      if (!following) return;
      following.abort.abort();
      await following.done;
      following = null;
      await saveCheckpoint();
    },
    react,
    position: () => position,
    waitForPosition(target, timeoutMs) {
      return new Promise((resolve) => {
        if (position >= target) return resolve(true);
        const wake = () => {
          if (position < target) return;
          wakers.delete(wake);
          clearTimeout(timer);
          resolve(true);
        };
        const timer = setTimeout(() => {
          wakers.delete(wake);
          resolve(false);
        }, timeoutMs);
        wakers.add(wake);
      });
    },
  };
}
