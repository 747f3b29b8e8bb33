import type { FeedSubscription } from '../../domain/ports/event-feed.ts';
import type { RecordedEvent } from '../../domain/ports/event-store.ts';

// One checkpointed subscription, shared by the projectors runtime, the notification
// reactor and the Kafka relay: load the checkpoint, subscribe after it, take the events in pages, let
// the owner handle each page, save the checkpoint every N events or when the feed goes quiet,
// resubscribe after a failure (from the last page handled: every consumer is idempotent), stop, and
// tell waiters when a position has been handled. Each owner keeps only what is its own (applying to
// views, queueing jobs, publishing).

/** Where a subscription keeps the position of the last event it handled. */
export interface SubscriptionCheckpoint {
  /** The stored position; undefined when nothing was ever handled. */
  load(): Promise<number | undefined>;
  save(position: number): Promise<void>;
}

export interface CheckpointedSubscriptionOptions<R> {
  /**
   * Opens the feed after `after` (exclusive; undefined: from the start). It ends when the signal aborts.
   * A feed with its own record of progress (Kafka offsets) is acknowledged each page once it committed.
   */
  subscribe(after: number | undefined, signal: AbortSignal): FeedSubscription;
  checkpoint: SubscriptionCheckpoint;
  /** Handles a page in feed order. Throwing makes the subscription resubscribe from before the page. */
  handlePage(events: RecordedEvent[]): Promise<R>;
  /** Called once the page (and the checkpoint saved with it) committed: announce, count, publish. */
  committed?(result: R, events: RecordedEvent[]): void;
  /**
   * Runs a page and the checkpoint saved with it as one unit (a view store transaction): both commit or
   * neither does. Default: run them one after the other.
   */
  atomically?<T>(work: () => Promise<T>): Promise<T>;
  /**
   * A feed in position order lets events at or before the position be skipped as handled. A per-stream
   * feed (Kafka) may deliver an older position after a newer one: nothing is skipped.
   */
  skipHandled?: boolean;
  /** Most events per page; default 500. */
  pageSize?: number;
  /** How long a page waits for more events; default 0: only what the feed already holds. */
  lingerMs?: number;
  /**
   * While events keep coming (a page's first event came within this long of the previous page), a page
   * waits this long from its first event for more, up to pageSize: fewer, larger pages under a steady
   * load, for an owner whose page has a cost of its own (a view store's transaction). Default 0.
   */
  busyLingerMs?: number;
  /**
   * Whether a reader of the owner waits for what the feed brings (read-your-writes): then a page does not
   * linger for more (busyLingerMs), and hurry() closes one that lingers. A waitForPosition does the same.
   */
  readerWaiting?(): boolean;
  /**
   * The checkpoint is saved once this many events are handled since the last save (1: every page; with
   * skipHandled, counted in positions, so events the feed passed over count)...
   */
  checkpointEvery?: number;
  /** ...or with any page this says must be, once handled (a page where a flow took a step)... */
  checkpointDue?(events: RecordedEvent[], result: R): boolean;
  /** ...or when no page came for this long. Default 200 ms. */
  quietMs?: number;
  /**
   * A save checkpointDue asks for within this long of the previous save is made by a timer that long
   * after it (or with a later page due by count) instead of with its page: under a steady load a follower
   * that acts on most pages writes its checkpoint a few times a second, not with every page. A crash then
   * redoes at most this long of pages (every consumer is idempotent). Default 0: with its page.
   */
  dueSavesApartMs?: number;
  /** Wait before resubscribing after the n-th failure in a row (n from 1); default 1 s. */
  retryDelayMs?: number | ((attempt: number) => number);
  /** Told about every failure the subscription recovers from by resubscribing (attempt: how many in a row). */
  onError?(error: unknown, attempt: number): void;
  /**
   * Told when saving the checkpoint on a quiet feed failed (the next save tries again), or acknowledging
   * a committed page to the feed failed (its events may come again; every consumer is idempotent).
   */
  onCheckpointError?(error: unknown): void;
  /**
   * Several instances, one writer: follow only while this says so (a lease). When it turns false the
   * checkpoint is saved and the subscription stands by; when it turns true again the checkpoint is
   * loaded again (the other instance moved it on) before following.
   */
  mayFollow?(): boolean;
  /** Told when following stops because mayFollow turned false, and when it begins again. */
  onStandBy?(): void;
  onFollowing?(): void;
}

