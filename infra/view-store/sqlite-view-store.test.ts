import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryViewStore } from './memory-view-store.ts';
import { omittedInSql, openSqliteViewStore, VIEWS_PAGE_SIZE, type SqliteViewStore } from './sqlite-view-store.ts';
import { literalPrefixes } from './sqlite-filter.ts';
import { viewStoreConformance } from './view-store.conformance.ts';
import type { Filter, Sort, ViewStore } from '../../domain/ports/view-store.ts';

const dir = mkdtempSync(join(tmpdir(), 'sqlite-views-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const freshPath = () => join(dir, `views-${++files}.sqlite`);

viewStoreConformance('sqlite', () => openSqliteViewStore({ path: freshPath() }));
// Every listing read through its kept order from its second read on (the default waits until it pays).
viewStoreConformance('sqlite, orders kept at once', () => openSqliteViewStore({ path: freshPath(), orderLists: 'always' }));

describe('SqliteViewStore specifics', () => {
  let path: string;
  let store: SqliteViewStore;
  beforeEach(() => {
    path = freshPath();
    store = openSqliteViewStore({ path });
  });
  afterEach(async () => {
    await store.close();
  });

  it('keeps the documents in its file: another opening reads them', async () => {
    await store.collection('cards').replaceOne({ _id: 'c1', name: { he: 'א' }, tags: ['x'] });
    await store.close();
    store = openSqliteViewStore({ path });
    expect(await store.collection('cards').findOne({ _id: 'c1' })).toEqual({ _id: 'c1', name: { he: 'א' }, tags: ['x'] });
  });

  it('makes a new file with VIEWS_PAGE_SIZE pages; a file made with other pages keeps them, and its documents', async () => {
    const pageSizeOf = (file: string) => {
      const db = new DatabaseSync(file, { readOnly: true });
      try { return (db.prepare('PRAGMA page_size').get() as { page_size: number }).page_size; } finally { db.close(); }
    };
    await store.collection('cards').replaceOne({ _id: 'c1', name: 'new' });
    expect(VIEWS_PAGE_SIZE).not.toBe(4096);
    expect(pageSizeOf(path)).toBe(VIEWS_PAGE_SIZE);

    const older = freshPath();
    const made = new DatabaseSync(older);
    made.exec('PRAGMA page_size = 4096; PRAGMA journal_mode = WAL');
    made.close();
    const olderStore = openSqliteViewStore({ path: older });
    await olderStore.collection('cards').replaceOne({ _id: 'c1', name: 'older' });
    await olderStore.close();
    const reopened = openSqliteViewStore({ path: older });
    try {
      expect(await reopened.collection('cards').findOne({ _id: 'c1' })).toEqual({ _id: 'c1', name: 'older' });
      expect(pageSizeOf(older)).toBe(4096);
    } finally {
      await reopened.close();
    }
  });

  it('replaceMany writes each document as replaceOne would: a held one in its place, new ones after, in order; one without an _id writes none', async () => {
    const cards = store.collection('cards');
    await cards.replaceOne({ _id: 'b', n: 0 });
    await expect(cards.count()).resolves.toBe(1);
    const written = [{ _id: 'c', n: 1 }, { _id: 'b', n: 2 }, { _id: 'a', n: 3, name: 'שלום' }];
    // The length of each one's JSON, in order.
    expect(await cards.replaceMany!(written)).toEqual(written.map((doc) => JSON.stringify(doc).length));
    expect(await cards.find()).toEqual([{ _id: 'b', n: 2 }, { _id: 'c', n: 1 }, { _id: 'a', n: 3, name: 'שלום' }]);
    expect(await cards.count()).toBe(3);
    await expect(cards.replaceMany!([{ _id: 'd', n: 4 }, { n: 5 } as never])).rejects.toThrow(/string _id/);
    expect(await cards.findOne({ _id: 'd' })).toBeNull();
  });

  it('findOneSized answers findOne by _id with the length of the document\'s JSON', async () => {
    const cards = store.collection('cards');
    const doc = { _id: 'c1', name: { he: 'שלום', en: 'a "quoted" name' }, n: 1.5, tags: ['x', 'y'], none: null };
    await cards.replaceOne(doc);
    expect(await cards.findOneSized!('c1')).toEqual({ doc, jsonLength: JSON.stringify(doc).length });
    expect(await cards.findOneSized!('c2')).toBeNull();
  });

  it('checkpoints its write-ahead log from a thread of its own, off the event loop', async () => {
    // 6.4 MB written: the file itself grows only as a checkpoint moves the log's pages into it, and the
    // connection's own checkpoints are off (they would run on the event loop), so only the thread can.
    const text = 'x'.repeat(400_000);
    for (let round = 0; round < 16; round++) await store.collection('cards').replaceOne({ _id: `c${round}`, text });
    const deadline = Date.now() + 30_000;
    while (statSync(path).size < 6_000_000 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(statSync(path).size).toBeGreaterThanOrEqual(6_000_000);
    expect(await store.collection('cards').count()).toBe(16);
  });

  it('writes a scratch file without a write-ahead log, rolls a unit back all the same, and another opening reads it once closed', async () => {
    const scratchPath = freshPath();
    const scratch = openSqliteViewStore({ path: scratchPath, scratch: true });
    try {
      await scratch.atomically(async () => {
        for (let index = 0; index < 2_000; index++) await scratch.collection('cards').replaceOne({ _id: `c${index}`, text: 'x'.repeat(2_000) });
      });
      await expect(scratch.atomically(async () => {
        await scratch.collection('cards').deleteOne({ _id: 'c1' });
        throw new Error('given up');
      })).rejects.toThrow('given up');
      // Every page went straight into the file: no log beside it, none to move in later.
      expect(statSync(`${scratchPath}-wal`, { throwIfNoEntry: false })).toBeUndefined();
      expect(statSync(scratchPath).size).toBeGreaterThan(4_000_000);
    } finally {
      await scratch.close();
    }
    const reopened = openSqliteViewStore({ path: scratchPath });
    try {
      expect(await reopened.collection('cards').count()).toBe(2_000);
      expect(await reopened.collection('cards').findOne({ _id: 'c1' })).toEqual({ _id: 'c1', text: 'x'.repeat(2_000) });
    } finally {
      await reopened.close();
    }
  });

  it('dropAll empties also the collections this opening has not touched yet', async () => {
    await store.collection('cards').replaceOne({ _id: 'c1' });
    await store.close();
    store = openSqliteViewStore({ path });
    await store.dropAll();
    expect(await store.collection('cards').count()).toBe(0);
  });

  it('atomically commits the whole unit, nested calls included', async () => {
    const cards = store.collection('cards');
    await store.atomically(async () => {
      await cards.replaceOne({ _id: 'c1' });
      await store.atomically(async () => { await cards.replaceOne({ _id: 'c2' }); });
      expect(await cards.count()).toBe(2); // the unit reads its own writes
    });
    await store.close();
    store = openSqliteViewStore({ path });
    expect(await store.collection('cards').count()).toBe(2);
  });

  it('atomically rolls the whole unit back when the work throws', async () => {
    const cards = store.collection('cards');
    await cards.replaceOne({ _id: 'before' });
    await expect(store.atomically(async () => {
      await cards.replaceOne({ _id: 'c1' });
      await cards.updateOne({ _id: 'before' }, { $set: { changed: true } });
      throw new Error('projection failed');
    })).rejects.toThrow('projection failed');
    expect(await cards.find()).toEqual([{ _id: 'before' }]);
  });

  it('a unit whose BEGIN is refused (another writer holds the file past busy_timeout) fails, and the next unit runs', async () => {
    const cards = store.collection('cards');
    await cards.replaceOne({ _id: 'before' });
    const other = new DatabaseSync(path);
    other.exec('BEGIN IMMEDIATE');
    try {
      await expect(store.atomically(async () => { await cards.replaceOne({ _id: 'refused' }); })).rejects.toThrow(/locked|busy/i);
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    await store.atomically(async () => { await cards.replaceOne({ _id: 'after' }); });
    expect((await cards.find()).map((doc) => doc._id).sort()).toEqual(['after', 'before']);
  }, 30_000);

  it('a write from outside a unit in progress waits for it, and is not undone by its rollback', async () => {
    const cards = store.collection('cards');
    let release!: () => void;
    const paused = new Promise<void>((resolve) => { release = resolve; });
    const unit = store.atomically(async () => {
      await cards.replaceOne({ _id: 'inside' });
      await paused;
      throw new Error('rolled back');
    });
    const outside = cards.replaceOne({ _id: 'outside' });
    release();
    await expect(unit).rejects.toThrow('rolled back');
    await outside;
    expect((await cards.find()).map((doc) => doc._id)).toEqual(['outside']);
  });

  it('a count stays right across every kind of change, a rolled-back unit included (counts are kept per query)', async () => {
    const cards = store.collection('cards');
    const visible = () => cards.count({ visible: true });
    await cards.replaceOne({ _id: 'a', visible: true });
    expect(await visible()).toBe(1);
    await cards.writeIfVersion('b', { _id: 'b', visible: true }, null);
    expect(await visible()).toBe(2);
    await cards.updateOne({ _id: 'a' }, { $set: { visible: false } });
    expect(await visible()).toBe(1);
    await expect(store.atomically!(async () => {
      await cards.replaceOne({ _id: 'c', visible: true });
      expect(await visible()).toBe(2);
      throw new Error('undo');
    })).rejects.toThrow('undo');
    expect(await visible()).toBe(1);
    await cards.deleteOne({ _id: 'b' });
    expect(await visible()).toBe(0);
    await cards.replaceOne({ _id: 'd', visible: true });
    await cards.deleteMany({ visible: true });
    expect(await visible()).toBe(0);
    await cards.replaceOne({ _id: 'e', visible: true });
    await store.dropAll();
    expect(await visible()).toBe(0);
  });

  it('declared indexes are SQL indexes that the queries use', async () => {
    const cards = store.collection('cards');
    for (let i = 0; i < 50; i += 1) await cards.replaceOne({ _id: `c${i}`, visible: i % 2 === 0, name: { he: `שם ${i}` }, vendorId: `v${i}` });
    await cards.createIndex({ visible: 1, 'name.he': 1 });
    await cards.createIndex({ vendorId: 1 });
    expect(store.explain('cards', { visible: true }, { sort: { 'name.he': 1 }, limit: 24 }).join('\n')).toMatch(/USING INDEX v_cards:visible_1_name\.he_1 /);
    expect(store.explain('cards', { vendorId: { $in: ['v1', 'v2'] } }).join('\n')).toMatch(/USING INDEX v_cards:vendorId_1 /);
    // The query API's sorts end with _id, which every index ends with: no sorting, a page walks the index.
    expect(store.explain('cards', { visible: true }, { sort: { 'name.he': 1, _id: 1 }, skip: 24, limit: 24 })).toEqual(['SEARCH v_cards USING INDEX v_cards:visible_1_name.he_1 (<expr>=?)']);
    expect(store.explain('cards', { _id: 'c3' }).join('\n')).toMatch(/USING INDEX sqlite_autoindex/);
    // A path holding arrays gets a table of its elements, kept up to date by the writes.
    await cards.createIndex({ tagIds: 1 });
    await cards.replaceOne({ _id: 'tagged', tagIds: ['t1', 't2'], searchTokens: ['n:abc'] });
    await cards.createIndex({ searchTokens: 1 });
    expect(store.explain('cards', { tagIds: 't2' }).join('\n')).toMatch(/LIST SUBQUERY 1\nSEARCH element USING PRIMARY KEY \(value=\? AND type=\?\)/);
    expect(store.explain('cards', { searchTokens: { $regex: '^[nt]:(?:ab|x)' } }).join('\n')).toMatch(/SEARCH element USING PRIMARY KEY/);
    expect((await cards.find({ searchTokens: { $regex: '^[nt]:(?:ab|x)' } })).map((doc) => doc._id)).toEqual(['tagged']);
    // The text search's shape: $in of anchored literal prefixes, each a range of the elements' index.
    const prefixes = { searchTokens: { $in: [/^n:ab/, /^t:ab/, /^n:x/, /^t:x/] } };
    expect(store.explain('cards', prefixes).join('\n')).toMatch(/SEARCH element USING PRIMARY KEY \(value>\? AND value<\?\)/);
    expect((await cards.find(prefixes)).map((doc) => doc._id)).toEqual(['tagged']);
    await cards.replaceOne({ _id: 'tagged', tagIds: ['t3'] });
    expect(await cards.count({ tagIds: 't2' })).toBe(0);
    expect(await cards.count({ tagIds: { $in: ['t3', 'x'] } })).toBe(1);
    await cards.deleteOne({ _id: 'tagged' });
    expect(await cards.count({ tagIds: 't3' })).toBe(0);
    const page = await cards.find({ visible: true }, { sort: { 'name.he': 1 }, skip: 1, limit: 2 });
    expect(page.map((doc) => doc._id)).toEqual(['c10', 'c12']);
  });

  it('dropIndex drops the index createIndex made with the same keys, and does nothing where there is none', async () => {
    const cards = store.collection('cards');
    for (let i = 0; i < 20; i += 1) await cards.replaceOne({ _id: `c${i}`, vendorId: `v${i % 4}`, rank: i });
    await cards.createIndex({ vendorId: 1 });
    await cards.createIndex({ rank: -1, _id: -1 });
    expect(store.explain('cards', { vendorId: 'v1' }).join('\n')).toMatch(/USING INDEX v_cards:vendorId_1 /);
    await cards.dropIndex({ vendorId: 1 });
    await cards.dropIndex({ vendorId: 1 });
    await cards.dropIndex({ never: 1 });
    await store.collection('nothing').dropIndex({ vendorId: 1 });
    expect(store.explain('cards', { vendorId: 'v1' }).join('\n')).not.toMatch(/v_cards:vendorId_1/);
    expect(store.explain('cards', {}, { sort: { rank: -1, _id: -1 }, limit: 5 }).join('\n')).toMatch(/USING INDEX v_cards:rank_-1__id_-1/);
    expect((await cards.find({ vendorId: 'v1' }, { sort: { rank: 1 } })).map((doc) => doc._id)).toEqual(['c1', 'c5', 'c9', 'c13', 'c17']);
    // A multikey index (a path holding arrays) is its elements table: it goes with its triggers.
    await cards.replaceOne({ _id: 'tagged', tagIds: ['t1', 't2'] });
    await cards.createIndex({ tagIds: 1 });
    const elementTables = () => {
      const db = new DatabaseSync(path, { readOnly: true });
      try {
        return (db.prepare(`SELECT name FROM sqlite_schema WHERE name LIKE 'e\\_cards#%' ESCAPE '\\'`).all() as Array<{ name: string }>).map((row) => row.name);
      } finally {
        db.close();
      }
    };
    expect(elementTables()).toEqual(['e_cards#tagIds', 'e_cards#tagIds:rid', 'e_cards#tagIds:insert', 'e_cards#tagIds:update', 'e_cards#tagIds:delete']);
    expect(store.explain('cards', { tagIds: 't2' }).join('\n')).toMatch(/SEARCH element USING PRIMARY KEY/);
    await cards.dropIndex({ tagIds: 1 });
    expect(elementTables()).toEqual([]);
    expect(store.explain('cards', { tagIds: 't2' }).join('\n')).not.toMatch(/element USING PRIMARY KEY/);
    await cards.replaceOne({ _id: 'tagged', tagIds: ['t2', 't3'] });
    await cards.replaceOne({ _id: 'tagged2', tagIds: ['t3'] });
    expect((await cards.find({ tagIds: 't3' }, { sort: { _id: 1 } })).map((doc) => doc._id)).toEqual(['tagged', 'tagged2']);
    expect(await cards.count({ tagIds: 't1' })).toBe(0);
  });

  it('sorts as the memory store does where documents hold arrays, objects or booleans at the sort key', async () => {
    const memory = createMemoryViewStore();
    const docs = [{ _id: 'a', rank: [3, 1] }, { _id: 'b', rank: 2 }, { _id: 'c', rank: true }, { _id: 'd', rank: { at: 1 } }, { _id: 'e' }, { _id: 'f', rank: 'x' }];
    for (const doc of docs) {
      await store.collection('cards').replaceOne(doc);
      await memory.collection('cards').replaceOne(doc);
    }
    for (const sort of [{ rank: 1 }, { rank: -1 }] as const) {
      const order = async (on: typeof memory) => (await on.collection('cards').find({}, { sort })).map((doc) => doc._id);
      expect(await order(store)).toEqual(await order(memory));
    }
  });

  it('sorts by a frozen sort (its ORDER BY kept) as the memory store does, before and after a write changes the shape at its key', async () => {
    const memory = createMemoryViewStore();
    const write = async (doc: { _id: string; rank?: unknown }) => {
      await store.collection('cards').replaceOne(doc);
      await memory.collection('cards').replaceOne(doc);
    };
    const sorts = [Object.freeze({ rank: 1, _id: 1 }), Object.freeze({ rank: -1, _id: -1 })] as const;
    const orders = async () => {
      for (const sort of sorts) {
        for (const page of [{}, { skip: 1, limit: 2 }]) {
          const order = async (on: ViewStore) => (await on.collection('cards').find({}, { sort, ...page })).map((doc) => doc._id);
          expect(await order(store)).toEqual(await order(memory));
        }
      }
    };
    for (const [at, rank] of [3, 1, 2, 5, 4].entries()) await write({ _id: `c${at}`, rank });
    // Twice each: the second read may take the kept ORDER BY (and its reverse).
    await orders();
    await orders();
    await write({ _id: 'arrays', rank: [0, 9] });
    await orders();
    await orders();
  });

  it('findTexts answers JSON.stringify of each document without the omitted keys, byte for byte', async () => {
    const cards = store.collection('cards');
    const docs = [
      { _id: 'a', _seen: { e1: 0 }, name: { he: 'אמן "א"', en: 'Tab\there\nline \u0001 \u2028' }, hidden: 1, rank: 2.5, big: 1e21, tiny: -1e-7, zero: 0, flags: [true, null, { _nested: 'kept' }], note: '_not a key', _v: 3 },
      { _id: 'b', rank: 1, hidden: { deep: [1, 2] }, 'dotted.key': 'x', _later: 'learnt', emoji: '🎵', empty: {}, list: [] },
      { _id: 'c', rank: 3, nothing: null },
    ];
    for (const doc of docs) await cards.replaceOne(doc);
    const expected = (doc: Record<string, unknown>, keys: string[]) =>
      JSON.stringify(Object.fromEntries(Object.entries(doc).filter(([key]) => !keys.includes(key) && !key.startsWith('_'))));
    const omit = { keys: ['hidden', 'missing'], prefix: '_' };
    const byRank = [docs[1]!, docs[0]!, docs[2]!];
    // Twice: the second time the prefixed keys met the first time are cut in SQL.
    for (let round = 0; round < 2; round += 1) {
      expect(await cards.findTexts({}, { sort: { rank: 1 } }, omit)).toEqual(byRank.map((doc) => expected(doc, omit.keys)));
    }
    // Mingo's path (a filter SQL cannot translate exactly), paging, and a key json_remove cannot name.
    expect(await cards.findTexts({ rank: { $not: { $gt: 2.7 } } }, { sort: { rank: -1 }, skip: 1, limit: 1 }, omit)).toEqual([expected(docs[1]!, omit.keys)]);
    expect(await cards.findTexts({ _id: 'b' }, {}, { keys: ['dotted.key'] })).toEqual([JSON.stringify(Object.fromEntries(Object.entries(docs[1]!).filter(([key]) => key !== 'dotted.key')))]);
    // Without anything to omit, the stored text itself.
    expect(await cards.findTexts({ _id: 'a' }, {}, { keys: [] })).toEqual([JSON.stringify(docs[0])]);
  });

  it('keeps the texts of an omission in the rows through every kind of write, and reads them byte for byte', async () => {
    const cards = store.collection('cards');
    const omit = { keys: ['hidden'], prefix: '_' };
    const expected = (doc: Record<string, unknown>) =>
      JSON.stringify(Object.fromEntries(Object.entries(doc).filter(([key]) => key !== 'hidden' && !key.startsWith('_'))));
    const keptInFile = () => {
      const db = new DatabaseSync(path, { readOnly: true });
      try {
        return (db.prepare('SELECT id, kept_text FROM "v_cards" ORDER BY rid').all() as Array<{ id: string; kept_text: string }>).map((row) => [row.id, row.kept_text]);
      } finally {
        db.close();
      }
    };
    const same = async (docs: Array<Record<string, unknown>>) => {
      const texts = docs.map(expected);
      expect(await cards.findTexts({}, { sort: { rank: 1 } }, omit)).toEqual(texts);
      expect(await cards.findTexts({ rank: { $gte: 2 } }, { sort: { rank: -1 }, skip: 1, limit: 1 }, omit)).toEqual(texts.filter((_, at) => docs[at]!.rank as number >= 2).reverse().slice(1, 2));
      return texts;
    };
    // Kept before any document exists: the prefixed keys are learnt as documents bring them.
    await cards.keepTexts(omit);
    const a = { _id: 'a', _seen: { e1: 0 }, name: { he: 'אמן "א"', en: 'Tab\there \u2028' }, hidden: 1, rank: 2, note: '_not a key' };
    const b = { _id: 'b', rank: 1, hidden: { deep: [1] }, emoji: '🎵', 'dotted.key': 'x' };
    await cards.replaceOne(a);
    await cards.writeIfVersion('b', b, null);
    let texts = await same([{ ...b, _version: 1 }, a]);
    expect(keptInFile()).toEqual([['a', texts[1]], ['b', texts[0]]]);
    // A change by update, a new prefixed key, an upsert, a key SQL cannot name (cut by the reader).
    await cards.updateOne({ _id: 'a' }, { $set: { rank: 3, _later: { x: 1 }, 'name.en': 'Changed' } });
    await cards.updateOne({ _id: 'c' }, { $set: { rank: 2, hidden: true, '_odd.key': 1 } }, { upsert: true });
    const a2 = { ...a, rank: 3, name: { ...a.name, en: 'Changed' }, _later: { x: 1 } };
    const c = { _id: 'c', rank: 2, hidden: true, _odd: { key: 1 } };
    texts = await same([{ ...b, _version: 1 }, c, a2]);
    expect(keptInFile()).toEqual([['a', texts[2]], ['b', texts[0]], ['c', texts[1]]]);
    // Another omission is cut at read time; a rolled-back unit leaves the kept texts as they were.
    expect(await cards.findTexts({ _id: 'a' }, {}, { keys: ['name'] })).toEqual([JSON.stringify(Object.fromEntries(Object.entries(a2).filter(([key]) => key !== 'name')))]);
    await expect(store.atomically(async () => {
      await cards.replaceOne({ _id: 'd', rank: 4, _rolledBack: 1 });
      throw new Error('stop');
    })).rejects.toThrow('stop');
    await cards.replaceOne({ _id: 'd', rank: 4, _rolledBack: 2 });
    texts = await same([{ ...b, _version: 1 }, c, a2, { _id: 'd', rank: 4, _rolledBack: 2 }]);
    expect(keptInFile().find(([id]) => id === 'd')).toEqual(['d', texts[3]]);
    // Another process (a reopened store) keeps them too, and learns its own new keys.
    await store.close();
    store = openSqliteViewStore({ path });
    const again = store.collection('cards');
    await again.replaceOne({ ...b, _newer: [1], hidden: 2 });
    expect(await again.findTexts({ _id: 'b' }, {}, omit)).toEqual([expected(b)]);
    expect(keptInFile().find(([id]) => id === 'b')).toEqual(['b', expected(b)]);
  });

  it('reads the texts by cutting them when the kept column was taken away by hand, and keeps them again when asked', async () => {
    const omit = { keys: ['hidden'], prefix: '_' };
    await store.collection('cards').keepTexts(omit);
    await store.collection('cards').replaceOne({ _id: 'a', hidden: 1, shown: 2 });
    await store.close();
    const db = new DatabaseSync(path);
    db.exec('DROP TRIGGER "v_cards:kept:insert"; DROP TRIGGER "v_cards:kept:update"; ALTER TABLE "v_cards" DROP COLUMN kept_text');
    db.close();
    store = openSqliteViewStore({ path });
    expect(await store.collection('cards').findTexts({}, {}, omit)).toEqual(['{"shown":2}']);
    await store.collection('cards').keepTexts(omit);
    await store.collection('cards').replaceOne({ _id: 'b', hidden: 1, shown: 3, _x: 1 });
    expect(await store.collection('cards').findTexts({}, {}, omit)).toEqual(['{"shown":2}', '{"shown":3}']);
  });

  it('answers findOne by a filter from what it read before only until the collection changes, a fresh object each time', async () => {
    const tags = store.collection('tags');
    await tags.createIndex({ alias: 1 });
    await tags.replaceOne({ _id: 't1', alias: 'bands', order: 1 });
    const first = await tags.findOne({ alias: 'bands' });
    expect(first).toEqual({ _id: 't1', alias: 'bands', order: 1 });
    first!.order = 99;
    expect(await tags.findOne({ alias: 'bands' })).toEqual({ _id: 't1', alias: 'bands', order: 1 });
    expect(await tags.findOne({ alias: 'singers' })).toBeNull();
    await tags.replaceOne({ _id: 't2', alias: 'singers', order: 2 });
    expect(await tags.findOne({ alias: 'singers' })).toEqual({ _id: 't2', alias: 'singers', order: 2 });
    await tags.updateOne({ _id: 't1' }, { $set: { order: 3 } });
    expect(await tags.findOne({ alias: 'bands' })).toEqual({ _id: 't1', alias: 'bands', order: 3 });
    await expect(store.atomically(async () => {
      await tags.deleteOne({ _id: 't1' });
      expect(await tags.findOne({ alias: 'bands' })).toBeNull();
      throw new Error('stop');
    })).rejects.toThrow('stop');
    expect(await tags.findOne({ alias: 'bands' })).toEqual({ _id: 't1', alias: 'bands', order: 3 });
    await tags.deleteMany({ order: { $gte: 3 } });
    expect(await tags.findOne({ alias: 'bands' })).toBeNull();
    await store.dropAll();
    expect(await tags.findOne({ alias: 'singers' })).toBeNull();
  });

  it('pages a filter on array elements as memory does, whether it probes each row or lists the rows first', async () => {
    // Orders never kept: every page is SQL; once a filter's count is known, short pages of a common
    // value probe each row's elements (EXISTS), other pages list the matching rows first.
    const sql = openSqliteViewStore({ path: freshPath(), orderLists: 'never' });
    const memory = createMemoryViewStore();
    try {
      for (const on of [sql, memory] as ViewStore[]) {
        await on.collection('cards').createIndex({ tagIds: 1 });
        await on.collection('cards').createIndex({ rank: 1 });
        for (let n = 0; n < 300; n += 1) {
          const tagIds = [n % 2 === 0 ? 'common' : 'other', ...(n % 50 === 0 ? ['rare'] : []), ...(n % 3 === 0 ? ['alpha'] : [])];
          await on.collection('cards').replaceOne({ _id: `c${n}`, tagIds, rank: (n * 7) % 41 });
        }
      }
      const filters: Filter[] = [
        { tagIds: 'common' }, { tagIds: 'rare' }, { tagIds: { $in: ['rare', 'alpha'] } }, { tagIds: /^al|^co/ },
        { tagIds: { $nin: ['common'] } }, { $or: [{ tagIds: 'rare' }, { rank: { $gt: 38 } }] }, { tagIds: 'common', rank: { $lt: 20 } },
      ];
      for (const filter of filters) {
        for (const [skip, limit] of [[0, 5], [0, 40], [3, 2], [100, 10]] as const) {
          const page = async (on: ViewStore) => {
            await on.collection('cards').count(filter);
            return (await on.collection('cards').find(filter, { sort: { rank: -1, _id: 1 }, skip, limit })).map((doc) => doc._id);
          };
          expect(await page(sql), JSON.stringify({ filter: String(filter.tagIds ?? ''), skip, limit })).toEqual(await page(memory));
        }
      }
    } finally {
      await sql.close();
    }
  });

  it('pages from a kept order as SQL pages, and forgets the order when the collection changes', async () => {
    const listed = openSqliteViewStore({ path: freshPath(), orderLists: 'always' });
    const memory = createMemoryViewStore();
    const both = async (work: (on: ViewStore) => Promise<unknown>) => { await work(listed); await work(memory); };
    try {
      for (let i = 0; i < 60; i += 1) {
        await both((on) => on.collection('cards').replaceOne({ _id: `c${i}`, visible: i % 7 !== 0, rank: i % 5, tagIds: [`t${i % 3}`], name: `n${(i * 37) % 60}` }));
      }
      await listed.collection('cards').createIndex({ tagIds: 1 });
      // The second and fourth are the exact reverses of the first and third: they page from the same lists, backwards.
      const listings: Array<[Filter, Sort]> = [[{ visible: true }, { rank: -1, _id: 1 }], [{ visible: true }, { rank: 1, _id: -1 }], [{ visible: true, tagIds: 't1' }, { name: 1, _id: 1 }], [{ visible: true, tagIds: 't1' }, { name: -1, _id: -1 }], [{}, { rank: 1 }]];
      const pages = async (on: ViewStore) => {
        const seen: unknown[] = [];
        for (const [filter, sort] of listings) {
          seen.push(await on.collection('cards').count(filter));
          for (const [skip, limit] of [[0, 5], [5, 5], [12, 50], [40, 0], [70, 5]]) seen.push((await on.collection('cards').find(filter, { sort, skip, limit })).map((doc) => doc._id));
        }
        return seen;
      };
      // Twice each: the first read of a listing builds its order, the second pages from it.
      for (const change of [async () => {}, (on: ViewStore) => on.collection('cards').updateOne({ _id: 'c3' }, { $set: { rank: 9, visible: true } }), (on: ViewStore) => on.collection('cards').deleteOne({ _id: 'c10' }), (on: ViewStore) => on.collection('cards').replaceOne({ _id: 'c99', visible: true, rank: 0, tagIds: ['t1'], name: 'a' })]) {
        await both(change);
        expect(await pages(listed)).toEqual(await pages(memory));
        expect(await pages(listed)).toEqual(await pages(memory));
      }
      await expect(listed.atomically(async () => {
        await listed.collection('cards').deleteMany({ rank: 0 });
        expect((await listed.collection('cards').find({}, { sort: { rank: 1 }, limit: 3 })).map((doc) => doc.rank)).toEqual([1, 1, 1]);
        throw new Error('undo');
      })).rejects.toThrow('undo');
      expect(await pages(listed)).toEqual(await pages(memory));
    } finally {
      await listed.close();
    }
  });

  it('learns a path holds arrays from documents written after its first query', async () => {
    const cards = store.collection('cards');
    await cards.replaceOne({ _id: 'a', tagIds: 't1' });
    expect(await cards.count({ tagIds: 't2' })).toBe(0);
    await cards.replaceOne({ _id: 'b', tagIds: ['t1', 't2'] });
    expect(await cards.count({ tagIds: 't2' })).toBe(1);
    await cards.replaceOne({ _id: 'c', tagIds: [{ id: 't2' }] });
    expect(await cards.count({ 'tagIds.id': 't2' })).toBe(1);
    expect(await cards.count({ tagIds: { $in: ['t1'] } })).toBe(2);
  });

  it('still knows a path holds arrays after a unit that emptied the views is rolled back', async () => {
    const cards = store.collection('cards');
    await cards.replaceOne({ _id: 'a', tagIds: ['t1', 't2'] });
    expect(await cards.find({ tagIds: 't2' }, { sort: { _id: 1 } })).toHaveLength(1);
    await expect(store.atomically(async () => {
      await store.dropAll();
      throw new Error('rebuild stopped');
    })).rejects.toThrow('rebuild stopped');
    expect(await cards.find({ tagIds: 't2' }, { sort: { _id: 1 } })).toHaveLength(1);
    expect(await cards.count({ tagIds: { $in: ['t1'] } })).toBe(1);
  });

  it('keeps the path shapes it learnt in its file: another opening plans from them without scanning the documents', async () => {
    const cards = store.collection('cards');
    await cards.replaceOne({ _id: 'a', tagIds: 't1' });
    expect(await cards.count({ tagIds: 't2' })).toBe(0); // learns the shape of tagIds: strings
    await store.close();
    // Another opening learns, through the shapes kept, that tagIds now holds arrays too: written after
    // the scan, recorded before the document.
    store = openSqliteViewStore({ path });
    await store.collection('cards').replaceOne({ _id: 'b', tagIds: ['t1', 't2'] });
    await store.close();
    const scans: string[] = [];
    const prepare = DatabaseSync.prototype.prepare;
    DatabaseSync.prototype.prepare = function (this: DatabaseSync, sql: string) {
      if (sql.startsWith('SELECT DISTINCT json_type(doc')) scans.push(sql);
      return prepare.call(this, sql);
    } as typeof prepare;
    try {
      store = openSqliteViewStore({ path });
      const reopened = store.collection('cards');
      expect(await reopened.count({ tagIds: 't2' })).toBe(1);
      expect(await reopened.count({ tagIds: { $in: ['t1'] } })).toBe(2);
      expect(scans).toEqual([]);
      // A path it never learnt is scanned (what the spy counts).
      expect(await reopened.count({ colour: 'red' })).toBe(0);
    } finally {
      DatabaseSync.prototype.prepare = prepare;
    }
    expect(scans).toEqual([expect.stringContaining('$."colour"')]);
  });

  it('forgets the path shapes of an emptied collection, in its file too, and learns them again', async () => {
    const cards = store.collection('cards');
    await cards.replaceOne({ _id: 'a', tagIds: ['t1'] });
    expect(await cards.count({ tagIds: 't1' })).toBe(1);
    await store.dropCollection('cards');
    await cards.replaceOne({ _id: 'b', tagIds: 't2' });
    await store.close();
    const file = new DatabaseSync(path, { readOnly: true });
    expect(file.prepare('SELECT path FROM path_shapes WHERE collection = ?').all('cards')).toEqual([]);
    file.close();
    store = openSqliteViewStore({ path });
    expect(await store.collection('cards').count({ tagIds: 't2' })).toBe(1);
    expect(await store.collection('cards').count({ tagIds: 't1' })).toBe(0);
  });

  it('copies collections from another views file: rows with their rids into an empty one, by _id into the others', async () => {
    const otherPath = freshPath();
    const other = openSqliteViewStore({ path: otherPath });
    await other.collection('cards').replaceOne({ _id: 'gone' });
    await other.collection('cards').replaceOne({ _id: 'a', name: { he: 'א' }, tagIds: ['t1'] });
    await other.collection('cards').replaceOne({ _id: 'b', tagIds: 't2', _seen: { s: 1 } });
    await other.collection('cards').deleteOne({ _id: 'gone' });
    await other.collection('notes').replaceOne({ _id: 'n1', text: 'from the other file' });
    await other.close();
    const rows = (file: string, table: string) => {
      const db = new DatabaseSync(file, { readOnly: true });
      try {
        return db.prepare(`SELECT rid, id, json(doc) AS doc FROM "${table}" ORDER BY rid`).all().map((row) => ({ ...row }));
      } finally {
        db.close();
      }
    };

    // What this store learnt before (a path that holds no arrays yet, kept texts) follows the copied rows.
    const cards = store.collection('cards');
    await cards.keepTexts({ keys: [], prefix: '_' });
    expect(await cards.count({ tagIds: 't1' })).toBe(0);
    await store.collection('notes').replaceOne({ _id: 'n1', text: 'replaced' });
    await store.collection('notes').replaceOne({ _id: 'n0', text: 'stays' });

    expect(await store.copyCollectionsFrom(otherPath, ['cards', 'notes', 'absent'])).toBe(3);
    expect(rows(path, 'v_cards')).toEqual(rows(otherPath, 'v_cards'));
    expect(rows(path, 'v_cards').map((row) => row.rid)).toEqual([2, 3]);
    expect(await cards.count({ tagIds: 't1' })).toBe(1);
    const kept = new DatabaseSync(path, { readOnly: true });
    try {
      // The triggers learnt `_seen` from the copied row, and wrote its text again without it.
      expect(kept.prepare(`SELECT kept_text FROM "v_cards" WHERE id = 'b'`).get()).toEqual({ kept_text: JSON.stringify({ tagIds: 't2' }) });
    } finally {
      kept.close();
    }
    expect(await store.collection('notes').find({}, { sort: { _id: 1 } })).toEqual([{ _id: 'n0', text: 'stays' }, { _id: 'n1', text: 'from the other file' }]);
  });

  it('copies an empty collection with the source\'s indexes and path shapes, and detaches the source once the unit ends', async () => {
    const otherPath = freshPath();
    const other = openSqliteViewStore({ path: otherPath });
    const source = other.collection('cards');
    for (const [rank, id] of ['c', 'a', 'b'].entries()) await source.replaceOne({ _id: id, rank, tagIds: [`t${rank}`] });
    await source.createIndex({ rank: 1 });
    await source.createIndex({ tagIds: 1 });
    await other.close();
    const schema = (file: string, sql: string) => {
      const db = new DatabaseSync(file, { readOnly: true });
      try {
        return db.prepare(sql).all().map((row) => ({ ...row }));
      } finally {
        db.close();
      }
    };
    await store.atomically(async () => {
      expect(await store.copyCollectionsFrom(otherPath, ['cards'])).toBe(3);
    });
    // The rows with their rids, the index declared here with its entries (no createIndex on this side), the shapes learnt there.
    expect(schema(path, 'SELECT rid, id, json(doc) AS doc FROM "v_cards" ORDER BY rid')).toEqual(schema(otherPath, 'SELECT rid, id, json(doc) AS doc FROM "v_cards" ORDER BY rid'));
    const indexes = `SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'v_cards' AND sql IS NOT NULL ORDER BY name`;
    expect(schema(path, indexes)).toEqual(schema(otherPath, indexes));
    expect(schema(path, indexes).map((row) => row.name)).toContain('v_cards:rank_1');
    // The elements of the array path came too, as stored (no json_each over the rows here), with the triggers that keep them.
    const elements = `SELECT value, type, rid FROM "e_cards#tagIds" ORDER BY rid`;
    expect(schema(path, elements)).toEqual(schema(otherPath, elements));
    expect(schema(path, elements)).toHaveLength(3);
    const triggers = `SELECT name, tbl_name, sql FROM sqlite_schema WHERE type = 'trigger' ORDER BY name`;
    expect(schema(path, triggers)).toEqual(schema(otherPath, triggers));
    expect(schema(path, triggers)).toHaveLength(3);
    expect(schema(path, 'PRAGMA integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    const shapes = `SELECT path, array_above, kinds FROM path_shapes WHERE collection = 'cards' ORDER BY path`;
    expect(schema(path, shapes)).toEqual(schema(otherPath, shapes));
    expect(schema(path, shapes)).not.toEqual([]);
    expect(store.explain('cards', { rank: 1 }).join('\n')).toMatch(/USING INDEX v_cards:rank_1 /);
    const cards = store.collection('cards');
    await cards.createIndex({ tagIds: 1 });
    expect((await cards.find({ tagIds: 't1' })).map((doc) => doc._id)).toEqual(['a']);
    await cards.replaceOne({ _id: 'd', rank: 7, tagIds: ['t1'] });
    expect((await cards.find({ tagIds: 't1' }, { sort: { _id: 1 } })).map((doc) => doc._id)).toEqual(['a', 'd']);
    // The source is detached once each unit ends: SQLite holds at most 10 attached files at once.
    for (let round = 0; round < 12; round++) {
      await store.atomically(async () => {
        await store.dropCollection('cards');
        expect(await store.copyCollectionsFrom(otherPath, ['cards'])).toBe(3);
      });
    }
    expect(await cards.count({ rank: 2 })).toBe(1);
  });
});

describe('literalPrefixes', () => {
  it('reads anchored literal patterns, classes and alternatives as the prefixes they stand for', () => {
    expect(literalPrefixes('^ab', '')).toEqual(['ab']);
    expect(literalPrefixes('^[nt]:(?:ab|c\\.d)', '')).toEqual(['n:ab', 'n:c.d', 't:ab', 't:c.d']);
    expect(literalPrefixes('^תל', 'u')).toEqual(['תל']);
  });

  it('refuses anything that is not a plain prefix', () => {
    for (const [source, flags] of [['ab', ''], ['^ab', 'i'], ['^a.b', ''], ['^ab*', ''], ['^(?:a|b)+', ''], ['^a\\d', ''], ['^a$', ''], ['^[a-z]', ''], ['^a', 'm']] as const) {
      expect(literalPrefixes(source, flags), source).toBeNull();
    }
  });
});

describe('omittedInSql', () => {
  it('works out a list of omitted fields once: the same list answers the same columns and cut', async () => {
    const unread = ['_seen', 'internal', 'a.b'];
    const first = omittedInSql(unread);
    expect(first.columns).toBe(`rid, json_remove(doc, '$."_seen"', '$."internal"') AS doc`);
    expect(omittedInSql(unread)).toBe(first);
    expect(omittedInSql([...unread]).columns).toBe(first.columns);
    expect(first.rest({ _id: 'x', 'a.b': 1, kept: 2 })).toEqual({ _id: 'x', kept: 2 });
    expect(omittedInSql([])).toBe(omittedInSql(undefined));
    // What the reads answer with such a list, the second time as the first.
    const store = await openSqliteViewStore({ path: freshPath() });
    try {
      await store.collection('docs').replaceOne({ _id: 'x', _seen: { e: 1 }, internal: 'no', 'a.b': 1, kept: 2 } as never);
      for (let read = 0; read < 2; read++) {
        expect(await store.collection('docs').findOne({ _id: 'x' }, { omit: unread })).toEqual({ _id: 'x', kept: 2 });
        expect(await store.collection('docs').find({}, { omit: unread })).toEqual([{ _id: 'x', kept: 2 }]);
      }
    } finally {
      await store.close();
    }
  });
});
