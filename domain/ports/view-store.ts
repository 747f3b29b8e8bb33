// The ViewStore port (DESIGN §2): the small subset of the MongoDB collection API that projectors and
// the query API use. Implemented in memory (infra/view-store/memory-view-store.ts, filters by mingo)
// and on MongoDB (infra/view-store/mongo-view-store.ts); both pass view-store.conformance.ts.
// Filters and updates are MongoDB query and update documents.

export type Filter = Record<string, unknown>;
export type Sort = Record<string, 1 | -1>;
/** Update operators supported by every adapter. */
export interface Update {
  $set?: Record<string, unknown>;
  $unset?: Record<string, '' | 1 | true>;
  $inc?: Record<string, number>;
  $push?: Record<string, unknown>;
  $pull?: Record<string, unknown>;
}

export interface FindOptions {
  sort?: Sort;
  skip?: number;
  limit?: number;
  /**
   * Top-level fields to leave out of the documents answered (names, not paths): the store need not send
   * them, as MongoDB does not with a projection. Filters and sorts still see them.
   */
  omit?: readonly string[];
}

export interface ViewDocument {
  _id: string;
  [key: string]: unknown;
}

/**
 * The field `writeIfVersion` keeps: how many times the document was written that way. A document
 * without it (written by replaceOne, or before versions existed) counts as version 0.
 */
export const VERSION_FIELD = '_version';

export interface ViewCollection<D extends ViewDocument = ViewDocument> {
  find(filter?: Filter, options?: FindOptions): Promise<D[]>;
  findOne(filter: Filter, options?: Pick<FindOptions, 'omit'>): Promise<D | null>;
  count(filter?: Filter): Promise<number>;
  /** Replaces the whole document with this `_id`, inserting it when absent. */
  replaceOne(doc: D): Promise<void>;
  /**
   * replaceOne of each document in turn, as one write: offered by the node:sqlite store, for a page
   * buffer's write-out (one call per collection instead of a promise and a write per document).
   * Answers the length of each document's JSON as written, in order (page-buffer.ts, keepWritten).
   */
  replaceMany?(docs: readonly D[]): Promise<readonly number[]>;
  /**
   * findOne by `_id`, with the length of the document's JSON text as the store read it: offered by the
   * node:sqlite store, which reads the text anyway, for a rebuild's page buffer, which bounds the
   * documents it keeps by that length (page-buffer.ts) and would otherwise serialize each to measure it.
   */
  findOneSized?(id: string): Promise<{ doc: D; jsonLength: number } | null>;
  /**
   * Adds documents whose `_id`s the collection does not hold, in bulk; a held `_id` is refused (the
   * others are still added). Offered by stores without units (MongoDB, memory), for a rebuild's write of
   * its staged views into fresh collections: one round trip per batch instead of a guarded upsert per
   * document, which a Mongo-wire server without update pushdown (FerretDB v1) answers by scanning.
   */
  insertMany?(docs: readonly D[]): Promise<void>;
  /**
   * Compare-and-set, for writers that may race (several projector instances on one view store):
   * writes `doc` — or deletes document `id` when `doc` is null — only if the stored document is still
   * at version `expected` (`_version`, 0 when it has none; null: no document with this id). A written
   * document gets version expected + 1 (1 when inserted). False when another writer came first: read
   * again and decide again.
   */
  writeIfVersion(id: string, doc: D | null, expected: number | null): Promise<boolean>;
  /** Applies an update to the first matching document; with upsert, inserts one made from the filter. */
  updateOne(filter: Filter, update: Update, options?: { upsert?: boolean }): Promise<{ matched: number; upserted: boolean }>;
  deleteOne(filter: Filter): Promise<number>;
  deleteMany(filter?: Filter): Promise<number>;
  /** Declares an index; the embedded adapter may ignore it. Idempotent. */
  createIndex(keys: Record<string, 1 | -1 | 'text'>, options?: { unique?: boolean; name?: string }): Promise<void>;
  /** Drops the index createIndex made with these keys (and no name), where there is one: idempotent. */
  dropIndex(keys: Record<string, 1 | -1 | 'text'>): Promise<void>;
}

/** Top-level keys a text read leaves out: these names, and every key that begins with `prefix`. */
export interface TextOmission {
  keys: readonly string[];
  prefix?: string;
}

/**
 * What a view collection may offer beyond the port (the embedded node:sqlite store does): the
 * matching documents as JSON text without some top-level keys, exactly `JSON.stringify` of each
 * with those keys deleted, made without parsing them. Listings then answer without parsing and
 * rewriting every document; with other stores the query API does the same in JavaScript.
 */
export interface TextReads {
  findTexts(filter: Filter, options: FindOptions, omit: TextOmission): Promise<string[]>;
  /**
   * Asks the store to keep every document's text without `omit`'s keys as documents are written, so
   * findTexts with the same omission reads it as it is (the embedded store keeps one per collection).
   */
  keepTexts?(omit: TextOmission): Promise<void>;
}

export interface ViewStore {
  collection<D extends ViewDocument = ViewDocument>(name: string): ViewCollection<D>;
  /** Drops every collection, the bookkeeping ones too (views found to be built from another log). */
  dropAll(): Promise<void>;
  /** Empties one collection (a rebuild empties the views it rebuilds, and nothing else). */
  dropCollection(name: string): Promise<void>;
  /**
   * Moves collection `from`, its documents and indexes, to the name `to`, replacing what `to` held.
   * Offered by stores without units (MongoDB), where a rebuild writes fresh collections and swaps them
   * in: readers see the previous collection until the move.
   */
  renameCollection?(from: string, to: string): Promise<void>;
  /**
   * Runs `work` as one unit that commits whole or not at all, where the adapter can: the embedded
   * node:sqlite store runs it in one transaction, so a batch of view changes and the checkpoint saved
   * with it survive a crash together and a restart resumes instead of replaying. Adapters without it
   * (memory: nothing survives anyway; MongoDB: `_seen` makes re-applying a batch harmless) just run
   * the work, as `atomicallyIn` does.
   */
  atomically?<T>(work: () => Promise<T>, options?: UnitOptions): Promise<T>;
  close(): Promise<void>;
}

export interface UnitOptions {
  /**
   * The unit drops the views it names and writes them all again (a rebuild): the store may write it
   * another way where that is cheaper, as long as the unit stays one (the node:sqlite store, on a file
   * that holds nothing yet, without its write-ahead log).
   */
  rebuild?: boolean;
}

/** Runs `work` in one unit on stores that offer it (`ViewStore.atomically`), else as it is. */
export const atomicallyIn = <T>(viewStore: ViewStore, work: () => Promise<T>, options?: UnitOptions): Promise<T> =>
  viewStore.atomically ? viewStore.atomically(work, options) : work();