export interface CheckpointedSubscription<R> {
  /** Loads the checkpoint and starts following; resolves once started. */
  start(): Promise<void>;
  /** Stops following and saves the checkpoint. */
  stop(): Promise<void>;
  /** Handles a page outside the feed, in turn with the feed's pages (idempotent consumers only). */
  process(events: RecordedEvent[]): Promise<R>;
  /** Runs `work` with the feed paused and no page in progress; following resumes afterwards if it ran. */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /** Within exclusively(): the owner handled everything up to here and saved its own checkpoint. */
  advanceTo(position: number): void;
  /** Position of the last event handled (or loaded from the checkpoint), -1 before any. */
  position(): number;
  /** Resolves once every event up to this position has been handled (false on timeout). */
  waitForPosition(position: number, timeoutMs: number): Promise<boolean>;
  /** A reader began to wait (readerWaiting): a page lingering for more events closes now with what it holds. */
  hurry(): void;
}

/** Waits `ms`, or less when the signal aborts first. */
export const sleepUnlessAborted = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });

const PAGE_CLOSED = Symbol('page closed');

/**
 * With a zero linger, a page closes once no event came for this many microtask turns: a feed delivers
 * what it already holds within a few (the event store's subscription, one or two each).
 */
const PAGE_CLOSE_TURNS = 10;

/**
 * Reads an async iterator in pages: the first event is awaited, then what follows is taken while it is
 * already there (or arrives within lingerMs), up to pageSize. The next() left waiting carries over.
 *
 * A page is closed by microtask turns, not by a turn of the event loop (setImmediate): that turn first
 * runs whatever else is queued for it (a group of appends written out, a millisecond and more under
 * load), and a page that came after a quiet moment would wait for it. The turn of the event loop is
 * taken after a page instead, before the next is read, so a feed that has more at once (a catch-up)
 * still lets I/O in between pages.
 *
 * busyLingerMs: a page whose first event came within that long of the previous page's close (events
 * keep coming) stays open until that long after its first event, or until it is full; one that comes
 * after a quiet moment closes as above, so a lone event is not held back. Nor does a page linger while
 * `readerWaiting()` says a reader waits for what the feed brings, and `hurry()` ends a linger in
 * progress: such a reader waits for the page's commit, not for the linger.
 */
function pager(iterator: AsyncIterator<RecordedEvent>, pageSize: number, lingerMs: number, busyLingerMs: number, readerWaiting: () => boolean) {
  let pending: Promise<IteratorResult<RecordedEvent>> | null = null;
  let paged = false;
  /** performance.now() when the previous page closed. */
  let closedAt = Number.NEGATIVE_INFINITY;
  /** Ends the linger in progress; null when no page lingers. */
  let endLinger: (() => void) | null = null;

  /** Adds to `page` what the feed gives until `closed` settles, the page is full or the feed ends; false once it ended. */
  async function fill(page: RecordedEvent[], closed: Promise<typeof PAGE_CLOSED>, onEvent: () => void): Promise<boolean> {
    while (page.length < pageSize) {
      pending ??= iterator.next();
      const next = await Promise.race([pending, closed]);
      if (next === PAGE_CLOSED) return true;
      if (next.done) {
        pending = Promise.resolve(next);
        return false;
      }
      pending = null;
      page.push(next.value);
      onEvent();
    }
    return true;
  }

  return {
    /** The next page; null once the feed ended. */
    async next(): Promise<RecordedEvent[] | null> {
      if (paged) await new Promise<void>((resolve) => setImmediate(resolve));
      paged = true;
      const first = await (pending ?? iterator.next());
      pending = null;
      if (first.done) return null;
      const firstAt = performance.now();
      const page = [first.value];
      let idleTurns = 0;
      let timer: NodeJS.Timeout | undefined;
      const closed = new Promise<typeof PAGE_CLOSED>((resolve) => {
        if (lingerMs > 0) {
          timer = setTimeout(() => resolve(PAGE_CLOSED), lingerMs);
          return;
        }
        const turn = (): void => {
          if (++idleTurns >= PAGE_CLOSE_TURNS) resolve(PAGE_CLOSED);
          else queueMicrotask(turn);
        };
        queueMicrotask(turn);
      });
      try {
        const open = await fill(page, closed, () => { idleTurns = 0; });
        const busyUntil = firstAt + busyLingerMs;
        if (open && firstAt - closedAt < busyLingerMs && page.length < pageSize && performance.now() < busyUntil && !readerWaiting()) {
          clearTimeout(timer);
          const lingered = new Promise<typeof PAGE_CLOSED>((resolve) => {
            timer = setTimeout(() => resolve(PAGE_CLOSED), Math.max(0, busyUntil - performance.now()));
            endLinger = () => resolve(PAGE_CLOSED);
          });
          await fill(page, lingered, () => undefined);
        }
      } finally {
        endLinger = null;
        if (timer) clearTimeout(timer);
        // The turns stop by themselves: at most PAGE_CLOSE_TURNS more once nothing resets them.
      }
      closedAt = performance.now();
      return page;
    },
    /** Ends a page's linger for more events now: it closes with what it holds. */
    hurry(): void {
      endLinger?.();
    },
    /** A next() left waiting settles when the subscription ends; nobody awaits it any more. */
    abandon(): void {
      pending?.catch(() => undefined);
    },
  };
}

