import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync, StatementSync } from 'node:sqlite';
import { afterAll, afterEach, expect, it, vi } from 'vitest';
import { openSqliteViewStore, type SqliteViewStore } from './sqlite-view-store.ts';

// The views file has more than one connection when `npm run views:rebuild` runs beside a server (or
// two instances share it). What a store keeps from its reads (counts, findOne answers, listings' kept
// orders by rid, path shapes, kept texts) must not outlive another connection's commit.

const dir = mkdtempSync(join(tmpdir(), 'sqlite-views-writers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const opened: SqliteViewStore[] = [];
afterEach(async () => { for (const store of opened.splice(0)) await store.close(); });
const open = (path: string) => { const store = openSqliteViewStore({ path, orderLists: 'always' }); opened.push(store); return store; };

const card = (i: number, category: string) => ({ _id: `v${i}`, name: `n${i}`, category, tags: [category], secret: `s${i}` });
const omit = { keys: ['secret'] };

it('a server sees another connection rebuild the views: counts, findOne, listings, array filters and texts', async () => {
  const path = join(dir, 'views.sqlite');
  const server = open(path);
  const cards = server.collection('cards');
  await cards.createIndex({ name: 1 });
  await cards.createIndex({ tags: 1 });
  for (let i = 0; i < 10; i++) await cards.replaceOne(card(i, i % 2 ? 'a' : 'b'));
  await cards.keepTexts!(omit);
  const read = async () => ({
    count: await cards.count({ category: 'a' }),
    first: (await cards.findOne({ category: 'a' }))?._id,
    page: (await cards.find({ tags: 'a' }, { sort: { name: 1 }, limit: 3 })).map((doc) => doc._id),
    texts: await cards.findTexts!({ tags: 'a' }, { sort: { name: 1 }, limit: 2 }, omit),
  });
  // Twice: the second read is the one answered from what the store keeps.
  await read();
  expect(await read()).toEqual({ count: 5, first: 'v1', page: ['v1', 'v3', 'v5'], texts: [JSON.stringify({ _id: 'v1', name: 'n1', category: 'a', tags: ['a'] }), JSON.stringify({ _id: 'v3', name: 'n3', category: 'a', tags: ['a'] })] });

  // Another connection rebuilds in one unit: other rows, other rids, other categories.
  const rebuild = open(path);
  await rebuild.atomically!(async () => {
    await rebuild.dropAll();
    const again = rebuild.collection('cards');
    for (let i = 9; i >= 0; i--) await again.replaceOne(card(i, i < 3 ? 'a' : 'b'));
  });
  expect(await read()).toEqual({ count: 3, first: 'v2', page: ['v0', 'v1', 'v2'], texts: [JSON.stringify({ _id: 'v0', name: 'n0', category: 'a', tags: ['a'] }), JSON.stringify({ _id: 'v1', name: 'n1', category: 'a', tags: ['a'] })] });

  // And a single write of the other connection is seen too.
  await rebuild.collection('cards').replaceOne(card(3, 'a'));
  expect((await read()).count).toBe(4);
  // A text served before is read again once another connection changed its row (not its place).
  await rebuild.collection('cards').replaceOne({ ...card(1, 'a'), note: 'theirs' });
  expect((await read()).texts).toEqual([JSON.stringify({ _id: 'v0', name: 'n0', category: 'a', tags: ['a'] }), JSON.stringify({ _id: 'v1', name: 'n1', category: 'a', tags: ['a'], note: 'theirs' })]);
  // The server's own writes still go on as before.
  await cards.replaceOne(card(4, 'a'));
  expect(await read()).toMatchObject({ count: 5, page: ['v0', 'v1', 'v2'] });
  await cards.replaceOne({ ...card(0, 'a'), note: 'ours' });
  expect((await read()).texts[0]).toBe(JSON.stringify({ _id: 'v0', name: 'n0', category: 'a', tags: ['a'], note: 'ours' }));
});

it("a turn's reads ask data_version once; another process's commit is seen from the next turn on, and at once by a unit or after a write", async () => {
  const path = join(dir, 'turns.sqlite');
  const server = open(path);
  const cards = server.collection('cards');
  await cards.createIndex({ name: 1 });
  for (let i = 0; i < 6; i++) await cards.replaceOne(card(i, i % 2 ? 'a' : 'b'));
  await cards.keepTexts!(omit);
  // Another process's connection: plain SQLite, no store of this process.
  const other = new DatabaseSync(path);
  const theirs = (i: number) => other.prepare('INSERT INTO "v_cards" (id, doc) VALUES (?, jsonb(?))').run(`v${i}`, JSON.stringify(card(i, 'a')));
  const asked = vi.spyOn(StatementSync.prototype, 'get');
  const pragmas = () => asked.mock.contexts.filter((statement) => (statement as StatementSync).sourceSQL === 'PRAGMA data_version').length;
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
  try {
    await nextTurn();
    // A listing's reads one after the other, as a request makes them: one question for all.
    const before = pragmas();
    expect(await cards.count({ category: 'a' })).toBe(3);
    expect(await cards.findTexts!({ category: 'a' }, { sort: { name: 1 }, limit: 2 }, omit)).toHaveLength(2);
    expect((await cards.find({ category: 'a' }, { sort: { name: 1 } })).map((doc) => doc._id)).toEqual(['v1', 'v3', 'v5']);
    expect(pragmas() - before).toBe(1);

    theirs(6);
    await nextTurn();
    expect(await cards.count({ category: 'a' })).toBe(4);
    expect((await cards.find({ category: 'a' }, { sort: { name: 1 } })).map((doc) => doc._id)).toEqual(['v1', 'v3', 'v5', 'v6']);

    // A unit asks when it begins, whatever the turn asked before.
    theirs(7);
    expect(await server.atomically!(async () => cards.count({ category: 'a' }))).toBe(5);

    // So does a write, and the read after it.
    await nextTurn();
    expect(await cards.count({ category: 'a' })).toBe(5);
    theirs(8);
    await cards.replaceOne(card(9, 'b'));
    expect(await cards.count({ category: 'a' })).toBe(6);
  } finally {
    asked.mockRestore();
    other.close();
  }
});

it('a second store of this process on the same file, by another name, is seen within the turn', async () => {
  const path = join(dir, 'linked.sqlite');
  const server = open(path);
  const cards = server.collection('cards');
  for (let i = 0; i < 3; i++) await cards.replaceOne(card(i, 'a'));
  expect(await cards.count({ category: 'a' })).toBe(3);
  symlinkSync(path, join(dir, 'link.sqlite'));
  const other = open(join(dir, 'link.sqlite'));
  // No turn passes: the other store's commit lands between two microtasks of this one.
  await other.collection('cards').replaceOne(card(3, 'a'));
  expect(await cards.count({ category: 'a' })).toBe(4);
});

it("a filter's translation does not outlive another connection's commit that made its path hold arrays", async () => {
  const path = join(dir, 'shapes.sqlite');
  const server = open(path);
  const cards = server.collection('cards');
  await cards.replaceOne({ _id: 'a', label: 'x' });
  // Planned while the path holds only strings: `= ?` on the field.
  expect(await cards.count({ label: 'x' })).toBe(1);
  const other = open(path);
  await other.collection('cards').replaceOne({ _id: 'b', label: ['y', 'x'] });
  await new Promise((resolve) => setImmediate(resolve));
  expect(await cards.count({ label: 'x' })).toBe(2);
  expect((await cards.find({ label: 'x' }, { sort: { _id: 1 } })).map((doc) => doc._id)).toEqual(['a', 'b']);
});
