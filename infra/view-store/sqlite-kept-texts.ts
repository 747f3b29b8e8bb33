import type { DatabaseSync } from 'node:sqlite';
import type { TextOmission, ViewDocument } from '../../domain/ports/view-store.ts';
import { jsonPath, sqlText } from './sqlite-filter.ts';

// Kept texts (docs/embedded-views.md "Listings"): a collection whose listings are read as
// JSON text without some keys (findTexts with publicDocument's omission) keeps that text of every
// document in a column of its row, written by triggers whenever the document is inserted or changed,
// whoever writes it. A page then reads the texts as they are, where json_remove cut every document at
// every read (~30% of a cache miss of the vendor search at 10,000 vendors). One omission per
// collection; the file remembers which (table `kept_texts`), so every process and every start uses it.
//
// The triggers name the keys they remove. Keys with the omitted prefix are learnt: those in the
// documents when the texts are first kept, then each new one a write of this process brings (the
// triggers are made again and the rows holding it written again). A text that still holds such a key
// (a write by a process that did not know it) is cut in JavaScript by the reader, as before.

const META_TABLE = 'kept_texts';
export const KEPT_COLUMN = 'kept_text';
/** Keys with the prefix the triggers name at most; beyond, readers cut the others in JavaScript. */
const MAX_REMOVED_KEYS = 128;

const quoted = (identifier: string): string => `"${identifier.replaceAll('"', '""')}"`;
export const omissionKey = (omit: TextOmission): string => JSON.stringify([omit.keys, omit.prefix ?? null]);
/** The JSON path json_remove takes for a top-level key; null when SQL cannot name it (a dot would make it a path). */
const keyPath = (key: string): string | null => (key.includes('.') ? null : jsonPath(key));
/** SQL of a document (`doc`, `new.doc`) as JSON text without the keys. */
const removal = (doc: string, keys: Iterable<string>): string => `json_remove(${[doc, ...[...keys].map((key) => sqlText(keyPath(key)!))].join(', ')})`;

export class KeptTexts {
  private readonly db: DatabaseSync;
  /** The collection's table (its name, and quoted). */
  private readonly tableName: string;
  private readonly table: string;
  private readonly name: string;
  /** The omission kept (omissionKey), null when the collection keeps no texts. */
  private kept: string | null = null;
  private prefix: string | null = null;
  /** Every key the triggers remove. */
  private removed = new Set<string>();
  /** Keys with the prefix that SQL cannot name: left to the readers. */
  private readonly unnamed = new Set<string>();
  /** columnsFor's answer for what is kept now (null: not made yet). */
  private columns: string | null = null;

  constructor(db: DatabaseSync, name: string, tableName: string) {
    this.db = db;
    this.name = name;
    this.tableName = tableName;
    this.table = quoted(tableName);
    this.load();
  }

  private hasColumn(): boolean {
    return this.db.prepare('SELECT 1 FROM pragma_table_info(?) WHERE name = ?').get(this.tableName, KEPT_COLUMN) !== undefined;
  }

  /** What the file says (at open, and again after a rollback). */
  load(): void {
    const kept = this.db.prepare(`SELECT omission, removed FROM ${META_TABLE} WHERE collection = ?`).get(this.name) as { omission: string; removed: string } | undefined;
    // A table made again without the column (by hand) keeps nothing, whatever the meta row says.
    const row = kept && this.hasColumn() ? kept : undefined;
    this.kept = row?.omission ?? null;
    this.prefix = row ? ((JSON.parse(row.omission) as [string[], string | null])[1]) : null;
    this.removed = new Set(row ? (JSON.parse(row.removed) as string[]) : []);
    this.columns = null;
  }

  /**
   * The columns of a text read with this omission from the kept texts (rid, doc); null when they are not
   * kept. The same string until what is kept changes (findTexts keeps what it planned by it).
   */
  columnsFor(omit: TextOmission, key = omissionKey(omit)): string | null {
    if (this.kept === null || this.kept !== key) return null;
    // A row without its text cannot be (the triggers write it); the cut at read time stays exact anyway.
    return (this.columns ??= `rid, coalesce(${KEPT_COLUMN}, ${removal('doc', this.removed)}) AS doc`);
  }