export function createCheckpointedSubscription<R>(options: CheckpointedSubscriptionOptions<R>): CheckpointedSubscription<R> {
  const pageSize = options.pageSize ?? 500;
  const lingerMs = options.lingerMs ?? 0;
  const busyLingerMs = options.busyLingerMs ?? 0;
  const checkpointEvery = Math.max(1, options.checkpointEvery ?? 500);
  const quietMs = options.quietMs ?? 200;
  const dueSavesApartMs = options.dueSavesApartMs ?? 0;
  const retryDelay = typeof options.retryDelayMs === 'function' ? options.retryDelayMs : () => (options.retryDelayMs as number | undefined) ?? 1000;
  const unit = options.atomically ?? (<T>(work: () => Promise<T>) => work());

  let position = -1;
  let unsaved = 0;
  let quietTimer: NodeJS.Timeout | null = null;
  /** The save a page asked for within dueSavesApartMs of the previous one, when it is due. */
  let dueTimer: NodeJS.Timeout | null = null;
  /** performance.now() of the last save. */
  let savedAt = Number.NEGATIVE_INFINITY;
  let following: { abort: AbortController; done: Promise<void> } | null = null;
  /** The pages read while following; null otherwise. */
  let pagesRead: ReturnType<typeof pager> | null = null;
  /** stop() was called since the last start(). */
  let stopped = false;
  const wakers = new Set<() => void>();
  const readerWaiting = () => wakers.size > 0 || options.readerWaiting?.() === true;

  // Pages, checkpoint saves and exclusive work never interleave.
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const result = queue.then(work);
    queue = result.catch(() => undefined);
    return result;
  };

  function clearPendingSaves(): void {
    if (quietTimer) clearTimeout(quietTimer);
    quietTimer = null;
    if (dueTimer) clearTimeout(dueTimer);
    dueTimer = null;
  }

  async function saveCheckpoint(): Promise<void> {
    clearPendingSaves();
    if (unsaved === 0 || position < 0) return;
    const saving = position;
    await unit(() => options.checkpoint.save(saving));
    savedAt = performance.now();
    unsaved = 0;
  }

  // A failing logger must not stop the subscription.
  const reportError = (error: unknown, attempt: number) => {
    try { options.onError?.(error, attempt); } catch { /* ignored */ }
  };
  const reportCheckpointError = (error: unknown) => {
    try { options.onCheckpointError?.(error); } catch { /* ignored */ }
  };

  async function handle(events: RecordedEvent[]): Promise<R> {
    const last = events.reduce((highest, event) => Math.max(highest, event.position), position);
    // How far the page moves on: in positions where they are in order, since a feed may pass over events
    // of types the subscriber does not handle (SubscribeOptions.types), which a crash need not read again.
    const passed = options.skipHandled ? last - position : events.length;
    let due = unsaved + passed >= checkpointEvery;
    let deferred = false;
    const result = await unit(async () => {
      const handled = await options.handlePage(events);
      if (!due && options.checkpointDue?.(events, handled) === true) {
        deferred = performance.now() - savedAt < dueSavesApartMs;
        due = !deferred;
      }
      if (due && last >= 0) {
        await options.checkpoint.save(last);
        savedAt = performance.now();
      }
      return handled;
    });
    // Committed: only now does the position move, so a failed unit is handled again from before it.
    position = last;
    if (due) {
      unsaved = 0;
      clearPendingSaves();
    } else {
      unsaved += passed;
      if (quietTimer) clearTimeout(quietTimer);
      const save = () => void serially(saveCheckpoint).catch(reportCheckpointError);
      quietTimer = setTimeout(save, quietMs);
      quietTimer.unref?.();
      // Not put off by later pages, as the quiet save is: due that long after the previous save.
      if (deferred && !dueTimer) {
        dueTimer = setTimeout(save, Math.max(0, savedAt + dueSavesApartMs - performance.now()));
        dueTimer.unref?.();
      }
    }
    options.committed?.(result, events);
    for (const wake of [...wakers]) wake();
    return result;
  }

  async function loadCheckpoint(): Promise<void> {
    const stored = await options.checkpoint.load();
    if (stored !== undefined && stored > position) position = stored;
    // Waiters for what another instance (or a rebuild) handled meanwhile need no new event to hear of it.
    for (const wake of [...wakers]) wake();
  }

  /**
   * On taking over from another instance: its checkpoints are the truth, also where they are behind
   * what this one loaded before standing by (a view started over by the new holder).
   */
  async function takeOverCheckpoint(): Promise<void> {
    position = (await options.checkpoint.load()) ?? -1;
    for (const wake of [...wakers]) wake();
  }

  async function follow(signal: AbortSignal): Promise<void> {
    let attempt = 0;
    let standingBy = options.mayFollow !== undefined;
    const mayFollow = () => !options.mayFollow || options.mayFollow();
    while (!signal.aborted) {
      if (!mayFollow()) {
        if (!standingBy) {
          standingBy = true;
          await serially(saveCheckpoint).catch(reportCheckpointError);
          options.onStandBy?.();
        }
        await sleepUnlessAborted(Math.min(retryDelay(1), 250), signal);
        continue;
      }
      try {
        if (standingBy) {
          await serially(takeOverCheckpoint);
          standingBy = false;
          options.onFollowing?.();
        }
        // Each subscription has its own signal, so leaving it (turn lost, failure) also ends a read
        // the feed is still waiting on.
        const subscription = new AbortController();
        const endSubscription = () => subscription.abort();
        signal.addEventListener('abort', endSubscription, { once: true });
        // Stopped while the checkpoint was being taken over: the listener came too late to hear it.
        if (signal.aborted) subscription.abort();
        const feed = options.subscribe(position >= 0 ? position : undefined, subscription.signal);
        const iterator = feed[Symbol.asyncIterator]();
        const pages = pager(iterator, pageSize, lingerMs, busyLingerMs, readerWaiting);
        pagesRead = pages;
        let lostTurn = false;
        try {
          for (;;) {
            const page = await pages.next();
            if (page === null || signal.aborted) break;
            // The turn ran out (a lease not renewed in time, or taken over): stop before the next page.
            if (!mayFollow()) { lostTurn = true; break; }
            const fresh = options.skipHandled ? page.filter((event) => event.position > position) : page;
            if (fresh.length > 0) await serially(() => handle(fresh));
            // Only now, with the page's effects committed, may the feed count it as processed.
            if (feed.acknowledge) await feed.acknowledge(page).catch(reportCheckpointError);
            attempt = 0;
            if (signal.aborted) break;
          }
        } finally {
          signal.removeEventListener('abort', endSubscription);
          if (pagesRead === pages) pagesRead = null;
          subscription.abort();
          pages.abandon();
          await iterator.return?.();
        }
        if (lostTurn) continue;
        if (!signal.aborted) throw new Error('the event feed ended while it was followed');
      } catch (error) {
        if (signal.aborted) break;
        attempt += 1;
        reportError(error, attempt);
        await sleepUnlessAborted(retryDelay(attempt), signal);
      }
    }
  }

  function beginFollowing(): void {
    const abort = new AbortController();
    following = { abort, done: follow(abort.signal) };
  }

  async function stopFollowing(): Promise<boolean> {
    if (!following) return false;
    following.abort.abort();
    await following.done;
    following = null;
    return true;
  }

  return {
    async start() {
      if (following) return;
      stopped = false;
      await serially(loadCheckpoint);
      beginFollowing();
    },

    async stop() {
      stopped = true;
      await stopFollowing();
      await serially(saveCheckpoint);
    },

    process: (events) => serially(() => handle(events)),

    async exclusively(work) {
      const wasFollowing = await stopFollowing();
      try {
        return await serially(work);
      } finally {
        // Unless stopped meanwhile (a shutdown during a rebuild): following again would outlive the stop.
        if (wasFollowing && !stopped) beginFollowing();
      }
    },

    advanceTo(reached) {
      clearPendingSaves();
      unsaved = 0;
      if (reached > position) position = reached;
      for (const wake of [...wakers]) wake();
    },

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
        pagesRead?.hurry();
      });
    },

    hurry() {
      pagesRead?.hurry();
    },
  };
}
