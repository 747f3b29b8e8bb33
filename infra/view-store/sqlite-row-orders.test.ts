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

// Derived lists (docs/embedded-views.md "Listings"): a listing whose condition extends a broader one's
// takes its list from the broader listing's list of the same order, filtered by its matching rows.
describe('KeptRowOrders derived lists', () => {
  function catalog() {
    const db = new DatabaseSync(':memory:');
    db.exec('CREATE TABLE t (rid INTEGER PRIMARY KEY, visible INTEGER, kind TEXT, price INTEGER, doc TEXT)');
    const insert = db.prepare('INSERT INTO t (visible, kind, price, doc) VALUES (?, ?, ?, ?)');
    // Prices repeat, so the order's ties fall to rid, as the store's ORDER BY ends.
    for (let i = 0; i < 60; i++) insert.run(i % 5 === 0 ? 0 : 1, ['a', 'b', 'c'][i % 3]!, (i * 7) % 11, `d${i}`);
    const orders = new KeptRowOrders(db, 't', 'always');
    const visible: SqlCondition = { sql: '(visible = 1)', params: [], exact: true };
    const ofKind = (kind: string): SqlCondition => ({ sql: '(visible = 1) AND (kind = ?)', params: [kind], exact: true });
    const sqlStatements: string[] = [];
    const listed = (condition: SqlCondition, orderBy: string, broader?: SqlCondition) => {
      const run = () => db.prepare(`SELECT rid, doc FROM t WHERE ${condition.sql} ORDER BY ${orderBy}`).all(...condition.params) as unknown as Row[];
      const byRid = (rids: number[]) => rids.map((rid) => db.prepare('SELECT rid, doc FROM t WHERE rid = ?').get(rid) as unknown as Row);
      const prepare = db.prepare.bind(db);
      db.prepare = ((sql: string) => { sqlStatements.push(sql); return prepare(sql); }) as typeof db.prepare;
      try {
        return orders.page(condition, orderBy, {}, { size: 1, of: () => 1 }, run, byRid, broader && (() => broader));
      } finally {
        db.prepare = prepare;
      }
    };
    const expected = (condition: SqlCondition, orderBy: string) =>
      (db.prepare(`SELECT rid, doc FROM t WHERE ${condition.sql} ORDER BY ${orderBy}`).all(...condition.params) as unknown as Row[]).map((row) => ({ ...row }));
    return { orders, visible, ofKind, listed, expected, sqlStatements };
  }

  it('lists a category as SQL would, from the plain listing of the same order, for every order', () => {
    const { visible, ofKind, listed, expected, sqlStatements } = catalog();
    for (const orderBy of ['price ASC, rid', 'price DESC, rid', 'rid']) {
      for (const kind of ['a', 'b', 'c']) {
        expect(listed(ofKind(kind), orderBy, visible).map((row) => ({ ...row }))).toEqual(expected(ofKind(kind), orderBy));
      }
    }
    // What the lists read (the pages' own SQL aside): each order of the plain listing once, each kind's
    // matching rows once; no kind's list was sorted by SQL.
    const lists = sqlStatements.filter((sql) => sql.startsWith('SELECT rid FROM t WHERE'));
    expect(lists.filter((sql) => sql.includes('ORDER BY'))).toEqual(['price ASC, rid', 'price DESC, rid', 'rid'].map((orderBy) => `SELECT rid FROM t WHERE (visible = 1) ORDER BY ${orderBy}`));
    expect(lists.filter((sql) => !sql.includes('ORDER BY'))).toEqual(['a', 'b', 'c'].map(() => 'SELECT rid FROM t WHERE (visible = 1) AND (kind = ?)'));
  });

  it('lists by SQL a listing whose condition does not extend the one offered as broader', () => {
    const { ofKind, listed, expected, sqlStatements } = catalog();
    // Kind b's list is kept, and kind a is offered b as its broader listing: the same SQL, other parameters.
    listed(ofKind('b'), 'price ASC, rid');
    const kindA: SqlCondition = { sql: '(visible = 1) AND (kind = ?) AND (price >= 0)', params: ['a'], exact: true };
    sqlStatements.length = 0;
    expect(listed(kindA, 'price ASC, rid', ofKind('b')).map((row) => ({ ...row }))).toEqual(expected(kindA, 'price ASC, rid'));
    expect(sqlStatements.filter((sql) => sql.startsWith('SELECT rid FROM t WHERE'))).toEqual(['SELECT rid FROM t WHERE (visible = 1) AND (kind = ?) AND (price >= 0) ORDER BY price ASC, rid']);
  });
});

