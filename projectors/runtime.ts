import type { EventFeed } from '../domain/ports/event-feed.ts';
import type { EventStore, RecordedEvent } from '../domain/ports/event-store.ts';
import type { ViewDocument, ViewStore } from '../domain/ports/view-store.ts';
import { allProjections } from './all-projections.ts';
import { checkpointStore } from './checkpoints.ts';
import { createEventApplier, type ApplyOutcome, type ViewChange } from './event-applier.ts';
import type { AnyProjection } from './projection.ts';
import { silentLog, type ProjectorLog } from './projector-log.ts';
import { rebuildViews, type RebuildProgress, type RebuildReport } from './rebuild.ts';
import { seenRevision } from './seen.ts';
import { ensureViewIndexes } from './view-indexes.ts';

export type { ViewChange } from './event-applier.ts';

export type WaitResult<D extends ViewDocument = ViewDocument> =
  | { reached: true; doc: D | null }
  | { reached: false; doc: D | null; seenRevision: number };

export interface ProjectionRuntimeStats {
  /** Position of the last event processed, -1 before any. */
  position: number;
  applied: number;
  ignored: number;
  invalid: number;
  /** Feed or store failures the runtime recovered from by resubscribing. */
  restarts: number;
}

export interface ProjectionRuntime {
  /** Loads checkpoints, declares indexes and starts following the feed; resolves once started. */
  start(): Promise<void>;
  /** Stops following and saves checkpoints. */
  stop(): Promise<void>;
  /** Called after each event with the documents it changed, one call per collection. Returns an unsubscribe. */
  onChange(listener: (change: ViewChange) => void): () => void;
  /**
   * Read-your-writes: waits until `collection` has applied revision `minRevision` of `streamId` (to the
   * document `id`, or the event deleted it), at most `timeoutMs`. Never rejects on timeout.
   */
  waitFor<D extends ViewDocument = ViewDocument>(collection: string, id: string, streamId: string, minRevision: number, timeoutMs: number): Promise<WaitResult<D>>;
  /** Resolves once every event up to this global position has been processed (false on timeout). */
  waitForPosition(position: number, timeoutMs: number): Promise<boolean>;
  /** Applies one event outside the feed (idempotent, like every application). */
  apply(event: RecordedEvent): Promise<ApplyOutcome>;
  /** Pauses following, drops every view, replays the whole log, then follows again from its end. */
  rebuild(eventStore: Pick<EventStore, 'readAll' | 'headPosition'>, options?: { onProgress?: (progress: RebuildProgress) => void; pageSize?: number; staging?: 'memory' | 'direct' }): Promise<RebuildReport>;
  stats(): ProjectionRuntimeStats;
}

export interface ProjectionRuntimeOptions {
  viewStore: ViewStore;
  feed: EventFeed;
  projections?: readonly AnyProjection[];
  log?: ProjectorLog;
  /** Name of the feed subscription (a Kafka consumer group name, for instance). */
  subscriptionName?: string;
  /** Checkpoints are saved after this many events, or when the feed goes quiet. */
  checkpointEvery?: number;
  /** Wait before resubscribing after a feed or store failure. */
  retryDelayMs?: number;
}

interface Waiter {
  collection: string;
  id: string;
  streamId: string;
  minRevision: number;
  check(): void;
}

