import { Query, update as applyUpdate } from 'mingo';
import { MongoClient, MongoServerError } from 'mongodb';
import type { Collection, Db, Document } from 'mongodb';
import { upsertedDocument } from './upsert-document.ts';
import { defaultIndexName } from './index-name.ts';
import { mendMongoWritesOnClosedSockets } from './mongodb-closed-socket-writes.ts';
import { VERSION_FIELD, type Filter, type FindOptions, type Update, type ViewCollection, type ViewDocument, type ViewStore } from '../../domain/ports/view-store.ts';

// The distributed ViewStore (DESIGN §2) on MongoDB via the official driver. Filters and updates are
// MongoDB documents already, so they are passed through. It uses only what FerretDB v1 (the Mongo-wire
// server provisioned without Docker, scripts/services/ferretdb.sh) also serves: plain CRUD, the
// query/update operators of the port, single-field and compound indexes; no transactions, no change
// streams, no aggregation, no text indexes (docs/real-engines.md).
//
// Two operators of the port FerretDB v1 refuses or gets wrong: `$elemMatch` with conditions on the
// fields of array elements ("unknown operator"), and `$pull` with a condition or a document (it only
// pulls equal values). On FerretDB (told by `ferretdbVersion` in buildInfo) those are evaluated here
// with mingo, the engine the embedded adapter uses: the rest of the filter runs on the server and the
// `$elemMatch` clauses are checked on the candidates; a conditional `$pull` is computed here and
// written as a `$set` guarded by the array it was computed from. On MongoDB everything runs on the server.
//
// Idempotent upserts: the projectors runtime stamps each view document with `_seen` (the last revision
// applied per stream, projectors/seen.ts) and skips events a document has already seen. replaceOne adds
// the same guard on the server: a document carrying `_seen` never overwrites a stored one that has seen
// a later revision of any of those streams, so a stale or duplicate writer cannot move a view backwards.
// That guard alone loses updates when two writers apply events of different streams to one document
// at once (each read the document before the other wrote): the projectors therefore write with
// writeIfVersion, a compare-and-set on `_version`, and read again when they lose.

export interface MongoViewStoreOptions {
  /** mongodb:// URL (MONGO_URL). */
  url: string;
  /** Database holding the views; default 'marketplace_views'. */
  dbName?: string;
  /** Indexes to declare at open, before any query runs (the projectors also declare theirs at start). */
  indexes?: ReadonlyArray<{ collection: string; keys: Record<string, 1 | -1 | 'text'>; options?: { unique?: boolean; name?: string } }>;
  /** Milliseconds to find a server before an operation fails (then answered 503); default 5 000. */
  serverSelectionTimeoutMs?: number;
  /** Which server this is; detected from buildInfo when omitted. */
  dialect?: MongoDialect;
  /**
   * Told each time the driver's view of a server changes kind (answering, or Unknown with the error that
   * made it so), as its monitor sees it: an operator can tell a server that is away from a client that
   * stopped checking it.
   */
  onServerChange?: (change: { address: string; from: string; to: string; error?: string }) => void;
}

const DUPLICATE_KEY = 11000;
const NAMESPACE_NOT_FOUND = 26;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof RegExp);

/** The filter that lets a replacement through only if the stored document has not seen later revisions. */
function notNewerThan(seen: unknown): Document {
  if (!isPlainObject(seen)) return {};
  const guards: Document[] = [];
  for (const [stream, revision] of Object.entries(seen)) {
    // Keys that are not plain field names cannot be addressed by a dotted path; they are not guarded.
    if (typeof revision !== 'number' || stream === '' || stream.includes('.') || stream.startsWith('$')) continue;
    guards.push({ [`_seen.${stream}`]: { $not: { $gt: revision } } });
  }
  return guards.length > 0 ? { $and: guards } : {};
}

/** What the server evaluates itself; FerretDB v1 lacks the two features named at the top. */
export type MongoDialect = 'mongodb' | 'ferretdb';

const containsElemMatch = (value: unknown): boolean => {
  if (Array.isArray(value)) return value.some(containsElemMatch);
  if (!isPlainObject(value)) return false;
  return Object.entries(value).some(([key, inner]) => key === '$elemMatch' || containsElemMatch(inner));
};

/** The part of a filter FerretDB can run: every top-level clause without an `$elemMatch` in it. */
function serverPartOf(filter: Filter): { server: Filter; complete: boolean } {
  const server: Filter = {};
  let complete = true;
  for (const [key, value] of Object.entries(filter)) {
    if (containsElemMatch(value)) complete = false;
    else server[key] = value;
  }
  return { server, complete };
}

