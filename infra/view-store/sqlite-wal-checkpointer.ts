import { parentPort, workerData } from 'node:worker_threads';
import { DatabaseSync } from 'node:sqlite';

// The WAL checkpointer of a views.sqlite file (sqlite-view-store.ts). SQLite checkpoints on the commit
// that takes the write-ahead log past 1,000 pages, in the committing connection: on the event loop, that
// is milliseconds to tens of milliseconds of I/O which every request and projection waits for (most of
// figure 3's p99 on views.sqlite). The store's connection turns it off and this thread's own connection
// checkpoints instead, PASSIVE: it never waits for a reader or the writer, and it commits nothing, so the
// store's PRAGMA data_version (how it learns of other connections' commits) does not change.

export interface WalCheckpointerData {
  path: string;
  everyMs: number;
}

const { path, everyMs } = workerData as WalCheckpointerData;
const db = new DatabaseSync(path);
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const port = parentPort!;

const run = (): void => {
  try {
    checkpoint.get();
  } catch {
    // Busy (another connection checkpointing, a rebuild's exclusive work): the next round does it.
  }
};
const timer = setInterval(run, everyMs);

port.on('message', (message: 'close') => {
  if (message !== 'close') return;
  clearInterval(timer);
  run();
  db.close();
  port.postMessage('closed');
  port.close();
});
