import { hash, randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { WrongExpectedRevision, type EventStore } from '../domain/ports/event-store.ts';
import type { Job, JobQueue } from '../domain/ports/job-queue.ts';
import type { Realtime } from '../domain/ports/realtime.ts';
import type { NotificationCreated } from '../domain/notification/events.ts';
import { AnyDomainEvent } from '../domain/events.ts';
import { stampedValidated } from '../infra/event-schema-stamp.ts';
import { LeastRecentlyUsed } from '../infra/least-recently-used.ts';
import { notificationsStream } from '../domain/notification/decider.ts';
import { systemActor } from '../domain/shared/actor.ts';
import { NOTIFICATION_JOB, type NotificationJob } from './notification-job.ts';

// The notification worker: turns a job into NotificationCreated on `notifications-<userId>` and
// pushes it to the user's sockets through the Realtime port.
// - Idempotent by source event: a retried or repeated job finds its notification in the stream and
//   appends nothing (and does not push again: the user already has it).
// - The append names the stream's revision, so two workers cannot both append the same notification:
//   the loser's append is refused, and it reads what came since and finds it.
// - A failure throws, so the queue retries with backoff and finally keeps the job as failed.
// - Jobs for one user that arrive while an append to their stream is in flight go into the next append
//   together (see appendInTurns): run the queue with some concurrency to let them.
export const NOTIFICATION_SCHEMA_VERSION = 1;

/** Stable per (source event, recipient), so a replay names the same notification. One-shot `hash`: no Hash object per job. */
export const notificationIdOf = (sourceEventId: string, userId: string): string =>
  hash('sha256', `${sourceEventId}\n${userId}`, 'hex').slice(0, 32);

export interface NotificationWorkerOptions {
  eventStore: EventStore;
  realtime: Realtime;
  log?: { error(details: object, message: string): void };
}

export type NotificationOutcome = 'created' | 'duplicate';

/** How many users' notification streams the worker remembers how far it has read. */
const REMEMBERED_STREAMS = 10_000;

/** Most notifications of one user appended together. */
const MAX_TOGETHER = 64;

/** A user's notification stream as far as this worker has read it. */
interface ReadSoFar {
  /** Revision of the last event read, -1 before any. */
  revision: number;
  /** Source events already notified in it. */
  sources: Set<string>;
}

export function notificationHandler(options: NotificationWorkerOptions): (job: Job) => Promise<NotificationOutcome> {
  const { eventStore, realtime } = options;
  // A busy vendor's stream gains a notification per order, so re-reading it whole for every job would
  // make the worker the slowest part of the order round trip (docs/benchmarks.md). A stream it
  // remembers it does not read at all: the append names the revision it last knew, so if anybody
  // appended since (another worker, the user marking notifications read) it is refused, and the worker
  // reads what is new and decides again (appendTogether).
  const readSoFar = new LeastRecentlyUsed<string, ReadSoFar>(REMEMBERED_STREAMS);

  async function catchUp(streamId: string): Promise<ReadSoFar> {
    const known = readSoFar.get(streamId) ?? { revision: -1, sources: new Set<string>() };
    readSoFar.delete(streamId);
    const fresh = await eventStore.readStream(streamId, known.revision >= 0 ? { fromRevision: known.revision + 1 } : {});
    for (const event of fresh) {
      if (event.type === 'NotificationCreated') known.sources.add((event.data as { sourceEventId: string }).sourceEventId);
      known.revision = event.revision;
    }
    readSoFar.set(streamId, known);
    return known;
  }

  /** A job's notification, made before it waits: a job whose notification fails its schema fails alone. */
  interface Waiting {
    data: NotificationJob;
    created: z.infer<typeof NotificationCreated>;
    resolve: (outcome: NotificationOutcome) => void;
    reject: (error: unknown) => void;
  }

  /**
   * Appends the notifications of one user's jobs together, each once, naming the revision it follows.
   * A stream it remembers is not read first (the worker is most often its only writer): a refusal
   * means somebody appended since, so it reads what is new and tries once more; a second refusal
   * fails the jobs, which the queue retries.
   */
  async function appendTogether(streamId: string, jobs: Waiting[]): Promise<NotificationOutcome[]> {
    const remembered = readSoFar.get(streamId);
    if (!remembered) return appendKnowing(streamId, jobs, await catchUp(streamId));
    try {
      return await appendKnowing(streamId, jobs, remembered);
    } catch (error) {
      if (!(error instanceof WrongExpectedRevision)) throw error;
      return appendKnowing(streamId, jobs, await catchUp(streamId));
    }
  }

  /** The append of the jobs' notifications not in `known` yet, after the revision `known` has read to. */
  async function appendKnowing(streamId: string, jobs: Waiting[], known: ReadSoFar): Promise<NotificationOutcome[]> {
    const fresh = new Set<string>();
    const outcomes = jobs.map((job): NotificationOutcome => {
      const source = job.data.sourceEventId;
      if (known.sources.has(source) || fresh.has(source)) return 'duplicate';
      fresh.add(source);
      return 'created';
    });
    const created = jobs.filter((_, index) => outcomes[index] === 'created');
    if (created.length === 0) return outcomes;
    const expected = known.revision < 0 ? 'no_stream' : known.revision;
    const appended = await eventStore.append(streamId, created.map(({ data, created: event }) => ({
      id: randomUUID(),
      type: event.type,
      data: event.data,
      metadata: stampedValidated({
        actor: systemActor,
        correlationId: data.correlationId,
        causationId: data.sourceEventId,
        at: new Date().toISOString(),
        schemaVersion: NOTIFICATION_SCHEMA_VERSION,
      }),
    })), expected);
    // The append named the revision it followed, so nothing came between: the memory stays exact.
    known.revision = appended.nextRevision;
    for (const source of fresh) known.sources.add(source);
    for (const [index, { data, created: event }] of created.entries()) {
      const revision = appended.nextRevision - (created.length - 1 - index);
      try {
        await realtime.publish({
          userId: data.userId,
          kind: 'notification',
          // `position`: the append's (its last event's), which the notification is at or before.
          payload: { ...event.data, read: false, streamId, revision, position: appended.position },
        });
      } catch (error) {
        // The notification is stored and will show in the list; a missed push is not worth a retry
        // that would find the notification and push nothing anyway.
        options.log?.error({ err: error, userId: data.userId }, 'realtime push of a notification failed');
      }
    }
    return outcomes;
  }

  // One append at a time per user's stream: the jobs for a stream that come while its append is in
  // flight wait and go into the next one together. A trip's steps notify the same customer and
  // vendor owner again and again, and each append is a commit (an fsync) that every follower then
  // reads as a page of its own; appends to different streams run at once and share a group commit.
  const waitingFor = new Map<string, Waiting[]>(); // the streams with an append in flight
  async function appendInTurns(streamId: string, first: Waiting): Promise<void> {
    let jobs = [first];
    while (jobs.length > 0) {
      try {
        const outcomes = await appendTogether(streamId, jobs);
        jobs.forEach((job, index) => job.resolve(outcomes[index]!));
      } catch (error) {
        // The append was refused (another worker came first) or failed: each job is retried by the queue.
        for (const job of jobs) job.reject(error);
      }
      jobs = waitingFor.get(streamId)!.splice(0, MAX_TOGETHER);
    }
    waitingFor.delete(streamId);
  }

  return async (job) => {
    if (job.name !== NOTIFICATION_JOB) throw new Error(`Unknown job ${job.name}`);
    const data = job.data as NotificationJob;
    // Parsed by AnyDomainEvent (it picks NotificationCreated by type), as the command handler validates
    // its events: the append is then stamped so (stampedValidated), and the projectors take it as it is.
    const created = AnyDomainEvent.parse({
      type: 'NotificationCreated',
      data: {
        userId: data.userId,
        notificationId: notificationIdOf(data.sourceEventId, data.userId),
        kind: data.kind,
        subject: data.subject,
        params: data.params,
        sourceEventId: data.sourceEventId,
        at: data.at,
      },
    }) as z.infer<typeof NotificationCreated>;
    const streamId = notificationsStream(data.userId);
    return new Promise<NotificationOutcome>((resolve, reject) => {
      const waiting: Waiting = { data, created, resolve, reject };
      const queue = waitingFor.get(streamId);
      if (queue) return void queue.push(waiting);
      waitingFor.set(streamId, []);
      void appendInTurns(streamId, waiting);
    });
  };
}

/** Starts processing notification jobs of the queue. */
export function startNotificationWorker(jobQueue: JobQueue, options: NotificationWorkerOptions): void {
  const handle = notificationHandler(options);
  jobQueue.process(async (job) => {
    await handle(job);
  });
}
