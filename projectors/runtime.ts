import type { EventFeed } from '../domain/ports/event-feed.ts';
import type { EventStore, RecordedEvent } from '../domain/ports/event-store.ts';
import { atomicallyIn, type ViewDocument, type ViewStore } from '../domain/ports/view-store.ts';
import { createCheckpointedSubscription } from '../infra/subscription/checkpointed-subscription.ts';
import { allProjections } from './all-projections.ts';
import { checkpointStore, resetOutdatedProjections } from './checkpoints.ts';
import { createEventApplier, type ApplyOutcome, type ViewChange } from './event-applier.ts';
import type { AnyProjection } from './projection.ts';
import { silentLog, type ProjectorLog } from './projector-log.ts';
import { LEASE_REFRESH_MS, type ProjectorLease } from './projector-lease.ts';
import { firstBuildSource, type FirstBuildLog } from './first-build.ts';
import { leaseRenewal } from './lease-renewal.ts';
import { rebuildViews, startHelperAhead, type RebuildProgress, type RebuildReport, type StartedHelper } from './rebuild.ts';
import type { HelperShare } from './rebuild-split.ts';
import { ensureViewIndexes } from './view-indexes.ts';
import { createViewWaiters, type WaitResult } from './view-waiters.ts';

export type { ViewChange } from './event-applier.ts';
export type { WaitResult } from './view-waiters.ts';

/** Every projection's checkpoint is saved at least this often, in events (the others with the pages they read). */
export const ALL_CHECKPOINTS_EVERY = 500;

/**
 * On a view store with units, while events keep coming, a page waits this long from its first event
 * for more (checkpointed-subscription.ts, busyLingerMs): a unit's commit (its WAL frames, one per page
 * it dirtied, and a walk of SQLite's page cache), its checkpoints and the documents several of its
 * events touch (an order's, its money and analytics documents) cost once a page, so fewer, larger
 * pages cost less per event. 50 ms holds an order's round trip with room (its four steps take ~20 ms at
 * p50 under figure 2's load), and units sharing the newest index pages write them once. An event after
 * a quiet moment is applied at once, and no page lingers while a read-your-writes reader (waitFor,
 * waitForPosition) waits: only a reader that does not wait sees a view up to this much behind.
 */
export const BUSY_PAGE_LINGER_MS = 50;

export interface ProjectionRuntimeStats {
  /** Position of the last event processed, -1 before any. */
  position: number;
  applied: number;
  ignored: number;
  invalid: number;
  /** Feed or store failures the runtime recovered from by resubscribing. */
  restarts: number;
  /** 'standby' while another instance holds the lease (options.lease); always 'active' without one. */
  role: 'active' | 'standby';
  /** While the views are built in one unit at a start (options.firstBuild), how far it is; else null. */
  building: RebuildProgress | null;
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
  rebuild(eventStore: Pick<EventStore, 'readAll' | 'headPosition'>, options?: { onProgress?: (progress: RebuildProgress) => void; pageSize?: number; staging?: 'memory' | 'direct'; helperShare?: HelperShare; splitFrom?: number; startedHelper?: StartedHelper }): Promise<RebuildReport>;
  stats(): ProjectionRuntimeStats;
}

