import type { DatabaseSync } from 'node:sqlite';
import type { FindOptions } from '../../domain/ports/view-store.ts';
import type { SqlCondition } from './sqlite-filter.ts';

// Listings' orders by query (SQL, parameters and ORDER BY) since the collection last changed
// (docs/embedded-views.md "Listings"): a page is then a slice of the list, read by rid, where SQL would
// walk every row before the page (OFFSET) or every element of a category before the first row. A list
// is built once the queries of its listing have taken as long as building it would, and never at its
// first query (a ski-rental rule: it never costs more than about twice what it saves, however often the
// collection changes), counted only where the listing's count is known already (listPage asks it
// beside each page).

/**
 * Orders kept per collection (keys), and rows listed in them all (4 bytes a row: 32 MB), beyond which
 * the least recently used are dropped. The vendor search's listings at 100,000 cards (14 orders × the
 * plain listing, 5 categories and 5 places) list 4.2 million rows.
 */
const MAX_ORDER_LISTS = 1000;
const MAX_LISTED_ROWS = 8_000_000;
/** What listing one row is taken to cost until a list has been built and timed, ms (~0.15 µs walking the name index of 100,000 cards). */
const FIRST_GUESS_MS_PER_ROW = 0.00015;

/** A row as the collection reads it: its rid and the asked columns' `doc` (`served`: a text findTexts answered before, not read). */
export interface Row { rid: number; doc: string; served?: true }

/** When a listing's order is kept as a list of rows: once it pays, from a listing's first page on, or never. */
export type OrderListsMode = 'when-paid' | 'always' | 'never';

/** A listing's order: the time its queries took since the collection changed, then its rows. */
interface OrderList { spentMs: number; rids?: Int32Array | Float64Array }

/** What the collection knows of its listings' counts since it last changed. */
export interface KnownCounts {
  /** How many counts are known (none: nothing but the projectors' own reads since the last change). */
  readonly size: number;
  /** The count of a condition's matches, when asked since the last change. */
  of(condition: SqlCondition): number | undefined;
}

export class KeptRowOrders {
  private readonly orders = new Map<string, OrderList>();
  private listedRows = 0;
  /** What building a list took per row, measured (ms). */
  private msPerListedRow = FIRST_GUESS_MS_PER_ROW;

  private readonly db: DatabaseSync;
  /** The collection's table, quoted. */
  private readonly table: string;
  private readonly mode: OrderListsMode;
  private readonly bounds: { lists: number; rows: number };

  constructor(db: DatabaseSync, table: string, mode: OrderListsMode, bounds = { lists: MAX_ORDER_LISTS, rows: MAX_LISTED_ROWS }) {
    this.db = db;
    this.table = table;
    this.mode = mode;
    this.bounds = bounds;
  }

  /**
   * A page from the listing's kept order (its rows read with `readRids`), or from SQL (`run`, timed)
   * while the list does not pay yet.
   */
  page(condition: SqlCondition, orderBy: string, options: FindOptions, counts: KnownCounts, run: () => Row[], readRids: (rids: number[]) => Row[]): Row[] {
    // Nothing counted or kept since the last change (the projectors' own reads while they write): SQL.
    if (counts.size === 0 && this.orders.size === 0 && this.mode !== 'always') return run();
    const key = `${orderBy}\n${condition.sql}\n${JSON.stringify(condition.params)}`;
    const known = this.orders.get(key);
    if (known?.rids) {
      // Most recently used last: the first ones are dropped first.
      this.orders.delete(key);
      this.orders.set(key, known);
      const start = options.skip ?? 0;
      return readRids([...known.rids.subarray(start, options.limit ? start + options.limit : undefined)]);
    }
    const started = performance.now();
    const rows = run();
    const spentMs = (known?.spentMs ?? 0) + performance.now() - started;
    const rowsToList = counts.of(condition);
    // Only listings (their count asked) are kept track of: a lookup by ids never becomes a list.
    if (rowsToList === undefined && this.mode !== 'always') return rows;
    // Never at a listing's first query: most are asked once (another vendor's reviews on each vendor
    // page), and listing them cost as much as the query itself. From the second query on, as the rule
    // above says: SQL at most once more than a list bought at once would have cost.
    const pays = this.mode === 'always' || (known !== undefined && spentMs >= rowsToList! * this.msPerListedRow);
    this.remember(key, pays ? { spentMs, rids: this.listOrder(condition, orderBy) } : { spentMs });
    return rows;
  }

  /** Keeps a listing's entry, last; drops the least recently used beyond the bounds. */
  private remember(key: string, list: OrderList): void {
    this.orders.delete(key);
    this.orders.set(key, list);
    this.listedRows += list.rids?.length ?? 0;
    for (const [oldest, dropped] of this.orders) {
      if (this.orders.size <= this.bounds.lists && this.listedRows <= this.bounds.rows) break;
      if (oldest === key) break; // the list just built stays, however long
      this.orders.delete(oldest);
      this.listedRows -= dropped.rids?.length ?? 0;
    }
  }

  /** The collection changed: no kept order holds any more. */
  forget(): void {
    this.orders.clear();
    this.listedRows = 0;
  }

  /** Every matching rid in the listing's order (a walk of the index that serves it). */
  private listOrder(condition: SqlCondition, orderBy: string): Int32Array | Float64Array {
    const started = performance.now();
    // Not the store's statement cache: its rows are arrays, which no other caller expects.
    const statement = this.db.prepare(`SELECT rid FROM ${this.table} WHERE ${condition.sql} ORDER BY ${orderBy}`);
    statement.setReturnArrays(true);
    const values = (statement.all(...condition.params) as unknown as Array<[number]>).map((row) => row[0]);
    const rids = values.every((rid) => rid <= 0x7fffffff) ? Int32Array.from(values) : Float64Array.from(values);
    if (rids.length > 0) this.msPerListedRow = (performance.now() - started) / rids.length;
    return rids;
  }
}
