import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { EventStore, NewEvent } from '../../domain/ports/event-store.ts';
import type { EventMetadata } from '../../domain/shared/metadata.ts';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store.ts';
import { benchMode, reportFigure, scratchDir } from '../figure-process.ts';
import { perSecond } from '../percentiles.ts';
import type { Measure } from '../figure-result.ts';

// Figure 1, append throughput of the embedded event store (node:sqlite, WAL, synchronous=FULL: one
// fsync per append) against raw node:sqlite inserts of the same rows in the same process, with the
// same journal settings: one autocommit INSERT per single event, one BEGIN…COMMIT per batch.
const quick = benchMode() === 'quick';
const singles = quick ? 300 : 3000;
const batches = quick ? 20 : 200;
const batchSize = 100;
const streams = 10;
const rounds = 2;

const metadata: EventMetadata = { actor: { userId: 'bench', roles: ['user'], groups: [], vendorId: null }, correlationId: 'bench', causationId: null, at: '2026-01-01T10:00:00.000Z', schemaVersion: 1 };
const eventOf = (n: number): NewEvent => ({
  id: randomUUID(),
  type: 'SourceHit',
  data: { source: 'newsletter', userId: `user-${n}`, at: '2026-01-01T10:00:00.000Z' },
  metadata,
});

async function storeSingles(store: EventStore): Promise<number> {
  const revisions = new Array<number>(streams).fill(-1);
  const started = performance.now();
  for (let n = 0; n < singles; n++) {
    const stream = n % streams;
    const expected = revisions[stream]! < 0 ? 'no_stream' : revisions[stream]!;
    revisions[stream] = (await store.append(`tracking-single-${stream}`, [eventOf(n)], expected)).nextRevision;
  }
  return perSecond(singles, performance.now() - started);
}

async function storeBatches(store: EventStore): Promise<number> {
  const revisions = new Array<number>(streams).fill(-1);
  const started = performance.now();
  for (let b = 0; b < batches; b++) {
    const stream = b % streams;
    const events = Array.from({ length: batchSize }, (_, index) => eventOf(b * batchSize + index));
    const expected = revisions[stream]! < 0 ? 'no_stream' : revisions[stream]!;
    revisions[stream] = (await store.append(`tracking-batch-${stream}`, events, expected)).nextRevision;
  }
  return perSecond(batches * batchSize, performance.now() - started);
}

function rawDatabase(path: string): DatabaseSync {
  const db = new DatabaseSync(path);
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = FULL');
  db.exec('CREATE TABLE events (position INTEGER PRIMARY KEY, event_id TEXT, stream_id TEXT, revision INTEGER, type TEXT, data TEXT, metadata TEXT, recorded_at TEXT)');
  return db;
}

function rawInsert(db: DatabaseSync) {
  const insert = db.prepare('INSERT INTO events (event_id, stream_id, revision, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
  return (streamId: string, revision: number, event: NewEvent) =>
    insert.run(event.id, streamId, revision, event.type, JSON.stringify(event.data), JSON.stringify(event.metadata), new Date().toISOString());
}

function rawSingles(db: DatabaseSync): number {
  const insert = rawInsert(db);
  const started = performance.now();
  for (let n = 0; n < singles; n++) insert(`tracking-single-${n % streams}`, Math.floor(n / streams), eventOf(n));
  return perSecond(singles, performance.now() - started);
}

function rawBatches(db: DatabaseSync): number {
  const insert = rawInsert(db);
  const started = performance.now();
  for (let b = 0; b < batches; b++) {
    db.exec('BEGIN');
    for (let index = 0; index < batchSize; index++) insert(`tracking-batch-${b % streams}`, Math.floor(b / streams) * batchSize + index, eventOf(b * batchSize + index));
    db.exec('COMMIT');
  }
  return perSecond(batches * batchSize, performance.now() - started);
}

await reportFigure(async () => {
  const dir = join(scratchDir(), `append-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const best = { storeSingle: 0, storeBatch: 0, rawSingle: 0, rawBatch: 0 };
  try {
    // Alternate project and baseline, on fresh files, and keep each side's best round: the machine's
    // noise then hurts both alike.
    for (let round = 0; round < rounds; round++) {
      const raw = rawDatabase(join(dir, `raw-${round}.sqlite`));
      best.rawSingle = Math.max(best.rawSingle, rawSingles(raw));
      best.rawBatch = Math.max(best.rawBatch, rawBatches(raw));
      raw.close();
      const store = await openSqliteEventStore({ path: join(dir, `store-${round}.sqlite`) });
      best.storeSingle = Math.max(best.storeSingle, await storeSingles(store));
      best.storeBatch = Math.max(best.storeBatch, await storeBatches(store));
      await store.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const measures: Measure[] = [
    { name: 'single-event appends, expected revision', value: best.storeSingle, unit: 'events/s', baselineName: 'raw INSERT, autocommit', baseline: best.rawSingle, better: 'higher', note: `${singles} appends, best of ${rounds}; WAL, synchronous=FULL` },
    { name: `batched appends (${batchSize} per append)`, value: best.storeBatch, unit: 'events/s', baselineName: `raw INSERTs, ${batchSize} per transaction`, baseline: best.rawBatch, better: 'higher', note: `${batches} appends, best of ${rounds}` },
  ];
  return { figure: '1. Append', scale: `${singles} single + ${batches}×${batchSize} batched`, measures };
});
