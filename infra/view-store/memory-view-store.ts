import { Query, find, update as applyUpdate } from 'mingo';
import { upsertedDocument } from './upsert-document.ts';
import { VERSION_FIELD, type Filter, type FindOptions, type Update, type ViewCollection, type ViewDocument, type ViewStore } from '../../domain/ports/view-store.ts';

// The embedded ViewStore (DESIGN §2): collections held in memory, filters, sorts and updates evaluated by
// mingo so they behave like MongoDB. Every document goes in and comes out as a deep copy, so callers can
// never change the store by mutating what they passed or received. Views are rebuilt by replay at start.

/** A deep copy of a document without the omitted top-level fields (FindOptions.omit). */
function copyWithout<D extends ViewDocument>(doc: D, omit: readonly string[] | undefined): D {
  if (!omit || omit.length === 0) return copy(doc);
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(doc)) if (!omit.includes(key)) result[key] = copy(doc[key]);
  return result as D;
}

/** A deep copy; plain objects and arrays by hand (several times faster than structuredClone for views). */
function copy<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(copy) as T;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return structuredClone(value);
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(value)) result[key] = copy((value as Record<string, unknown>)[key]);
  return result as T;
}

class MemoryViewCollection<D extends ViewDocument> implements ViewCollection<D> {
  // Insertion order is kept, like a natural-order scan in MongoDB.
  readonly documents = new Map<string, D>();

  private matching(filter: Filter = {}): D[] {
    if (Object.keys(filter).length === 0) return [...this.documents.values()];
    // Fast path for the commonest read: by _id.
    if (typeof filter._id === 'string' && Object.keys(filter).length === 1) {
      const doc = this.documents.get(filter._id);
      return doc ? [doc] : [];
    }
    const query = new Query(filter, {});
    return [...this.documents.values()].filter((doc) => query.test(doc));
  }

  async find(filter: Filter = {}, options: FindOptions = {}): Promise<D[]> {
    let cursor = find(this.matching(filter), {});
    if (options.sort && Object.keys(options.sort).length > 0) cursor = cursor.sort(options.sort);
    if (options.skip) cursor = cursor.skip(options.skip);
    if (options.limit) cursor = cursor.limit(options.limit);
    return (cursor.all() as D[]).map((doc) => copyWithout(doc, options.omit));
  }

  async findOne(filter: Filter, options: Pick<FindOptions, 'omit'> = {}): Promise<D | null> {
    const [first] = this.matching(filter);
    return first ? copyWithout(first, options.omit) : null;
  }

  async count(filter: Filter = {}): Promise<number> {
    return this.matching(filter).length;
  }

  async replaceOne(doc: D): Promise<void> {
    if (typeof doc._id !== 'string' || doc._id === '') throw new Error('replaceOne needs a document with a string _id');
    this.documents.set(doc._id, copy(doc));
  }

  async insertMany(docs: readonly D[]): Promise<void> {
    const held = docs.filter((doc) => this.documents.has(doc._id));
    for (const doc of docs) if (!this.documents.has(doc._id)) this.documents.set(doc._id, copy(doc));
    if (held.length > 0) throw new Error(`insertMany: ${held.map((doc) => doc._id).join(', ')} already held`);
  }

  async writeIfVersion(id: string, doc: D | null, expected: number | null): Promise<boolean> {
    const current = this.documents.get(id);
    const version = current ? (typeof current[VERSION_FIELD] === 'number' ? current[VERSION_FIELD] : 0) : null;
    if (version !== expected) return false;
    if (doc === null) this.documents.delete(id);
    else this.documents.set(id, { ...copy(doc), _id: id, [VERSION_FIELD]: (expected ?? 0) + 1 });
    return true;
  }

  async updateOne(filter: Filter, update: Update, options: { upsert?: boolean } = {}): Promise<{ matched: number; upserted: boolean }> {
    const [current] = this.matching(filter);
    if (current) {
      const next = copy(current);
      applyUpdate(next, copy(update) as never);
      this.documents.set(current._id, next);
      return { matched: 1, upserted: false };
    }
    if (!options.upsert) return { matched: 0, upserted: false };
    const doc = upsertedDocument(filter, update) as D;
    this.documents.set(doc._id, doc);
    return { matched: 0, upserted: true };
  }

  async deleteOne(filter: Filter): Promise<number> {
    const [first] = this.matching(filter);
    if (!first) return 0;
    this.documents.delete(first._id);
    return 1;
  }

  async deleteMany(filter: Filter = {}): Promise<number> {
    const doomed = this.matching(filter);
    for (const doc of doomed) this.documents.delete(doc._id);
    return doomed.length;
  }

  async createIndex(): Promise<void> {
    // Nothing to do: a scan of an in-memory collection is fast enough for the embedded mode.
  }

  async dropIndex(): Promise<void> {}
}

export function createMemoryViewStore(): ViewStore {
  const collections = new Map<string, MemoryViewCollection<ViewDocument>>();
  const store: ViewStore = {
    collection<D extends ViewDocument = ViewDocument>(name: string): ViewCollection<D> {
      let collection = collections.get(name);
      if (!collection) {
        collection = new MemoryViewCollection<ViewDocument>();
        collections.set(name, collection);
      }
      return collection as unknown as ViewCollection<D>;
    },
    async dropAll() {
      for (const collection of collections.values()) collection.documents.clear();
    },
    async dropCollection(name) {
      collections.get(name)?.documents.clear();
    },
    async renameCollection(from, to) {
      // The documents move, not the objects: collections handed out before keep answering for their names.
      const source = collections.get(from);
      const moved = [...(source?.documents ?? [])];
      source?.documents.clear();
      const target = store.collection(to) as unknown as MemoryViewCollection<ViewDocument>;
      target.documents.clear();
      for (const [id, doc] of moved) target.documents.set(id, doc);
    },
    async close() {},
  };
  return store;
}
