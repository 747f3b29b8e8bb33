import type { EventFeed } from '../domain/ports/event-feed.ts';
import type { EventStore, RecordedEvent } from '../domain/ports/event-store.ts';
import { addJobs, type JobOptions, type JobQueue } from '../domain/ports/job-queue.ts';
import type { ViewStore } from '../domain/ports/view-store.ts';
import { viewStoreRelayCheckpoints, type RelayCheckpoints } from '../infra/relay/relay-checkpoints.ts';
import { createCheckpointedSubscription } from '../infra/subscription/checkpointed-subscription.ts';
import { silentLog, type ProjectorLog } from '../projectors/projector-log.ts';
import { NOTIFICATION_JOB, notificationJobId, type NotificationJob } from './notification-job.ts';
import { cachedRecipientFacts, factEventTypes, recipientFacts } from './recipient-facts.ts';
import { notifiableEventTypes, noticesOf } from './recipients.ts';
import { isNews, NOTIFY_EVENTS_WITHIN_MS } from './news-horizon.ts';

// The notification reactor (DESIGN §1): follows the event feed from its checkpoint
// (infra/subscription/checkpointed-subscription.ts) and queues one job per recipient of each
// notifiable event, one queue call per page of events — of events recent enough to be news
// (news-horizon.ts: at most 7 days old when read). Delivery is at least once: after a crash the
// events since the last saved checkpoint are queued again, and the job id (event, recipient) plus the worker's
// idempotency by source event make that harmless. The checkpoint lives beside the projectors' in the
// view store (`_checkpoints`, `_id` = the reactor's name), unless the caller gives another place: with
// views in memory, main.ts keeps it in a file, so a restart does not re-react to the whole history.
export const REACTOR_NAME = 'notification-reactor';

/** The events the reactor needs: those it notifies of, and those that change the facts its notices read. */
export const reactorEventTypes: ReadonlySet<string> = new Set([...notifiableEventTypes, ...factEventTypes]);

export interface NotificationReactorOptions {
  feed: EventFeed;
  eventStore: EventStore;
  jobQueue: JobQueue;
  viewStore: ViewStore;
  log?: ProjectorLog;
  name?: string;
  /** Attempts and first backoff of each job (retries double the backoff). */
  job?: Pick<JobOptions, 'attempts' | 'backoffMs'>;
  /** Checkpoint saved with each page that queued a job, else after this many events (default 5,000), or when the feed goes quiet. */
  checkpointEvery?: number;
  /** How long the feed stays quiet before the checkpoint of pages that queued nothing is saved; default 200 ms. */
  quietMs?: number;
  /** A page that queued jobs within this long of the previous save is saved that long after it instead (dueSavesApartMs); default 1,000 ms. */
  dueSavesApartMs?: number;
  /** Wait before resubscribing after a failure. */
  retryDelayMs?: number;
  /** Where the checkpoint is kept (the relay's single-position store serves here too); default the view store. */
  checkpoint?: RelayCheckpoints;
  /** The clock that tells how old an event is (news-horizon.ts); default the system clock. */
  now?: () => Date;
  /** Events recorded longer ago than this notify no one; default NOTIFY_EVENTS_WITHIN_MS (7 days). */
  notifyWithinMs?: number;
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
  const jobOptions = { attempts: options.job?.attempts ?? 5, backoffMs: options.job?.backoffMs ?? 500 };
  const checkpoint = options.checkpoint ?? viewStoreRelayCheckpoints(options.viewStore, name);
  // On a per-stream feed (Kafka) positions interleave across topics, so none is skipped by position; a
  // repeated event re-queues jobs whose ids the queue has already seen, which it ignores.
  const globalOrder = (options.feed.order ?? 'global') === 'global';
  // Only a reactor that sees every event in order can tell when a vendor's or user's facts change; one
  // consumer of a Kafka group sees only its share of the streams, so it reads them every time.
  const facts = globalOrder ? cachedRecipientFacts(options.eventStore) : recipientFacts(options.eventStore);
  const now = options.now ?? (() => new Date());
  const notifyWithinMs = options.notifyWithinMs ?? NOTIFY_EVENTS_WITHIN_MS;
  let pastNewsSeen = false;

