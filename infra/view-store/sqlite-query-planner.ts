import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { Filter, Sort, ViewDocument } from '../../domain/ports/view-store.ts';
import { extractSql, filterToSql, ID_COLUMN, jsonPath, kindOf, sqlText, type JsonKind, type PathShape, type SqlCondition } from './sqlite-filter.ts';
import { filterKey } from './sqlite-filter-key.ts';

// What the collection's SQL is planned from: the shape of each path its queries ask about (whether the
// documents hold arrays there, which JSON types), learnt by one scan and then kept by the writes; the
// tables of array elements that serve multikey indexes; and the ORDER BY of a sort SQL can do exactly.
// filterToSql (sqlite-filter.ts) turns a filter into SQL over these shapes.
//
// The shapes are kept in the file too (table `path_shapes`), so a start or another connection's commit
// reads them instead of scanning every document again (the scans of each collection's indexed paths
// were about 2 s of a start at 1,000,000 events, most of its time before it listened). A shape only grows; a write records how it
// grows before the document itself is written, in the same unit where there is one, so the file's shapes
// are never narrower than its documents (wider only costs a query a type check it did not need).

/** Tables of array elements (multikey indexes): `e_<collection>#<path>`. */
export const ELEMENTS_PREFIX = 'e_';
/** The types SQL orders as MongoDB does (null and missing first, numbers, then strings). */
const SORTABLE: ReadonlySet<JsonKind> = new Set(['null', 'integer', 'real', 'text']);
/** Paths whose shape one scan of a collection learns at most. */
const MAX_PATHS_PER_SCAN = 16;
/** Translations kept per collection (condition) before they are dropped all at once. */
const MAX_KEPT_CONDITIONS = 1000;

const quoted = (identifier: string): string => `"${identifier.replaceAll('"', '""')}"`;

/** The shapes learnt, per collection and path (made when the store opens). */
export const PATH_SHAPES_SCHEMA = `CREATE TABLE IF NOT EXISTS path_shapes (
  collection TEXT NOT NULL, path TEXT NOT NULL, array_above INTEGER NOT NULL, kinds TEXT NOT NULL,
  PRIMARY KEY (collection, path)) WITHOUT ROWID`;

/** Keeps a shape up to date with one written document (it only ever grows); answers whether it grew. */
function noteShape(shape: PathShape, keys: string[], doc: unknown): boolean {
  let value: unknown = doc;
  for (const key of keys) {
    if (Array.isArray(value)) {
      if (shape.arrayAbove) return false;
      shape.arrayAbove = true;
      return true;
    }
    if (value === null || typeof value !== 'object') return false;
    value = (value as Record<string, unknown>)[key];
  }
  if (value === undefined) return false;
  const kind = kindOf(value);
  if (shape.kinds.has(kind)) return false;
  shape.kinds.add(kind);
  return true;
}

export class SqliteQueryPlanner {
  /** Where the stored documents hold arrays, per path asked about; learnt by one scan, then kept by the writes. */
  private readonly shapes = new Map<string, PathShape>();
  /** Paths with a declared single-key index: where they hold arrays, their elements get a table. */
  private readonly declared = new Set<string>();
  /** Every path of a declared index: what the queries will ask the shape of. */
  private readonly indexedPaths = new Set<string>();
  /** path → its elements table (quoted name), as the file has them. */
  private elements = new Map<string, string>();
  private readonly db: DatabaseSync;
  private readonly statement: (sql: string) => StatementSync;
  private readonly name: string;
  /** The collection's table, quoted. */
  private readonly table: string;
  /**
   * Filters' translations by filterKey (probing ones prefixed), while the shapes and element tables they
   * were made from hold: a search's count, page and the category's tag ask the same few filters every
   * time (their translation was ~7% of a cache miss of the vendor search at 10,000 vendors).
   */
  private readonly conditions = new Map<string, SqlCondition>();
  /**
   * ORDER BY of frozen sorts (the vendor search's, made once per sort and language), as asked and
   * reversed, by the sort, while the shapes hold: each page of a search translated its sort and its
   * sort's reverse again (~2% of a cache miss at 10,000 vendors).
   */
  private orderBys = new WeakMap<Sort, string | null>();
  private reversedOrderBys = new WeakMap<Sort, string | null>();

  constructor(db: DatabaseSync, statement: (sql: string) => StatementSync, name: string, table: string) {
    this.db = db;
    this.statement = statement;
    this.name = name;
    this.table = table;
    this.elements = this.elementTablesInFile();
    this.loadShapes();
  }

  /** What was learnt from the file is read from it again (another connection may have changed anything). */
  reload(): void {
    this.forgetTranslations();
    this.elements = this.elementTablesInFile();
    this.shapes.clear();
    this.loadShapes();
  }

  private loadShapes(): void {
    const rows = this.statement('SELECT path, array_above, kinds FROM path_shapes WHERE collection = ?').all(this.name) as Array<{ path: string; array_above: number; kinds: string }>;
    for (const row of rows) {
      this.shapes.set(row.path, { arrayAbove: row.array_above === 1, kinds: new Set(JSON.parse(row.kinds) as JsonKind[]), elements: this.elements.get(row.path) });
    }
  }

