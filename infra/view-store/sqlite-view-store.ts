import { AsyncLocalStorage } from 'node:async_hooks';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { find as mingoFind, Query, update as applyUpdate } from 'mingo';
import { VERSION_FIELD, type Filter, type FindOptions, type Sort, type TextOmission, type TextReads, type UnitOptions, type Update, type ViewCollection, type ViewDocument, type ViewStore } from '../../domain/ports/view-store.ts';
import { upsertedDocument } from './upsert-document.ts';
import { KEPT_TEXTS_SCHEMA, KeptTexts, omissionKey } from './sqlite-kept-texts.ts';
import { KeptRowOrders, type KnownCounts, type OrderListsMode, type Row } from './sqlite-row-orders.ts';
import { ServedTexts } from './sqlite-served-texts.ts';
import { extractSql, GATHERS_ELEMENTS, ID_COLUMN, jsonPath, sqlText, type SqlCondition, type SqlParam } from './sqlite-filter.ts';
import { ELEMENTS_PREFIX, PATH_SHAPES_SCHEMA, SqliteQueryPlanner } from './sqlite-query-planner.ts';
import type { WalCheckpointerData } from './sqlite-wal-checkpointer.ts';
import { connectionTo, type FileConnection } from './sqlite-file-connections.ts';
import { defaultIndexName } from './index-name.ts';

// The persistent embedded ViewStore (DESIGN §2, docs/embedded-views.md) on node:sqlite: one rowid
// table per collection, `(rid, id UNIQUE, doc JSONB)`. Filters, sorts and paging run in SQL over
// json_extract where sqlite-filter.ts translates them exactly; whatever it cannot is checked by mingo
// on the candidate rows only, so the answers are the memory store's (and MongoDB's). Declared indexes
// are SQL indexes on the same json_extract expressions. Documents go in and come out through JSON text, so
// no caller ever shares an object with the store. `atomically` is one SQLite transaction: the
// projectors write a batch's view changes and their checkpoint in it, so a restart resumes.

export interface SqliteViewStoreOptions {
  /** The database file (`${DATA_DIR}/views.sqlite`), or ':memory:'. */
  path: string;
  /**
   * When a listing's order is kept as a list of rows (sqlite-row-orders.ts): once it pays (the default),
   * from a listing's first page on, or never. Tests use the last two to compare both ways.
   */
  orderLists?: OrderListsMode;
  /**
   * A scratch file that this connection alone writes, read only once it is closed, and removed by its
   * owner whatever happens (a split rebuild's helper, projectors/rebuild-split.ts): written without the
   * write-ahead log (a rollback journal held in memory, enough for a unit's rollback) and without fsync.
   * With the log, every page was written twice, the second time by the checkpoint at its close, which
   * the rebuild waited for. A crash may leave the file torn: nobody opens it again.
   */
  scratch?: boolean;
}

/** The collection of the embedded store: the port, and reads of documents as JSON text. */
export interface SqliteViewCollectionApi<D extends ViewDocument = ViewDocument> extends ViewCollection<D>, TextReads {
  keepTexts(omit: TextOmission): Promise<void>;
}

export interface SqliteViewStore extends ViewStore {
  collection<D extends ViewDocument = ViewDocument>(name: string): SqliteViewCollectionApi<D>;
  atomically<T>(work: () => Promise<T>, options?: UnitOptions): Promise<T>;
  /** The SQL query plan of a find, for tests and tuning: which index SQLite picks. */
  explain(collection: string, filter?: Filter, options?: FindOptions): string[];
  /**
   * Copies the documents of these collections from another views file (a rebuild helper's, see
   * projectors/rebuild-split.ts), rows as they are: no JSON is parsed or written, only the stored
   * bytes moved. An empty collection takes the rows with their rids (the order a rebuild of one
   * thread would have given them); otherwise each document is inserted or replaced by `_id`. The
   * number of documents copied.
   */
  copyCollectionsFrom(path: string, names: readonly string[]): Promise<number>;
}

