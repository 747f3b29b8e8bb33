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
const block = 50;

const metadata: EventMetadata = { actor: { userId: 'bench', roles: ['user'], groups: [], vendorId: null }, correlationId: 'bench', causationId: null, at: '2026-01-01T10:00:00.000Z', schemaVersion: 1 };
const eventOf = (n: number): NewEvent => ({
  id: randomUUID(),
  type: 'SourceHit',
  data: { source: 'newsletter', userId: `user-${n}`, at: '2026-01-01T10:00:00.000Z' },
  metadata,
});

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

/** Milliseconds spent by each side; the two sides take turns block by block. */
interface Split { store: number; raw: number }

async function singlesInTurns(store: EventStore, db: DatabaseSync): Promise<Split> {
  const insert = rawInsert(db);
  const revisions = new Array<number>(streams).fill(-1);
  const spent: Split = { store: 0, raw: 0 };
  for (let first = 0; first < singles; first += block) {
    const last = Math.min(singles, first + block);
    let started = performance.now();
    for (let n = first; n < last; n++) insert(`tracking-single-${n % streams}`, Math.floor(n / streams), eventOf(n));
    spent.raw += performance.now() - started;
    started = performance.now();
    for (let n = first; n < last; n++) {
      const stream = n % streams;
      const expected = revisions[stream]! < 0 ? 'no_stream' : revisions[stream]!;
      revisions[stream] = (await store.append(`tracking-single-${stream}`, [eventOf(n)], expected)).nextRevision;
    }
    spent.store += performance.now() - started;
  }
  return spent;
}

async function batchesInTurns(store: EventStore, db: DatabaseSync): Promise<Split> {
  const insert = rawInsert(db);
  const revisions = new Array<number>(streams).fill(-1);
  const spent: Split = { store: 0, raw: 0 };
  for (let b = 0; b < batches; b++) {
    const stream = b % streams;
    let started = performance.now();
    db.exec('BEGIN');
    for (let index = 0; index < batchSize; index++) insert(`tracking-batch-${stream}`, Math.floor(b / streams) * batchSize + index, eventOf(b * batchSize + index));
    db.exec('COMMIT');
    spent.raw += performance.now() - started;
    started = performance.now();
    const events = Array.from({ length: batchSize }, (_, index) => eventOf(b * batchSize + index));
    const expected = revisions[stream]! < 0 ? 'no_stream' : revisions[stream]!;
    revisions[stream] = (await store.append(`tracking-batch-${stream}`, events, expected)).nextRevision;
    spent.store += performance.now() - started;
  }
  return spent;
}

await reportFigure(async () => {
  const dir = join(scratchDir(), `append-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const db = rawDatabase(join(dir, 'raw.sqlite'));
  const store = await openSqliteEventStore({ path: join(dir, 'store.sqlite') });
  let single: Split;
  let batched: Split;
  try {
    // The sides take turns (a block of single appends, or one batch, each) on the same disk, so a
    // slow moment of this shared machine's fsync hurts both alike.
    single = await singlesInTurns(store, db);
    batched = await batchesInTurns(store, db);
  } finally {
    db.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const measures: Measure[] = [
    { name: 'single-event appends, expected revision', value: perSecond(singles, single.store), unit: 'events/s', baselineName: 'raw INSERT, autocommit', baseline: perSecond(singles, single.raw), better: 'higher', note: `${singles} appends in turns of ${block}; WAL, synchronous=FULL (one fsync each)` },
    { name: `batched appends (${batchSize} per append)`, value: perSecond(batches * batchSize, batched.store), unit: 'events/s', baselineName: `raw INSERTs, ${batchSize} per transaction`, baseline: perSecond(batches * batchSize, batched.raw), better: 'higher', note: `${batches} appends, one batch each in turn` },
  ];
  return { figure: '1. Append', scale: `${singles} single + ${batches}×${batchSize} batched`, measures };
});
