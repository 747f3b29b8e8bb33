import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type {
  AppendResult,
  EventStore,
  ExpectedRevision,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeOptions,
} from '../../domain/ports/event-store.ts';
import { WrongExpectedRevision } from '../../domain/ports/event-store.ts';
import type { EventMetadata } from '../../domain/shared/metadata.ts';
import { checkReadAllOptions } from './read-all-options.ts';
import { configureConnection, EVENTS_SCHEMA, type AppendRequest, type CommittedGroup, type EventRow } from './sqlite-append-group.ts';
import { createGroupCommit } from './sqlite-group-commit.ts';

// The embedded EventStore (DESIGN §2): one `node:sqlite` file, one table of events.
//
// - `position` is an AUTOINCREMENT rowid: strictly increasing and never reused, even after the last
//   rows are gone, so a checkpoint can never point at a different event later.
// - UNIQUE (stream_id, revision) makes a lost race on expected revision impossible to store, even
//   between processes; the expected-revision check itself runs inside the write transaction.
// - Group commit (sqlite-group-commit.ts): appends that arrive while a commit is in flight share the
//   next BEGIN IMMEDIATE transaction and its one fsync, each checked against its own stream's expected
//   revision in its own SAVEPOINT (sqlite-append-group.ts). The write lock is taken before any revision
//   is read, and a crash before COMMIT leaves none of the group (SQLite's WAL rollback). Because writers
//   are serialised by that lock, positions become visible in order: a reader never sees position n+1
//   without n, which is what lets subscriptions run without gaps.
// - A file store writes from a worker thread, so fsyncs wait off the event loop; reads stay on the
//   loop over their own connection (WAL: readers never wait for the writer).
// - synchronous=FULL by default: in WAL mode NORMAL is crash-safe for the process but may lose the
//   last commits on power loss, and with them positions that projectors, the relay or a customer's
//   "payment accepted" answer have already seen (the AUTOINCREMENT counter rolls back too, so those
//   positions would be reused by different events). One fsync per group commit is the price
//   of an append that is acknowledged only once it is durable.

export interface SqliteEventStoreOptions {
  /** File path, or ':memory:' for a store that lives as long as the process (tests). */
  path: string;
  /** 'FULL' (default) fsyncs every commit; 'NORMAL' trades the last commits on power loss for speed. */
  synchronous?: 'FULL' | 'NORMAL';
  /** How often a waiting subscription looks for events written by other processes. */
  pollIntervalMs?: number;
  /** How long an append waits for another process's write lock before failing. */
  busyTimeoutMs?: number;
  /**
   * Where group commits are written: 'thread' (default for files) keeps the fsync off the event loop;
   * 'inline' writes on the loop (always for ':memory:', which another thread cannot open).
   */
  writer?: 'thread' | 'inline';
}

/** The node:sqlite event store: an EventStore whose file other processes may open too. */
export interface SqliteEventStore extends EventStore {
  /** The database file; null for ':memory:', which no other connection can open. */
  readonly file: string | null;
  /** Told after each commit of appends made through this store (to tell the other processes). */
  onAppended(listener: () => void): () => void;
  /**
   * Another process appended to the file: waiting subscriptions look now rather than at their next poll
   * (the poll stays, for a notice that never came).
   */
  noticeAppend(): void;
  /** Whether the log holds at least `count` events, counted by SQLite without reading them (projectors/first-build.ts). */
  holdsAtLeast(count: number): Promise<boolean>;
  /**
   * After `after` (default: from the start), the position up to which every event of these types was
   * surely recorded (`metadata.at`) before `since`: the one before the first whose time is `since` or
   * later or not an ISO time SQLite reads the same (no time it cannot compare is passed over), else the
   * head; `after` itself when the next such event is one. SQLite scans the metadata, no event becomes
   * JavaScript (notifications/reactor.ts: notifications are news).
   */
  lastPositionRecordedBefore(types: ReadonlySet<string>, since: Date, after?: number): Promise<number>;
}

const PAGE_SIZE = 500;
/** How many of the newest events the subscriptions share (readPage below). */
const TAIL_SIZE = 2_000;
/** Older events kept for subscriptions behind the tail (readPage below). */
const CATCH_UP_EVENTS = 32_000;
/** They are let go once no subscription asked for one for this long. */
const CATCH_UP_IDLE_MS = 5_000;

