import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { KeptRowOrders, type Row } from './sqlite-row-orders.ts';
import type { SqlCondition } from './sqlite-filter.ts';

// The kept orders' bounds (docs/embedded-views.md "Listings"): beyond them the least recently used
// lists are dropped, one at a time, never all at once (a cycle of listings a little larger than the
// bound would otherwise rebuild every list on every turn).

function fixture(rows: number) {
  const db = new DatabaseSync(':memory:');
  db.exec('CREATE TABLE t (rid INTEGER PRIMARY KEY, kind TEXT, doc TEXT)');
  const insert = db.prepare('INSERT INTO t (kind, doc) VALUES (?, ?)');
  for (let i = 0; i < rows; i++) insert.run(['a', 'b', 'c'][i % 3]!, `d${i}`);
  const orders = new KeptRowOrders(db, 't', 'always', { lists: 10, rows: 9 });
  const listing = (kind: string): SqlCondition => ({ sql: 'kind = ?', params: [kind], exact: true });
  /** A page of a listing, and whether it came from SQL (no kept list) rather than from the list. */
  const page = (kind: string): { rows: Row[]; fromSql: boolean } => {
    let fromSql = false;
    const run = () => {
      fromSql = true;
      return db.prepare('SELECT rid, doc FROM t WHERE kind = ? ORDER BY rid LIMIT 2').all(kind) as unknown as Row[];
    };
    const byRid = (rids: number[]) => rids.map((rid) => db.prepare('SELECT rid, doc FROM t WHERE rid = ?').get(rid) as unknown as Row);
    return { rows: orders.page(listing(kind), 'rid', { limit: 2 }, { size: 1, of: () => 4 }, run, byRid), fromSql };
  };
  return { page };
}

describe('KeptRowOrders bounds', () => {
  it('drops the least recently used list beyond the rows bound, and keeps the others', () => {
    // 12 rows: each kind lists 4; two lists fit in 9 rows, three do not.
    const { page } = fixture(12);
    expect(page('a').fromSql).toBe(true);
    expect(page('a').fromSql).toBe(false);
    expect(page('b').fromSql).toBe(true);
    // a is used again: b is now the least recently used.
    expect(page('a').fromSql).toBe(false);
    expect(page('c').fromSql).toBe(true);
    expect(page('a').fromSql).toBe(false);
    expect(page('c').fromSql).toBe(false);
    expect(page('b').fromSql).toBe(true);
  });

  it('answers the same rows from a list as from SQL', () => {
    const { page } = fixture(12);
    const first = page('b');
    const again = page('b');
    expect(again.fromSql).toBe(false);
    expect(again.rows).toEqual(first.rows);
  });
});