  /** The jobs of one event; the event also tells the facts cache what it changed. */
  async function jobsOf(event: RecordedEvent): Promise<Array<{ name: string; data: NotificationJob; options: JobOptions }>> {
    facts.saw(event);
    if (!notifiableEventTypes.has(event.type)) return [];
    if (!isNews(event, now(), notifyWithinMs)) {
      if (!pastNewsSeen) log.info({ position: event.position, recordedAt: event.metadata.at }, 'reactor: events recorded more than the notification horizon ago are not notified (news-horizon.ts)');
      pastNewsSeen = true;
      return [];
    }
    const notices = await noticesOf(event, options.eventStore, facts);
    return notices.map((notice) => {
      const job: NotificationJob = { ...notice, sourceEventId: event.id, correlationId: event.metadata.correlationId, at: event.metadata.at };
      return { name: NOTIFICATION_JOB, data: job, options: { ...jobOptions, jobId: notificationJobId(job.sourceEventId, job.userId) } };
    });
  }

  async function react(event: RecordedEvent): Promise<NotificationJob[]> {
    const jobs = await jobsOf(event);
    await addJobs(options.jobQueue, jobs);
    return jobs.map((job) => job.data);
  }

  /**
   * Where the store can tell (node:sqlite: SQLite reads the times, no event is parsed), the reactor
   * follows from the first notifiable event that may still be news: those before it notify no one, and
   * the fact events among them would only make the facts cache forget, so it forgets everything instead.
   * A first start over a long past (a restored log, figure 11's) reads none of it. Past news stays past
   * as the clock moves on, so nothing passed over could have become news.
   */
  async function pastNews(after: number | undefined): Promise<number | undefined> {
    const store = options.eventStore as EventStore & { lastPositionRecordedBefore?(types: ReadonlySet<string>, since: Date, after?: number): Promise<number> };
    if (!globalOrder || !store.lastPositionRecordedBefore) return after;
    // From the checkpoint on: a start at the head scans nothing.
    const pastUpTo = await store.lastPositionRecordedBefore(notifiableEventTypes, new Date(now().getTime() - notifyWithinMs), after ?? -1).catch((error: unknown) => {
      log.warn({ err: error }, 'reactor: could not tell where the news begins; reading from the checkpoint');
      return -1;
    });
    if (pastUpTo <= (after ?? -1)) return after;
    log.info({ from: after ?? null, to: pastUpTo }, 'reactor: passing over events recorded more than the notification horizon ago (news-horizon.ts)');
    facts.forgetAll();
    // Saved now: where no news follows, no page would save it, and every start would scan the past again.
    await checkpoint.save(pastUpTo);
    return pastUpTo;
  }

  const subscription = createCheckpointedSubscription<number>({
    // The notifiable types and those the facts cache must see (recipient-facts.ts); the rest of the log is passed over.
    subscribe: (after, signal) => options.feed.subscribe({ name, ...(after !== undefined ? { after } : {}), signal, types: reactorEventTypes }),
    checkpoint: {
      async load() {
        const stored = await checkpoint.load();
        // A checkpoint past the end of the log belongs to another log (the event file was replaced):
        // following from it would silently skip every new event.
        const head = await options.eventStore.headPosition();
        if (stored !== undefined && stored > head) {
          log.warn({ checkpoint: stored, head }, 'reactor checkpoint is past the end of the event log; starting over');
          return pastNews(undefined);
        }
        return pastNews(stored);
      },
      save: (position) => checkpoint.save(position),
    },
    // One queue call per page (BullMQ: one round trip) rather than one per job.
    async handlePage(events) {
      const jobs = [];
      for (const event of events) jobs.push(...(await jobsOf(event)));
      await addJobs(options.jobQueue, jobs);
      return jobs.length;
    },
    skipHandled: globalOrder,
    // A page that queued jobs is saved with it, or, within a second of the previous save, a second after
    // it: a restart re-queues at most that second of pages (jobs are deduplicated by id, and the worker
    // skips a source event it notified), and a steady load writes the file once a second, not per page.
    // Pages that queued none (most of a long log's past: no longer news) every 5,000 events.
    checkpointEvery: options.checkpointEvery ?? 5000,
    checkpointDue: (_events, queued) => queued > 0,
    dueSavesApartMs: options.dueSavesApartMs ?? 1000,
    ...(options.quietMs !== undefined ? { quietMs: options.quietMs } : {}),
    retryDelayMs: options.retryDelayMs ?? 1000,
    // Resuming from the last handled page re-queues at most that page: jobs are deduplicated by id.
    onError: (error) => log.error({ err: error }, 'notification reactor failed; resubscribing'),
    onCheckpointError: (error) => log.error({ err: error }, 'saving the reactor checkpoint failed'),
  });

  return {
    start: () => subscription.start(),
    stop: () => subscription.stop(),
    react,
    position: () => subscription.position(),
    waitForPosition: (target, timeoutMs) => subscription.waitForPosition(target, timeoutMs),
  };
}