const TABLE_PREFIX = 'v_';
const quoted = (identifier: string): string => `"${identifier.replaceAll('"', '""')}"`;
/** The one path of a single-key index, not `_id`: such an index may also be its path's elements table. */
const singleKeyPath = (keys: Record<string, unknown>): string | null => {
  const [only, ...others] = Object.keys(keys);
  return only !== undefined && only !== '_id' && others.length === 0 ? only : null;
};
/** Prepared statements kept per store; the SQL depends on a filter's shape, not its values. */
const STATEMENT_CACHE_SIZE = 500;
const COUNT_CACHE_SIZE = 1000;
/** Keys with an omitted prefix that findTexts names in its SQL, per collection and prefix. */
const MAX_PREFIXED_KEYS = 64;
const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A page's LIMIT and OFFSET, bound as +? (the same value): SQLite's planner reads the value bound to a
 * bare ? in a LIMIT and then prepares the statement again whenever it is bound, at every call (as the
 * event store's reads did). The plans are the same index searches (EXPLAIN QUERY PLAN of the vendor
 * search's sorts, filters and pages); a listing's SQL page cost ~5-10% less.
 */
const PAGE_CLAUSE = ' LIMIT +? OFFSET +?';

/**
 * The most pages a file may hold for a rebuild's unit to run on a rollback journal (atomically,
 * `rebuild`): the journal keeps the original of each page the unit changes, and a page the file did
 * not have (all of a first build's) needs none. The tables and indexes of empty views take a page each
 * (189 of them in all once a server started on an empty store).
 */
const ROLLBACK_JOURNAL_MAX_PAGES = 1024;

/**
 * The page size of a views file SQLite creates (its default is 4 KiB). A view document is 1–2 KB of
 * JSONB and most indexes are on JSON paths with the id after them: with 16 KiB pages a rebuild of
 * 1,000,000 events wrote its rows and built its indexes in ~11% less CPU (docs/benchmarks.md, figure 6),
 * and the live writes of an order's round trip cost the same. A file made with other pages keeps them.
 */
export const VIEWS_PAGE_SIZE = 16_384;

/** The condition of an empty filter (every row), as filterToSql answers it. */
const EVERY_ROW: SqlCondition = { sql: '1', params: [], exact: true };
const isIdOnly = (filter: Filter): filter is { _id: string } => {
  if (typeof filter._id !== 'string') return false;
  for (const key in filter) if (key !== '_id') return false;
  return true;
};
/** Documents are stored as SQLite's binary JSON (JSONB: json_extract reads it without parsing) and read as text. */
const DOC_COLUMNS = 'rid, json(doc) AS doc';

/** A read's columns without the omitted fields, and the cut left to JavaScript (omittedInSql). */
export interface OmissionInSql { columns: string; rest: <D extends ViewDocument>(doc: D) => D }
const NOTHING_OMITTED: OmissionInSql = { columns: DOC_COLUMNS, rest: (doc) => doc };
// Worked out once per list: the query API passes each collection's same list of unread fields to every
// read of it (query-api/tracked-views.ts), so a read by id builds no paths and no SQL text again, and
// finds its prepared statement by the same string.
const omissionsByList = new WeakMap<readonly string[], OmissionInSql>();

/**
 * The columns of a read without the omitted top-level fields (FindOptions.omit), cut by json_remove so
 * they are never parsed; `rest` cuts in JavaScript what a JSON path cannot name (a dotted key).
 * The same list (by identity) answers the same omission.
 */
export function omittedInSql(omit: readonly string[] | undefined): OmissionInSql {
  if (!omit || omit.length === 0) return NOTHING_OMITTED;
  let omission = omissionsByList.get(omit);
  if (!omission) {
    omission = omissionOf(omit);
    omissionsByList.set(omit, omission);
  }
  return omission;
}

function omissionOf(omit: readonly string[]): OmissionInSql {
  const paths = omit.map((field) => (field.includes('.') ? null : jsonPath(field))).filter((path): path is string => path !== null);
  const dotted = omit.filter((field) => field.includes('.') || jsonPath(field) === null);
  return {
    columns: paths.length > 0 ? `rid, json_remove(doc, ${paths.map(sqlText).join(', ')}) AS doc` : DOC_COLUMNS,
    rest: (doc) => without(doc, dotted),
  };
}

function without<D extends ViewDocument | null>(doc: D, omit: readonly string[]): D {
  if (doc !== null) for (const field of omit) delete (doc as ViewDocument)[field];
  return doc;
}

/** How findTexts reads an omission: the columns, and what is left to cut in JavaScript. */
interface TextRead {
  /** What it was planned by: the kept texts' columns, the number of prefixed keys known. */
  kept: string | null;
  knownKeys: number;
  columns: string;
  /** Whether SQL cuts every omitted key it knows (else each text is parsed and cut here). */
  inSql: boolean;
  /** A text that holds a key with the prefix (or an escape) still: cut here. */
  leftover: RegExp | null;
  omitted: ReadonlySet<string>;
  prefix: string | null;
  known: Set<string> | undefined;
  /** What the served texts are kept by (sqlite-served-texts.ts). */
  servedKey: string;
}

class SqliteViewCollection<D extends ViewDocument> implements SqliteViewCollectionApi<D> {
  private readonly table: string;
  /** Path shapes, element tables and ORDER BY: what the SQL is planned from (sqlite-query-planner.ts). */
  private readonly planner: SqliteQueryPlanner;
  private readonly store: SqliteStoreCore;
  readonly name: string;
  /**
   * count() answers by query (SQL and parameters) since the collection last changed: a listing's
   * pages all ask the same total, and a count costs as much as the page itself.
   */
  private readonly counts = new Map<string, number>();
  /**
   * findOne answers (the document's text, null when none) by query since the collection last
   * changed, for filters SQL answers exactly: a listing filtered by a category asks its tag by alias
   * on every page.
   */
  private readonly found = new Map<string, string | null>();
  /** Listings' orders kept as lists of rows (sqlite-row-orders.ts). */
  private readonly orders: KeptRowOrders;
  /** Keys with an omitted prefix met in this collection's documents, per prefix (findTexts cuts them in SQL). */
  private readonly prefixedKeys = new Map<string, Set<string>>();
  /** Each document's text without one omission, kept in its row (keepTexts). */
  private readonly kept: KeptTexts;
  /** Whether the collection holds no document, asked once since it last changed (undefined: not asked). */
  private empty: boolean | undefined;
  /** The texts findTexts answered by rid since the collection last changed (sqlite-served-texts.ts). */
  private readonly served = new ServedTexts();
  /** How findTexts reads each omission (by omissionKey). */
  private readonly textReads = new Map<string, TextRead>();

  constructor(store: SqliteStoreCore, name: string) {
    this.store = store;
    this.name = name;
    this.table = quoted(`${TABLE_PREFIX}${name}`);
    store.db.exec(`CREATE TABLE IF NOT EXISTS ${this.table} (rid INTEGER PRIMARY KEY, ${ID_COLUMN} TEXT NOT NULL UNIQUE, doc BLOB NOT NULL)`);
    this.planner = new SqliteQueryPlanner(store.db, (sql) => store.statement(sql), name, this.table);
    this.kept = new KeptTexts(store.db, name, `${TABLE_PREFIX}${name}`);
    this.orders = new KeptRowOrders(store.db, this.table, store.orderLists);
    // A rolled-back unit may have taken an elements table it created with it, and what it taught the
    // shapes (a dropAll forgets them) no longer holds; another connection's commit (a rebuild
    // beside a server) may have changed anything: what was learnt from the file is read from it again.
    store.onReload(() => {
      this.forgetReads();
      this.planner.reload();
      this.kept.load();
    });
  }

  /** Before a document's statement: the path shapes it widens (sqlite-query-planner.ts). */
  private noteWriting(doc: ViewDocument): void {
    this.planner.noteWriting(doc);
  }

  /** After it: the kept texts' keys it brings (their triggers write the texts of the rows holding them). */
  private noteWritten(doc: ViewDocument): void {
    this.kept.noteWritten(doc);
  }

  /**
   * The matching rows: SQL where it is exact, else the candidates checked, sorted and paged by mingo.
   * `listed`: a read (find, findTexts) that may go through a kept order; never a write's own select.
   * `served`: texts answered before, which a page from a kept order takes instead of reading their rows.
   */
  private select(filter: Filter, options: FindOptions = {}, columns = DOC_COLUMNS, listed = false, served?: ServedTexts): Row[] {
    // A read of an empty collection asks nothing more, not even its filter's SQL (the vendor search's
    // response figures of a catalog without answered conversations: every page asks them, and the
    // translation of their filter was ~4% of a cache miss).
    if (listed && this.isEmpty()) return [];
    const condition = this.planner.condition(filter);
    const orderBy = condition.exact ? this.planner.orderBy(options.sort) : null;
    if (orderBy !== null) {
      const run = () => {
        const asked = this.probes(condition, options) ? this.planner.condition(filter, true) : condition;
        const params: SqlParam[] = [...asked.params];
        let sql = `SELECT ${columns} FROM ${this.table} WHERE ${asked.sql} ORDER BY ${orderBy}`;
        if (options.limit || options.skip) {
          sql += PAGE_CLAUSE;
          params.push(options.limit || -1, options.skip ?? 0);
        }
        return this.store.statement(sql).all(...params) as unknown as Row[];
      };
      return listed && this.store.orderLists !== 'never'
        ? this.orders.page(condition, orderBy, options, this.knownCounts, run, (rids) => (served ? this.servedOrRead(rids, columns, served) : this.rowsByRid(rids, columns)), () => this.broaderCondition(filter), this.reverseOrderBy(options.sort))
        : run();
    }
    const candidates = this.store.statement(`SELECT ${DOC_COLUMNS} FROM ${this.table} WHERE ${condition.sql} ORDER BY rid`).all(...condition.params) as unknown as Row[];
    let entries = candidates.map((row) => ({ rid: row.rid, doc: row.doc, value: JSON.parse(row.doc) as D }));
    if (!condition.exact) {
      const query = new Query(filter, {});
      entries = entries.filter((entry) => query.test(entry.value));
    }
    const byValue = new Map(entries.map((entry) => [entry.value as object, entry]));
    let cursor = mingoFind(entries.map((entry) => entry.value), {});
    if (options.sort && Object.keys(options.sort).length > 0) cursor = cursor.sort(options.sort);
    if (options.skip) cursor = cursor.skip(options.skip);
    if (options.limit) cursor = cursor.limit(options.limit);
    const picked = (cursor.all() as object[]).map((value) => byValue.get(value)!);
    // Other columns than the document's (findTexts): the rows mingo picked, read again with them.
    return columns === DOC_COLUMNS || columns === 'rid' ? picked : this.rowsByRid(picked.map((row) => row.rid), columns);
  }

  /**
   * The ORDER BY of the exact reverse of `sort` (every direction flipped), when the sort has one: it
   * names `_id`, so it leaves no ties (a listing by `-name` is then its listing by `name` read backwards).
   */
  private reverseOrderBy(sort: Sort | undefined): string | null {
    if (!sort || !('_id' in sort)) return null;
    return this.planner.orderBy(sort, true);
  }

  /**
   * The filter without its last condition (the last of its `$and`, else its last field), as SQL: a
   * category's listing gives the plain listing, whose kept orders the category's are derived from
   * (sqlite-row-orders.ts). Null for a filter of one condition, with another operator at the top, or
   * one SQL cannot take exactly.
   */
  private broaderCondition(filter: Filter): SqlCondition | null {
    const { $and, ...fields } = filter as Filter & { $and?: unknown };
    const names = Object.keys(fields);
    if (names.some((name) => name.startsWith('$'))) return null;
    let broader: Filter;
    if (Array.isArray($and) && $and.length > 0) {
      if (names.length === 0 && $and.length < 2) return null;
      broader = $and.length > 1 ? { ...fields, $and: $and.slice(0, -1) } : fields;
    } else if ($and === undefined && names.length >= 2) {
      broader = Object.fromEntries(names.slice(0, -1).map((name) => [name, fields[name]]));
    } else return null;
    const condition = this.planner.condition(broader);
    return condition.exact ? condition : null;
  }

  /**
   * Whether a page of a filter on array elements (a category, a place) should probe each row's
   * elements as it walks the sort's index (EXISTS) rather than first gather every row holding them
   * (rid IN: ~0.1 µs an element, 2–5 ms for a category of 100,000 cards). Walking a row and probing
   * costs ~0.4 µs, and the page walks about (skip + limit) × rows ÷ matches of them: so when the
   * filter's count is known and that walk is the cheaper (a first page of a common category).
   */
  private probes(condition: SqlCondition, options: FindOptions): boolean {
    if (!options.limit || !condition.sql.includes(GATHERS_ELEMENTS)) return false;
    const matches = this.counts.get(this.countKey(condition));
    if (!matches) return false;
    return ((options.skip ?? 0) + options.limit) * this.rowCount() * 4 < matches * matches;
  }

  /** Whether the collection holds no document, asked once per change. */
  private isEmpty(): boolean {
    this.empty ??= this.store.statement(`SELECT 1 FROM ${this.table} LIMIT 1`).get() === undefined;
    return this.empty;
  }

  /** Rows of the collection, counted once per change (the counts' cache). */
  private rowCount(): number {
    const key = this.countKey(EVERY_ROW);
    let rows = this.counts.get(key);
    if (rows === undefined) {
      rows = (this.store.statement(`SELECT count(*) AS n FROM ${this.table}`).get() as { n: number }).n;
      this.counts.set(key, rows);
    }
    return rows;
  }

  /** The listings' counts the kept orders go by. */
  private get knownCounts(): KnownCounts {
    return { size: this.counts.size, of: (condition) => this.counts.get(this.countKey(condition)) };
  }

  /** Rows by rid, in the order of `rids`: the list drives the join, each row one lookup by its key. */
  private rowsByRid(rids: number[], columns: string): Row[] {
    if (rids.length === 0) return [];
    // Rows as arrays (the columns begin with rid, then doc): ~10% cheaper than the binding's row objects.
    const rows = this.store.statement(`SELECT ${columns} FROM json_each(?) AS listed JOIN ${this.table} ON ${this.table}.rid = listed.value ORDER BY listed.key`, true)
      .all(JSON.stringify(rids)) as unknown as Array<[number, string]>;
    return rows.map((row) => ({ rid: row[0], doc: row[1] }));
  }

  /** Rows by rid as rowsByRid, those served before as their texts (`served: true`) without a read. */
  private servedOrRead(rids: number[], columns: string, served: ServedTexts): Row[] {
    const texts = rids.map((rid) => served.get(rid));
    const missing = rids.filter((_rid, at) => texts[at] === undefined);
    if (missing.length === rids.length) return this.rowsByRid(rids, columns);
    const read = missing.length === 0 ? null : new Map(this.rowsByRid(missing, columns).map((row) => [row.rid, row]));
    const rows: Row[] = [];
    for (let at = 0; at < rids.length; at++) {
      const text = texts[at];
      if (text !== undefined) rows.push({ rid: rids[at]!, doc: text, served: true });
      else {
        const row = read?.get(rids[at]!);
        if (row) rows.push(row);
      }
    }
    return rows;
  }

  async findTexts(filter: Filter = {}, options: FindOptions = {}, omit: TextOmission): Promise<string[]> {
    this.store.freshen();
    const { columns, inSql, leftover, omitted, prefix, known, servedKey } = this.textRead(omit);
    // A text depends only on the row's document and the omission (the keys with the prefix are all cut).
    const served = this.served.of(servedKey);
    return this.select(filter, options, columns, true, served).map((row) => {
      if (row.served) return row.doc;
      const text = this.cutText(row.doc, inSql, leftover, omitted, prefix, known);
      served.set(row.rid, text);
      return text;
    });
  }

  /** How findTexts reads an omission: planned again only when the keys it knows or the kept texts change. */
  private textRead(omit: TextOmission): TextRead {
    const key = omissionKey(omit);
    const prefix = omit.prefix ?? null;
    let known = prefix === null ? undefined : this.prefixedKeys.get(prefix);
    if (prefix !== null && !known) this.prefixedKeys.set(prefix, (known = new Set()));
    const kept = this.kept.columnsFor(omit, key);
    const planned = this.textReads.get(key);
    if (planned && planned.kept === kept && planned.knownKeys === (known?.size ?? 0)) return planned;
    const omitted = new Set([...omit.keys, ...(known ?? [])]);
    // A key json_remove cannot name (a dot would make it a path) is cut in JavaScript, as is any
    // document that still holds a key with the prefix (one not met before: it is remembered).
    const paths = [...omitted].map((omittedKey) => (omittedKey.includes('.') ? null : jsonPath(omittedKey)));
    const inSql = kept !== null || paths.every((path) => path !== null);
    const columns = kept ?? (inSql && paths.length > 0 ? `rid, json_remove(doc, ${paths.map((path) => sqlText(path!)).join(', ')}) AS doc` : DOC_COLUMNS);
    const leftover = prefix === null ? null : new RegExp(`"${escapeRegExp(prefix)}|\\\\u`);
    const read: TextRead = { kept, knownKeys: known?.size ?? 0, columns, inSql, leftover, omitted, prefix, known, servedKey: `${columns}\n${key}` };
    if (this.textReads.size >= MAX_PREFIXED_KEYS) this.textReads.clear();
    this.textReads.set(key, read);
    return read;
  }

  /** A row's text without the omitted keys: as read when SQL cut them all, else parsed and cut here. */
  private cutText(doc: string, inSql: boolean, leftover: RegExp | null, omitted: ReadonlySet<string>, prefix: string | null, known: Set<string> | undefined): string {
    if (inSql && (leftover === null || !leftover.test(doc))) return doc;
    const value = JSON.parse(doc) as Record<string, unknown>;
    for (const key of Object.keys(value)) {
      if (prefix !== null && key.startsWith(prefix)) {
        if (known!.size < MAX_PREFIXED_KEYS) known!.add(key);
        delete value[key];
      } else if (omitted.has(key)) delete value[key];
    }
    return JSON.stringify(value);
  }

  async keepTexts(omit: TextOmission): Promise<void> {
    if (!this.store.db.isOpen) return;
    // It writes every row: its journal on file (atomically, journalOnFile).
    await this.store.atomically(async () => this.kept.keep(omit), { journalOnFile: true });
  }

  async find(filter: Filter = {}, options: FindOptions = {}): Promise<D[]> {
    this.store.freshen();
    if (this.isEmpty()) return [];
    const omitted = omittedInSql(options.omit);
    return this.select(filter, options, omitted.columns, true).map((row) => omitted.rest(JSON.parse(row.doc) as D));
  }

  /** The JSON text of the document with this `_id` (`columns`: DOC_COLUMNS, or those of an omission), a direct lookup. */
  private textById(id: string, columns: string): string | null {
    const found = this.store.statement(`SELECT ${columns} FROM ${this.table} WHERE ${ID_COLUMN} = ?`).get(id) as { doc: string } | undefined;
    return found ? found.doc : null;
  }

  async findOneSized(id: string): Promise<{ doc: D; jsonLength: number } | null> {
    const text = this.textById(id, DOC_COLUMNS);
    return text === null ? null : { doc: JSON.parse(text) as D, jsonLength: text.length };
  }

  async findOne(filter: Filter, options: Pick<FindOptions, 'omit'> = {}): Promise<D | null> {
    if (isIdOnly(filter)) {
      // The projectors' read of every document they change (and of its tombstone): no translation.
      const omitted = omittedInSql(options.omit);
      const text = this.textById(filter._id, omitted.columns);
      return text === null ? null : omitted.rest(JSON.parse(text) as D);
    }
    if (options.omit && options.omit.length > 0) return without(await this.findOne(filter), options.omit);
    this.store.freshen();
    const condition = this.planner.condition(filter);
    const key = condition.exact ? this.countKey(condition) : null;
    let text = key === null ? undefined : this.found.get(key);
    if (text === undefined) {
      text = this.select(filter, { limit: 1 })[0]?.doc ?? null;
      if (key !== null) {
        if (this.found.size >= COUNT_CACHE_SIZE) this.found.clear();
        this.found.set(key, text);
      }
    }
    return text === null ? null : (JSON.parse(text) as D);
  }

  private countKey = (condition: SqlCondition): string => `${condition.exact}\n${condition.sql}\n${JSON.stringify(condition.params)}`;

  async count(filter: Filter = {}): Promise<number> {
    this.store.freshen();
    const condition = this.planner.condition(filter);
    const key = this.countKey(condition);
    const known = this.counts.get(key);
    if (known !== undefined) return known;
    const counted = condition.exact
      ? (this.store.statement(`SELECT count(*) AS n FROM ${this.table} WHERE ${condition.sql}`).get(...condition.params) as { n: number }).n
      : this.select(filter).length;
    if (this.counts.size >= COUNT_CACHE_SIZE) this.counts.clear();
    this.counts.set(key, counted);
    return counted;
  }

  /** Every change of the collection goes through here: the counts and orders it knew no longer hold. */
  private write<T>(write: () => T): Promise<T> {
    return this.store.write(() => {
      this.forgetReads();
      return write();
    });
  }

  private forgetReads(): void {
    this.empty = undefined;
    this.served.forget();
    this.counts.clear();
    this.found.clear();
    this.orders.forget();
  }

  async replaceOne(doc: D): Promise<void> {
    if (typeof doc._id !== 'string' || doc._id === '') throw new Error('replaceOne needs a document with a string _id');
    await this.write(() => this.upsert(doc));
  }

  async replaceMany(docs: readonly D[]): Promise<readonly number[]> {
    for (const doc of docs) if (typeof doc._id !== 'string' || doc._id === '') throw new Error('replaceMany needs documents with a string _id');
    return this.write(() => {
      // Its statement found once per call, not per document: building its SQL and finding it by that
      // text was ~0.2 µs of each of a rebuild's million writes.
      const statement = this.upsertStatement();
      const lengths: number[] = new Array(docs.length);
      for (let index = 0; index < docs.length; index++) lengths[index] = this.upsert(docs[index]!, statement);
      return lengths;
    });
  }

  private upsertStatement(): StatementSync {
    return this.store.statement(`INSERT INTO ${this.table} (${ID_COLUMN}, doc) VALUES (?, jsonb(?)) ON CONFLICT (${ID_COLUMN}) DO UPDATE SET doc = excluded.doc`);
  }

  /** Inserts or replaces by `_id` (the row keeps its place, like the memory store's Map); the length of its JSON. */
  private upsert(doc: ViewDocument, statement = this.upsertStatement()): number {
    this.noteWriting(doc);
    const text = JSON.stringify(doc);
    statement.run(doc._id, text);
    this.noteWritten(doc);
    return text.length;
  }

  writeIfVersion(id: string, doc: D | null, expected: number | null): Promise<boolean> {
    return this.write(() => this.compareAndSet(id, doc, expected));
  }

  private compareAndSet(id: string, doc: ViewDocument | null, expected: number | null): boolean {
    // One conditional statement each: a real compare-and-set, also against another process.
    const version = `coalesce(json_extract(doc, '$.${VERSION_FIELD}'), 0)`;
    if (doc === null) {
      if (expected === null) return this.store.statement(`SELECT 1 FROM ${this.table} WHERE ${ID_COLUMN} = ?`).get(id) === undefined;
      return Number(this.store.statement(`DELETE FROM ${this.table} WHERE ${ID_COLUMN} = ? AND ${version} = ?`).run(id, expected).changes) === 1;
    }
    const written = { ...doc, _id: id, [VERSION_FIELD]: (expected ?? 0) + 1 };
    this.noteWriting(written);
    const text = JSON.stringify(written);
    const changes = expected === null
      ? this.store.statement(`INSERT INTO ${this.table} (${ID_COLUMN}, doc) VALUES (?, jsonb(?)) ON CONFLICT (${ID_COLUMN}) DO NOTHING`).run(id, text).changes
      : this.store.statement(`UPDATE ${this.table} SET doc = jsonb(?) WHERE ${ID_COLUMN} = ? AND ${version} = ?`).run(text, id, expected).changes;
    if (Number(changes) !== 1) return false;
    this.noteWritten(written);
    return true;
  }

  updateOne(filter: Filter, update: Update, options: { upsert?: boolean } = {}): Promise<{ matched: number; upserted: boolean }> {
    return this.write(() => this.update(filter, update, options.upsert ?? false));
  }

  /** Read, change and write without yielding: no other caller of this process runs in between. */
  private update(filter: Filter, update: Update, upsert: boolean): { matched: number; upserted: boolean } {
    const [row] = this.select(filter, { limit: 1 });
    if (row) {
      const next = JSON.parse(row.doc) as ViewDocument;
      applyUpdate(next, structuredClone(update) as never);
      this.noteWriting(next);
      this.store.statement(`UPDATE ${this.table} SET doc = jsonb(?) WHERE rid = ?`).run(JSON.stringify(next), row.rid);
      this.noteWritten(next);
      return { matched: 1, upserted: false };
    }
    if (!upsert) return { matched: 0, upserted: false };
    this.upsert(upsertedDocument(filter, update));
    return { matched: 0, upserted: true };
  }

  deleteOne(filter: Filter): Promise<number> {
    return this.write(() => {
      const [row] = this.select(filter, { limit: 1 }, 'rid');
      if (!row) return 0;
      this.store.statement(`DELETE FROM ${this.table} WHERE rid = ?`).run(row.rid);
      return 1;
    });
  }

  deleteMany(filter: Filter = {}): Promise<number> {
    return this.write(() => this.deleteMatching(filter));
  }

  private deleteMatching(filter: Filter): number {
    const condition = this.planner.condition(filter);
    if (condition.exact) return Number(this.store.statement(`DELETE FROM ${this.table} WHERE ${condition.sql}`).run(...condition.params).changes);
    const rids = this.select(filter, {}, 'rid').map((row) => row.rid);
    this.store.statement(`DELETE FROM ${this.table} WHERE rid IN (SELECT value FROM json_each(?))`).run(JSON.stringify(rids));
    return rids.length;
  }

  async createIndex(keys: Record<string, 1 | -1 | 'text'>, options: { unique?: boolean; name?: string } = {}): Promise<void> {
    const columns: string[] = [];
    this.planner.indexDeclared(Object.keys(keys));
    for (const [path, direction] of Object.entries(keys)) {
      const json = path === '_id' ? null : jsonPath(path);
      if (path !== '_id' && json === null) return; // not addressable in SQL: queries on it fall back to mingo
      // A 'text' key is an ascending index on the field (docs/embedded-views.md: the text search
      // matches stored tokens by prefix, which a plain index serves).
      columns.push(`${json === null ? ID_COLUMN : extractSql(json)}${direction === -1 ? ' DESC' : ''}`);
    }
    if (columns.length === 0) return;
    const only = singleKeyPath(keys);
    if (only !== null) {
      // A single-key index may be on a path holding arrays (tagIds): MongoDB indexes each element.
      // Its shape, where not known yet, is learnt by a scan of the collection (on file, as the index).
      if (this.store.sortingOnFile(() => this.planner.declareSingleKey(only))) await this.store.write(() => this.planner.ensureElements(only));
    }
    const name = options.name ?? defaultIndexName(keys);
    // `_id` last where the keys leave it out, as the query API's sorts end with it (query-api/paging.ts):
    // the index then serves the whole ORDER BY, and a deep page walks the index without sorting.
    if (!options.unique && !('_id' in keys)) columns.push(ID_COLUMN);
    this.store.sortingOnFile(() => this.store.db.exec(`CREATE ${options.unique ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS ${quoted(`${TABLE_PREFIX}${this.name}:${name}`)} ON ${this.table} (${columns.join(', ')})`));
  }

  async dropIndex(keys: Record<string, 1 | -1 | 'text'>): Promise<void> {
    const only = singleKeyPath(keys);
    await this.store.write(() => {
      this.store.db.exec(`DROP INDEX IF EXISTS ${quoted(`${TABLE_PREFIX}${this.name}:${defaultIndexName(keys)}`)}`);
      // A single-key index on a path holding arrays is also its elements table (createIndex above).
      if (only !== null) this.planner.dropElements(only);
    });
  }

  /** The query plan of a find (EXPLAIN QUERY PLAN details), its page (limit, skip) included. */
  explain(filter: Filter, options: FindOptions): string[] {
    this.store.freshen();
    const condition = this.planner.condition(filter);
    const orderBy = (condition.exact ? this.planner.orderBy(options.sort) : null) ?? 'rid';
    const paged = Boolean(options.limit || options.skip);
    const sql = `EXPLAIN QUERY PLAN SELECT doc FROM ${this.table} WHERE ${condition.sql} ORDER BY ${orderBy}${paged ? PAGE_CLAUSE : ''}`;
    const rows = this.store.db.prepare(sql).all(...condition.params, ...(paged ? [options.limit || -1, options.skip ?? 0] : [])) as Array<{ detail: string }>;
    return rows.map((row) => row.detail);
  }

  /** copyCollectionsFrom for this collection: its rows in the attached database `source` (its schema name), in rid order; how many. */
  copyRowsFrom(source: string): number {
    this.forgetReads();
    const tableName = `${TABLE_PREFIX}${this.name}`;
    if (this.store.db.prepare(`SELECT 1 FROM ${source}.sqlite_schema WHERE type = 'table' AND name = ?`).get(tableName) === undefined) return 0;
    const empty = this.store.statement(`SELECT 1 FROM ${this.table} LIMIT 1`).get() === undefined;
    // What the writes teach (path shapes, kept texts' keys) needs the documents themselves: parsed only
    // where this process has learnt something to keep up to date (not in a rebuild into a fresh file).
    const noting = this.planner.learnsShapes() || this.kept.learnsKeys();
    if (empty && !noting) return this.transferFrom(source, tableName);
    const insert = empty
      ? this.store.statement(`INSERT INTO ${this.table} (rid, ${ID_COLUMN}, doc) VALUES (?, ?, ?)`)
      : this.store.statement(`INSERT INTO ${this.table} (${ID_COLUMN}, doc) VALUES (?, ?) ON CONFLICT (${ID_COLUMN}) DO UPDATE SET doc = excluded.doc`);
    const rows = this.store.db.prepare(`SELECT rid, ${ID_COLUMN} AS id, doc${noting ? ', json(doc) AS text' : ''} FROM ${source}.${this.table} ORDER BY rid`).iterate() as Iterable<{ rid: number; id: string; doc: Uint8Array; text?: string }>;
    let copied = 0;
    for (const row of rows) {
      const doc = noting ? JSON.parse(row.text!) as ViewDocument : null;
      if (doc) this.noteWriting(doc);
      if (empty) insert.run(row.rid, row.id, row.doc);
      else insert.run(row.id, row.doc);
      if (doc) this.noteWritten(doc);
      copied += 1;
    }
    return copied;
  }

  /**
   * The rows of the source's table into this empty one, with their rids, by one INSERT … SELECT *: where
   * both tables have the same columns and this one no trigger, SQLite moves the stored records as they
   * are (its transfer optimisation), and the entries of every index this table shares with the source's,
   * so the source's indexes are declared here first (a rebuild's helper builds its views' indexes beside
   * the rebuild instead of after it): no index is built again. Otherwise SQLite inserts row by row, still
   * without JavaScript. The path shapes the source learnt come too (they describe the same documents).
   */
  private transferFrom(source: string, tableName: string): number {
    const { db } = this.store;
    const indexes = db.prepare(`SELECT name, sql FROM ${source}.sqlite_schema WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL ORDER BY name`).all(tableName) as Array<{ name: string; sql: string }>;
    const declared = db.prepare(`SELECT 1 FROM main.sqlite_schema WHERE type = 'index' AND name = ?`);
    // On the empty table: nothing to sort yet.
    for (const index of indexes) if (declared.get(index.name) === undefined) db.exec(index.sql);
    const columns = (schema: string) => JSON.stringify(db.prepare('SELECT name, type, "notnull", pk FROM pragma_table_info(?, ?)').all(tableName, schema));
    const sameColumns = columns('main') === columns(source);
    const copied = sameColumns
      ? db.prepare(`INSERT INTO main.${this.table} SELECT * FROM ${source}.${this.table}`).run().changes
      : db.prepare(`INSERT INTO main.${this.table} (rid, ${ID_COLUMN}, doc) SELECT rid, ${ID_COLUMN}, doc FROM ${source}.${this.table} ORDER BY rid`).run().changes;
    this.transferElementTablesFrom(source, tableName);
    db.prepare(`INSERT OR IGNORE INTO main.path_shapes SELECT * FROM ${source}.path_shapes WHERE collection = ?`).run(this.name);
    this.planner.reload();
    return Number(copied);
  }

  /**
   * The source's element tables of this collection (its multikey indexes, SqliteQueryPlanner.ensureElements)
   * that this file lacks, after the rows: the rows came with their rids, so the elements are the
   * source's, moved as stored records too (with their index), instead of json_each over every document
   * again when the indexes are declared after the copy (~0.5 s of a first start's last steps at
   * 1,000,000 events). The triggers that keep them come last: on the table before its rows, they would
   * have made the copy above insert row by row. A table this file has already was filled by its triggers.
   */
  private transferElementTablesFrom(source: string, tableName: string): void {
    const { db } = this.store;
    const prefix = `${ELEMENTS_PREFIX}${this.name}#`;
    const tables = db.prepare(`SELECT name, sql FROM ${source}.sqlite_schema WHERE type = 'table' AND substr(name, 1, ?) = ?`).all(prefix.length, prefix) as Array<{ name: string; sql: string }>;
    if (tables.length === 0) return;
    const inMain = db.prepare('SELECT 1 FROM main.sqlite_schema WHERE name = ?');
    const indexesOf = db.prepare(`SELECT sql FROM ${source}.sqlite_schema WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL ORDER BY name`);
    const triggers = db.prepare(`SELECT name, sql FROM ${source}.sqlite_schema WHERE type = 'trigger' AND tbl_name = ? ORDER BY name`).all(tableName) as Array<{ name: string; sql: string }>;
    for (const table of tables) {
      if (inMain.get(table.name) !== undefined) continue;
      db.exec(table.sql);
      for (const { sql } of indexesOf.all(table.name) as Array<{ sql: string }>) db.exec(sql);
      db.exec(`INSERT INTO main.${quoted(table.name)} SELECT * FROM ${source}.${quoted(table.name)}`);
      for (const trigger of triggers) if (trigger.name.startsWith(`${table.name}:`)) db.exec(trigger.sql);
    }
  }

  /** Empties the collection (dropAll); its indexes stay. */
  clear(): void {
    this.forgetReads();
    this.store.db.exec(`DELETE FROM ${this.table}`);
    this.planner.forgetShapes();
  }
}

/** What the collections share: the connection, its statements and the unit of work in progress. */
class SqliteStoreCore {
  readonly db: DatabaseSync;
  private readonly statements = new Map<string, StatementSync>();
  readonly orderLists: NonNullable<SqliteViewStoreOptions['orderLists']>;
  private readonly unit = new AsyncLocalStorage<true>();
  private readonly reloadListeners: Array<() => void> = [];
  /** PRAGMA data_version when last looked at: it changes when another connection commits to the file. */
  private dataVersion: number;
  /** Its statement, answering an array: ~25% cheaper than a row object, and it is asked before most reads. */
  private readonly dataVersionStatement: StatementSync;
  /** Databases attached by withAttached so far (each gets a schema name of its own). */
  private attached = 0;
  /** Those still attached: a transaction held them, they are detached once it ends. */
  private readonly detachAfterUnit: string[] = [];
  /** Settles when the unit in progress ends; null when none is open. */
  private unitEnded: Promise<void> | null = null;
  /** freshen() has asked data_version since the last microtask checkpoint, and this turn. */
  private freshenedThisRun = false;
  private freshenedThisTurn = false;
  private readonly runEnded = () => {
    this.freshenedThisRun = false;
  };
  private readonly turnEnded = () => {
    this.freshenedThisTurn = false;
  };
  /** Whether another store of this process has the file open. */
  private readonly connection: FileConnection;
  /**
   * The store's WAL checkpointer, stopped while a unit runs on a rollback journal (onRollbackJournal);
   * null where the file is not on the write-ahead log (scratch, in memory).
   */
  walCheckpoints: { stop(): Promise<void>; start(): void } | null = null;
  /** A rebuild's unit ran on a rollback journal and the file could not go back to the log yet. */
  private walOwed = false;

  constructor(path: string, orderLists: SqliteViewStoreOptions['orderLists'] = 'when-paid', scratch = false) {
    this.db = new DatabaseSync(path);
    this.connection = connectionTo(path);
    this.orderLists = orderLists;
    // WAL: readers never wait for the writer. NORMAL: a commit does not fsync (the WAL does at
    // checkpoints): a power cut may lose the last commits, never consistency, and the views then
    // resume from the checkpoint committed with them.
    // A scratch file (SqliteViewStoreOptions.scratch) needs neither.
    // The busy timeout first: the file may be on a rollback journal for a while (onRollbackJournal).
    this.db.exec('PRAGMA busy_timeout = 5000');
    // Settles the page size of a file that holds nothing yet (SQLite ignores it for any other).
    this.db.exec(`PRAGMA page_size = ${VIEWS_PAGE_SIZE}`);
    this.db.exec(scratch ? 'PRAGMA journal_mode = MEMORY; PRAGMA synchronous = OFF' : 'PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL');
    this.db.exec('PRAGMA temp_store = MEMORY; PRAGMA cache_size = -65536');
    this.db.exec(KEPT_TEXTS_SCHEMA);
    this.db.exec(PATH_SHAPES_SCHEMA);
    this.dataVersionStatement = this.db.prepare('PRAGMA data_version');
    this.dataVersionStatement.setReturnArrays(true);
    this.dataVersion = this.readDataVersion();
    // JavaScript's RegExp in SQL, for patterns that are not literal prefixes (mingo's semantics).
    const patterns = new Map<string, RegExp>();
    this.db.function('regexp_test', { deterministic: true, varargs: false }, (source, flags, value) => {
      if (typeof value !== 'string') return 0;
      const key = `${String(flags)}/${String(source)}`;
      let pattern = patterns.get(key);
      if (!pattern) {
        if (patterns.size > 1000) patterns.clear();
        pattern = new RegExp(String(source), String(flags).replace('g', ''));
        patterns.set(key, pattern);
      }
      return pattern.test(value) ? 1 : 0;
    });
  }

  /** Called after a rollback and after another connection's commit (freshen). */
  onReload(listener: () => void): void {
    this.reloadListeners.push(listener);
  }

  /** The file is no longer open here (freshen of the other stores of this process on it). */
  closed(): void {
    this.connection.close();
  }

  private readDataVersion(): number {
    return (this.dataVersionStatement.get() as unknown as [number])[0];
  }

  /**
   * Before every read that uses what the collections keep (counts, findOne answers, kept orders by
   * rid, path shapes, element tables, kept texts) and every write: another connection may have
   * committed to the file since (`npm run views:rebuild` beside a server, another instance), and then
   * none of it holds. data_version changes only for other connections' commits, so this process's own
   * writes keep what they did not touch. Inside a unit this connection holds the write lock, so nobody
   * else commits until it ends: a rebuild's writes (one unit) do not ask (2.4 µs a pragma, per write).
   *
   * Once per turn: the microtasks that one I/O callback or timer sets going (a request's validation,
   * page, count and response figures) ask once. Whatever makes this process know of another process's
   * commit reaches it as I/O, in a turn of its own, so no read of the turn could be owed that commit;
   * the pragma was ~5% of a search cache miss, asked by each of its reads. Not so when another store
   * of this process has the file open (its commit can land between two microtasks): then once per
   * synchronous run. A write outside a unit (it may have waited for another connection's lock) and the
   * start of a unit ask again (`force`).
   */
  freshen(force = false): void {
    if (this.unit.getStore()) return;
    if (!force && (this.connection.shared() ? this.freshenedThisRun : this.freshenedThisTurn)) return;
    if (!this.freshenedThisRun) {
      this.freshenedThisRun = true;
      queueMicrotask(this.runEnded);
    }
    if (!this.freshenedThisTurn) {
      this.freshenedThisTurn = true;
      // A tick queued from a microtask runs once the microtask queue is empty: at the end of the turn.
      process.nextTick(this.turnEnded);
    }
    const version = this.readDataVersion();
    if (version === this.dataVersion) return;
    this.dataVersion = version;
    for (const listener of this.reloadListeners) listener();
  }

  /**
   * Runs `work` (an index's declaration: its CREATE INDEX, the scan learning its path's shape) with
   * temp_store = FILE. With MEMORY, SQLite's sorter never spills: a sort over a whole collection (an
   * index's keys) is held in memory at once. On FILE it sorts pieces of cache_size and
   * merges them from temporary files. Queries keep MEMORY. Where the pragma cannot change (a transaction
   * with temporary tables), as it is.
   */
  sortingOnFile<T>(work: () => T): T {
    const changed = this.tempStoreOn('FILE');
    try {
      return work();
    } finally {
      if (changed) this.tempStoreOn('MEMORY');
    }
  }

  /** Sets temp_store; false where it cannot change (a transaction with temporary tables). */
  private tempStoreOn(mode: 'FILE' | 'MEMORY'): boolean {
    try {
      this.db.exec(`PRAGMA temp_store = ${mode}`);
      return true;
    } catch {
      return false;
    }
  }

  /** A prepared statement, kept; `arrays`: its rows are arrays of the columns' values (kept apart from the same SQL's row objects). */
  statement(sql: string, arrays = false): StatementSync {
    const key = arrays ? `arrays\n${sql}` : sql;
    let statement = this.statements.get(key);
    if (!statement) {
      if (this.statements.size >= STATEMENT_CACHE_SIZE) this.statements.clear();
      statement = this.db.prepare(sql);
      if (arrays) statement.setReturnArrays(true);
      this.statements.set(key, statement);
    }
    return statement;
  }

  /**
   * Runs a write once no other unit is in progress: a write from outside the unit waits for it to
   * end, so it is neither part of its transaction nor undone by its rollback; the unit's own work (its
   * async context) writes at once. The check and the write happen without yielding in between.
   */
  async write<T>(write: () => T): Promise<T> {
    while (this.unitEnded && !this.unit.getStore()) await this.unitEnded;
    if (this.unit.getStore()) return write();
    this.freshen(true);
    try {
      return write();
    } finally {
      // The statement may have waited for another connection's commit: the next read asks again.
      this.freshenedThisRun = false;
      this.freshenedThisTurn = false;
    }
  }

  /**
   * Runs `read` with the database file at `path` attached read-only under a schema name of its own
   * (copyCollectionsFrom: one statement moves rows between the files). Detached after it, or, where a
   * transaction holds the attached file (a unit), once the unit ends.
   */
  withAttached<T>(path: string, read: (schema: string) => T): T {
    const schema = `copy_source_${++this.attached}`;
    this.db.prepare(`ATTACH DATABASE ? AS ${schema}`).run(`${pathToFileURL(path).href}?mode=ro`);
    try {
      return read(schema);
    } finally {
      if (this.db.isTransaction) this.detachAfterUnit.push(schema);
      else this.db.exec(`DETACH DATABASE ${schema}`);
    }
  }

  private detachPending(): void {
    for (const schema of this.detachAfterUnit.splice(0)) this.db.exec(`DETACH DATABASE ${schema}`);
  }

  /**
   * `journalOnFile`: the unit's temporary files may go to disk (temp_store = FILE from its BEGIN, where
   * SQLite settles it for the transaction). A savepoint inside a unit keeps the original of every page
   * it changes in a journal of its own, which on MEMORY never spills: keepTexts, which writes a text
   * into every row of a collection (the vendor cards at a start after a rebuild), held a copy of the
   * whole collection, ~160 MB at 30,000 cards. On FILE past 64 KB it goes to a temporary file.
   */
  async atomically<T>(work: () => Promise<T>, options: { journalOnFile?: boolean } & UnitOptions = {}): Promise<T> {
    if (this.unit.getStore()) return work(); // a nested call joins the outer unit
    while (this.unitEnded) await this.unitEnded;
    let end!: () => void;
    this.unitEnded = new Promise((resolve) => { end = resolve; });
    const onFile = options.journalOnFile === true && this.tempStoreOn('FILE');
    let rollbackJournal = false;
    try {
      if (this.walOwed) this.backToWal();
      rollbackJournal = options.rebuild === true && await this.onRollbackJournal();
      // Inside the try: a BEGIN refused (another writer past busy_timeout) still ends the unit below,
      // or every later unit would wait for it forever.
      this.db.exec('BEGIN IMMEDIATE');
      this.freshen(true); // what others committed before the unit took the write lock
      const result = await this.unit.run(true, work);
      this.db.exec('COMMIT');
      return result;
    } catch (error) {
      if (this.db.isTransaction) {
        this.db.exec('ROLLBACK');
        // Statements may name tables the rollback took away (SQLite re-prepares them on use).
        for (const listener of this.reloadListeners) listener();
      }
      throw error;
    } finally {
      if (onFile) this.tempStoreOn('MEMORY');
      this.detachPending();
      if (rollbackJournal) {
        this.backToWal();
        this.walCheckpoints?.start();
      }
      this.unitEnded = null;
      end();
    }
  }

  /**
   * A rebuild's unit on a file that holds nothing yet (a first build, projectors/first-build.ts) runs on
   * a rollback journal instead of the write-ahead log: the log takes every page the unit writes, the
   * whole views, and its checkpoint then writes them all a second time into the file (~900 MB twice at
   * 1,000,000 events, the second time after the start is ready); the journal keeps only the originals of
   * the pages the file had, a few. A kill leaves the journal beside the file, and the next connection
   * to open it rolls the unit back, as the log would have forgotten it. Leaving the log needs the file
   * to itself: not when another connection has it open (this process's checkpointer thread is stopped
   * first; where another store or process has it open, the unit runs on the log). Until the unit ends
   * another process cannot open the file (its store waits the busy timeout, then fails): the file
   * belongs to one server process, and a first build runs at its start. False when the unit stays on the log.
   */
  private async onRollbackJournal(): Promise<boolean> {
    const checkpoints = this.walCheckpoints;
    if (checkpoints === null || this.connection.shared()) return false;
    const pages = (this.db.prepare('PRAGMA page_count').get() as { page_count: number }).page_count;
    if (pages > ROLLBACK_JOURNAL_MAX_PAGES) return false;
    await checkpoints.stop();
    // Refused at once where another connection holds the file: no busy wait for a unit that can run anyway.
    this.db.exec('PRAGMA busy_timeout = 0');
    try {
      const mode = (this.db.prepare('PRAGMA journal_mode = DELETE').get() as { journal_mode: string }).journal_mode;
      if (mode === 'delete') return true;
    } catch {
      // Another connection has the file open.
    } finally {
      this.db.exec('PRAGMA busy_timeout = 5000');
    }
    checkpoints.start();
    return false;
  }

  /** Back to the write-ahead log after a unit on a rollback journal; owed to the next unit while another connection holds a lock. */
  private backToWal(): void {
    try {
      this.db.exec('PRAGMA journal_mode = WAL');
      this.walOwed = false;
    } catch {
      this.walOwed = true;
    }
  }
}

/** Opens (creating when absent) the view database at `path`. */
/** How often the checkpointer thread moves what the write-ahead log holds into the file. */
const WAL_CHECKPOINT_EVERY_MS = 200;

/**
 * The file's WAL checkpoints, moved off the event loop to a thread of their own (sqlite-wal-checkpointer.ts).
 * Should the thread fail, the connection checkpoints as SQLite does by default, so the log never grows unchecked.
 */
function walCheckpointer(db: DatabaseSync, path: string): { close(): Promise<void> } {
  db.exec('PRAGMA wal_autocheckpoint = 0');
  const worker = new Worker(new URL('./sqlite-wal-checkpointer.ts', import.meta.url), {
    workerData: { path, everyMs: WAL_CHECKPOINT_EVERY_MS } satisfies WalCheckpointerData,
  });
  worker.unref();
  const ended = new Promise<void>((resolve) => {
    worker.once('exit', () => resolve());
    worker.on('message', (message) => { if (message === 'closed') resolve(); });
    worker.once('error', () => {
      if (db.isOpen) db.exec('PRAGMA wal_autocheckpoint = 1000');
      resolve();
    });
  });
  return {
    async close() {
      worker.postMessage('close');
      await ended;
    },
  };
}

export function openSqliteViewStore(options: SqliteViewStoreOptions): SqliteViewStore {
  const core = new SqliteStoreCore(options.path, options.orderLists, options.scratch);
  let checkpointer = options.path === ':memory:' || options.path === '' || options.scratch ? null : walCheckpointer(core.db, options.path);
  if (checkpointer) {
    core.walCheckpoints = {
      async stop() {
        const stopping = checkpointer;
        checkpointer = null;
        await stopping?.close();
      },
      start() {
        checkpointer ??= walCheckpointer(core.db, options.path);
      },
    };
  }
  const collections = new Map<string, SqliteViewCollection<ViewDocument>>();
  const collectionOf = (name: string) => {
    let collection = collections.get(name);
    if (!collection) {
      collection = new SqliteViewCollection<ViewDocument>(core, name);
      collections.set(name, collection);
    }
    return collection;
  };
  return {
    collection<D extends ViewDocument = ViewDocument>(name: string): SqliteViewCollectionApi<D> {
      return collectionOf(name) as unknown as SqliteViewCollectionApi<D>;
    },
    dropAll: () => core.write(() => {
      // Every collection in the file, also those this process has not opened yet.
      const tables = core.db.prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' AND substr(name, 1, ${TABLE_PREFIX.length}) = '${TABLE_PREFIX}'`).all() as Array<{ name: string }>;
      for (const { name } of tables) collectionOf(name.slice(TABLE_PREFIX.length)).clear();
    }),
    dropCollection: (name) => core.write(() => collectionOf(name).clear()),
    atomically: (work, unitOptions) => core.atomically(work, unitOptions),
    explain: (collection, filter = {}, options = {}) => collectionOf(collection).explain(filter, options),
    copyCollectionsFrom: (path, names) => core.write(() => core.withAttached(path, (source) => {
      let copied = 0;
      for (const name of names) copied += collectionOf(name).copyRowsFrom(source);
      return copied;
    })),
    async close() {
      await core.walCheckpoints?.stop();
      if (core.db.isOpen) core.db.close();
      core.closed();
    },
  };
}