  /** Starts keeping the texts without `omit`'s keys (the texts of any other omission are dropped). Runs inside a unit. */
  keep(omit: TextOmission): void {
    const key = omissionKey(omit);
    if (this.kept === key) return;
    if (omit.keys.some((omitted) => keyPath(omitted) === null)) return; // not every key can be cut in SQL: nothing kept
    const removed = new Set(omit.keys);
    if (omit.prefix !== undefined) {
      const present = this.db.prepare(`SELECT DISTINCT each.key AS key FROM ${this.table} AS row, json_each(row.doc) AS each WHERE substr(each.key, 1, ?) = ?`)
        .all(omit.prefix.length, omit.prefix) as Array<{ key: string }>;
      for (const { key: found } of present) this.add(removed, found);
    }
    this.write(key, omit.prefix ?? null, removed, null);
  }

  /** After a write of `doc` by this process: a new key with the prefix joins the removed ones. */
  /** Whether noteWritten may learn keys from a document (texts kept without keys of a prefix). */
  learnsKeys(): boolean {
    return this.prefix !== null;
  }

  noteWritten(doc: ViewDocument): void {
    if (this.prefix === null) return;
    let added: string[] | null = null;
    for (const key in doc) {
      if (!key.startsWith(this.prefix) || this.removed.has(key) || this.unnamed.has(key)) continue;
      if (keyPath(key) === null || this.removed.size >= MAX_REMOVED_KEYS) this.unnamed.add(key);
      else (added ??= []).push(key);
    }
    if (added) this.write(this.kept!, this.prefix, new Set([...this.removed, ...added]), added);
  }

  private add(removed: Set<string>, key: string): void {
    if (keyPath(key) === null || removed.size >= MAX_REMOVED_KEYS) this.unnamed.add(key);
    else removed.add(key);
  }

  /**
   * The triggers and the meta row for `removed`, and the texts written again: all of them, or (`added`)
   * those of the documents holding one of the added keys. One savepoint: whole or not at all.
   */
  private write(key: string, prefix: string | null, removed: Set<string>, added: string[] | null): void {
    const trigger = (event: string) => quoted(`${this.tableName}:kept:${event}`);
    const set = `UPDATE ${this.table} SET ${KEPT_COLUMN} = ${removal('new.doc', removed)} WHERE rid = new.rid`;
    const hasColumn = this.hasColumn();
    const holding = added === null ? '' : ` WHERE ${added.map((each) => `json_type(doc, ${sqlText(keyPath(each)!)}) IS NOT NULL`).join(' OR ')}`;
    this.db.exec('SAVEPOINT kept_texts');
    try {
      this.db.exec(`${hasColumn ? '' : `ALTER TABLE ${this.table} ADD COLUMN ${KEPT_COLUMN} TEXT;`}
        DROP TRIGGER IF EXISTS ${trigger('insert')};
        DROP TRIGGER IF EXISTS ${trigger('update')};
        CREATE TRIGGER ${trigger('insert')} AFTER INSERT ON ${this.table} BEGIN ${set}; END;
        CREATE TRIGGER ${trigger('update')} AFTER UPDATE OF doc ON ${this.table} BEGIN ${set}; END;
        UPDATE ${this.table} SET ${KEPT_COLUMN} = ${removal('doc', removed)}${holding};`);
      this.db.prepare(`INSERT INTO ${META_TABLE} (collection, omission, removed) VALUES (?, ?, ?) ON CONFLICT (collection) DO UPDATE SET omission = excluded.omission, removed = excluded.removed`)
        .run(this.name, key, JSON.stringify([...removed]));
      this.db.exec('RELEASE kept_texts');
    } catch (error) {
      this.db.exec('ROLLBACK TO kept_texts; RELEASE kept_texts');
      throw error;
    }
    this.kept = key;
    this.prefix = prefix;
    this.removed = removed;
    this.columns = null;
  }
}

/** The table that says which collections keep which texts (made when the store opens). */
export const KEPT_TEXTS_SCHEMA = `CREATE TABLE IF NOT EXISTS ${META_TABLE} (collection TEXT PRIMARY KEY, omission TEXT NOT NULL, removed TEXT NOT NULL)`;
