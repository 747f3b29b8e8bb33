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
//
// A listing's list is derived, where it can, from the list of the same order of a broader listing (the
// caller's filter without its last condition): the category "bands" by price is the plain listing by price
// without the rows that are not bands. The rows that match the category are read once (kept for its
// other orders), and each of its lists is the broader list filtered by them: a walk of an array instead
// of reading and sorting every band's document (at 100,000 cards, ~1 ms against ~30 ms a list).
//
// An order and its exact reverse (every direction flipped, ending with a unique key, so no ties: `-name`
// and `name` of the vendor search) share one list, read backwards for the reverse: half the lists to
// build, derive and keep, and a listing's first queries in one direction pay for the other's list too.

/**
 * Orders kept per collection (keys), and rows listed in them all (4 bytes a row: 32 MB), beyond which
 * the least recently used are dropped. The vendor search's listings at 100,000 cards (14 orders, 7 lists
 * with their reverses, × the plain listing, 5 categories and 5 places) list 2.1 million rows.
 */
const MAX_ORDER_LISTS = 1000;
const MAX_LISTED_ROWS = 8_000_000;
/** What listing one row is taken to cost until a list has been built and timed, ms (~0.15 µs walking the name index of 100,000 cards). */
const FIRST_GUESS_MS_PER_ROW = 0.00015;
/** Listings whose matching rows are kept (matchesOf), and their rows in all (a byte or a Set entry each); beyond, the least recently used are dropped. */
const MAX_MATCH_SETS = 256;
const MAX_MATCHED_ROWS = 4_000_000;
/** Up to this rid, a listing's matching rows are a byte per rid; beyond, a Set. */
const MAX_BYTEMAP_RID = 16_000_000;

/** A row as the collection reads it: its rid and the asked columns' `doc` (`served`: a text findTexts answered before, not read). */
export interface Row { rid: number; doc: string; served?: true }

/** When a listing's order is kept as a list of rows: once it pays, from a listing's first page on, or never. */
export type OrderListsMode = 'when-paid' | 'always' | 'never';

/** A listing's order: the time its queries took since the collection changed, then its rows. */
interface OrderList { spentMs: number; rids?: Int32Array | Float64Array; orderBy: string; condition: SqlCondition }

/** The rows matching a listing's condition, by rid. */
interface RidSet { readonly size: number; has(rid: number): boolean }

function ridSet(rids: readonly number[]): RidSet {
  let max = 0;
  for (const rid of rids) if (rid > max) max = rid;
  if (max > MAX_BYTEMAP_RID || rids.some((rid) => rid < 0 || !Number.isInteger(rid))) return new Set(rids);
  const bytes = new Uint8Array(max + 1);
  for (const rid of rids) bytes[rid] = 1;
  return { size: rids.length, has: (rid) => rid <= max && bytes[rid] === 1 };
}

/**
 * The rids of a page (skip, limit) of a list, or of its reverse (read from its end). Copied by a loop:
 * spreading a subarray (a view made, then walked by its iterator) cost ~1 µs a 24-row page against ~0.1.
 */
export function sliceOf(rids: Int32Array | Float64Array, skip: number, limit: number | undefined, reversed: boolean): number[] {
  const end = reversed ? rids.length - skip : limit ? Math.min(rids.length, skip + limit) : rids.length;
  const from = reversed ? (limit ? Math.max(0, end - limit) : 0) : skip;
  if (end <= from) return [];
  const page: number[] = new Array(end - from);
  if (reversed) for (let at = 0; at < page.length; at++) page[at] = rids[end - 1 - at]!;
  else for (let at = 0; at < page.length; at++) page[at] = rids[from + at]!;
  return page;
}

/** What the collection knows of its listings' counts since it last changed. */
export interface KnownCounts {
  /** How many counts are known (none: nothing but the projectors' own reads since the last change). */
  readonly size: number;
  /** The count of a condition's matches, when asked since the last change. */
  of(condition: SqlCondition): number | undefined;
}

const conditionKey = (condition: SqlCondition): string => `${condition.sql}\n${JSON.stringify(condition.params)}`;
const listKey = (orderBy: string, condition: SqlCondition): string => `${orderBy}\n${conditionKey(condition)}`;

/** Whether `condition` reads as `broader AND more` (its SQL and parameters begin with broader's), or broader is every row. */
function extends_(condition: SqlCondition, broader: SqlCondition): boolean {
  if (broader.sql === '1') return true;
  return condition.sql.startsWith(`${broader.sql} AND `) && broader.params.every((param, index) => condition.params[index] === param);
}

/**
 * Drops the least recently used entries (a Map's first ones) until `fits`, never `kept` (the entry just
 * kept, last): one at a time, so a cycle of entries a little beyond the bounds does not empty the map.
 */
function dropLeastRecent<V>(entries: Map<string, V>, kept: string, fits: () => boolean, dropped: (value: V) => void): void {
  for (const [oldest, value] of entries) {
    if (fits() || oldest === kept) break;
    entries.delete(oldest);
    dropped(value);
  }
}

