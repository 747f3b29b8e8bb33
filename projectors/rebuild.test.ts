import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { EventStore } from '../domain/ports/event-store.ts';
import { openSqliteEventStore } from '../infra/event-store/sqlite-event-store.ts';
import { openSqliteViewStore } from '../infra/view-store/sqlite-view-store.ts';
import { eventSchemaFingerprint } from '../infra/event-schema-stamp.ts';
import { allProjections } from './all-projections.ts';
import { CHECKPOINTS_COLLECTION } from './checkpoints.ts';
import { TOMBSTONES_COLLECTION } from './event-applier.ts';
import { rebuildViews, type RebuildProgress } from './rebuild.ts';
import { vendorCardsProjection } from './vendor-cards/projection.ts';
import { appendHistory, marketplaceHistory } from './testing/marketplace-history.ts';
import { dumpViews } from './testing/view-dump.ts';

// The rebuild into the embedded node:sqlite view store: straight into the file, in one unit (views.sqlite
// is rebuilt by `npm run views:rebuild` while the server may read it). Live views equal to the rebuild are
// checked in runtime.test.ts, on memory and on sqlite.

const dir = mkdtempSync(join(tmpdir(), 'rebuild-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});
let files = 0;

async function withHistory(): Promise<EventStore> {
  const eventStore = await openSqliteEventStore({ path: ':memory:' });
  cleanups.push(() => eventStore.close());
  await appendHistory(eventStore, marketplaceHistory({ vendors: 3, customers: 4 }));
  return eventStore;
}

function openViews(path: string) {
  const views = openSqliteViewStore({ path });
  cleanups.push(() => views.close());
  return views;
}

describe('rebuild into the sqlite view store', () => {
  it('replays straight into the file: every document counted, checkpoints at the head, a replay phase then its finish', async () => {
    const eventStore = await withHistory();
    const views = openViews(join(dir, `views-${++files}.sqlite`));
    const progress: RebuildProgress[] = [];
    const report = await rebuildViews({ eventStore, viewStore: views, pageSize: 20, bufferDocuments: 15, onProgress: (step) => progress.push(step) });

    const head = await eventStore.headPosition();
    let documents = 0;
    for (const name of new Set([...allProjections.map((projection) => projection.collection), TOMBSTONES_COLLECTION])) documents += await views.collection(name).count();
    expect(report).toMatchObject({ lastPosition: head, documents, invalid: 0 });
    expect(documents).toBeGreaterThan(50);
    const replayed = progress.filter((step) => step.phase === 'replay');
    expect(replayed.at(-1)).toMatchObject({ done: report.events, percent: 100 });
    // After the replay, what the unit still does before it commits.
    expect(progress.slice(replayed.length).map(({ phase, step, percent }) => [phase, step, percent])).toEqual([
      ['finish', 'building the indexes', 0], ['finish', 'committing', 50],
    ]);
    expect(await views.collection(CHECKPOINTS_COLLECTION).count()).toBe(allProjections.length);
    expect(await views.collection(CHECKPOINTS_COLLECTION).findOne({ _id: 'vendor-cards' })).toMatchObject({ position: head, version: vendorCardsProjection.version });
  });

  it('writes the same rows whatever it keeps between write-outs: a long-lived view\'s documents kept once written, or read back', async () => {
    const eventStore = await withHistory();
    const rows = async (keepReadBack: number) => {
      const path = join(dir, `views-${++files}.sqlite`);
      const views = openViews(path);
      await rebuildViews({ eventStore, viewStore: views, pageSize: 20, bufferDocuments: 5, keepReadBack });
      const db = new DatabaseSync(path, { readOnly: true });
      cleanups.push(async () => db.close());
      const tables = db.prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' AND name LIKE 'v\\_%' ESCAPE '\\' AND name <> ? ORDER BY name`).all(`v_${CHECKPOINTS_COLLECTION}`) as Array<{ name: string }>;
      return Object.fromEntries(tables.map(({ name }) => [name, db.prepare(`SELECT rid, id, json(doc) AS doc FROM "${name}" ORDER BY rid`).all().map((row) => ({ ...row }))]));
    };
    const kept = await rows(1_000);
    expect(kept.v_vendorCards!.length).toBeGreaterThan(0);
    expect(kept).toEqual(await rows(0));
  });

  it('writes a views file that held nothing into the file itself, not through its write-ahead log', async () => {
    const eventStore = await withHistory();
    const path = join(dir, `views-${++files}.sqlite`);
    const views = openViews(path);
    const report = await rebuildViews({ eventStore, viewStore: views, pageSize: 20 });
    expect(report.documents).toBeGreaterThan(50);
    expect(await views.collection(CHECKPOINTS_COLLECTION).count()).toBe(allProjections.length);
    // The unit ran on a rollback journal (sqlite-view-store.ts): the log holds none of its pages.
    expect(existsSync(`${path}-wal`) ? statSync(`${path}-wal`).size : 0).toBe(0);
    expect(statSync(path).size).toBeGreaterThan(100_000);
  });

  it('takes the events its command handler validated against the current schemas as they are, on one thread and with its helper', async () => {
    for (const splitFrom of [Number.POSITIVE_INFINITY, 0]) {
      const eventStore = await withHistory();
      // Data the strict schema refuses: parsed, the event is invalid; stamped, it is taken as it is.
      const favorited = (id: string, metadata: object) => ({ id, type: 'VendorFavorited', data: { userId: 'u-odd', vendorId: 'v-odd', note: 'not in the schema' }, metadata: metadata as never });
      const metadata = { actor: { userId: null, roles: ['system'], groups: [], vendorId: null }, correlationId: 'c', causationId: null, at: '2026-01-01T00:00:00.000Z', schemaVersion: 1 };
      await eventStore.append('favorites-u-odd', [favorited(randomUUID(), { ...metadata, eventSchema: eventSchemaFingerprint() }), favorited(randomUUID(), metadata)], 'no_stream');
      const report = await rebuildViews({ eventStore, viewStore: openViews(join(dir, `views-${++files}.sqlite`)), pageSize: 20, splitFrom });
      expect(report.invalid).toBe(1);
    }
  });

  it('until it commits, another connection reads the previous views; stopped half-way, it leaves them as they were', async () => {
    const eventStore = await withHistory();
    const path = join(dir, `views-${++files}.sqlite`);
    const views = openViews(path);
    await rebuildViews({ eventStore, viewStore: views });
    const before = await dumpViews(views, allProjections);
    const checkpointsBefore = await views.collection(CHECKPOINTS_COLLECTION).find({}, { sort: { _id: 1 } });
    const reader = openViews(path);

    const seenByReader: number[] = [];
    let pages = 0;
    const failing: Pick<EventStore, 'readAll' | 'headPosition'> = {
      headPosition: () => eventStore.headPosition(),
      async readAll(options) {
        if (++pages === 4) throw new Error('the log went away');
        return eventStore.readAll(options);
      },
    };
    const rebuild = rebuildViews({
      eventStore: failing, viewStore: views, pageSize: 20, bufferDocuments: 5,
      // find, not count: a store keeps its counts until its own writes change the collection.
      onProgress: () => { void reader.collection('vendorCards').find().then((cards) => seenByReader.push(cards.length)); },
    });
    await expect(rebuild).rejects.toThrow('the log went away');

    expect(seenByReader.length).toBeGreaterThan(0);
    expect(seenByReader.every((count) => count === before.vendorCards!.length)).toBe(true);
    expect(await dumpViews(views, allProjections)).toEqual(before);
    expect(await views.collection(CHECKPOINTS_COLLECTION).find({}, { sort: { _id: 1 } })).toEqual(checkpointsBefore);
  });
});
