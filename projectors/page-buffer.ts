import { VERSION_FIELD, type Filter, type FindOptions, type Update, type ViewCollection, type ViewDocument, type ViewStore } from '../domain/ports/view-store.ts';
import { writtenIds } from './written-ids.ts';

// A page of events touches the same documents again and again (a vendor card takes every product
// event of its vendor, a tombstone or a counter a whole burst). Applied one by one, each event would read
// the document from the view store, parse it, and write it back serialized: on node:sqlite that is
// most of the time of a replay. The page buffer sits between the event applier and the view
// store for one page: the first read of a document by `_id` goes to the store, later reads and the
// compare-and-set writes happen on the buffered copy, and `flush` writes each changed document once.
//
// Only for the views' sole writer: the runtime on a store with units (the page and its flush are one
// transaction, no other writer can come in between) and a rebuild (its own staging store, or the sqlite
// store inside the rebuild's one unit, where the buffer outlives the page and is flushed when it holds
// enough documents: event-applier.ts, bufferDocuments). The flush replaces documents without a compare-and-set: with several writers (several
// projector instances on MongoDB) the applier writes each event through instead.

interface Entry {
  /** The document as the page left it; null when absent or deleted. */
  doc: ViewDocument | null;
  /** Its version in the store when first read (null: absent). */
  storedVersion: number | null;
  /** Its version as the page's compare-and-sets see it. */
  version: number | null;
  dirty: boolean;
  /**
   * Kept by trims (see createPageBuffer's keepReadBack): read back from the store after this buffer had
   * written it out, or written out by a trim of a keepWritten collection, within the bounds; its length
   * as JSON when read back or written (what it counts against keepReadBackBytes). 0: not kept.
   */
  kept: number;
}

/**
 * See createPageBuffer's keepReadBackBytes. At 1,000,000 events (10,000 vendors) the documents a rebuild
 * reads back (each vendor's card, page and ratings, in the helper) come to ~30,000, 41 MB as JSON, all kept
 * within this bound; in the heap, with what V8 lets grow before it collects, several times that. At
 * 3,000,000 and 10,000,000 events (30,000 and 100,000 vendors) the bound is reached.
 */
export const KEEP_READ_BACK_BYTES = 48 * 1024 * 1024;

const versionOf = (doc: ViewDocument | null): number | null =>
  doc === null ? null : (typeof doc[VERSION_FIELD] === 'number' ? doc[VERSION_FIELD] as number : 0);

const isIdOnly = (filter: Filter): filter is { _id: string } => {
  if (typeof filter._id !== 'string') return false;
  for (const key in filter) if (key !== '_id') return false;
  return true;
};

/** What the buffer knows without asking the store: the applier's hot path, without a promise per call. */
export interface HeldDocuments {
  /** findOne by `_id` where the buffer knows the answer (null: absent); undefined when only the store does. */
  peek(collection: string, id: string): ViewDocument | null | undefined;
  /**
   * writeIfVersion where the buffer knows the document; undefined when only the store does. The document
   * written becomes the buffer's (it takes its `_id` and `_version` in place, where writeIfVersion copies):
   * the caller made it for this write and does not touch it again.
   */
  tryWrite(collection: string, id: string, doc: ViewDocument | null, expected: number | null): boolean | undefined;
}

export interface PageBuffer {
  /** The view store as the page sees it. */
  store: ViewStore;
  held: HeldDocuments;
  /** Writes every document the page changed, once each, and forgets them. */
  flush(): Promise<void>;
  /**
   * As flush, but documents read back after an earlier write-out stay held (and unwritten) until the
   * next flush, at most `keepReadBack` of them: see createPageBuffer's option.
   */
  trim(): Promise<void>;
  /**
   * Documents held that a trim would write out and forget (flush: all of them, also those a trim keeps);
   * a read-back document since deleted still counts as kept here, though a trim writes its deletion out.
   */
  size(): number;
}

