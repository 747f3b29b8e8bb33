import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openSqliteEventStore, type SqliteEventStore } from '../infra/event-store/sqlite-event-store.ts';
import { openSqliteViewStore } from '../infra/view-store/sqlite-view-store.ts';
import { allProjections } from './all-projections.ts';
import { CHECKPOINTS_COLLECTION } from './checkpoints.ts';
import { TOMBSTONES_COLLECTION } from './event-applier.ts';
import type { ProjectorLog } from './projector-log.ts';
import { rebuildViews, startHelperAhead, type RebuildProgress, type RebuildReport } from './rebuild.ts';
import { helperEnvironment, planSplit, startRebuildHelper } from './rebuild-split.ts';
import { DEFAULT_COMPILE_CACHE_DIR } from '../infra/compile-cache.ts';
import { silentLog } from './projector-log.ts';
import { appendHistory, marketplaceHistory } from './testing/marketplace-history.ts';
import { dumpViews } from './testing/view-dump.ts';
import { systemTestActor } from './testing/recorded-event.ts';

// The rebuild split between two processes (rebuild-split.ts): the helper builds its share of the views
// from the log's file into a scratch file, the rebuild copies its rows in. Each case rebuilds the same
// log on one thread too (splitFrom: Infinity) and compares: the views must be the same rows.

const dir = mkdtempSync(join(tmpdir(), 'rebuild-split-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});
let dirs = 0;

async function logWithHistory(): Promise<{ eventStore: SqliteEventStore; dataDir: string }> {
  const dataDir = join(dir, `data-${++dirs}`);
  mkdirSync(dataDir);
  const eventStore = await openSqliteEventStore({ path: join(dataDir, 'events.sqlite') });
  cleanups.push(() => eventStore.close());
  await appendHistory(eventStore, marketplaceHistory({ vendors: 3, customers: 4 }));
  return { eventStore, dataDir };
}

function openViews(path: string) {
  const views = openSqliteViewStore({ path });
  cleanups.push(() => views.close());
  return views;
}

/** Every row of every view table (rid, id, document) but the checkpoints', as the file holds them. */
function rowsOf(path: string): Record<string, unknown[]> {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    const tables = db.prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' AND name LIKE 'v\\_%' ESCAPE '\\' ORDER BY name`).all() as Array<{ name: string }>;
    const rows: Record<string, unknown[]> = {};
    for (const { name } of tables) {
      if (name === `v_${CHECKPOINTS_COLLECTION}`) continue;
      // Tombstones of both processes share one table: theirs come after the rebuild's, so only their rids differ.
      rows[name] = name === `v_${TOMBSTONES_COLLECTION}`
        ? db.prepare(`SELECT id, json(doc) AS doc FROM "${name}" ORDER BY id`).all().map((row) => ({ ...row }))
        : db.prepare(`SELECT rid, id, json(doc) AS doc FROM "${name}" ORDER BY rid`).all().map((row) => ({ ...row }));
    }
    return rows;
  } finally {
    db.close();
  }
}

/** The indexes a views file declares (name and SQL), the views' and their element tables'. */
function indexesOf(path: string): Array<{ name: string; sql: string }> {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return db.prepare(`SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL ORDER BY name`).all().map((row) => ({ ...row }) as { name: string; sql: string });
  } finally {
    db.close();
  }
}

/** The element tables of a views file (multikey indexes, sqlite-query-planner.ts): their rows, and the triggers that keep them. */
function elementsOf(path: string): { tables: Record<string, unknown[]>; triggers: unknown[] } {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    const names = db.prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' AND name LIKE 'e\\_%' ESCAPE '\\' ORDER BY name`).all() as Array<{ name: string }>;
    const tables: Record<string, unknown[]> = {};
    for (const { name } of names) tables[name] = db.prepare(`SELECT value, type, rid FROM "${name.replaceAll('"', '""')}" ORDER BY rid, type, value`).all().map((row) => ({ ...row }));
    const triggers = db.prepare(`SELECT name, tbl_name, sql FROM sqlite_schema WHERE type = 'trigger' ORDER BY name`).all().map((row) => ({ ...row }));
    return { tables, triggers };
  } finally {
    db.close();
  }
}

/** The path shapes a views file keeps (sqlite-query-planner.ts). */
function shapesOf(path: string): unknown[] {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return db.prepare('SELECT collection, path, array_above, kinds FROM path_shapes ORDER BY collection, path').all().map((row) => ({ ...row }));
  } finally {
    db.close();
  }
}