/** A `$pull` value MongoDB treats as a query on the elements (FerretDB v1 only pulls equal scalars). */
const isConditionalPull = (value: unknown): boolean => isPlainObject(value);

const valueAt = (doc: Record<string, unknown>, path: string): unknown =>
  path.split('.').reduce<unknown>((value, part) => (isPlainObject(value) || Array.isArray(value) ? (value as Record<string, unknown>)[part] : undefined), doc);

/** The MongoDB projection leaving out the omitted fields (it cannot name them by prefix: they are listed). */
const projectionOf = (omit: readonly string[] | undefined): Document | undefined =>
  omit && omit.length > 0 ? Object.fromEntries(omit.map((field) => [field, 0])) : undefined;

/** The document without the omitted fields, where the server could not leave them out. */
function without<D extends ViewDocument>(doc: D, omit: readonly string[] | undefined): D {
  if (!omit || omit.length === 0) return doc;
  for (const field of omit) delete doc[field];
  return doc;
}

/** Attempts of an optimistic read-compute-write before giving up under contention. */
const OPTIMISTIC_ATTEMPTS = 20;

class MongoViewCollection<D extends ViewDocument> implements ViewCollection<D> {
  private readonly collection: Collection<Document>;
  private readonly dialect: MongoDialect;
  constructor(collection: Collection<Document>, dialect: MongoDialect) {
    this.collection = collection;
    this.dialect = dialect;
  }

  /** Documents matching the filter, sorted and paged, with FerretDB's gaps filled in here. */
  private async matching(filter: Filter, options: FindOptions = {}): Promise<D[]> {
    const sort = options.sort && Object.keys(options.sort).length > 0 ? options.sort : undefined;
    const { server, complete } = this.dialect === 'ferretdb' ? serverPartOf(filter) : { server: filter, complete: true };
    // Where the filter is checked here, the candidates come whole: the check may read an omitted field.
    const projection = complete ? projectionOf(options.omit) : undefined;
    let cursor = this.collection.find(server as Document, projection ? { projection } : {});
    if (sort) cursor = cursor.sort(sort);
    if (complete) {
      if (options.skip) cursor = cursor.skip(options.skip);
      if (options.limit) cursor = cursor.limit(options.limit);
      return (await cursor.toArray()) as unknown as D[];
    }
    // Candidates come sorted from the server; the whole filter is checked here, then paged.
    const query = new Query(filter as Record<string, unknown>);
    const matched = ((await cursor.toArray()) as unknown as D[]).filter((doc) => query.test(doc));
    const start = options.skip ?? 0;
    return matched.slice(start, options.limit ? start + options.limit : undefined).map((doc) => without(doc, options.omit));
  }

  /** The server-side filter selecting exactly the documents the port's filter selects. */
  private async serverFilter(filter: Filter, limit?: number): Promise<Filter> {
    if (this.dialect !== 'ferretdb' || serverPartOf(filter).complete) return filter;
    const ids = (await this.matching(filter, limit ? { limit } : {})).map((doc) => doc._id);
    return { _id: { $in: ids } };
  }

  async find(filter: Filter = {}, options: FindOptions = {}): Promise<D[]> {
    return this.matching(filter, options);
  }

  async findOne(filter: Filter, options: Pick<FindOptions, 'omit'> = {}): Promise<D | null> {
    if (this.dialect === 'ferretdb' && !serverPartOf(filter).complete) return (await this.matching(filter, { limit: 1, ...options }))[0] ?? null;
    const projection = projectionOf(options.omit);
    return (await this.collection.findOne(filter as Document, projection ? { projection } : {})) as D | null;
  }

  async count(filter: Filter = {}): Promise<number> {
    if (this.dialect === 'ferretdb' && !serverPartOf(filter).complete) return (await this.matching(filter)).length;
    return this.collection.countDocuments(filter as Document);
  }

  async replaceOne(doc: D): Promise<void> {
    if (typeof doc._id !== 'string' || doc._id === '') throw new Error('replaceOne needs a document with a string _id');
    const guard = notNewerThan(doc._seen);
    try {
      await this.collection.replaceOne({ _id: doc._id, ...guard } as Document, doc, { upsert: true });
    } catch (error) {
      // The guard did not match, so the upsert tried to insert a second document with this _id: the
      // stored one has seen later revisions and wins. Without a guard a duplicate key is a real error.
      if (error instanceof MongoServerError && error.code === DUPLICATE_KEY && Object.keys(guard).length > 0) return;
      throw error;
    }
  }