export class KeptRowOrders {
  private readonly orders = new Map<string, OrderList>();
  private listedRows = 0;
  /** What building a list took per row, measured (ms). */
  private msPerListedRow = FIRST_GUESS_MS_PER_ROW;
  /** What deriving a list took per listed row, measured (ms). */
  private msPerDerivedRow = FIRST_GUESS_MS_PER_ROW;
  /** The matching rows of listings whose lists were derived (matchesOf), by conditionKey, least recently used first. */
  private readonly matches = new Map<string, RidSet>();
  private matchedRows = 0;

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
  page(condition: SqlCondition, asked: string, options: FindOptions, counts: KnownCounts, run: () => Row[], readRids: (rids: number[]) => Row[], broader?: () => SqlCondition | null, reverse?: string | null): Row[] {
    // Nothing counted or kept since the last change (the projectors' own reads while they write): SQL.
    if (counts.size === 0 && this.orders.size === 0 && this.mode !== 'always') return run();
    // `reverse`: the exact reverse of the asked order, when it has one. The list is kept in the smaller of the two.
    const reversed = typeof reverse === 'string' && reverse < asked;
    const orderBy = reversed ? reverse : asked;
    const key = listKey(orderBy, condition);
    const known = this.orders.get(key);
    if (known?.rids) {
      // Most recently used last: the first ones are dropped first.
      this.orders.delete(key);
      this.orders.set(key, known);
      return readRids(sliceOf(known.rids, options.skip ?? 0, options.limit, reversed));
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
    if (this.mode !== 'always' && known === undefined) {
      this.remember(key, { spentMs, orderBy, condition });
      return rows;
    }
    const base = this.baseOf(key, condition, orderBy, broader);
    const pays = this.mode === 'always' || spentMs >= rowsToList! * (base ? this.msPerDerivedRow : this.msPerListedRow);
    this.remember(key, pays ? { spentMs, orderBy, condition, rids: (base && this.derivedList(condition, orderBy, base)) ?? this.listOrder(condition, orderBy) } : { spentMs, orderBy, condition });
    return rows;
  }

  /**
   * What the listing's list would be derived from: the shortest kept list of the same order whose
   * condition the listing's extends (`(a) AND (b)` extends `(a)`), else the condition `broader` gives
   * (the caller's filter without its last condition), whose list is built with the first list derived from it.
   */
  private baseOf(key: string, condition: SqlCondition, orderBy: string, broader?: () => SqlCondition | null): Int32Array | Float64Array | SqlCondition | null {
    let base: Int32Array | Float64Array | null = null;
    for (const [other, list] of this.orders) {
      if (other !== key && list.orderBy === orderBy && list.rids && extends_(condition, list.condition) && (!base || list.rids.length < base.length)) base = list.rids;
    }
    if (base) return base;
    const wider = broader?.() ?? null;
    return wider && wider.sql !== condition.sql && extends_(condition, wider) ? wider : null;
  }

  /** The listing's list derived from `base` (a kept list, or the condition of one to build and keep); null when it does not hold every matching row. */
  private derivedList(condition: SqlCondition, orderBy: string, base: Int32Array | Float64Array | SqlCondition): Int32Array | Float64Array | null {
    let rids: Int32Array | Float64Array;
    if (base instanceof Int32Array || base instanceof Float64Array) rids = base;
    else {
      const widerKey = listKey(orderBy, base);
      const kept = this.orders.get(widerKey)?.rids;
      rids = kept ?? this.listOrder(base, orderBy);
      if (!kept) this.remember(widerKey, { spentMs: 0, orderBy, condition: base, rids });
    }
    return this.derivedOrder(condition, rids);
  }

  /** The rows matching the condition, read once per change of the collection (bounded, least recently used dropped). */
  private matchesOf(condition: SqlCondition): RidSet {
    const key = conditionKey(condition);
    const known = this.matches.get(key);
    if (known) {
      this.matches.delete(key);
      this.matches.set(key, known);
      return known;
    }
    const statement = this.db.prepare(`SELECT rid FROM ${this.table} WHERE ${condition.sql}`);
    statement.setReturnArrays(true);
    const matching = ridSet((statement.all(...condition.params) as unknown as Array<[number]>).map((row) => row[0]));
    this.matches.set(key, matching);
    this.matchedRows += matching.size;
    dropLeastRecent(this.matches, key, () => this.matches.size <= MAX_MATCH_SETS && this.matchedRows <= MAX_MATCHED_ROWS, (dropped) => {
      this.matchedRows -= dropped.size;
    });
    return matching;
  }

  /**
   * The listing's order as the base list's rows that match it, in the base's order; null unless every
   * matching row is in the base. Then it is exactly what SQL would list: the same ORDER BY, ending
   * with rid, orders both.
   */
  private derivedOrder(condition: SqlCondition, base: Int32Array | Float64Array): Int32Array | Float64Array | null {
    const matching = this.matchesOf(condition);
    if (matching.size > base.length) return null;
    const started = performance.now();
    const rids = base instanceof Int32Array ? new Int32Array(matching.size) : new Float64Array(matching.size);
    let listed = 0;
    for (let index = 0; index < base.length && listed < rids.length; index++) {
      const rid = base[index]!;
      if (matching.has(rid)) rids[listed++] = rid;
    }
    if (listed !== matching.size) return null;
    // What the next derived lists are taken to cost per listed row: the walk. The matching rows and the
    // broader list are read once for all the lists derived from them (every order of a category).
    if (listed > 0) this.msPerDerivedRow = (performance.now() - started) / listed;
    return rids;
  }

  /** Keeps a listing's entry, last; drops the least recently used beyond the bounds. */
  private remember(key: string, list: OrderList): void {
    this.orders.delete(key);
    this.orders.set(key, list);
    this.listedRows += list.rids?.length ?? 0;
    // The list just built stays, however long.
    dropLeastRecent(this.orders, key, () => this.orders.size <= this.bounds.lists && this.listedRows <= this.bounds.rows, (dropped) => {
      this.listedRows -= dropped.rids?.length ?? 0;
    });
  }

  /** The collection changed: no kept order holds any more. */
  forget(): void {
    this.orders.clear();
    this.listedRows = 0;
    this.matches.clear();
    this.matchedRows = 0;
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
