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
}

export interface ViewDocument {
  _id: string;
  [key: string]: unknown;
}

export interface ViewCollection<D extends ViewDocument = ViewDocument> {
  find(filter?: Filter, options?: FindOptions): Promise<D[]>;
  findOne(filter: Filter): Promise<D | null>;
  count(filter?: Filter): Promise<number>;
  /** Replaces the whole document with this `_id`, inserting it when absent. */
  replaceOne(doc: D): Promise<void>;
  /** Applies an update to the first matching document; with upsert, inserts one made from the filter. */
  updateOne(filter: Filter, update: Update, options?: { upsert?: boolean }): Promise<{ matched: number; upserted: boolean }>;
  deleteOne(filter: Filter): Promise<number>;
  deleteMany(filter?: Filter): Promise<number>;
  /** Declares an index; the embedded adapter may ignore it. Idempotent. */
  createIndex(keys: Record<string, 1 | -1 | 'text'>, options?: { unique?: boolean; name?: string }): Promise<void>;
}

export interface ViewStore {
  collection<D extends ViewDocument = ViewDocument>(name: string): ViewCollection<D>;
  /** Drops every collection (used by a rebuild). */
  dropAll(): Promise<void>;
  close(): Promise<void>;
}
