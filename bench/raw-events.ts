import { DatabaseSync } from 'node:sqlite';
import type { NewEvent } from '../domain/ports/event-store.ts';
import { EVENTS_SCHEMA } from '../infra/event-store/sqlite-append-group.ts';

// Raw node:sqlite rows in the event store's own table (`EVENTS_SCHEMA`), without the store: figure 1's
// baseline, and the seed of the largest logs (figure 12), where the store's appends would take longer
// than the figure itself.

/** A database with the store's table, WAL journal and the given synchronous setting. */
export function rawEventsDatabase(path: string, synchronous: 'FULL' | 'NORMAL' = 'FULL'): DatabaseSync {
  const db = new DatabaseSync(path);
  db.exec('PRAGMA journal_mode = WAL');
  db.exec(`PRAGMA synchronous = ${synchronous}`);
  db.exec(EVENTS_SCHEMA);
  return db;
}

/** One INSERT of an event as the store writes it (data and metadata as JSON); the caller picks the revision. */
export function rawInsert(db: DatabaseSync): (streamId: string, revision: number, event: NewEvent, recordedAt?: string) => void {
  const insert = db.prepare('INSERT INTO events (event_id, stream_id, revision, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
  return (streamId, revision, event, recordedAt = new Date().toISOString()) => {
    insert.run(event.id, streamId, revision, event.type, JSON.stringify(event.data ?? null), JSON.stringify(event.metadata), recordedAt);
  };
}