  private saveShape(path: string, shape: PathShape): void {
    this.statement('INSERT INTO path_shapes (collection, path, array_above, kinds) VALUES (?, ?, ?, ?) ON CONFLICT (collection, path) DO UPDATE SET array_above = excluded.array_above, kinds = excluded.kinds')
      .run(this.name, path, shape.arrayAbove ? 1 : 0, JSON.stringify([...shape.kinds].sort()));
  }

  /** Whether any shape is known: only then do the writes need their documents parsed (noteWriting). */
  learnsShapes(): boolean {
    return this.shapes.size > 0;
  }

  /**
   * The collection was emptied (after its rows were deleted): no shape is known any more, so a rebuild's
   * writes into it need not parse their documents; the first query after learns the shapes by a scan.
   */
  forgetShapes(): void {
    this.forgetTranslations();
    this.shapes.clear();
    this.statement('DELETE FROM path_shapes WHERE collection = ?').run(this.name);
  }

  /** A filter as SQL over the known shapes; `probing`: array elements probed row by row (EXISTS). */
  condition(filter: Filter, probing = false): SqlCondition {
    const key = filterKey(filter);
    if (key === null) return filterToSql(filter, probing ? this.probingShapeOf : this.shapeOf);
    const keptAs = probing ? `probing\n${key}` : key;
    let condition = this.conditions.get(keptAs);
    if (condition === undefined) {
      // Frozen: every caller of this filter shares it.
      condition = Object.freeze({ ...filterToSql(filter, probing ? this.probingShapeOf : this.shapeOf) });
      Object.freeze(condition.params);
      if (this.conditions.size >= MAX_KEPT_CONDITIONS) this.conditions.clear();
      this.conditions.set(keptAs, condition);
    }
    return condition;
  }

  /** The paths of a declared index: what the queries will ask the shape of. */
  indexDeclared(keys: readonly string[]): void {
    for (const path of keys) if (path !== '_id') this.indexedPaths.add(path);
  }

  /** A single-key index on `path`: where it holds arrays, MongoDB indexes each element; answers whether it does now. */
  declareSingleKey(path: string): boolean {
    this.declared.add(path);
    return this.shapeOf(path).kinds.has('array');
  }

  private elementTablesInFile(): Map<string, string> {
    const prefix = `${ELEMENTS_PREFIX}${this.name}#`;
    const tables = this.db.prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' AND substr(name, 1, ?) = ?`).all(prefix.length, prefix) as Array<{ name: string }>;
    return new Map(tables.map(({ name }) => [name.slice(prefix.length), quoted(name)]));
  }

  /**
   * A multikey index for a declared path that holds arrays: a table of its elements `(value, type,
   * rid)` keyed by value, kept by triggers on the collection's table, filled once from its rows.
   */
  ensureElements(path: string): void {
    const json = jsonPath(path);
    if (json === null || this.elements.has(path)) return;
    const name = `${ELEMENTS_PREFIX}${this.name}#${path}`;
    const table = quoted(name);
    const at = sqlText(json);
    const insert = (row: string) => `INSERT OR IGNORE INTO ${table} (value, type, rid) SELECT value, type, ${row}.rid FROM json_each(${row}.doc, ${at}) WHERE json_type(${row}.doc, ${at}) = 'array'`;
    this.db.exec(`
      CREATE TABLE ${table} (value, type TEXT NOT NULL, rid INTEGER NOT NULL, PRIMARY KEY (value, type, rid)) WITHOUT ROWID;
      CREATE INDEX ${quoted(`${name}:rid`)} ON ${table} (rid);
      CREATE TRIGGER ${quoted(`${name}:insert`)} AFTER INSERT ON ${this.table} BEGIN ${insert('new')}; END;
      CREATE TRIGGER ${quoted(`${name}:update`)} AFTER UPDATE OF doc ON ${this.table} BEGIN DELETE FROM ${table} WHERE rid = old.rid; ${insert('new')}; END;
      CREATE TRIGGER ${quoted(`${name}:delete`)} AFTER DELETE ON ${this.table} BEGIN DELETE FROM ${table} WHERE rid = old.rid; END;
      INSERT OR IGNORE INTO ${table} (value, type, rid) SELECT element.value, element.type, row.rid FROM ${this.table} AS row, json_each(row.doc, ${at}) AS element WHERE json_type(row.doc, ${at}) = 'array';`);
    this.elements.set(path, table);
    const shape = this.shapes.get(path);
    if (shape) shape.elements = table;
    this.forgetTranslations();
  }