  async insertMany(docs: readonly D[]): Promise<void> {
    // Unordered: a refused duplicate leaves the others written (MongoBulkWriteError names it).
    if (docs.length > 0) await this.collection.insertMany(docs as unknown as Document[], { ordered: false });
  }

  async writeIfVersion(id: string, doc: D | null, expected: number | null): Promise<boolean> {
    // Version 0 is also a document written without one (replaceOne, or before versions existed).
    const atVersion: Document = expected === 0 ? { _id: id, [VERSION_FIELD]: { $in: [null, 0] } } : { _id: id, [VERSION_FIELD]: expected };
    if (doc === null) {
      if (expected === null) return (await this.collection.countDocuments({ _id: id } as Document, { limit: 1 })) === 0;
      return (await this.collection.deleteOne(atVersion)).deletedCount === 1;
    }
    const written: Document = { ...doc, _id: id, [VERSION_FIELD]: (expected ?? 0) + 1 };
    if (expected === null) {
      try {
        await this.collection.insertOne(written);
        return true;
      } catch (error) {
        if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) return false;
        throw error;
      }
    }
    return (await this.collection.replaceOne(atVersion, written)).matchedCount === 1;
  }

  async updateOne(filter: Filter, update: Update, options: { upsert?: boolean } = {}): Promise<{ matched: number; upserted: boolean }> {
    const upsert = options.upsert ?? false;
    const pulls = Object.entries(update.$pull ?? {}).filter(([, value]) => isConditionalPull(value));
    if (this.dialect !== 'ferretdb' || pulls.length === 0) {
      const server = await this.serverFilter(filter, 1);
      // An upsert whose filter had to be resolved here still seeds the new document from the filter.
      const result = await this.collection.updateOne(server as Document, update as Document, { upsert: upsert && server === filter });
      if (result.matchedCount === 0 && upsert && server !== filter) return this.insertFromFilter(filter, update);
      return { matched: result.matchedCount, upserted: result.upsertedCount > 0 };
    }
    return this.updateWithComputedPull(filter, update, upsert, pulls.map(([path]) => path));
  }

  /**
   * FerretDB: a `$pull` by condition is computed here with mingo and written as a `$set` of the
   * resulting arrays, on the condition that those arrays are still what they were when read.
   */
  private async updateWithComputedPull(filter: Filter, update: Update, upsert: boolean, paths: string[]): Promise<{ matched: number; upserted: boolean }> {
    for (let attempt = 0; attempt < OPTIMISTIC_ATTEMPTS; attempt += 1) {
      const current = await this.findOne(filter);
      if (!current) {
        if (!upsert) return { matched: 0, upserted: false };
        return this.insertFromFilter(filter, update);
      }
      const next = structuredClone(current) as Record<string, unknown>;
      applyUpdate(next, { $pull: Object.fromEntries(paths.map((path) => [path, update.$pull![path]])) } as never);
      const guard: Filter = { _id: current._id };
      const set: Record<string, unknown> = {};
      for (const path of paths) {
        const before = valueAt(current, path);
        if (!Array.isArray(before)) continue; // nothing to pull from
        guard[path] = before;
        set[path] = valueAt(next, path);
      }
      const rest: Update = { ...update, $pull: Object.fromEntries(Object.entries(update.$pull!).filter(([path]) => !paths.includes(path))) };
      if (Object.keys(rest.$pull!).length === 0) delete rest.$pull;
      if (Object.keys(set).length > 0) rest.$set = { ...(rest.$set ?? {}), ...set };
      if (Object.keys(rest).length === 0) return { matched: 1, upserted: false };
      const result = await this.collection.updateOne(guard as Document, rest as Document);
      if (result.matchedCount === 1) return { matched: 1, upserted: false };
      // Changed between the read and the write: read again.
    }
    throw new Error(`updateOne on ${this.collection.collectionName}: the document kept changing during ${OPTIMISTIC_ATTEMPTS} attempts`);
  }

  /** An upsert that matched nothing, for the paths computed here: the document made from the filter. */
  private async insertFromFilter(filter: Filter, update: Update): Promise<{ matched: number; upserted: boolean }> {
    const created: Document = upsertedDocument(filter, update);
    try {
      await this.collection.insertOne(created);
      return { matched: 0, upserted: true };
    } catch (error) {
      // Created meanwhile by another writer: apply the update to it instead.
      if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) return this.updateOne(filter, update);
      throw error;
    }
  }

  async deleteOne(filter: Filter): Promise<number> {
    return (await this.collection.deleteOne((await this.serverFilter(filter, 1)) as Document)).deletedCount;
  }

  async deleteMany(filter: Filter = {}): Promise<number> {
    return (await this.collection.deleteMany((await this.serverFilter(filter)) as Document)).deletedCount;
  }

  async createIndex(keys: Record<string, 1 | -1 | 'text'>, options: { unique?: boolean; name?: string } = {}): Promise<void> {
    await this.collection.createIndex(keys, { ...(options.unique ? { unique: true } : {}), ...(options.name ? { name: options.name } : {}) });
  }

  async dropIndex(keys: Record<string, 1 | -1 | 'text'>): Promise<void> {
    try {
      await this.collection.dropIndex(defaultIndexName(keys));
    } catch (error) {
      // 27: no such index; 26: no such collection (nothing was ever written to it).
      const code = (error as { code?: number }).code;
      if (code !== 27 && code !== 26) throw error;
    }
  }
}