export interface ProjectionRuntimeOptions {
  viewStore: ViewStore;
  feed: EventFeed;
  projections?: readonly AnyProjection[];
  log?: ProjectorLog;
  /** Name of the feed subscription (a Kafka consumer group name, for instance). */
  subscriptionName?: string;
  /**
   * Checkpoints are saved after this many events, or when the feed goes quiet. Default: with every
   * page on a view store that commits a page as one unit (the checkpoint rides in its transaction),
   * else every 500 events.
   */
  checkpointEvery?: number;
  /** Wait before resubscribing after a feed or store failure. */
  retryDelayMs?: number;
  /** How long a page waits for more events while they keep coming; default BUSY_PAGE_LINGER_MS on a store with units, else 0. */
  busyLingerMs?: number;
  /**
   * Several instances on one view store (distributed mode): only the holder of this lease follows the
   * feed and writes; the others stand by and take over when it stops renewing (projector-lease.ts).
   */
  lease?: ProjectorLease;
  /** How often the lease is renewed or asked for (a failed refresh again after half of it); default 2 s. */
  leaseRefreshMs?: number;
  /**
   * The log the feed follows, for a first build. On a view store with units, fed in position order
   * by a single writer (no lease), a start where no view has applied anything yet (a new or emptied
   * views file) and the log holds at least `fromEvents` events (default 50,000) builds every view with
   * rebuildViews — one unit, a helper process beside it from 100,000 events — instead of page by page
   * (the bench's first start over 1,000,000 events: 38.7 s and a peak RSS of 1,062 MB against 102.2 s
   * and 1,657 MB), then follows from its end.
   * start() resolves at once and the build runs behind it; readiness waits for it as for a catch-up.
   * The helper takes the larger share (rebuild-split.ts 'most'): the flows and the notification reactor
   * of the same process read the whole log meanwhile; it is forked within start(), before the rest of the
   * process's start (startHelperAhead). `splitFrom`: rebuildViews' (tests lower it).
   */
  firstBuild?: { eventStore: FirstBuildLog; fromEvents?: number; splitFrom?: number };
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
  // A feed in position order (the event store's subscription) lets an event at or before a projection's
  // checkpoint be skipped as applied, and `_seen` be bounded. On a per-stream feed (Kafka) positions say
  // nothing across streams: nothing is skipped by position and idempotency rests on `_seen` alone.
  const skipByPosition = (feed.order ?? 'global') === 'global';
  // The runtime is the views' only writer on a store with units (the page is one transaction; the file
  // belongs to one process, a lease holder's writes go through it), and on any store it follows in
  // position order without a lease (one runtime applies every event: the embedded memory views).
  // There documents are read and written once a page (page-buffer.ts), the page's notices sent once
  // they are written. Per-stream feeds (several consumers) and lease holders (another instance may
  // still be writing as the lease changes hands) write each event through, compare-and-set.
  const applier = createEventApplier({ viewStore, projections, log, positionOrder: skipByPosition, soleWriter: Boolean(viewStore.atomically) || (skipByPosition && !options.lease), ownLog: feed.ownLog === true });
  const checkpoints = checkpointStore(viewStore);
  const readersOf = new Map<string, AnyProjection[]>();
  for (const projection of projections) {
    for (const type of projection.eventTypes) readersOf.set(type, [...(readersOf.get(type) ?? []), projection]);
  }

  /** Last position each projection has applied (in memory; saved to `_checkpoints` now and then). */
  const positions = new Map<string, number>();
  // A reader waiting for a revision closes a lingering page: it waits for the page's commit, not the linger.
  const waiters = createViewWaiters(viewStore, log, () => subscription.hurry());
  const lease = options.lease;
  const stats: Omit<ProjectionRuntimeStats, 'position'> = { applied: 0, ignored: 0, invalid: 0, restarts: 0, role: lease ? 'standby' : 'active', building: null };
  let started = false;
  const renewal = lease ? leaseRenewal(lease, options.leaseRefreshMs ?? LEASE_REFRESH_MS, () => started, log) : null;
  /** With a lease: whether this instance, as the holder, has started changed views over. */
  let outdatedReset = false;

  const checkpointEvery = options.checkpointEvery ?? (viewStore.atomically ? 1 : 500);
  // Where each page is a unit that saves checkpoints (node:sqlite), a page saves the checkpoints of the
  // projections that read one of its events, beside the documents they wrote, and every projection's
  // only every ALL_CHECKPOINTS_EVERY events: a projection that read nothing since would only pass over
  // the same events again after a restart, and all 38 checkpoints with every page of an event or two
  // were most of what a page wrote. A unit that rolls back is applied again, naming its readers again.
  const partialSaves = Boolean(viewStore.atomically) && checkpointEvery === 1;
  const readSinceSaved = new Set<string>();
  let eventsSinceAllSaved = 0;
  function checkpointsToSave(position: number, everyOne = false): Map<string, number> {
    const all = everyOne || !partialSaves || eventsSinceAllSaved >= ALL_CHECKPOINTS_EVERY;
    const saving = new Map<string, number>();
    for (const name of names) {
      if (all || readSinceSaved.has(name)) saving.set(name, Math.max(positions.get(name) ?? -1, position));
    }
    return saving;
  }

  /**
   * On a store without units an event's documents are in the store once it is applied (or once the
   * run of its stream's events is written out of the page buffer): the listeners and waiters hear of
   * it then, not when the whole page is done. On a store with units only the commit puts them there.
   */
  const noticeEarly = !viewStore.atomically;