const counts = (report: RebuildReport) => ({ events: report.events, applied: report.applied, ignored: report.ignored, invalid: report.invalid, documents: report.documents, lastPosition: report.lastPosition });
const scratchLeft = (dataDir: string) => readdirSync(dataDir).filter((name) => name.startsWith('.views-rebuild-'));

// Each test starts a helper process, some several: on a loaded host one took over 30 s.
describe('rebuild with a helper process', { timeout: 120_000 }, () => {
  it('builds the same rows as a rebuild on one thread, counts included', async () => {
    const { eventStore, dataDir } = await logWithHistory();
    // An invalid event of a type only the helper reads: it counts and logs it, once.
    await eventStore.append('conversation-broken', [{ id: randomUUID(), type: 'ConversationOpened', data: { conversationId: 42 }, metadata: { actor: systemTestActor, correlationId: randomUUID(), causationId: null, at: '2026-01-01T00:00:00.000Z', schemaVersion: 1 } }], 'any');
    const warnings: object[] = [];
    const log: ProjectorLog = { info() {}, warn: (details) => warnings.push(details), error() {} };

    const onePath = join(dir, `one-${dirs}.sqlite`);
    const one = await rebuildViews({ eventStore, viewStore: openViews(onePath), pageSize: 20, splitFrom: Number.POSITIVE_INFINITY });
    const splitPath = join(dir, `split-${dirs}.sqlite`);
    const steps: string[] = [];
    const split = await rebuildViews({ eventStore, viewStore: openViews(splitPath), pageSize: 20, splitFrom: 0, log, onProgress: (progress) => { if (progress.step) steps.push(progress.step); } });

    expect(one.helper).toBeUndefined();
    expect(split.helper?.views).toEqual(expect.arrayContaining(['vendor-cards', 'conversations']));
    expect(split.helper!.cpuMs).toBeGreaterThan(0);
    expect(split.helper!.maxRssBytes).toBeGreaterThan(0);
    expect(counts(split)).toEqual(counts(one));
    expect(split.invalid).toBe(1);
    expect(warnings).toEqual([expect.objectContaining({ type: 'ConversationOpened', streamId: 'conversation-broken' })]);
    expect(rowsOf(splitPath)).toEqual(rowsOf(onePath));
    expect(await openViews(splitPath).collection(CHECKPOINTS_COLLECTION).count()).toBe(allProjections.length);
    expect(scratchLeft(dataDir)).toEqual([]);
    expect(steps).toEqual(["building its own views' indexes", 'waiting for the helper process', "copying the helper's views", 'building the indexes', 'committing']);
  });

  it('gives the helper the larger share where the rebuild shares its process (a first start): the same rows', async () => {
    const { eventStore } = await logWithHistory();
    const onePath = join(dir, `one-${dirs}.sqlite`);
    const one = await rebuildViews({ eventStore, viewStore: openViews(onePath), pageSize: 20, splitFrom: Number.POSITIVE_INFINITY });
    const evenPath = join(dir, `even-${dirs}.sqlite`);
    const even = await rebuildViews({ eventStore, viewStore: openViews(evenPath), pageSize: 20, splitFrom: 0 });
    const mostPath = join(dir, `most-${dirs}.sqlite`);
    const most = await rebuildViews({ eventStore, viewStore: openViews(mostPath), pageSize: 20, splitFrom: 0, helperShare: 'most' });

    const moved = ['order-money'];
    for (const view of moved) expect(even.helper!.views).not.toContain(view);
    expect(most.helper!.views).toEqual(expect.arrayContaining([...even.helper!.views, ...moved]));
    // The rebuild's process keeps these, so that both processes end together beside the flows.
    for (const view of ['vendor-responses', 'customer-journeys']) expect(most.helper!.views).not.toContain(view);
    expect(counts(most)).toEqual(counts(one));
    expect(rowsOf(mostPath)).toEqual(rowsOf(onePath));
  });

  it("has the helper build its views' indexes in its file, whose copy brings them: the schema and path shapes of a rebuild on one thread", async () => {
    const { eventStore } = await logWithHistory();
    const split = planSplit({ eventStore, viewStore: openViews(join(dir, `unused-${dirs}.sqlite`)), projections: allProjections, events: (await eventStore.headPosition()) + 1, splitFrom: 0 })!;
    const helper = startRebuildHelper({ split, upTo: await eventStore.headPosition(), pageSize: 20, bufferDocuments: 5000, keepReadBack: 0, log: silentLog });
    try {
      await helper.finished;
      const helperIndexes = indexesOf(helper.viewsPath).map((index) => index.name);
      const declared = split.helper.flatMap((projection) => (projection.indexes ?? []).map((keys) => `v_${projection.collection}:${Object.entries(keys).map(([path, direction]) => `${path}_${direction}`).join('_')}`));
      expect(declared.length).toBeGreaterThan(0);
      expect(helperIndexes).toEqual(expect.arrayContaining(declared));
    } finally {
      helper.stop();
    }

    const onePath = join(dir, `one-${dirs}.sqlite`);
    await rebuildViews({ eventStore, viewStore: openViews(onePath), pageSize: 20, splitFrom: Number.POSITIVE_INFINITY });
    const splitPath = join(dir, `split-${dirs}.sqlite`);
    await rebuildViews({ eventStore, viewStore: openViews(splitPath), pageSize: 20, splitFrom: 0 });
    expect(indexesOf(splitPath)).toEqual(indexesOf(onePath));
    expect(shapesOf(splitPath)).toEqual(shapesOf(onePath));
    expect(rowsOf(splitPath)).toEqual(rowsOf(onePath));
    // The helper's element tables come with its rows (copyCollectionsFrom), their triggers after them.
    const elements = elementsOf(splitPath);
    expect(Object.keys(elements.tables).some((name) => split.helper.some((projection) => name.startsWith(`e_${projection.collection}#`)))).toBe(true);
    expect(elements).toEqual(elementsOf(onePath));
    const file = new DatabaseSync(splitPath, { readOnly: true });
    try {
      expect(file.prepare('PRAGMA integrity_check').get()).toEqual({ integrity_check: 'ok' });
    } finally {
      file.close();
    }
    // The helper's run and two rebuilds: twice the others' time.
  });

  it('replays what was appended after the head it began with for every view, the helper\'s too', async () => {
    const { eventStore } = await logWithHistory();
    const head = await eventStore.headPosition();
    const onePath = join(dir, `one-${dirs}.sqlite`);
    const one = await rebuildViews({ eventStore, viewStore: openViews(onePath), splitFrom: Number.POSITIVE_INFINITY });
    // The log as the rebuild saw it when it began: the last 40 events came later (the helper stops
    // at the head it was given; the rest is the rebuild's).
    const earlier = { file: eventStore.file, headPosition: async () => head - 40, readAll: eventStore.readAll.bind(eventStore) };
    const splitPath = join(dir, `split-${dirs}.sqlite`);
    const split = await rebuildViews({ eventStore: earlier, viewStore: openViews(splitPath), pageSize: 20, splitFrom: 0 });

    expect(split.helper).toBeDefined();
    expect(counts(split)).toEqual(counts(one));
    expect(await dumpViews(openViews(splitPath), allProjections)).toEqual(await dumpViews(openViews(onePath), allProjections));
  });

  it('takes a helper started ahead of it (a first start): the helper replays up to the head it was given, the rebuild the rest for every view: the views of one thread', async () => {
    const { eventStore, dataDir } = await logWithHistory();
    const head = await eventStore.headPosition();
    const onePath = join(dir, `one-${dirs}.sqlite`);
    const one = await rebuildViews({ eventStore, viewStore: openViews(onePath), pageSize: 20, splitFrom: Number.POSITIVE_INFINITY });
    const splitPath = join(dir, `split-${dirs}.sqlite`);
    const viewStore = openViews(splitPath);
    // Started when the log's head was 40 events earlier; the rebuild begins later and ends at the log's head.
    const startedHelper = startHelperAhead({ eventStore, viewStore, head: head - 40, splitFrom: 0, helperShare: 'most', pageSize: 20 })!;
    expect(startedHelper.upTo).toBe(head - 40);
    const split = await rebuildViews({ eventStore, viewStore, startedHelper });

    expect(split.helper!.views).toEqual(expect.arrayContaining(['vendor-cards', 'order-money']));
    expect(split.lastPosition).toBe(head);
    expect(counts(split)).toEqual(counts(one));
    // The documents of one thread (the events after the helper's head are applied after the copy, so
    // rids may differ, as in the case above).
    expect(await dumpViews(viewStore, allProjections)).toEqual(await dumpViews(openViews(onePath), allProjections));
    expect(scratchLeft(dataDir)).toEqual([]);
  });

  it('stops a helper started ahead that the rebuild never took (it failed before), leaving no scratch file', async () => {
    const { eventStore, dataDir } = await logWithHistory();
    const viewStore = openViews(join(dir, `unused-${dirs}.sqlite`));
    const startedHelper = startHelperAhead({ eventStore, viewStore, head: await eventStore.headPosition(), splitFrom: 0 })!;
    await expect(rebuildViews({ eventStore, viewStore, startedHelper, exclusive: () => Promise.reject(new Error('another writer')) })).rejects.toThrow('another writer');
    expect(scratchLeft(dataDir)).toEqual([]);
    await expect(startedHelper.helper.finished).rejects.toThrow();
    // Not split: too short a log (or one core, a log in memory).
    expect(startHelperAhead({ eventStore, viewStore, head: await eventStore.headPosition() })).toBeNull();
  });

  it('reads only the events of its own views\' types from the file, and readAll only for what came after the head it began with', async () => {
    const { eventStore } = await logWithHistory();
    const head = await eventStore.headPosition();
    const handed: number[] = [];
    const counting = {
      file: eventStore.file,
      headPosition: async () => head - 40,
      readAll: async (options: Parameters<SqliteEventStore['readAll']>[0]) => {
        const page = await eventStore.readAll(options);
        handed.push(...page.map((event) => event.position));
        return page;
      },
    };
    const onePath = join(dir, `one-${dirs}.sqlite`);
    const one = await rebuildViews({ eventStore, viewStore: openViews(onePath), pageSize: 20, splitFrom: Number.POSITIVE_INFINITY });
    const splitPath = join(dir, `split-${dirs}.sqlite`);
    const progress: RebuildProgress[] = [];
    const split = await rebuildViews({ eventStore: counting, viewStore: openViews(splitPath), pageSize: 20, splitFrom: 0, onProgress: (each) => progress.push(each) });

    expect(split.helper).toBeDefined();
    expect(handed.length).toBe(40);
    // Its progress counts the events it left unread too: all of them up to the head it began with.
    const ownReplay = progress.slice(0, progress.findIndex((each) => each.phase === 'finish'));
    const upToHead = (await eventStore.readAll({ maxCount: 100_000 })).filter((event) => event.position <= head - 40).length;
    expect(ownReplay.at(-1)).toMatchObject({ phase: 'replay', done: upToHead, position: head - 40, percent: 100 });
    expect(Math.min(...handed)).toBe(head - 39);
    expect(counts(split)).toEqual(counts(one));
    expect(await dumpViews(openViews(splitPath), allProjections)).toEqual(await dumpViews(openViews(onePath), allProjections));
  });

  it('fails with its helper, leaving the previous views and no scratch file', async () => {
    const { eventStore, dataDir } = await logWithHistory();
    const path = join(dir, `views-${dirs}.sqlite`);
    const views = openViews(path);
    await rebuildViews({ eventStore, viewStore: views, splitFrom: Number.POSITIVE_INFINITY });
    const before = await dumpViews(views, allProjections);
    // The helper opens the log by its file: a directory there cannot be opened.
    const unreadable = join(dataDir, 'not-a-database');
    mkdirSync(unreadable);
    const broken = { file: unreadable, headPosition: () => eventStore.headPosition(), readAll: eventStore.readAll.bind(eventStore) };

    await expect(rebuildViews({ eventStore: broken, viewStore: views, splitFrom: 0 })).rejects.toThrow();
    expect(await dumpViews(views, allProjections)).toEqual(before);
    expect(scratchLeft(dataDir)).toEqual([]);
  });

  it("starts the helper with Node's module compile cache on, unless the environment names its own or turns it off", () => {
    expect(helperEnvironment({ PATH: '/bin' })).toEqual({ PATH: '/bin', NODE_COMPILE_CACHE: DEFAULT_COMPILE_CACHE_DIR });
    expect(helperEnvironment({ NODE_COMPILE_CACHE: '/elsewhere' })).toEqual({ NODE_COMPILE_CACHE: '/elsewhere' });
    expect(helperEnvironment({ NODE_DISABLE_COMPILE_CACHE: '1' })).toEqual({ NODE_DISABLE_COMPILE_CACHE: '1' });
  });

  it('stays on one thread for a short log, a log in memory, or projections of its own', async () => {
    const { eventStore } = await logWithHistory();
    const views = openViews(join(dir, `views-${dirs}.sqlite`));
    const events = (await eventStore.headPosition()) + 1;
    expect(planSplit({ eventStore, viewStore: views, projections: allProjections, events, splitFrom: 0 })).not.toBeNull();
    expect(planSplit({ eventStore, viewStore: views, projections: allProjections, events })).toBeNull();
    expect(planSplit({ eventStore: { ...eventStore, file: null }, viewStore: views, projections: allProjections, events, splitFrom: 0 })).toBeNull();
    const ownCopy = allProjections.map((projection) => ({ ...projection }));
    expect(planSplit({ eventStore, viewStore: views, projections: ownCopy, events, splitFrom: 0 })).toBeNull();
  });
});
