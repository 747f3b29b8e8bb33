import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteViewStore } from './sqlite-view-store.ts';

// A rebuild's unit (atomically, `rebuild`) on a views file that holds nothing yet runs on a rollback
// journal, not the write-ahead log, which would take every page and then have them written into the
// file a second time; it is one unit all the same, and the file is back on the log after it.

const dir = mkdtempSync(join(tmpdir(), 'sqlite-rebuild-unit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const freshPath = () => join(dir, `views-${++files}.sqlite`);
const sizeOf = (path: string) => (existsSync(path) ? statSync(path).size : 0);
const journalModeOf = (path: string) => {
  const db = new DatabaseSync(path);
  try {
    return (db.prepare('PRAGMA journal_mode').get() as { journal_mode: string }).journal_mode;
  } finally {
    db.close();
  }
};
/** 4 MB of documents. */
const text = 'x'.repeat(400_000);

describe("a rebuild's unit on an empty views file", () => {
  it('writes the file without the write-ahead log, in one unit, and the file is back on the log after it', async () => {
    const path = freshPath();
    const store = openSqliteViewStore({ path });
    await store.collection('cards').replaceOne({ _id: 'before', n: 0 });
    await store.atomically(async () => {
      await store.collection('cards').deleteMany({});
      for (let n = 0; n < 10; n++) await store.collection('cards').replaceOne({ _id: `c${n}`, text });
      // The unit's reads see its writes, as on the log.
      expect(await store.collection('cards').count()).toBe(10);
    }, { rebuild: true });
    // Committed into the file itself: the log never held the 4 MB.
    expect(sizeOf(path)).toBeGreaterThan(4_000_000);
    expect(sizeOf(`${path}-wal`)).toBeLessThan(500_000);
    expect(existsSync(`${path}-journal`)).toBe(false);
    // A later write goes through the log again, and its checkpointer thread moves it into the file.
    await store.collection('cards').replaceOne({ _id: 'after', text });
    expect(sizeOf(`${path}-wal`)).toBeGreaterThan(400_000);
    expect(journalModeOf(path)).toBe('wal');
    expect(await store.collection('cards').count()).toBe(11);
    await store.close();
    const reopened = openSqliteViewStore({ path });
    expect(await reopened.collection('cards').count()).toBe(11);
    await reopened.close();
  });

  it('a unit that throws leaves the file as it was, on the log', async () => {
    const path = freshPath();
    const store = openSqliteViewStore({ path });
    await store.collection('cards').replaceOne({ _id: 'before', n: 0 });
    await expect(store.atomically(async () => {
      await store.collection('cards').deleteMany({});
      for (let n = 0; n < 10; n++) await store.collection('cards').replaceOne({ _id: `c${n}`, text });
      throw new Error('stopped');
    }, { rebuild: true })).rejects.toThrow('stopped');
    expect(await store.collection('cards').find()).toEqual([{ _id: 'before', n: 0 }]);
    expect(existsSync(`${path}-journal`)).toBe(false);
    expect(journalModeOf(path)).toBe('wal');
    await store.close();
  });

  it('stays on the log where another connection has the file open, which reads the views as they were meanwhile', async () => {
    const path = freshPath();
    const store = openSqliteViewStore({ path });
    await store.collection('cards').replaceOne({ _id: 'before', n: 0 });
    const other = new DatabaseSync(path);
    const count = other.prepare('SELECT count(*) AS n FROM v_cards');
    expect(count.get()).toEqual({ n: 1 });
    await store.atomically(async () => {
      await store.collection('cards').deleteMany({});
      for (let n = 0; n < 10; n++) await store.collection('cards').replaceOne({ _id: `c${n}`, text });
      expect(count.get()).toEqual({ n: 1 });
    }, { rebuild: true });
    expect(count.get()).toEqual({ n: 10 });
    expect(sizeOf(`${path}-wal`)).toBeGreaterThan(4_000_000);
    other.close();
    await store.close();
  });

  it('stays on the log on a file that holds views already', async () => {
    const path = freshPath();
    const store = openSqliteViewStore({ path });
    // 20 MB: more than the most pages (1,024 of 16 KiB) a rebuild's unit may find for a rollback journal.
    for (let n = 0; n < 50; n++) await store.collection('cards').replaceOne({ _id: `old${n}`, text });
    await store.atomically(async () => {
      await store.collection('cards').deleteMany({});
      await store.collection('cards').replaceOne({ _id: 'c', n: 1 });
    }, { rebuild: true });
    expect(existsSync(`${path}-wal`)).toBe(true);
    expect(await store.collection('cards').find()).toEqual([{ _id: 'c', n: 1 }]);
    await store.close();
  });

  it('a process killed in the middle of the unit leaves the file as it was, and the next one builds it', async () => {
    const path = freshPath();
    const child = spawn(process.execPath, [fileURLToPath(new URL('./sqlite-rebuild-unit.child.ts', import.meta.url)), path], { stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    // Killed once the unit has written pages into the file itself (more than the connection's 64 MB cache).
    await new Promise<void>((resolve, reject) => {
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', () => { if (sizeOf(path) > 20_000_000 && existsSync(`${path}-journal`)) resolve(); });
      child.once('exit', (code) => reject(new Error(`the child exited with ${code}`)));
    });
    child.kill('SIGKILL');
    await exited;
    expect(existsSync(`${path}-journal`)).toBe(true);

    const store = openSqliteViewStore({ path });
    expect(await store.collection('cards').find()).toEqual([{ _id: 'before', n: 0 }]);
    expect(existsSync(`${path}-journal`)).toBe(false);
    await store.atomically(async () => {
      await store.collection('cards').deleteMany({});
      for (let n = 0; n < 10; n++) await store.collection('cards').replaceOne({ _id: `c${n}`, text });
    }, { rebuild: true });
    expect(await store.collection('cards').count()).toBe(10);
    await store.close();
    const check = new DatabaseSync(path);
    expect(check.prepare('PRAGMA integrity_check').get()).toEqual({ integrity_check: 'ok' });
    expect((check.prepare('PRAGMA journal_mode').get() as { journal_mode: string }).journal_mode).toBe('wal');
    check.close();
  }, 60_000);
});