export function createPageBuffer(target: ViewStore, options: {
  /**
   * Every collection of the store is empty when the buffer first reads (a rebuild's dropped views):
   * a document the buffer has not written is known absent without a lookup (written-ids.ts).
   */
  startsEmpty?: boolean;
  /**
   * With startsEmpty: documents a trim keeps, of those read back from the store after the buffer wrote
   * them out. A rebuild's buffer is written out every few thousand documents, and a document that
   * comes back after that is one many events touch over the whole log (a vendor's card, page and
   * ratings take every review): at 1,000,000 events each of them would be read back, parsed and
   * written again about ten times, a quarter of all writes and most reads. Kept, each is written once.
   * Which are kept is decided as each comes back (or, for keepWritten collections, as each is written
   * out): while fewer than this many are kept, and their JSON is within keepReadBackBytes.
   */
  keepReadBack?: number;
  /**
   * With keepReadBack: the bound in bytes (JSON lengths when read back; KEEP_READ_BACK_BYTES by default).
   * The heap holds each several times over, and a larger catalog has more of them: the count alone let
   * the heap grow with the catalog.
   */
  keepReadBackBytes?: number;
  /**
   * With keepReadBack, on a store whose replaceMany tells the lengths written: collections whose
   * documents take events all through the log (a vendor's card takes every review: Projection's
   * `longLived`). A trim writes such a document out as any other, then keeps it as if it had been read
   * back (within the same bounds), so its next event finds it held: no read, no parse. The writes are
   * those of a buffer that reads it back (written out once, then at the flush).
   */
  keepWritten?: ReadonlySet<string>;
} = {}): PageBuffer {
  const entries = new Map<string, Map<string, Entry>>();
  const collections = new Map<string, ViewCollection<ViewDocument>>();
  let held = 0;
  /** Entries kept (Entry.kept) among those held, and their bytes. */
  let heldKept = 0;
  let keptBytes = 0;
  const keepReadBack = options.keepReadBack ?? 0;
  const keepReadBackBytes = options.keepReadBackBytes ?? KEEP_READ_BACK_BYTES;
  const keepWritten = options.startsEmpty ? options.keepWritten ?? new Set<string>() : new Set<string>();
  /** Forgets the entry's place among the kept ones (it is written out or dropped). */
  const release = (entry: Entry) => {
    if (entry.kept === 0) return;
    heldKept -= 1;
    keptBytes -= entry.kept;
  };
  const written = options.startsEmpty ? writtenIds() : null;
  /** Collections written where the filter cannot follow (an upsert by filter): lookups ask the store. */
  const untracked = new Set<string>();
  const knownAbsent = (name: string, id: string): boolean => written !== null && !untracked.has(name) && !written.mayHold(name, id);
  /**
   * With startsEmpty: per collection, per field asked by `find({ field: 'value' })`, the ids of the
   * documents holding that value (matchedIds). A view that reaches documents through alsoMatching asks
   * for every event of some type (the vendor whose `_waiting` holds a message's key): through the
   * store, each ask would write the collection out and scan it (its indexes come at a rebuild's end),
   * a cost that grows with the log. Built by one scan at the first ask, then kept by the buffer's own
   * compare-and-sets; a write that goes through to the store forgets the collection's.
   */
  const matched = new Map<string, Map<string, MatchedIds>>();

  /**
   * Per collection, the entries a trim writes out, in the order they were added: those not kept. A trim
   * walks these rather than every entry held: the kept ones (~30,000 in a split rebuild's helper at
   * 1,000,000 events) were walked again at every trim.
   */
  const trimmable = new Map<string, Map<string, Entry>>();
  /** Collections where a kept entry was deleted since their last trim, which then walks every entry (it writes the deletion out in its place). */
  const keptDeleted = new Set<string>();

  /**
   * Writes the collection's changed documents and forgets them; `trimming`: a trim, where the kept
   * documents stay held (unwritten) unless deleted.
   */
  async function flushCollection(name: string, trimming = false): Promise<void> {
    const buffered = entries.get(name);
    if (!buffered) return;
    // The entries not kept are all of those a trim writes out, in the order of `buffered`, but where a kept one was deleted.
    const walked = trimming && !keptDeleted.has(name) ? trimmable.get(name) : buffered;
    trimmable.delete(name);
    keptDeleted.delete(name);
    if (!trimming) entries.delete(name);
    if (!walked) return;
    const collection = target.collection(name);
    // Documents to write, in order, where the store writes many in one call (replaceMany): a
    // deletion writes them first, so the rows are written in the order of the entries, as one by one.
    const replaced: ViewDocument[] = [];
    // Of those, the entries a trim may keep once written (keepWritten), each at its place in `replaced`.
    const keeping = trimming && keepWritten.has(name) && collection.replaceMany ? new Map<number, [string, Entry]>() : null;
    const writeReplaced = async () => {
      const lengths = await collection.replaceMany!(replaced.splice(0));
      if (keeping === null) return;
      for (const [at, [id, entry]] of keeping) keepWrittenOut(buffered, id, entry, lengths[at]!);
      keeping.clear();
    };
    for (const [id, entry] of walked) {
      if (trimming) {
        if (entry.kept > 0 && entry.doc !== null) continue;
        buffered.delete(id);
      }
      held -= 1;
      release(entry);
      if (!entry.dirty) continue;
      // Written with the version the page's compare-and-sets gave it, as applying the events one by
      // one would have left it (a view equals its rebuild, `_version` included).
      if (entry.doc) {
        if (collection.replaceMany) {
          if (keeping !== null && heldKept < keepReadBack) keeping.set(replaced.length, [id, entry]);
          replaced.push(entry.doc);
        } else await collection.replaceOne(entry.doc);
        written?.add(name, id);
      } else if (entry.storedVersion !== null) {
        if (replaced.length > 0) await writeReplaced();
        await collection.deleteOne({ _id: id });
      }
    }
    if (replaced.length > 0) await writeReplaced();
  }

  /**
   * A document a trim wrote out (keepWritten) held again as read back, `length` its JSON's, where the
   * bounds allow: clean, at its version in the store. Nothing else ran since the trim took it out.
   */
  function keepWrittenOut(buffered: Map<string, Entry>, id: string, entry: Entry, length: number): void {
    if (heldKept >= keepReadBack || keptBytes + length > keepReadBackBytes) return;
    entry.kept = length;
    entry.dirty = false;
    entry.storedVersion = entry.version;
    buffered.set(id, entry);
    held += 1;
    heldKept += 1;
    keptBytes += length;
  }

  async function entryOf(name: string, id: string): Promise<Entry> {
    const known = entries.get(name)?.get(id);
    if (known) return known;
    if (knownAbsent(name, id)) return addEntry(name, id, null);
    const collection = target.collection(name);
    // The length of its JSON, where the store tells it, bounds what is kept without serializing it again.
    if (written !== null && collection.findOneSized) {
      const found = await collection.findOneSized(id);
      return addEntry(name, id, found?.doc ?? null, found?.jsonLength);
    }
    return addEntry(name, id, await collection.findOne({ _id: id }));
  }

  /** `jsonLength`: the length of the document's JSON, where the store gave it. */
  function addEntry(name: string, id: string, doc: ViewDocument | null, jsonLength?: number): Entry {
    // On a store that started empty, whatever it holds the buffer wrote: kept while within the bounds.
    let kept = 0;
    if (written !== null && doc !== null && heldKept < keepReadBack && keptBytes < keepReadBackBytes) {
      const bytes = jsonLength ?? JSON.stringify(doc).length;
      if (keptBytes + bytes <= keepReadBackBytes) kept = bytes;
    }
    const entry: Entry = { doc, storedVersion: versionOf(doc), version: versionOf(doc), dirty: false, kept };
    let buffered = entries.get(name);
    if (!buffered) entries.set(name, (buffered = new Map()));
    buffered.set(id, entry);
    if (kept === 0) {
      let notKept = trimmable.get(name);
      if (!notKept) trimmable.set(name, (notKept = new Map()));
      notKept.set(id, entry);
    }
    held += 1;
    if (kept > 0) {
      heldKept += 1;
      keptBytes += kept;
    }
    return entry;
  }

  /** `owned`: the document is the buffer's to keep (tryWrite), given its `_id` and `_version` in place; else a copy is kept. */
  function compareAndSet(name: string, entry: Entry, id: string, doc: ViewDocument | null, expected: number | null, owned = false): boolean {
    if (entry.version !== expected) return false;
    const before = entry.doc;
    entry.version = doc === null ? null : (expected ?? 0) + 1;
    if (doc !== null && owned) {
      // The keys in the order the copy below gives them: `_id` where the document has it, else last but one.
      doc._id = id;
      (doc as Record<string, unknown>)[VERSION_FIELD] = entry.version;
      entry.doc = doc;
    } else entry.doc = doc === null ? null : { ...doc, _id: id, [VERSION_FIELD]: entry.version };
    entry.dirty = true;
    if (entry.kept > 0 && entry.doc === null) keptDeleted.add(name);
    const fields = matched.get(name);
    if (fields) for (const [field, ids] of fields) ids.change(id, before?.[field], entry.doc?.[field]);
    return true;
  }

  /** The documents matching `{ field: value }`, from matchedIds (built by one scan at the first ask). */
  async function findMatching(name: string, field: string, value: string): Promise<ViewDocument[]> {
    let fields = matched.get(name);
    let ids = fields?.get(field);
    if (!ids) {
      const stored = await target.collection(name).find();
      // What the buffer holds is newer than what the store has of it.
      const buffered = entries.get(name);
      ids = matchedIds();
      for (const doc of stored) if (!buffered?.has(doc._id)) ids.change(doc._id, undefined, doc[field]);
      for (const [id, entry] of buffered ?? []) ids.change(id, undefined, entry.doc?.[field]);
      if (!fields) matched.set(name, (fields = new Map()));
      fields.set(field, ids);
    }
    const docs: ViewDocument[] = [];
    for (const id of ids.of(value)) {
      const { doc } = await entryOf(name, id);
      if (doc) docs.push(doc);
    }
    return docs;
  }

  function collectionOf(name: string): ViewCollection<ViewDocument> {
    let collection = collections.get(name);
    if (collection) return collection;
    const base = () => target.collection(name);
    // Anything but a read or a compare-and-set by `_id` sees the store: the page's changes go first.
    const through = async <T>(work: (collection: ViewCollection<ViewDocument>) => Promise<T>): Promise<T> => {
      await flushCollection(name);
      return work(base());
    };
    // A write that goes through: what matchedIds knew of the collection may no longer hold.
    const writeThrough = <T>(work: (collection: ViewCollection<ViewDocument>) => Promise<T>): Promise<T> => {
      matched.delete(name);
      return through(work);
    };
    collection = {
      async findOne(filter: Filter) {
        if (!isIdOnly(filter)) return through((store) => store.findOne(filter));
        // A known absence needs no entry (a rebuild looks up a tombstone for every new document).
        if (knownAbsent(name, filter._id) && !entries.get(name)?.has(filter._id)) return null;
        return (await entryOf(name, filter._id)).doc;
      },
      async writeIfVersion(id: string, doc: ViewDocument | null, expected: number | null) {
        return compareAndSet(name, await entryOf(name, id), id, doc, expected);
      },
      find: (filter?: Filter, options?: FindOptions) => {
        const asked = written !== null && !untracked.has(name) && options === undefined ? oneValue(filter) : null;
        return asked ? findMatching(name, asked.field, asked.value) : through((store) => store.find(filter, options));
      },
      count: (filter?: Filter) => through((store) => store.count(filter)),
      replaceOne: (doc: ViewDocument) => writeThrough(async (store) => {
        await store.replaceOne(doc);
        written?.add(name, doc._id);
      }),
      updateOne: (filter: Filter, update: Update, options?: { upsert?: boolean }) => writeThrough((store) => {
        if (options?.upsert) untracked.add(name);
        return store.updateOne(filter, update, options);
      }),
      deleteOne: (filter: Filter) => writeThrough((store) => store.deleteOne(filter)),
      deleteMany: (filter?: Filter) => writeThrough((store) => store.deleteMany(filter)),
      createIndex: (keys, options) => through((store) => store.createIndex(keys, options)),
      dropIndex: (keys) => through((store) => store.dropIndex(keys)),
    };
    collections.set(name, collection);
    return collection;
  }

  return {
    store: {
      collection: <D extends ViewDocument = ViewDocument>(name: string) => collectionOf(name) as unknown as ViewCollection<D>,
      dropAll: async () => {
        entries.clear();
        trimmable.clear();
        keptDeleted.clear();
        matched.clear();
        held = 0;
        heldKept = 0;
        keptBytes = 0;
        await target.dropAll();
      },
      dropCollection: async (name: string) => {
        for (const entry of entries.get(name)?.values() ?? []) {
          held -= 1;
          release(entry);
        }
        entries.delete(name);
        trimmable.delete(name);
        keptDeleted.delete(name);
        matched.delete(name);
        await target.dropCollection(name);
      },
      close: () => target.close(),
    },
    held: {
      peek(name, id) {
        const known = entries.get(name)?.get(id);
        if (known) return known.doc;
        return knownAbsent(name, id) ? null : undefined;
      },
      tryWrite(name, id, doc, expected) {
        const entry = entries.get(name)?.get(id) ?? (knownAbsent(name, id) ? addEntry(name, id, null) : undefined);
        return entry === undefined ? undefined : compareAndSet(name, entry, id, doc, expected, true);
      },
    },
    async flush() {
      for (const name of [...entries.keys()]) await flushCollection(name);
    },
    async trim() {
      // The kept ones stay (a deleted one is written out, and its place freed).
      for (const name of [...entries.keys()]) await flushCollection(name, true);
    },
    size: () => held - heldKept,
  };
}