export function createProjectionRuntime(options: ProjectionRuntimeOptions): ProjectionRuntime {
  const projections = options.projections ?? allProjections;
  const names = new Set<string>();
  for (const projection of projections) {
    if (names.has(projection.name)) throw new Error(`Two projections are named ${projection.name}`);
    names.add(projection.name);
  }
  const { viewStore, feed } = options;
  const log = options.log ?? silentLog;
  const checkpointEvery = options.checkpointEvery ?? 500;
  const retryDelayMs = options.retryDelayMs ?? 1000;
  const applier = createEventApplier({ viewStore, projections, log });
  // A feed in position order (the event store's subscription) lets an event at or before a projection's
  // checkpoint be skipped as applied. On a per-stream feed (Kafka) positions say nothing across streams:
  // nothing is skipped by position and idempotency rests on `_seen` alone.
  const skipByPosition = (feed.order ?? 'global') === 'global';
  const checkpoints = checkpointStore(viewStore);

  /** Last position each projection has applied (in memory; saved to `_checkpoints` now and then). */
  const positions = new Map<string, number>();
  /** collection → streamId → highest revision handled: lets waitFor see deletions and no-op events. */
  const handled = new Map<string, Map<string, number>>();
  const listeners = new Set<(change: ViewChange) => void>();
  const waiters = new Set<Waiter>();
  const positionWaiters = new Set<() => void>();
  const stats: ProjectionRuntimeStats = { position: -1, applied: 0, ignored: 0, invalid: 0, restarts: 0 };

  let following: { abort: AbortController; done: Promise<void> } | null = null;
  let unsavedEvents = 0;
  let quietTimer: NodeJS.Timeout | null = null;
  // Serialises event application: the feed loop, apply() and rebuild never interleave.
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const result = queue.then(work);
    queue = result.catch(() => undefined);
    return result;
  };

  async function saveCheckpoints(): Promise<void> {
    if (quietTimer) clearTimeout(quietTimer);
    quietTimer = null;
    if (unsavedEvents === 0) return;
    unsavedEvents = 0;
    await checkpoints.save(positions);
  }

  function noteHandled(collection: string, streamId: string, revision: number): void {
    let streams = handled.get(collection);
    if (!streams) handled.set(collection, (streams = new Map()));
    if ((streams.get(streamId) ?? -1) < revision) streams.set(streamId, revision);
  }

  function announce(event: RecordedEvent, outcome: ApplyOutcome): void {
    for (const change of outcome.changes) {
      for (const listener of listeners) {
        try {
          listener(change);
        } catch (error) {
          log.error({ err: error, collection: change.collection }, 'view change listener threw');
        }
      }
    }
    for (const waiter of waiters) if (waiter.streamId === event.streamId) waiter.check();
    for (const wake of positionWaiters) wake();
  }

  async function process(event: RecordedEvent): Promise<ApplyOutcome> {
    // A projection whose stored checkpoint is at or past this event has applied it already.
    const outcome = await applier.apply(event, (projection) => !skipByPosition || (positions.get(projection.name) ?? -1) < event.position);
    const relevant = projections.filter((projection) => projection.eventTypes.includes(event.type as never));
    for (const projection of relevant) noteHandled(projection.collection, event.streamId, event.revision);
    for (const projection of projections) {
      if ((positions.get(projection.name) ?? -1) < event.position) positions.set(projection.name, event.position);
    }
    stats[outcome.status] += 1;
    stats.position = Math.max(stats.position, event.position);
    unsavedEvents += 1;
    if (unsavedEvents >= checkpointEvery) await saveCheckpoints();
    else {
      if (quietTimer) clearTimeout(quietTimer);
      quietTimer = setTimeout(() => void serially(saveCheckpoints).catch((error) => log.error({ err: error }, 'saving checkpoints failed')), 200);
      quietTimer.unref?.();
    }
    announce(event, outcome);
    return outcome;
  }

  async function follow(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      const after = projections.length === 0 ? -1 : Math.min(...projections.map((projection) => positions.get(projection.name) ?? -1));
      try {
        const events = feed.subscribe({ name: options.subscriptionName ?? 'projectors', ...(after >= 0 ? { after } : {}), signal });
        for await (const event of events) {
          await serially(() => process(event));
          if (signal.aborted) break;
        }
        if (!signal.aborted) throw new Error('event feed ended while the projectors were following it');
      } catch (error) {
        if (signal.aborted) break;
        // Everything is idempotent, so resubscribing from the checkpoints is always safe.
        stats.restarts += 1;
        log.error({ err: error }, 'projectors lost the feed or the view store; resubscribing');
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs));
      }
    }
  }

  function beginFollowing(): void {
    const abort = new AbortController();
    following = { abort, done: follow(abort.signal) };
  }

  async function stopFollowing(): Promise<void> {
    if (!following) return;
    following.abort.abort();
    await following.done;
    following = null;
  }

  return {
    async start() {
      if (following) return;
      await ensureViewIndexes(viewStore, projections);
      const stored = await checkpoints.load([...names]);
      for (const [name, position] of stored) positions.set(name, position);
      beginFollowing();
    },

    async stop() {
      await stopFollowing();
      await serially(saveCheckpoints);
    },

    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    waitFor<D extends ViewDocument = ViewDocument>(collection: string, id: string, streamId: string, minRevision: number, timeoutMs: number): Promise<WaitResult<D>> {
      return new Promise((resolve) => {
        let settled = false;
        let checking = false;
        let recheck = false;
        const read = () => viewStore.collection<D>(collection).findOne({ _id: id });
        const finish = (result: WaitResult<D>) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(result);
        };
        const check = () => {
          if (settled) return;
          if (checking) { recheck = true; return; }
          checking = true;
          void read().then((doc) => {
            checking = false;
            const reached = seenRevision(doc, streamId) >= minRevision || (handled.get(collection)?.get(streamId) ?? -1) >= minRevision;
            if (reached) finish({ reached: true, doc });
            else if (recheck) { recheck = false; check(); }
          }, (error: unknown) => {
            checking = false;
            log.error({ err: error, collection, id }, 'waitFor could not read the view');
          });
        };
        const waiter: Waiter = { collection, id, streamId, minRevision, check };
        // Registered before the first read, so an event applied meanwhile triggers a second look.
        waiters.add(waiter);
        const timer = setTimeout(() => {
          void read().then(
            (doc) => finish({ reached: false, doc, seenRevision: seenRevision(doc, streamId) }),
            () => finish({ reached: false, doc: null, seenRevision: -1 }),
          );
        }, timeoutMs);
        check();
      });
    },

    waitForPosition(position, timeoutMs) {
      return new Promise((resolve) => {
        if (stats.position >= position) return resolve(true);
        const wake = () => {
          if (stats.position < position) return;
          positionWaiters.delete(wake);
          clearTimeout(timer);
          resolve(true);
        };
        const timer = setTimeout(() => {
          positionWaiters.delete(wake);
          resolve(false);
        }, timeoutMs);
        positionWaiters.add(wake);
      });
    },

    apply(event) {
      return serially(() => process(event));
    },

    async rebuild(eventStore, rebuildOptions = {}) {
      const wasFollowing = following !== null;
      await stopFollowing();
      const report = await serially(async () => {
        if (quietTimer) clearTimeout(quietTimer);
        unsavedEvents = 0;
        const result = await rebuildViews({ eventStore, viewStore, projections, log, ...rebuildOptions });
        positions.clear();
        if (result.lastPosition >= 0) for (const name of names) positions.set(name, result.lastPosition);
        stats.position = Math.max(stats.position, result.lastPosition);
        // Every document may have changed: tell the caches.
        for (const projection of projections) {
          for (const listener of listeners) {
            try { listener({ collection: projection.collection, ids: [], all: true }); } catch { /* logged on normal changes */ }
          }
        }
        return result;
      });
      if (wasFollowing) beginFollowing();
      return report;
    },

    stats: () => ({ ...stats }),
  };
}