/**
 * A row read for the subscriptions, decoded (and frozen) only when one of them takes it: a subscription
 * for some types only (process-manager.ts, reactor.ts) passes the others by their type column, so an
 * event no subscription of this process wants is never parsed.
 */
interface SharedRow {
  readonly position: number;
  readonly type: string;
  row: ReadEventRow | undefined;
  event: RecordedEvent | undefined;
}

const sharedRowOf = (row: ReadEventRow): SharedRow => ({ position: row[0], type: row[4], row, event: undefined });

/** The row's event, decoded once for every subscription that takes it (the row is let go then). */
function eventOf(shared: SharedRow): RecordedEvent {
  if (shared.event === undefined) {
    shared.event = frozen(recordedEventOf(shared.row!));
    shared.row = undefined;
  }
  return shared.event;
}

/** The index of the first event after `position` in events sorted by position. */
function firstAfter(events: ReadonlyArray<{ readonly position: number }>, position: number): number {
  let low = 0;
  let high = events.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (events[middle]!.position <= position) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Frozen through: an event read once and handed to several subscriptions must not change under any. */
function frozen<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) frozen(child);
  }
  return value;
}

/** An event row's columns, in the order of ReadEventRow (also read by a split rebuild's processes, projectors/replay-types.ts). */
export const EVENT_COLUMNS = 'position, event_id, stream_id, revision, type, data, metadata, recorded_at';

/** A row of EVENT_COLUMNS as an array: the event reads return arrays (setReturnArrays), a quarter cheaper than an object per row. */
export type ReadEventRow = [position: number, eventId: string, streamId: string, revision: number, type: string, data: string, metadata: string, recordedAt: string];

export const recordedEventOf = (row: ReadEventRow): RecordedEvent => ({
  id: row[1],
  streamId: row[2],
  type: row[4],
  revision: row[3],
  position: row[0],
  data: JSON.parse(row[5]) as unknown,
  metadata: JSON.parse(row[6]) as EventMetadata,
  recordedAt: row[7],
});

/** A statement over EVENT_COLUMNS whose rows come as arrays. */
export function eventRows(db: DatabaseSync, sql: string): { all(...parameters: Array<string | number>): ReadEventRow[] } {
  const statement = db.prepare(sql);
  statement.setReturnArrays(true);
  return { all: (...parameters) => statement.all(...parameters) as unknown as ReadEventRow[] };
}

const assertExpectedRevision = (expected: ExpectedRevision): void => {
  if (typeof expected === 'number' && !(Number.isSafeInteger(expected) && expected >= 0)) {
    throw new TypeError(`Expected revision must be a non-negative integer, got ${expected}`);
  }
};