  /** The listeners and waiters hear of an event applied, once its documents are in the store. */
  function announce(event: RecordedEvent, outcome: ApplyOutcome): void {
    for (const projection of readersOf.get(event.type) ?? []) waiters.noteHandled(projection.collection, event.streamId, event.revision);
    waiters.announce(event, outcome);
  }

  /** Applies a page; the positions move only once it committed (see committed). */
  async function applyPage(events: RecordedEvent[]): Promise<ApplyOutcome[]> {
    for (const event of events) for (const projection of readersOf.get(event.type) ?? []) readSinceSaved.add(projection.name);
    eventsSinceAllSaved += events.length;
    let announced = 0;
    // A projection whose stored checkpoint is at or past an event has applied it already.
    return applier.applyPage(
      events, (projection, event) => !skipByPosition || (positions.get(projection.name) ?? -1) < event.position,
      noticeEarly ? (upTo, outcomes) => { for (; announced < upTo; announced++) announce(events[announced]!, outcomes[announced]!); } : undefined,
    );
  }

  /** After the page's unit committed: bookkeeping, then (on a store with units) the listeners and waiters hear of it. */
  function committed(outcomes: ApplyOutcome[], events: RecordedEvent[]): void {
    // Every projection has passed the page's furthest event (a per-stream feed's positions interleave).
    let furthest = -1;
    events.forEach((event, index) => {
      if (event.position > furthest) furthest = event.position;
      stats[outcomes[index]!.status] += 1;
    });
    for (const name of names) {
      if ((positions.get(name) ?? -1) < furthest) positions.set(name, furthest);
    }
    if (!noticeEarly) events.forEach((event, index) => announce(event, outcomes[index]!));
  }

  const subscription = createCheckpointedSubscription<ApplyOutcome[]>({
    subscribe: (after, signal) => feed.subscribe({ name: options.subscriptionName ?? 'projectors', ...(after !== undefined ? { after } : {}), signal }),
    checkpoint: {
      // Where to follow from: the least advanced projection (the others skip what they applied). Also
      // on becoming active, from the checkpoints the previous lease holder saved, where they are further on.
      async load() {
        // With a lease, only the holder may start a changed view over (a standby emptying it would race
        // the holder's writes): it does so once, the first time it loads as the holder.
        if (lease && !outdatedReset && lease.held()) {
          outdatedReset = true;
          for (const name of await resetOutdatedProjections(viewStore, projections, log, { replayable: skipByPosition })) positions.set(name, -1);
        }
        for (const [name, position] of await checkpoints.load([...names])) {
          if ((positions.get(name) ?? -1) < position) positions.set(name, position);
        }
        const least = Math.min(...[...names].map((name) => positions.get(name) ?? -1));
        return names.size > 0 && least >= 0 ? least : undefined;
      },
      // Saved inside the page's unit, before `committed` moves the positions: each as the page leaves it.
      async save(position) {
        const saving = checkpointsToSave(position);
        await checkpoints.save(saving);
        if (saving.size === names.size) eventsSinceAllSaved = 0;
        readSinceSaved.clear();
      },
    },
    handlePage: applyPage,
    committed,
    atomically: (work) => atomicallyIn(viewStore, work),
    skipHandled: skipByPosition,
    checkpointEvery,
    busyLingerMs: options.busyLingerMs ?? (viewStore.atomically ? BUSY_PAGE_LINGER_MS : 0),
    readerWaiting: () => waiters.waiting(),
    retryDelayMs: options.retryDelayMs ?? 1000,
    onError(error) {
      // Everything is idempotent, so resubscribing from the checkpoints is always safe.
      stats.restarts += 1;
      log.error({ err: error }, 'projectors lost the feed or the view store; resubscribing');
    },
    onCheckpointError: (error) => log.error({ err: error }, 'saving checkpoints failed'),
    ...(lease ? {
      mayFollow: () => lease.held(),
      onStandBy() {
        // Another instance writes the views.
        stats.role = 'standby';
        log.warn({ holder: lease.holder() }, 'projectors: not holding the lease, standing by');
      },
      onFollowing() {
        stats.role = 'active';
        log.info({ holder: lease.holder() }, 'projectors: holding the lease, following the feed');
      },
    } : {}),
  });

