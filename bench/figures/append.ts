import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import type { EventStore, NewEvent } from '../../domain/ports/event-store.ts';
import type { EventMetadata } from '../../domain/shared/metadata.ts';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store.ts';
import { benchMode, reportFigure, scratchDir } from '../figure-process.ts';
import { perSecond } from '../percentiles.ts';
import { rawEventsDatabase, rawInsert } from '../raw-events.ts';
import type { Measure } from '../figure-result.ts';

// Figure 1, append throughput of the embedded event store (node:sqlite, WAL, synchronous=FULL: one
// fsync per commit) against raw node:sqlite inserts of the same rows in the same process, into the
// same table (the store's own schema: AUTOINCREMENT position, UNIQUE (stream_id, revision), the
// event id index) with the same journal settings: one autocommit INSERT per single event, one
// BEGIN…COMMIT per batch.
// Figure 9, concurrent appends: 8 writers, each appending single events to its own stream with an
// exact expected revision, against the single-append rate of the same store (one writer) measured in
// turns with it; group commit lets the 8 share commits. Also measured with the group written on the
// event loop (`writer: 'inline'`) instead of the writer thread, to show what the thread is worth.
const quick = benchMode() === 'quick';
const singles = quick ? 300 : 3000;
const batches = quick ? 20 : 200;
const batchSize = 100;
const streams = 10;
const block = 50;
const writers = 8;
const concurrentRounds = quick ? 6 : 40;
const perWriterPerRound = 10;

const metadata: EventMetadata = { actor: { userId: 'bench', roles: ['user'], groups: [], vendorId: null }, correlationId: 'bench', causationId: null, at: '2026-01-01T10:00:00.000Z', schemaVersion: 1 };
const eventOf = (n: number): NewEvent => ({
  id: randomUUID(),
  type: 'SourceHit',
  data: { source: 'newsletter', userId: `user-${n}`, at: '2026-01-01T10:00:00.000Z' },
  metadata,
});

const rawDatabase = (path: string): DatabaseSync => rawEventsDatabase(path, 'FULL');

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

/** Milliseconds of one writer vs 8 concurrent writers (thread and inline), in turns round by round. */
interface ConcurrentSplit { single: number; thread: number; inline: number }

async function concurrentInTurns(thread: EventStore, inline: EventStore): Promise<ConcurrentSplit> {
  const spent: ConcurrentSplit = { single: 0, thread: 0, inline: 0 };
  const revisions = new Map<string, number>();
  const appendNext = async (store: EventStore, stream: string) => {
    const revision = revisions.get(stream);
    revisions.set(stream, (await store.append(stream, [eventOf(revision ?? 0)], revision ?? 'no_stream')).nextRevision);
  };
  const concurrently = async (store: EventStore, label: string) => {
    const started = performance.now();
    await Promise.all(Array.from({ length: writers }, async (_, writer) => {
      for (let n = 0; n < perWriterPerRound; n++) await appendNext(store, `concurrent-${label}-${writer}`);
    }));
    return performance.now() - started;
  };
  for (let round = 0; round < concurrentRounds; round++) {
    const started = performance.now();
    for (let n = 0; n < writers * perWriterPerRound; n++) await appendNext(thread, 'concurrent-single');
    spent.single += performance.now() - started;
    spent.thread += await concurrently(thread, 'thread');
    spent.inline += await concurrently(inline, 'inline');
  }
  return spent;
}

await reportFigure(async () => {
  const dir = join(scratchDir(), `append-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const db = rawDatabase(join(dir, 'raw.sqlite'));
  const store = await openSqliteEventStore({ path: join(dir, 'store.sqlite') });
  const inline = await openSqliteEventStore({ path: join(dir, 'inline.sqlite'), writer: 'inline' });
  let single: Split;
  let batched: Split;
  let concurrent: ConcurrentSplit;
  try {
    // The sides take turns (a block of single appends, or one batch, each) on the same disk, so a
    // slow moment of this shared machine's fsync hurts both alike.
    single = await singlesInTurns(store, db);
    batched = await batchesInTurns(store, db);
    concurrent = await concurrentInTurns(store, inline);
  } finally {
    db.close();
    await store.close();
    await inline.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const concurrentAppends = concurrentRounds * writers * perWriterPerRound;
  const singleRate = perSecond(concurrentAppends, concurrent.single);
  const measures: Measure[] = [
    { name: 'single-event appends, expected revision', value: perSecond(singles, single.store), unit: 'events/s', baselineName: 'raw INSERT, autocommit', baseline: perSecond(singles, single.raw), better: 'higher', note: `${singles} appends in turns of ${block}; WAL, synchronous=FULL (one fsync each)` },
    { name: `batched appends (${batchSize} per append)`, value: perSecond(batches * batchSize, batched.store), unit: 'events/s', baselineName: `raw INSERTs, ${batchSize} per transaction`, baseline: perSecond(batches * batchSize, batched.raw), better: 'higher', note: `${batches} appends, one batch each in turn` },
  ];
  const concurrentFigure = {
    figure: '9. Concurrent appends',
    scale: `${writers} writers × ${concurrentRounds * perWriterPerRound} single-event appends, own streams`,
    measures: [
      { name: `${writers} writers, group commit in the writer thread`, value: perSecond(concurrentAppends, concurrent.thread), unit: 'events/s', baselineName: 'one writer, same store', baseline: singleRate, better: 'higher' as const, note: `${concurrentAppends} appends per side, ${concurrentRounds} rounds in turns; a cost under 1× is a speed-up (target ≤ 0.33×)` },
      { name: `${writers} writers, group commit on the event loop`, value: perSecond(concurrentAppends, concurrent.inline), unit: 'events/s', baselineName: 'one writer, same store', baseline: singleRate, better: 'higher' as const, note: 'writer: inline (what :memory: stores use); the fsync blocks the event loop' },
    ],
  };
  return [{ figure: '1. Append', scale: `${singles} single + ${batches}×${batchSize} batched`, measures }, concurrentFigure];
});
