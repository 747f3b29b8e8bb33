// `npm run views:rebuild`: drops every view and replays the whole event log into the configured
// ViewStore, with a progress bar (percent, events/s) on stderr. Stores come from the same environment
// variables as `npm start` (infra/config.ts): the node:sqlite file at $DATA_DIR/events.sqlite unless
// EVENTSTORE_URL is set; MongoDB when MONGO_URL is set, else the in-memory view store, in which case
// the rebuilt views vanish with this process and the run only proves that the log replays cleanly (the
// server rebuilds its in-memory views by replay at every start).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pino } from 'pino';
import type { EventStore } from '../domain/ports/event-store.ts';
import type { ViewStore } from '../domain/ports/view-store.ts';
import { loadConfig } from '../infra/config.ts';
import { createMemoryViewStore } from '../infra/view-store/memory-view-store.ts';
import { rebuildViews } from './rebuild.ts';
import { progressBar } from './rebuild-progress-bar.ts';

async function openEventStore(config: ReturnType<typeof loadConfig>): Promise<{ store: EventStore; label: string }> {
  if (config.EVENTSTORE_URL) {
    const { openEventStoreDbEventStore } = await import('../infra/event-store/eventstoredb-event-store.ts');
    return { store: await openEventStoreDbEventStore({ url: config.EVENTSTORE_URL }), label: 'EventStoreDB' };
  }
  const path = join(config.DATA_DIR, 'events.sqlite');
  if (!existsSync(path)) throw new Error(`No event store at ${path} (set DATA_DIR, or run npm start once to create it)`);
  const { openSqliteEventStore } = await import('../infra/event-store/sqlite-event-store.ts');
  return { store: await openSqliteEventStore({ path }), label: `node:sqlite ${path}` };
}

async function openViewStore(config: ReturnType<typeof loadConfig>): Promise<{ store: ViewStore; label: string; inMemory: boolean }> {
  if (config.MONGO_URL) {
    const { openMongoViewStore } = await import('../infra/view-store/mongo-view-store.ts');
    return { store: await openMongoViewStore({ url: config.MONGO_URL, dbName: config.MONGO_DB }), label: `MongoDB (${config.MONGO_DB})`, inMemory: false };
  }
  return { store: createMemoryViewStore(), label: 'memory', inMemory: true };
}

async function main(): Promise<number> {
  const config = loadConfig();
  const log = pino({ level: config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL }, pino.destination(2));
  const events = await openEventStore(config);
  const views = await openViewStore(config);
  const err = process.stderr;
  try {
    err.write(`Rebuilding views from ${events.label} into ${views.label}\n`);
    if (views.inMemory) {
      err.write('Note: the view store is in memory (MONGO_URL not set), so these views disappear when this command ends;\n'
        + 'this run proves that the whole log replays. The server rebuilds its in-memory views at every start.\n');
    } else {
      err.write('Note: a running projector keeps applying new events meanwhile; that is safe (every application is idempotent).\n');
    }
    const bar = progressBar(err);
    const report = await rebuildViews({ eventStore: events.store, viewStore: views.store, onProgress: (progress) => bar.update(progress), log });
    bar.finish();
    err.write(`Done: ${report.events} events replayed in ${(report.elapsedMs / 1000).toFixed(1)} s (${report.ratePerSecond} events/s); `
      + `${report.applied} applied, ${report.ignored} read by no view, ${report.invalid} invalid and skipped; `
      + `${report.documents} view documents written; checkpoints at position ${report.lastPosition}.\n`);
    if (report.invalid > 0) err.write(`Warning: ${report.invalid} invalid events were skipped; each is logged above with its position.\n`);
    return 0;
  } finally {
    await views.store.close();
    await events.store.close();
  }
}

main().then((code) => process.exit(code), (error: unknown) => {
  console.error(`views:rebuild failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
