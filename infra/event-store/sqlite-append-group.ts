import type { DatabaseSync } from 'node:sqlite';
import type { ExpectedRevision } from '../../domain/ports/event-store.ts';
import { satisfies } from './expected-revision.ts';

// One group commit of the node:sqlite event store: every append that queued while the previous commit
// was in flight is written in one BEGIN IMMEDIATE … COMMIT, so the group shares one fsync (as
// EventStoreDB's writer does). Each append is still checked against its own stream's expected
// revision inside the transaction, and each runs in a SAVEPOINT, so one append's refusal or failure
// leaves the others of its group untouched. Used on the event loop (`:memory:` stores) and in the
// writer thread (sqlite-writer-thread.ts); it holds nothing but plain data, so it crosses threads.

// No index on event_id: nothing reads an event by its id (a flow's keyed step learns that it never ran
// from its stream's folded event ids), and its entry, a random UUID's, cost every append about one more
// page of the write-ahead log. Files written before keep theirs until the store opens them.
export const EVENTS_SCHEMA = `
  CREATE TABLE IF NOT EXISTS events (
    position    INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id    TEXT    NOT NULL,
    stream_id   TEXT    NOT NULL,
    revision    INTEGER NOT NULL CHECK (revision >= 0),
    type        TEXT    NOT NULL,
    data        TEXT    NOT NULL,
    metadata    TEXT    NOT NULL,
    recorded_at TEXT    NOT NULL,
    UNIQUE (stream_id, revision)
  );
  DROP INDEX IF EXISTS events_by_event_id;
`;

/** An event ready to store: data and metadata already serialized (JSON) by the caller. */
export interface EventRow {
  id: string;
  type: string;
  data: string;
  metadata: string;
}

export interface AppendRequest {
  streamId: string;
  expected: ExpectedRevision;
  rows: EventRow[];
}

export type AppendOutcome =
  | { kind: 'appended'; nextRevision: number; position: number }
  | { kind: 'refused'; actual: number }
  | { kind: 'failed'; error: unknown };

/** A group written: each append's outcome, in order, and the time its rows were recorded at (recorded_at). */
export interface CommittedGroup {
  outcomes: AppendOutcome[];
  recordedAt: string;
}


/** Opens the writing side of a store on `db` (schema and pragmas already set): `write(group)` commits one group. */
export function groupWriter(db: DatabaseSync): (group: readonly AppendRequest[]) => CommittedGroup {
  // +?: a bare ? here would have the statement prepared again at every call (sqlite-event-store.ts, its statements).
  const streamRevision = db.prepare('SELECT MAX(revision) AS revision FROM events WHERE stream_id = +?');
  const head = db.prepare('SELECT MAX(position) AS position FROM events');
  const insert = db.prepare(
    'INSERT INTO events (event_id, stream_id, revision, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const numberOr = (value: unknown, fallback: number): number => (value == null ? fallback : (value as number));

  const appendOne = (request: AppendRequest, recordedAt: string): AppendOutcome => {
    // Read inside the transaction: earlier appends of the same group to the same stream count.
    const actual = numberOr(streamRevision.get(request.streamId)?.revision, -1);
    if (!satisfies(request.expected, actual)) return { kind: 'refused', actual };
    if (request.rows.length === 0) return { kind: 'appended', nextRevision: actual, position: numberOr(head.get()?.position, -1) };
    db.exec('SAVEPOINT one_append');
    try {
      let revision = actual;
      let position = -1;
      for (const row of request.rows) {
        revision += 1;
        position = Number(insert.run(row.id, request.streamId, revision, row.type, row.data, row.metadata, recordedAt).lastInsertRowid);
      }
      db.exec('RELEASE one_append');
      return { kind: 'appended', nextRevision: revision, position };
    } catch (error) {
      db.exec('ROLLBACK TO one_append');
      db.exec('RELEASE one_append');
      return { kind: 'failed', error };
    }
  };

  return (group) => {
    // IMMEDIATE: the write lock is taken before any revision is read, also against other processes.
    db.exec('BEGIN IMMEDIATE');
    try {
      const recordedAt = new Date().toISOString();
      const outcomes = group.map((request) => appendOne(request, recordedAt));
      db.exec('COMMIT');
      return { outcomes, recordedAt };
    } catch (error) {
      if (db.isTransaction) db.exec('ROLLBACK');
      throw error;
    }
  };
}

/** Opens a connection with the store's pragmas; the schema is made by the first connection. */
export function configureConnection(db: DatabaseSync, synchronous: 'FULL' | 'NORMAL'): void {
  db.exec('PRAGMA journal_mode = WAL');
  db.exec(`PRAGMA synchronous = ${synchronous}`);
}
