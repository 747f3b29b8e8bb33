import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteViewStore } from '../infra/view-store/sqlite-view-store.ts';
import { createMemoryViewStore } from '../infra/view-store/memory-view-store.ts';
import { allProjections } from './all-projections.ts';
import { orderMoneyProjection } from './order-money/projection.ts';
import { favoritesProjection } from './favorites/projection.ts';
import { RETIRED_VIEW_INDEXES } from './retired-view-indexes.ts';
import { ensureViewIndexes } from './view-indexes.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The views file's names of indexes (or tables and triggers too) on one table, or whose name begins with a prefix. */
function schemaNames(path: string, where: { table?: string; prefix?: string }, types = ['index']): string[] {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    const rows = db.prepare(`SELECT name, tbl_name, type FROM sqlite_schema WHERE sql IS NOT NULL ORDER BY name`).all() as Array<{ name: string; tbl_name: string; type: string }>;
    return rows.filter((row) => types.includes(row.type) && (where.table === undefined || row.tbl_name === where.table) && (where.prefix === undefined || row.name.startsWith(where.prefix))).map((row) => row.name);
  } finally {
    db.close();
  }
}
const indexesOn = (path: string, table: string): string[] => schemaNames(path, { table });

describe('ensureViewIndexes', () => {
  it('drops the retired indexes a views file written before still has, keeping the declared ones and the documents', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'view-indexes-'));
    dirs.push(dir);
    const path = join(dir, 'views.sqlite');
    const before = openSqliteViewStore({ path });
    const doc = { _id: 'o1', vendorId: 'v1', placedAt: '2026-01-01T00:00:00.000Z', balanceDueDate: '2026-02-01T00:00:00.000Z' };
    await before.collection('orderMoney').replaceOne(doc);
    // What a store before the retirement declared for order money.
    for (const keys of [{ vendorId: 1 }, { balanceDueDate: 1 }, { placedAt: -1 }] as Array<Record<string, 1 | -1>>) await before.collection('orderMoney').createIndex(keys);
    await before.close();
    expect(indexesOn(path, 'v_orderMoney')).toEqual(['v_orderMoney:balanceDueDate_1', 'v_orderMoney:placedAt_-1', 'v_orderMoney:vendorId_1']);
    const after = openSqliteViewStore({ path });
    await ensureViewIndexes(after, [orderMoneyProjection]);
    await ensureViewIndexes(after, [orderMoneyProjection]);
    expect(await after.collection('orderMoney').findOne({ _id: 'o1' })).toEqual(doc);
    await after.close();
    expect(indexesOn(path, 'v_orderMoney')).toEqual(['v_orderMoney:balanceDueDate_1']);
  });

  it('drops a retired multikey index with its elements table and triggers; the documents stay', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'view-indexes-'));
    dirs.push(dir);
    const path = join(dir, 'views.sqlite');
    const before = openSqliteViewStore({ path });
    const doc = { _id: 'u1', userId: 'u1', vendorIds: ['v1', 'v2'], productIds: [] };
    await before.collection('favorites').replaceOne(doc);
    await before.collection('favorites').createIndex({ vendorIds: 1 });
    await before.close();
    const elements = ['e_favorites#vendorIds', 'e_favorites#vendorIds:delete', 'e_favorites#vendorIds:insert', 'e_favorites#vendorIds:rid', 'e_favorites#vendorIds:update'];
    expect(schemaNames(path, { prefix: 'e_favorites' }, ['table', 'index', 'trigger'])).toEqual(elements);
    const after = openSqliteViewStore({ path });
    await ensureViewIndexes(after, [favoritesProjection]);
    await after.collection('favorites').replaceOne({ ...doc, vendorIds: ['v3'] });
    expect(await after.collection('favorites').find({ vendorIds: 'v3' })).toEqual([{ ...doc, vendorIds: ['v3'] }]);
    await after.close();
    expect(schemaNames(path, { prefix: 'e_favorites' }, ['table', 'index', 'trigger'])).toEqual([]);
    expect(indexesOn(path, 'v_favorites')).toEqual([]);
  });

  it('no projection declares an index it retired, and the memory store takes the drops as it takes the declarations', async () => {
    for (const { collection, keys } of RETIRED_VIEW_INDEXES) {
      const declared = allProjections.filter((projection) => projection.collection === collection).flatMap((projection) => projection.indexes ?? []);
      expect(declared.map((index) => JSON.stringify(index))).not.toContain(JSON.stringify(keys));
      expect(allProjections.some((projection) => projection.collection === collection)).toBe(true);
    }
    await expect(ensureViewIndexes(createMemoryViewStore(), allProjections)).resolves.toBeUndefined();
  });
});