/** `{ field: 'value' }` on one top-level field other than `_id`, the shape alsoMatching asks; null otherwise. */
function oneValue(filter: Filter | undefined): { field: string; value: string } | null {
  if (!filter) return null;
  let asked: { field: string; value: string } | null = null;
  for (const field in filter) {
    const value = filter[field];
    if (asked || field === '_id' || field.startsWith('$') || field.includes('.') || typeof value !== 'string') return null;
    asked = { field, value };
  }
  return asked;
}

/**
 * Which documents hold a value in one field: the field equal to it, or an array with it among its
 * elements, as the stores match `{ field: value }` (strings only: the filters asked are of strings).
 * Most values are held by one document, kept as its id without a set.
 */
interface MatchedIds {
  /** The document's field went from `before` to `after` (undefined: absent, or the document was). */
  change(id: string, before: unknown, after: unknown): void;
  of(value: string): Iterable<string>;
}

function matchedIds(): MatchedIds {
  const byValue = new Map<string, string | Set<string>>();
  const valuesOf = (field: unknown): readonly string[] => {
    if (typeof field === 'string') return [field];
    return Array.isArray(field) ? field.filter((element): element is string => typeof element === 'string') : [];
  };
  function add(value: string, id: string): void {
    const known = byValue.get(value);
    if (known === undefined) byValue.set(value, id);
    else if (typeof known === 'string') {
      if (known !== id) byValue.set(value, new Set([known, id]));
    } else known.add(id);
  }
  function remove(value: string, id: string): void {
    const known = byValue.get(value);
    if (known === id) byValue.delete(value);
    else if (typeof known === 'object') {
      known.delete(id);
      if (known.size === 1) byValue.set(value, known.values().next().value!);
    }
  }
  return {
    change(id, before, after) {
      if (before === after) return;
      const now = valuesOf(after);
      const kept = now.length > 8 ? new Set(now) : now;
      for (const value of valuesOf(before)) if (!(kept instanceof Set ? kept.has(value) : kept.includes(value))) remove(value, id);
      for (const value of now) add(value, id);
    },
    of(value) {
      const known = byValue.get(value);
      return known === undefined ? [] : typeof known === 'string' ? [known] : [...known];
    },
  };
}