// An order and its exact reverse share one list, read backwards for the reverse.
describe('KeptRowOrders reversed orders', () => {
  const ascending = 'price ASC, rid ASC';
  const descending = 'price DESC, rid DESC';
  function catalog() {
    const db = new DatabaseSync(':memory:');
    db.exec('CREATE TABLE t (rid INTEGER PRIMARY KEY, kind TEXT, price INTEGER, doc TEXT)');
    const insert = db.prepare('INSERT INTO t (kind, price, doc) VALUES (?, ?, ?)');
    // Prices repeat: ties fall to rid, in both directions.
    for (let i = 0; i < 30; i++) insert.run(['a', 'b'][i % 2]!, (i * 7) % 11, `d${i}`);
    const orders = new KeptRowOrders(db, 't', 'always');
    const condition: SqlCondition = { sql: 'kind = ?', params: ['a'], exact: true };
    const listsBuilt: string[] = [];
    const sqlPage = (orderBy: string, skip: number, limit?: number) =>
      (db.prepare(`SELECT rid, doc FROM t WHERE kind = ? ORDER BY ${orderBy} LIMIT ? OFFSET ?`).all('a', limit ?? -1, skip) as unknown as Row[]).map((row) => ({ ...row }));
    const listed = (orderBy: string, reverse: string, skip: number, limit?: number) => {
      let fromSql = false;
      const run = () => { fromSql = true; return sqlPage(orderBy, skip, limit); };
      const byRid = (rids: number[]) => rids.map((rid) => ({ ...(db.prepare('SELECT rid, doc FROM t WHERE rid = ?').get(rid) as unknown as Row) }));
      const prepare = db.prepare.bind(db);
      db.prepare = ((sql: string) => { if (sql.startsWith('SELECT rid FROM t')) listsBuilt.push(sql); return prepare(sql); }) as typeof db.prepare;
      try {
        return { rows: orders.page(condition, orderBy, { skip, limit }, { size: 1, of: () => 15 }, run, byRid, undefined, reverse).map((row) => ({ ...row })), fromSql };
      } finally {
        db.prepare = prepare;
      }
    };
    return { orders, listed, sqlPage, listsBuilt };
  }

  it('answers both directions, every page, from the one list, as SQL would', () => {
    const { listed, sqlPage, listsBuilt } = catalog();
    listed(ascending, descending, 0, 5);
    for (const [orderBy, reverse] of [[descending, ascending], [ascending, descending]] as const) {
      for (const [skip, limit] of [[0, 5], [3, 4], [12, 5], [14, 1], [15, 3], [20, 2], [0, undefined], [10, undefined]] as const) {
        const page = listed(orderBy, reverse, skip, limit);
        expect(page.fromSql).toBe(false);
        expect(page.rows).toEqual(sqlPage(orderBy, skip, limit));
      }
    }
    expect(listsBuilt).toEqual([`SELECT rid FROM t WHERE kind = ? ORDER BY ${ascending}`]);
  });

  it('forgets the shared list when the collection changes', () => {
    const { orders, listed, listsBuilt } = catalog();
    listed(descending, ascending, 0, 5);
    orders.forget();
    expect(listed(descending, ascending, 0, 5).rows).toHaveLength(5);
    expect(listsBuilt).toHaveLength(2);
  });
});
