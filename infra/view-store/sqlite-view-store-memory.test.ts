import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openSqliteViewStore } from './sqlite-view-store.ts';

// What the store does over a whole collection must not hold the collection in memory. Both did at a
// start after a rebuild of a long log, where they were the server's largest allocations
// (docs/benchmarks.md, figure 12):
// - the first query on a path learns its shape by a scan of the collection (sqlite-query-planner.ts
//   shapeOf); as a GROUP BY, SQLite's sorter took every row's document (queries keep temp_store = MEMORY);
// - keepTexts writes a text into every row, in a savepoint whose journal keeps the original of every
//   page changed, which never spills on MEMORY.
// Each runs in a process of its own, whose peak resident set is then that work's.

const dir = mkdtempSync(join(tmpdir(), 'sqlite-views-memory-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const DOCUMENTS = 8_000;
const TEXT_BYTES = 25_000; // 200 MB of documents in all, three times the store's page cache (64 MB)
const path = join(dir, 'views.sqlite');

beforeAll(async () => {
  const setup = openSqliteViewStore({ path });
  await setup.collection('big').replaceOne({ _id: 'd0', flag: true, text: 'x' });
  await setup.close();
  // Written by SQL itself: 200 MB of documents through the store's API would take the test's time.
  const db = new DatabaseSync(path);
  db.exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${DOCUMENTS})
    INSERT INTO "v_big" (id, doc) SELECT 'd' || i, jsonb(json_object('_id', 'd' || i, 'flag', json(iif(i % 2, 'true', '"no"')), 'text', printf('%.*c', ${TEXT_BYTES}, 'x'))) FROM n`);
  db.close();
}, 120_000);

/** Runs `work` (a script's body, `big` the collection) in a new process on the file: what it logs, and how much its peak resident set grew, MB. */
function inProcessOfItsOwn(work: string): { logged: unknown; grewMb: number } {
  const store = new URL('./sqlite-view-store.ts', import.meta.url).href;
  const script = `
    const { openSqliteViewStore } = await import(${JSON.stringify(store)});
    const store = openSqliteViewStore({ path: ${JSON.stringify(path)} });
    const big = store.collection('big');
    const peakBefore = process.resourceUsage().maxRSS;
    const logged = await (async () => { ${work} })();
    console.log(JSON.stringify({ logged, grewMb: (process.resourceUsage().maxRSS - peakBefore) / 1024 }));
    await store.close();`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 120_000 });
  expect(child.stderr).toBe('');
  return JSON.parse(child.stdout) as { logged: unknown; grewMb: number };
}

// The page cache (up to 64 MB) may fill either way; the documents (200 MB) must not be held besides.
const MOST_MB = 100;

it('learns a path\'s shape without holding the collection\'s documents in memory', () => {
  const { logged, grewMb } = inProcessOfItsOwn(`return [await big.count({ flag: true }), await big.count({ flag: 'no' })];`);
  // Both kinds at the path were learnt (a boolean and a string), so both filters answer exactly.
  expect(logged).toEqual([DOCUMENTS / 2 + 1, DOCUMENTS / 2]);
  expect(grewMb).toBeLessThan(MOST_MB);
}, 180_000);

it('keeps every document\'s text without holding the collection in memory', () => {
  const { logged, grewMb } = inProcessOfItsOwn(`
    await big.keepTexts({ keys: ['text'] });
    return big.findTexts({ _id: { $in: ['d0', 'd2'] } }, { sort: { _id: 1 } }, { keys: ['text'] });`);
  expect(logged).toEqual([JSON.stringify({ _id: 'd0', flag: true }), JSON.stringify({ _id: 'd2', flag: 'no' })]);
  expect(grewMb).toBeLessThan(MOST_MB);
}, 180_000);
