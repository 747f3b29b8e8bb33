import { DatabaseSync } from 'node:sqlite';
import { setImmediate as turn } from 'node:timers/promises';
import type { RecordedEvent } from '../domain/ports/event-store.ts';
import { EVENT_COLUMNS, eventRows } from '../infra/event-store/sqlite-event-store.ts';
import { replayedEventOf } from './replayed-event.ts';

/**
 * Both sides of a split rebuild (rebuild-split.ts) read the node:sqlite log this way: its pages as a
 * rebuild on one thread reads them (`pageSize` events each, after `after` up to `upTo`), each with only
 * the events of `types`, the types its projections read. SQLite picks the rows by their type column:
 * the others are neither decoded nor parsed (a third of the bench's log for the helper, a seventh for
 * the rebuild's even share). The pages end where a rebuild on one thread ends them, so the page buffer
 * writes its documents out at the same points (the rows' rids are those of a rebuild on one thread).
 * The rows are read as the event store's reads read them (sqlite-event-store.ts), their metadata parsed
 * when first read (replayed-event.ts).
 * Answers how many events the pages held, read or not.
 */
export async function replayTypes(options: {
  path: string; types: readonly string[]; after?: number; upTo: number; pageSize: number;
  /** A page's events of `types` (not called for a page without any), the position the page ends at and the events up to it, read or not. */
  onPage(page: RecordedEvent[], end: { position: number; events: number }): Promise<void>;
}): Promise<number> {
  const db = new DatabaseSync(options.path, { timeout: 5000 });
  try {
    const pageEnd = db.prepare('SELECT position FROM events WHERE position > ? AND position <= ? ORDER BY position LIMIT 1 OFFSET ?');
    const countTo = db.prepare('SELECT count(*) AS n FROM events WHERE position > ? AND position <= ?');
    const read = eventRows(db, `SELECT ${EVENT_COLUMNS} FROM events
      WHERE position > ? AND position <= ? AND type IN (SELECT value FROM json_each(?)) ORDER BY position`);
    const types = JSON.stringify(options.types);
    let events = 0;
    for (let after = options.after ?? -1; after < options.upTo;) {
      const full = (pageEnd.get(after, options.upTo, options.pageSize - 1) as { position: number } | undefined)?.position;
      const end = full ?? options.upTo;
      // A full page holds pageSize events; only the last is counted.
      events += full === undefined ? (countTo.get(after, end) as { n: number }).n : options.pageSize;
      const page: RecordedEvent[] = read.all(after, end, types).map(replayedEventOf);
      if (page.length > 0) await options.onPage(page, { position: end, events });
      after = end;
      // As replayLog: a turn between pages (the process answers meanwhile; a helper hears its rebuild go away).
      await turn();
    }
    return events;
  } finally {
    db.close();
  }
}