export interface MongoViewStore extends ViewStore {
  /** The database, for admin tooling and tests. */
  readonly db: Db;
  readonly dialect: MongoDialect;
}

/** Connects (failing fast when no server answers) and declares the given indexes. */
export async function openMongoViewStore(options: MongoViewStoreOptions): Promise<MongoViewStore> {
  mendMongoWritesOnClosedSockets();
  const client = new MongoClient(options.url, { serverSelectionTimeoutMS: options.serverSelectionTimeoutMs ?? 5_000 });
  const onServerChange = options.onServerChange;
  if (onServerChange) {
    client.on('serverDescriptionChanged', ({ address, previousDescription, newDescription }) => {
      if (previousDescription.type === newDescription.type) return;
      onServerChange({ address, from: previousDescription.type, to: newDescription.type, ...(newDescription.error ? { error: newDescription.error.message } : {}) });
    });
  }
  await client.connect();
  const db = client.db(options.dbName ?? 'marketplace_views');
  const buildInfo = await db.admin().command({ buildInfo: 1 });
  const dialect: MongoDialect = options.dialect ?? ('ferretdbVersion' in buildInfo ? 'ferretdb' : 'mongodb');
  const collections = new Map<string, MongoViewCollection<ViewDocument>>();
  const dropIfThere = (name: string) => db.dropCollection(name).then(() => undefined, (error: unknown) => {
    // Not there, or dropped meanwhile by another process (MongoDB before 7 answers NamespaceNotFound).
    if (!(error instanceof MongoServerError && error.code === NAMESPACE_NOT_FOUND)) throw error;
  });

  const store: MongoViewStore = {
    db,
    dialect,
    collection<D extends ViewDocument = ViewDocument>(name: string): ViewCollection<D> {
      let collection = collections.get(name);
      if (!collection) {
        collection = new MongoViewCollection<ViewDocument>(db.collection(name), dialect);
        collections.set(name, collection);
      }
      return collection as unknown as ViewCollection<D>;
    },
    async dropAll(): Promise<void> {
      // Dropping each collection rather than the database keeps the user's grants on the database.
      for (const { name } of await db.listCollections({}, { nameOnly: true }).toArray()) {
        if (!name.startsWith('system.')) await dropIfThere(name);
      }
    },
    async dropCollection(name: string): Promise<void> {
      await dropIfThere(name);
    },
    async renameCollection(from: string, to: string): Promise<void> {
      // MongoDB replaces the target in one step. FerretDB v1 does not implement dropTarget: there the
      // target is dropped first, and a reader may find it missing (empty) for that moment.
      if (dialect === 'ferretdb') await dropIfThere(to);
      await db.renameCollection(from, to, dialect === 'ferretdb' ? {} : { dropTarget: true }).catch(async (error: unknown) => {
        // Nothing was ever written to `from`: what moves in is an empty collection.
        if (!(error instanceof MongoServerError && error.code === NAMESPACE_NOT_FOUND)) throw error;
        await dropIfThere(to);
      });
    },
    async close(): Promise<void> {
      await client.close();
    },
  };

  for (const index of options.indexes ?? []) await store.collection(index.collection).createIndex(index.keys, index.options);
  return store;
}