  /** Pauses following, rebuilds every view (rebuildViews), and follows on from the rebuild's end. */
  function rebuild(eventStore: Pick<EventStore, 'readAll' | 'headPosition'>, rebuildOptions: Parameters<ProjectionRuntime['rebuild']>[1] = {}): Promise<RebuildReport> {
    return subscription.exclusively(async () => {
      const result = await rebuildViews({ eventStore, viewStore, projections, log, ...rebuildOptions });
      positions.clear();
      if (result.lastPosition >= 0) for (const name of names) positions.set(name, result.lastPosition);
      // rebuildViews saved every checkpoint at its last position.
      subscription.advanceTo(result.lastPosition);
      // Every document may have changed: tell the caches.
      waiters.announceAllChanged(projections.map((projection) => projection.collection));
      return result;
    });
  }

  /** The log to build every view from at this start (options.firstBuild) and its head, or null to follow page by page. */
  async function firstBuildAtStart(): Promise<{ eventStore: FirstBuildLog; head: number } | null> {
    const firstBuild = options.firstBuild;
    if (!firstBuild || !viewStore.atomically || !skipByPosition || lease) return null;
    const saved = await checkpoints.load([...names]);
    if ([...names].some((name) => (saved.get(name) ?? -1) >= 0)) return null;
    return firstBuildSource(firstBuild.eventStore, firstBuild.fromEvents);
  }

  return {
    async start() {
      if (started) return;
      started = true;
      await ensureViewIndexes(viewStore, projections);
      // A projection whose version changed (or that never ran) starts over alone (checkpoints.ts); with a
      // lease, the holder does so when it first loads the checkpoints (above).
      if (!lease) await resetOutdatedProjections(viewStore, projections, log, { replayable: skipByPosition });
      const buildFrom = await firstBuildAtStart();
      // The flows and the notification reactor of this process read the whole log meanwhile: the helper
      // takes more. Its process starts now, so that its start and replay run beside the rest of this
      // process's start (a second or more before the rebuild below begins on this event loop).
      const splitFrom = options.firstBuild?.splitFrom;
      const share = { helperShare: 'most' as const, ...(splitFrom === undefined ? {} : { splitFrom }) };
      const startedHelper = buildFrom ? startHelperAhead({ eventStore: buildFrom.eventStore, viewStore, projections, head: buildFrom.head, log, ...share }) : null;
      try {
        await renewal?.start();
        await subscription.start();
      } catch (error) {
        startedHelper?.helper.stop();
        throw error;
      }
      if (buildFrom) {
        // Behind the start: the server answers meanwhile (not ready until the views are caught up).
        log.info({ head: buildFrom.head }, 'projectors: no view built yet; building every view in one unit');
        stats.building = { phase: 'replay', done: 0, totalEstimate: null, percent: 0, ratePerSecond: 0, position: -1, headPosition: buildFrom.head, elapsedMs: 0 };
        rebuild(buildFrom.eventStore, { onProgress: (progress) => { stats.building = progress; }, ...share, ...(startedHelper ? { startedHelper } : {}) }).finally(() => {
          stats.building = null;
          // rebuildViews stops it; this, a rebuild that failed before rebuildViews began.
          startedHelper?.helper.stop();
        }).then(
          (report) => log.info({ events: report.events, seconds: Math.round(report.elapsedMs / 100) / 10, helper: report.helper?.views ?? null }, 'projectors: every view built'),
          // The unit rolled back; following goes on page by page from where it is.
          (error: unknown) => log.error({ err: error }, 'projectors: building every view failed; catching up page by page instead'),
        );
      }
    },

    async stop() {
      started = false;
      renewal?.stop();
      await subscription.stop();
      // The checkpoints left behind by partial saves all move on, so the next start passes over nothing.
      const position = subscription.position();
      if (partialSaves && eventsSinceAllSaved > 0 && position >= 0 && stats.role === 'active') {
        await atomicallyIn(viewStore, () => checkpoints.save(checkpointsToSave(position, true))).then(
          () => { eventsSinceAllSaved = 0; },
          (error: unknown) => log.error({ err: error }, 'projectors: saving the checkpoints at stop failed'),
        );
      }
      await lease?.release().catch((error: unknown) => log.error({ err: error }, 'projectors: could not release the lease'));
    },

    onChange: (listener) => waiters.onChange(listener),

    waitFor: (collection, id, streamId, minRevision, timeoutMs) => waiters.waitFor(collection, id, streamId, minRevision, timeoutMs),

    waitForPosition: (position, timeoutMs) => subscription.waitForPosition(position, timeoutMs),

    async apply(event) {
      const [outcome] = await subscription.process([event]);
      return outcome!;
    },

    rebuild,

    stats: () => ({ ...stats, position: subscription.position() }),
  };
}