  /**
   * A single-key index on `path` dropped (SqliteCollection.dropIndex): its elements table goes with its
   * triggers, which every write of the collection would otherwise still run, and filters on the path
   * are planned without it (json_each of each row, as for a path no index names).
   */
  dropElements(path: string): void {
    this.declared.delete(path);
    const table = this.elements.get(path);
    if (table === undefined) return;
    const name = `${ELEMENTS_PREFIX}${this.name}#${path}`;
    const trigger = (event: string) => `DROP TRIGGER IF EXISTS ${quoted(`${name}:${event}`)};`;
    this.db.exec(`${trigger('insert')} ${trigger('update')} ${trigger('delete')} DROP TABLE IF EXISTS ${table};`);
    this.elements.delete(path);
    const shape = this.shapes.get(path);
    if (shape) delete shape.elements;
    this.forgetTranslations();
  }

  shapeOf = (path: string): PathShape => {
    const known = this.shapes.get(path);
    if (known) return known;
    if (jsonPath(path) === null) return { arrayAbove: true, kinds: new Set() }; // never translated
    // One scan of the documents learns the other indexed paths not known yet too: a listing's first
    // queries ask for several (at 100,000 cards a scan took ~0.4 s, six at once ~0.6 s).
    const others = [...this.indexedPaths].filter((other) => other !== path && !this.shapes.has(other) && jsonPath(other) !== null);
    const paths = [path, ...others.slice(0, MAX_PATHS_PER_SCAN - 1)];
    // DISTINCT keeps only the few distinct (type, array above) rows as it reads. A GROUP BY sorted every
    // row first, its documents with it (SQLite's sorter holds the columns the aggregates read, so `doc`),
    // all in memory where queries keep temp_store = MEMORY: at a start after a rebuild of 3,000,000
    // events, each of the balance reminders' first scans of the orders' money held ~240 MB.
    const columns = paths.map((each, at) => {
      const keys = each.split('.');
      const above = keys.slice(0, -1).map((_, index) => `json_type(doc, ${sqlText(jsonPath(keys.slice(0, index + 1).join('.'))!)}) = 'array'`);
      return `json_type(doc, ${sqlText(jsonPath(each)!)}) AS k${at}, (${above.length > 0 ? above.join(' OR ') : '0'}) AS a${at}`;
    });
    const rows = this.statement(`SELECT DISTINCT ${columns.join(', ')} FROM ${this.table}`).all() as Array<Record<string, JsonKind | number | null>>;
    for (const [at, each] of paths.entries()) {
      const shape: PathShape = {
        arrayAbove: rows.some((row) => row[`a${at}`] === 1),
        kinds: new Set(rows.flatMap((row) => (row[`k${at}`] ? [row[`k${at}`] as JsonKind] : []))),
        elements: this.elements.get(each),
      };
      this.shapes.set(each, shape);
      this.saveShape(each, shape);
    }
    return this.shapes.get(path)!;
  };

  private probingShapeOf = (path: string): PathShape => ({ ...this.shapeOf(path), probeFrom: this.table });

  /**
   * Keeps the known shapes up to date with a document about to be written (before its statement, so
   * the file's shapes are never narrower than its documents); a declared path now holding arrays gets
   * its elements table, whose triggers then take the document's elements.
   */
  noteWriting(doc: ViewDocument): void {
    for (const [path, shape] of this.shapes) {
      if (noteShape(shape, path.split('.'), doc)) {
        this.saveShape(path, shape);
        this.forgetTranslations();
      }
      if (shape.kinds.has('array') && this.declared.has(path) && !this.elements.has(path)) this.ensureElements(path);
    }
  }

  /** What was translated from the shapes and element tables no longer holds. */
  private forgetTranslations(): void {
    this.conditions.clear();
    this.orderBys = new WeakMap();
    this.reversedOrderBys = new WeakMap();
  }

  /**
   * ORDER BY for a sort SQL can do exactly (scalars at every key); null: mingo sorts. `reversed`: of
   * the sort with every direction flipped.
   */
  orderBy(sort: Sort | undefined, reversed = false): string | null {
    if (sort === undefined || !Object.isFrozen(sort)) return this.orderByOf(sort, reversed);
    const kept = reversed ? this.reversedOrderBys : this.orderBys;
    let orderBy = kept.get(sort);
    if (orderBy === undefined) kept.set(sort, (orderBy = this.orderByOf(sort, reversed)));
    return orderBy;
  }

  private orderByOf(sort: Sort | undefined, reversed: boolean): string | null {
    const keys = Object.entries(sort ?? {});
    const terms: string[] = [];
    for (const [path, direction] of keys) {
      const order = (direction === -1) !== reversed ? 'DESC' : 'ASC';
      if (path === '_id') { terms.push(`${ID_COLUMN} ${order}`); continue; }
      const json = jsonPath(path);
      if (json === null) return null;
      const shape = this.shapeOf(path);
      if (shape.arrayAbove || [...shape.kinds].some((kind) => !SORTABLE.has(kind))) return null;
      terms.push(`${extractSql(json)} ${order}`);
    }
    // Ties in insertion order, as the memory store's stable sort keeps them (`_id` leaves none).
    return (keys.some(([path]) => path === '_id') ? terms : [...terms, 'rid']).join(', ');
  }
}