export async function openSqliteEventStore(options: SqliteEventStoreOptions): Promise<SqliteEventStore> {
  const { path, synchronous = 'FULL', pollIntervalMs = 1000, busyTimeoutMs = 5000, writer = 'thread' } = options;
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new DatabaseSync(path, { timeout: busyTimeoutMs });
  configureConnection(db, synchronous);
  db.exec(EVENTS_SCHEMA);

  // The parameters are written +? (the same value): SQLite's planner looks at the value bound to a bare ?
  // in some places (a LIMIT, an ORDER BY's equality or range), and a statement that did is prepared
  // again whenever that parameter is bound, i.e. at every call (SQLITE_STMTSTATUS_REPREPARE): the
  // stream reads of every command and the tail's reads, ~4% of the server's CPU under figure 2's load.
  const statements = {
    readForwards: eventRows(db, `SELECT ${EVENT_COLUMNS} FROM events WHERE stream_id = +? AND revision >= +? ORDER BY revision ASC LIMIT +?`),
    readBackwards: eventRows(db, `SELECT ${EVENT_COLUMNS} FROM events WHERE stream_id = +? AND revision <= +? ORDER BY revision DESC LIMIT +?`),
    readAll: eventRows(db, `SELECT ${EVENT_COLUMNS} FROM events WHERE position > +? ORDER BY position ASC LIMIT +?`),
    readAllBackwards: eventRows(db, `SELECT ${EVENT_COLUMNS} FROM events WHERE position < +? ORDER BY position DESC LIMIT +?`),
    head: db.prepare('SELECT MAX(position) AS position FROM events'),
    // The first event at or past a position: one seek down the table's B-tree.
    firstFrom: db.prepare('SELECT position FROM events WHERE position >= +? ORDER BY position LIMIT 1'),
    countUpTo: db.prepare('SELECT count(*) AS n FROM (SELECT 1 FROM events LIMIT +?)'),
    // An ISO time in toISOString's form that strftime gives back unchanged is a real instant, and such
    // strings sort as their instants do; any other (missing, a number, February 30) ends the run.
    firstRecordedSince: db.prepare(`SELECT position FROM events
      WHERE position > +? AND position <= +? AND type IN (SELECT value FROM json_each(?))
        AND NOT coalesce(json_extract(metadata, '$.at') < ? AND strftime('%Y-%m-%dT%H:%M:%fZ', json_extract(metadata, '$.at')) = json_extract(metadata, '$.at'), 0)
      ORDER BY position LIMIT 1`),
    readTypes: eventRows(db, `SELECT ${EVENT_COLUMNS} FROM events
      WHERE position > +? AND position <= +? AND (type IN (SELECT value FROM json_each(?)) OR position = +?) ORDER BY position`),
  };

  let closed = false;
  // Appends in this process wake waiting subscriptions at once; `appends` lets a subscription see
  // that something was appended while it was busy, so it never sleeps past an event.
  let appends = 0;
  const waiters = new Set<() => void>();
  const wakeAll = (): void => {
    for (const wake of [...waiters]) wake();
  };
  const noticeAppend = (): void => {
    appends += 1;
    wakeAll();
  };
  const appendListeners = new Set<() => void>();

  const commits = createGroupCommit(
    path === ':memory:' || writer === 'inline' ? { writer: 'inline', db } : { writer: 'thread', path, synchronous, busyTimeoutMs },
    (group, committed) => {
      const tailWasCurrent = appends === tailCurrentAt;
      const fed = feedTail(group, committed);
      noticeAppend();
      // Nothing was appended since the tail was last read to the file's head but the rows it was given.
      if (fed && tailWasCurrent) tailCurrentAt = appends;
      for (const listener of [...appendListeners]) {
        try { listener(); } catch { /* a listener's failure is its own */ }
      }
    },
  );

  const headSync = (): number => {
    const row = statements.head.get() as { position: number | null } | undefined;
    return row?.position == null ? -1 : row.position;
  };

  const readAllSync = (after: number, maxCount: number): RecordedEvent[] =>
    statements.readAll.all(after, maxCount).map(recordedEventOf);
  const readSharedSync = (after: number, maxCount: number): SharedRow[] =>
    statements.readAll.all(after, maxCount).map(sharedRowOf);

  /**
   * For a subscription to some types more than a page behind the head (the flows and the reactor at a
   * first start): of the next PAGE_SIZE events, those of its types and the last (so its position keeps
   * up), chosen by SQLite on the type column: the others never become JavaScript strings. Read for it
   * alone (the flows want few rows each, and a subscription that skips most of the log outruns the
   * others, so pages shared with them would be read twice). Null within a page of the head.
   */
  const readTypesSync = (after: number, typesJson: string): RecordedEvent[] | null => {
    // The page ends at the first event at or past `after + PAGE_SIZE`: positions are distinct integers, so
    // it holds at most PAGE_SIZE events (all of them where positions are dense, as appends leave them).
    // Found by a seek, not an OFFSET, which walks the page's rows (~0.25 CPU-s per flow over 1,000,000 events).
    const end = (statements.firstFrom.get(after + PAGE_SIZE) as { position: number } | undefined)?.position;
    if (end === undefined) return null;
    return statements.readTypes.all(after, end, typesJson, end).map(recordedEventOf);
  };

  // The newest events, read and decoded once for every subscription of this process near the head (the
  // projectors, the reactor, each flow: each read and parsed the same rows itself). The tail holds every
  // event in (tailAfter, tailTo]: a read is a complete picture of its range, since positions become
  // visible in order. Its events are shared between subscriptions, so they are frozen.
  let tail: SharedRow[] = [];
  let tailAfter = -1;
  let tailTo = -1;
  /** `appends` when the tail was last read up to the file's head: while unchanged, there is nothing to read. */
  let tailCurrentAt = -1;
  /** The tail's last read of the file was a whole page, all there: the head may be far. */
  let tailReadFull = false;
  /** `after` is within the tail, and fewer than a page of the tail's events follow it. */
  const tailEndsWithinAPageOf = (after: number): boolean =>
    after >= tailAfter && after <= tailTo && tail.length - firstAfter(tail, after) < PAGE_SIZE;
  /**
   * Whether fewer than PAGE_SIZE events follow `after`, as the tail knows without a query: it holds every
   * event after `after` and was read to the file's head after the last append this process noticed. An
   * append wakes every subscription; the first to read takes the tail to the head, and the typed ones
   * after it (each flow, the reactor) then need not ask the file whether they are a page behind
   * (readTypesSync). An append by another process not noticed yet is found at the notice or the poll, as
   * by readPage.
   */
  const tailHoldsTheRestAfter = (after: number): boolean => appends === tailCurrentAt && tailEndsWithinAPageOf(after);
  /**
   * For a subscription to some types: tailHoldsTheRestAfter, once the tail holding `after` is taken to the
   * file's head. Near the head (live), the subscription then reads on from the tail (readPage), and
   * nobody asks the file where a page after it would end (readTypesSync's seek) to learn that it is
   * within a page of the head. The tail's read is the one the subscription's readPage would make, and
   * any other subscription then reads from it. Not while the tail's last read was a full page: then the
   * head may be far, and a subscription far behind that took the tail along would read every event
   * twice, whole rows for the tail and its types for itself (a flow alone at a first start: 3 CPU-s
   * instead of 0.6 over 1,000,000 events). readTypesSync's seek tells it where the head is.
   */
  const tailReadHoldsTheRestAfter = (after: number): boolean => {
    if (appends !== tailCurrentAt && !tailReadFull && tailEndsWithinAPageOf(after)) extendTail(PAGE_SIZE);
    return tailHoldsTheRestAfter(after);
  };
  /** Reads after tailTo and adds what it found to the tail. */
  const extendTail = (maxCount: number): SharedRow[] => {
    if (appends === tailCurrentAt) return [];
    const seen = appends;
    const page = readSharedSync(tailTo, maxCount);
    // A shorter read that filled up (the rest of a subscription's page) says little of where the head is.
    tailReadFull = maxCount >= PAGE_SIZE && page.length === maxCount;
    if (page.length < maxCount) tailCurrentAt = seen;
    if (page.length > 0) addToTail(page);
    return page;
  };
  /** Adds the events right after tailTo to the tail (trimmed to TAIL_SIZE; what it drops is kept a while). */
  const addToTail = (page: SharedRow[]): void => {
    tail.push(...page);
    tailTo = page.at(-1)!.position;
    if (tail.length > TAIL_SIZE * 2) {
      const dropped = tail.length - TAIL_SIZE;
      keepOlder(tailAfter, tail.slice(0, dropped));
      tailAfter = tail[dropped - 1]!.position;
      tail = tail.slice(dropped);
    }
  };
  /**
   * Adds the rows a group commit of this process wrote to the tail, as a read of the file would give
   * them, where they follow its end (no other process appended in between, and the tail holds every
   * group before): the subscriptions near the head take them without reading them back. Otherwise the
   * tail reads them from the file, as it reads another process's. Whether it added them.
   */
  function feedTail(group: readonly AppendRequest[], { outcomes, recordedAt }: CommittedGroup): boolean {
    const rows: SharedRow[] = [];
    let next = tailTo + 1;
    for (let index = 0; index < group.length; index++) {
      const outcome = outcomes[index]!;
      const { streamId, rows: written } = group[index]!;
      if (outcome.kind !== 'appended' || written.length === 0) continue;
      // An append's rows take consecutive positions and revisions, ending at the ones it answers.
      let position = outcome.position - written.length + 1;
      if (position !== next) return false;
      let revision = outcome.nextRevision - written.length + 1;
      for (const row of written) rows.push(sharedRowOf([position++, row.id, streamId, revision++, row.type, row.data, row.metadata, recordedAt]));
      next = position;
    }
    if (rows.length === 0) return false;
    addToTail(rows);
    return true;
  }
  // Runs of older events, each a complete picture of (after, its last event], for subscriptions behind the
  // tail: the events the tail dropped (a follower slower than the others reads them next), and full pages
  // read from the file for a subscription far behind (at a first start every flow and the reactor read
  // from the beginning: the ones that keep pace read and decode each page once). A subscription reading
  // from inside a run takes the rest of it, so from then on it reads where runs begin. At most
  // CATCH_UP_EVENTS events, least recently used first out; all let go once no subscription asked for one
  // for a few seconds. Shared, so frozen.
  const older = new Map<number, SharedRow[]>(); // by the position before the run; least recently used first
  let olderCount = 0;
  let olderReads = 0;
  let olderSweep: NodeJS.Timeout | undefined;
  /** Lets everything kept go once no subscription read an older event for CATCH_UP_IDLE_MS (checked that often). */
  const sweepOlder = (readsBefore: number): void => {
    olderSweep = undefined;
    if (olderReads !== readsBefore) return armOlderSweep();
    older.clear();
    olderCount = 0;
  };
  const armOlderSweep = (): void => {
    olderSweep ??= setTimeout(sweepOlder, CATCH_UP_IDLE_MS, olderReads).unref();
  };
  function keepOlder(after: number, events: SharedRow[]): void {
    const replaced = older.get(after);
    if (replaced) olderCount -= replaced.length;
    older.delete(after);
    older.set(after, events);
    olderCount += events.length;
    for (const [key, run] of older) {
      if (olderCount <= CATCH_UP_EVENTS || key === after) break;
      older.delete(key);
      olderCount -= run.length;
    }
    armOlderSweep();
  }
  /** Up to `count` events after `after` (behind the tail): from a kept run holding the next one, else a page of the file. */
  const olderEvents = (after: number, count: number): SharedRow[] => {
    olderReads += 1;
    armOlderSweep();
    for (const [runAfter, run] of older) {
      if (runAfter > after || run.at(-1)!.position <= after) continue;
      older.delete(runAfter);
      older.set(runAfter, run);
      const from = firstAfter(run, after);
      return run.slice(from, from + count);
    }
    const page = readSharedSync(after, PAGE_SIZE);
    // Only a full page is kept: nothing will ever come between its events.
    if (page.length === PAGE_SIZE) keepOlder(after, page);
    return page.slice(0, count);
  };
  /** A subscription's next page after `after`: from the tail when it covers `after`, else older events, then the tail. */
  const readPage = (after: number): SharedRow[] => {
    if (after > tailTo) {
      // A subscription ahead of the tail (the first one from a checkpoint, or another process appended): the tail starts over here.
      if (tail.length > 0) keepOlder(tailAfter, tail);
      tail = [];
      tailAfter = after;
      tailTo = after;
      tailCurrentAt = -1;
      tailReadFull = false;
    }
    let page: SharedRow[] = [];
    let last = after;
    while (last < tailAfter && page.length < PAGE_SIZE) {
      const events = olderEvents(last, PAGE_SIZE - page.length);
      if (events.length === 0) return page;
      page = page.length === 0 ? events : page.concat(events);
      last = events.at(-1)!.position;
    }
    // A page of the file may have read past the tail (the next read starts the tail over there).
    if (page.length === PAGE_SIZE || last > tailTo) return page;
    const from = firstAfter(tail, last);
    const fromTail = tail.slice(from, from + PAGE_SIZE - page.length);
    page = page.length === 0 ? fromTail : page.concat(fromTail);
    // Short of a page, the tail's end was reached: read on to the file's head (what was appended since).
    return page.length < PAGE_SIZE ? page.concat(extendTail(PAGE_SIZE - page.length)) : page;
  };

  const ensureOpen = (): void => {
    if (closed) throw new Error('The event store is closed');
  };

  const waitForAppend = (signal: AbortSignal | undefined): Promise<void> =>
    new Promise((resolve) => {
      // Aborted while the last page was being handed over: an abort listener added now would never fire.
      if (signal?.aborted) return resolve();
      const done = (): void => {
        clearTimeout(timer);
        waiters.delete(done);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      // The poll: another process may have appended to the file unnoticed, so the tail may be behind.
      const timer = setTimeout(() => { appends += 1; done(); }, pollIntervalMs);
      waiters.add(done);
      signal?.addEventListener('abort', done, { once: true });
    });

  const store: SqliteEventStore = {
    file: path === ':memory:' ? null : path,

    onAppended(listener) {
      appendListeners.add(listener);
      return () => appendListeners.delete(listener);
    },

    noticeAppend,

    async append(streamId: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
      ensureOpen();
      assertExpectedRevision(expectedRevision);
      if (streamId.length === 0) throw new TypeError('Stream id must not be empty');
      // Serialized here, before queueing: an event that cannot be stored fails its own append only.
      const rows: EventRow[] = events.map((event) => ({
        id: event.id,
        type: event.type,
        data: JSON.stringify(event.data ?? null),
        metadata: JSON.stringify(event.metadata),
      }));
      const outcome = await commits.append({ streamId, expected: expectedRevision, rows });
      if (outcome.kind === 'refused') throw new WrongExpectedRevision(streamId, expectedRevision, outcome.actual);
      if (outcome.kind === 'failed') throw outcome.error;
      return { streamId, nextRevision: outcome.nextRevision, position: outcome.position };
    },

    async readStream(streamId: string, readOptions: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
      ensureOpen();
      const limit = readOptions.maxCount ?? -1;
      const rows =
        readOptions.direction === 'backwards'
          ? statements.readBackwards.all(streamId, readOptions.fromRevision ?? Number.MAX_SAFE_INTEGER, limit)
          : statements.readForwards.all(streamId, readOptions.fromRevision ?? 0, limit);
      return rows.map(recordedEventOf);
    },

    async readAll(readOptions: ReadAllOptions = {}): Promise<RecordedEvent[]> {
      ensureOpen();
      const { after, from, before, maxCount = -1 } = checkReadAllOptions(readOptions);
      if (readOptions.direction === 'backwards') return statements.readAllBackwards.all(before ?? Number.MAX_SAFE_INTEGER, maxCount).map(recordedEventOf);
      // Positions are integers: "from n" is "after n - 1" for any number n.
      return readAllSync(from !== undefined ? Math.ceil(from) - 1 : (after ?? -1), maxCount);
    },

    async *subscribeToAll(subscribeOptions: SubscribeOptions = {}): AsyncIterable<RecordedEvent> {
      const { signal, types } = subscribeOptions;
      const typesJson = types === undefined ? undefined : JSON.stringify([...types]);
      let last = subscribeOptions.after ?? -1;
      while (!closed && !signal?.aborted) {
        const ofTypes = typesJson === undefined || tailReadHoldsTheRestAfter(last) ? null : readTypesSync(last, typesJson);
        if (ofTypes !== null) {
          for (const event of ofTypes) {
            if (closed || signal?.aborted) return;
            yield event;
            last = event.position;
          }
          continue;
        }
        const seen = appends;
        const page = readPage(last);
        const pageEnd = page.at(-1);
        for (const shared of page) {
          if (closed || signal?.aborted) return;
          // Events of other types are passed over, but not the page's last: the subscriber's position
          // (its checkpoint, its readiness) keeps up with the log even where none of its types come.
          if (types === undefined || types.has(shared.type) || shared === pageEnd) yield eventOf(shared);
          last = shared.position;
        }
        // A full page means there is more to catch up on; an append while we were yielding means
        // there may be something new. Otherwise wait for the next append (or the poll, for other
        // processes writing the same file).
        if (page.length === PAGE_SIZE || appends !== seen) continue;
        await waitForAppend(signal);
      }
    },

    async headPosition(): Promise<number> {
      ensureOpen();
      return headSync();
    },

    async holdsAtLeast(count: number): Promise<boolean> {
      ensureOpen();
      return count <= 0 || (statements.countUpTo.get(count) as { n: number }).n >= count;
    },

    async lastPositionRecordedBefore(types: ReadonlySet<string>, since: Date, after = -1): Promise<number> {
      ensureOpen();
      const head = headSync();
      if (head <= after) return after;
      const first = statements.firstRecordedSince.get(after, head, JSON.stringify([...types]), since.toISOString()) as { position: number } | undefined;
      // Positions are integers: following after first - 1 reads the first.
      return first === undefined ? head : first.position - 1;
    },

    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      clearTimeout(olderSweep);
      older.clear();
      wakeAll();
      // Appends accepted before the close are written first.
      await commits.close();
      db.close();
    },
  };
  return store;
}
