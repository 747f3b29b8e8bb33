import { AnyDomainEvent } from '../domain/events.ts';
import { validatedWithCurrentSchemas } from '../infra/event-schema-stamp.ts';
import type { RecordedEvent } from '../domain/ports/event-store.ts';
import { VERSION_FIELD, type ViewStore } from '../domain/ports/view-store.ts';
import type { AnyProjection, ProjectedEvent, ViewDoc } from './projection.ts';
import { createPageBuffer, type HeldDocuments } from './page-buffer.ts';
import { afterSeeing, ALL_LANES, hasSeen, SEEN_FLOOR_FIELD, SEEN_LANE_FLOORS_FIELD, SEEN_LANES_FIELD, seenFields, seenStateOf } from './seen.ts';
import type { ProjectorLog } from './projector-log.ts';
import { ReplayedEvent } from './replayed-event.ts';
import { storedFieldsBuilders } from './stored-fields-builders.ts';

/** Which documents of a collection an event changed. */
export interface ViewChange {
  collection: string;
  ids: string[];
  /** Set after a rebuild: any document of the collection may have changed. */
  all?: true;
}

export interface ApplyOutcome {
  status: 'applied' | 'ignored' | 'invalid';
  changes: ViewChange[];
  /** Projections that read this event type (whether or not a document changed). */
  handledBy: AnyProjection[];
}

// Views must hold plain JSON so every ViewStore adapter stores the same thing: what JSON.parse(JSON.stringify())
// would give (undefined fields dropped, undefined in arrays and non-finite numbers as null, Dates as ISO
// strings), without the cost of a round trip through a string. Most documents evolve makes are plain
// JSON already: they are checked without copying and written as they are (the view store copies or
// serialises on write anyway), so only the rare one holding undefined, a Date or NaN is rebuilt.
/**
 * What evolve returned, as JSON: a field it kept from the stored document (the same value, as
 * `{ ...current, changed }` keeps them) is JSON already, and so is the `_seen` state, so only the fields
 * that changed are walked (a document with 256 streams in `_seen` made the full walk a sixth of a replay).
 */
function asJsonAfter(next: ViewDoc, current: ViewDoc | null): ViewDoc {
  for (const key in next) {
    if (key === '_seen' || isSeenExtra(key)) continue;
    const value = next[key];
    if (current !== null && current[key] === value) continue;
    if (value === undefined || !isPlainJson(value)) return toJson(next) as ViewDoc;
  }
  const prototype = Object.getPrototypeOf(next);
  return prototype === Object.prototype || prototype === null ? next : toJson(next) as ViewDoc;
}
function isPlainJson(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value !== 'object') return false;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) if (!isPlainJson(value[index])) return false;
    return true;
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  // Object.keys rather than for-in (the same keys on such an object): over the many shapes of the
  // views for-in was megamorphic, several times slower, most of the check's cost.
  const keys = Object.keys(value);
  for (let index = 0; index < keys.length; index++) if (!isPlainJson((value as Record<string, unknown>)[keys[index]!])) return false;
  return true;
}
/**
 * isPlainJson for a value that replaced `previous` (a JSON value): the items and fields it kept from it,
 * the same values as `[...items, added]` or `{ ...fields, [key]: changed }` keep them, are JSON already,
 * so only the others are walked (an order's timeline grows by one item per event).
 */
function isPlainJsonAfter(value: unknown, previous: unknown): boolean {
  if (value === null || typeof value !== 'object' || previous === null || typeof previous !== 'object') return isPlainJson(value);
  if (Array.isArray(value)) {
    if (!Array.isArray(previous)) return isPlainJson(value);
    for (let index = 0; index < value.length; index++) {
      const item = value[index];
      if ((item === undefined || item !== previous[index]) && !isPlainJson(item)) return false;
    }
    return true;
  }
  const prototype = Object.getPrototypeOf(value);
  if ((prototype !== Object.prototype && prototype !== null) || Array.isArray(previous)) return isPlainJson(value);
  const keys = Object.keys(value);
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index]!;
    const item = (value as Record<string, unknown>)[key];
    if ((item === undefined || item !== (previous as Record<string, unknown>)[key]) && !isPlainJson(item)) return false;
  }
  return true;
}
function toJson(value: unknown): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (Array.isArray(value)) return value.map((item) => (item === undefined || typeof item === 'function' ? null : toJson(item)));
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    const result: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined || typeof item === 'function') continue;
      result[key] = toJson(item);
    }
    return result;
  }
  return null;
}

/** The seen state's fields besides `_seen`: written after the others, from the new seen state. */
const isSeenExtra = (key: string): boolean => key === SEEN_FLOOR_FIELD || key === SEEN_LANES_FIELD || key === SEEN_LANE_FLOORS_FIELD;

/** evolve spreads the stored document: its old floors and lanes must not outlive the new seen state. */
function withoutSeenExtras(doc: ViewDoc): ViewDoc {
  if (!(SEEN_FLOOR_FIELD in doc) && !(SEEN_LANES_FIELD in doc) && !(SEEN_LANE_FLOORS_FIELD in doc)) return doc;
  const { [SEEN_FLOOR_FIELD]: _floor, [SEEN_LANES_FIELD]: _lanes, [SEEN_LANE_FLOORS_FIELD]: _laneFloors, ...rest } = doc;
  return rest as ViewDoc;
}

/**
 * The document to write for what evolve returned: `{ ...withoutSeenExtras(next), _id: id, ...seen }` as
 * JSON (asJsonAfter), without its `_version` (the store sets it). Built in one pass, with the same keys
 * in the same order, where evolve returned a plain object: the three copies the spreads made were a
 * tenth of a rebuild.
 */
function storedFields(next: ViewDoc, current: ViewDoc | null, id: string, seen: ReturnType<typeof seenFields>, collection: string): ViewDoc {
  const prototype = Object.getPrototypeOf(next);
  if (prototype === Object.prototype || prototype === null) {
    // The same pass compiled for this list of keys (stored-fields-builders.ts), where there is one.
    const build = builderFor(collection, Object.keys(next));
    if (build) return build(next, current, id, seen) ?? storedFieldsCopied(next, current, id, seen);
    const doc: Record<string, unknown> = {};
    let hasId = false;
    // evolve leaves `_seen` to the runtime: it goes right after `_id`, where the stored documents hold it.
    let hasSeen = false;
    const seenAfterId = !('_seen' in next);
    for (const key in next) {
      if (key === VERSION_FIELD || isSeenExtra(key)) continue;
      if (key === '_id') {
        doc._id = id;
        hasId = true;
        if (seenAfterId) { doc._seen = seen._seen; hasSeen = true; }
        continue;
      }
      if (key === '_seen') { doc._seen = seen._seen; hasSeen = true; continue; }
      const value = next[key];
      // As asJsonAfter: a field kept from the stored document is JSON already.
      if (current === null ? !isPlainJson(value) : current[key] !== value && (value === undefined || !isPlainJsonAfter(value, current[key]))) {
        return storedFieldsCopied(next, current, id, seen);
      }
      doc[key] = value;
    }
    if (!hasId) doc._id = id;
    if (!hasSeen) doc._seen = seen._seen;
    if (seen._seenFloor !== undefined) doc[SEEN_FLOOR_FIELD] = seen._seenFloor;
    if (seen._seenLanes !== undefined) doc[SEEN_LANES_FIELD] = seen._seenLanes;
    if (seen._seenLaneFloors !== undefined) doc[SEEN_LANE_FLOORS_FIELD] = seen._seenLaneFloors;
    return doc as ViewDoc;
  }
  return storedFieldsCopied(next, current, id, seen);
}
const builderFor = storedFieldsBuilders(isPlainJson, isPlainJsonAfter);

function storedFieldsCopied(next: ViewDoc, current: ViewDoc | null, id: string, seen: ReturnType<typeof seenFields>): ViewDoc {
  const { [VERSION_FIELD]: _previous, ...fields } = asJsonAfter({ ...withSeenSlot(withoutSeenExtras(next)), _id: id, ...seen }, current);
  return fields as ViewDoc;
}

/** A document evolve made without `_seen`, with a place for it right after `_id` (as storedFields writes it). */
function withSeenSlot(next: ViewDoc): ViewDoc {
  if ('_seen' in next || !Object.hasOwn(next, '_id')) return next;
  const slotted: Record<string, unknown> = {};
  for (const key of Object.keys(next)) {
    slotted[key] = next[key];
    if (key === '_id') slotted._seen = undefined;
  }
  return slotted as ViewDoc;
}

/** What applying an event to one document did: `done` false when another writer came between (read again). */
interface DocumentOutcome { readonly done: boolean; readonly changed: boolean }
const DONE_UNCHANGED: DocumentOutcome = Object.freeze({ done: true, changed: false });
const DONE_CHANGED: DocumentOutcome = Object.freeze({ done: true, changed: true });
const RETRY_UNCHANGED: DocumentOutcome = Object.freeze({ done: false, changed: false });
const RETRY_CHANGED: DocumentOutcome = Object.freeze({ done: false, changed: true });
const applyEverywhere = (): boolean => true;

/** Read-compare-write cycles on one document before the event is given up (and retried by the runtime). */
const WRITE_ATTEMPTS = 20;

/** The document's version for writeIfVersion: 0 when written without one. */
const versionOf = (doc: ViewDoc): number => (typeof doc[VERSION_FIELD] === 'number' ? doc[VERSION_FIELD] as number : 0);

/** Deleted view documents' `_seen`, keyed `<collection>/<id>`. Dropped with the views by a rebuild. */
export const TOMBSTONES_COLLECTION = '_tombstones';

/** validatedWithCurrentSchemas of the event's metadata; a replayed event's text may tell without parsing it (replayed-event.ts). */
const stampedWithCurrentSchemas = (recorded: RecordedEvent): boolean =>
  (recorded instanceof ReplayedEvent && recorded.stampedWithCurrentSchemas) || validatedWithCurrentSchemas(recorded.metadata);

const knownTypes = new Set<string>(AnyDomainEvent.options.map((option) => option.shape.type.value));

/**
 * Applies one recorded event to every projection that reads its type. Idempotent: a document that has
 * already seen this stream revision is left alone, so a replayed or duplicated event changes nothing,
 * and only per-stream order is needed (a Kafka feed keyed by stream id is enough). `_seen` is bounded
 * where the feed's lanes allow it (seen.ts).
 */
export function createEventApplier(options: {
  viewStore: ViewStore; projections: readonly AnyProjection[]; log: ProjectorLog;
  /**
   * Events come in position order (not a per-stream Kafka feed): they are all on one lane, ALL_LANES.
   * Otherwise an event's lane is the one its feed named (`RecordedEvent.lane`), if any (seen.ts).
   */
  positionOrder?: boolean;
  /**
   * The applier is the view store's only writer while a page is applied (a store with units, whose page
   * is one transaction, or a rebuild's staging store): applyPage reads and writes each document once
   * per page through a page buffer (page-buffer.ts) instead of once per event.
   */
  soleWriter?: boolean;
  /**
   * With a sole writer: keep the page buffer from page to page and write it out only once it holds more
   * than this many documents (and on `flush`), instead of at the end of every page. For a rebuild in one
   * unit (rebuild.ts): a document many pages touch (a vendor card, a counter) is then parsed and written
   * once per this many documents rather than once per page. Nothing else may read the views meanwhile
   * and expect the buffered changes: they reach the store at the next flush.
   */
  bufferDocuments?: number;
  /** Every view collection is empty when the first page is applied (a rebuild): see createPageBuffer. */
  startsEmpty?: boolean;
  /** With bufferDocuments and startsEmpty: documents read back that the buffer keeps (createPageBuffer). */
  keepReadBack?: number;
  /**
   * The events come from this marketplace's own event store (a rebuild, or the runtime on a feed that
   * says so, EventFeed.ownLog): one its command handler or notification worker validated against the
   * current schemas (its metadata's fingerprint, infra/event-schema-stamp.ts) is taken as it is; any other is parsed. Not for events from a feed others may write to.
   */
  ownLog?: boolean;
}) {
  const { viewStore, projections, log } = options;
  const laneOf = (event: RecordedEvent): string | null => event.lane ?? (options.positionOrder ? ALL_LANES : null);
  const byType = new Map<string, AnyProjection[]>();
  for (const projection of projections) {
    for (const type of projection.eventTypes) byType.set(type, [...(byType.get(type) ?? []), projection]);
  }
  const direct = applierOver(viewStore);
  const kept = options.soleWriter && options.bufferDocuments !== undefined
    ? createPageBuffer(viewStore, {
      startsEmpty: options.startsEmpty ?? false, keepReadBack: options.keepReadBack ?? 0,
      keepWritten: new Set(projections.filter((projection) => projection.longLived).map((projection) => projection.collection)),
    })
    : null;
  const overKept = kept ? applierOver(kept.store, kept.held) : null;

  /**
   * Applies the events in order, as many apply calls would; `shouldApply` as apply's, per event.
   * `written(upTo, outcomes)`, for a store without units: called once the documents of the events
   * before `upTo` are in the store, before the page ends — after each event written through, or,
   * through a page buffer, at the end of each run of one stream's events, where the buffer is written
   * out (a burst of one stream's events still writes each document once).
   */
  async function applyPage(
    events: readonly RecordedEvent[], shouldApply?: (projection: AnyProjection, event: RecordedEvent) => boolean,
    written?: (upTo: number, outcomes: readonly ApplyOutcome[]) => void,
  ): Promise<ApplyOutcome[]> {
    const buffer = kept ?? (options.soleWriter ? createPageBuffer(viewStore) : null);
    const applier = kept ? overKept! : buffer ? applierOver(buffer.store, buffer.held) : direct;
    const outcomes: ApplyOutcome[] = [];
    const tell = kept ? undefined : written;
    for (let index = 0; index < events.length; index++) {
      const event = events[index]!;
      const outcome = applier.applyEither(event, shouldApply && ((projection) => shouldApply(projection, event)));
      outcomes.push(outcome instanceof Promise ? await outcome : outcome);
      if (!tell) continue;
      if (!buffer) tell(index + 1, outcomes);
      else if (index === events.length - 1 || events[index + 1]!.streamId !== event.streamId) {
        await buffer.flush();
        tell(index + 1, outcomes);
      }
    }
    if (!buffer) return outcomes;
    if (!kept) await buffer.flush();
    else if (buffer.size() > options.bufferDocuments!) await buffer.trim();
    return outcomes;
  }

  return {
    apply: direct.apply,
    applyPage,
    /** Writes what a kept buffer (bufferDocuments) still holds; nothing to do otherwise. */
    flush: async () => { await kept?.flush(); },
  };

  /**
   * apply over this store (the view store itself, or a page buffer on it). `held`: the buffer's own
   * answers, taken without a promise where it has them (most reads and writes of a page).
   */
  function applierOver(viewStore: ViewStore, held?: HeldDocuments) {
    function idsTouched(projection: AnyProjection, event: ProjectedEvent): string[] | Promise<string[]> {
      const keys = projection.keysOf(event);
      const filter = projection.alsoMatching?.(event);
      if (!filter) return keys.length < 2 ? keys : [...new Set(keys)];
      return viewStore.collection(projection.collection).find(filter).then((docs) => [...new Set([...keys, ...docs.map((doc) => doc._id)])]);
    }

    // The buffer's answer as it is, the store's as a promise, awaited only then: through the buffer's
    // async findOne and writeIfVersion (each awaiting its entry) a document would cost ~6 promises per
    // event, a fifth of a rebuild's CPU time.
    function read(name: string, id: string): ViewDoc | null | Promise<ViewDoc | null> {
      const known = held?.peek(name, id);
      return known !== undefined ? known as ViewDoc | null : viewStore.collection<ViewDoc>(name).findOne({ _id: id });
    }
    function write(name: string, id: string, doc: ViewDoc | null, expected: number | null): boolean | Promise<boolean> {
      return held?.tryWrite(name, id, doc, expected) ?? viewStore.collection<ViewDoc>(name).writeIfVersion(id, doc, expected);
    }

    /**
     * Applies the event to one document; not done when another writer changed the document (or its
     * tombstone) between the read and the write, so the caller reads again and decides again. Where the
     * page buffer answers every read and write (most of a rebuild), the outcome comes without a promise:
     * as async functions, the steps per event, projection and document made and awaited a promise each.
     */
    function applyToDocument(projection: AnyProjection, event: ProjectedEvent, id: string): DocumentOutcome | Promise<DocumentOutcome> {
      const current = read(projection.collection, id);
      return current instanceof Promise
        ? current.then((found) => applyWithCurrent(projection, event, id, found))
        : applyWithCurrent(projection, event, id, current);
    }

    function applyWithCurrent(projection: AnyProjection, event: ProjectedEvent, id: string, current: ViewDoc | null): DocumentOutcome | Promise<DocumentOutcome> {
      // A deleted document leaves a tombstone with what it had seen, so an old event delivered again
      // (at-least-once feeds) cannot bring it back.
      const tombstone = current ? null : read(TOMBSTONES_COLLECTION, `${projection.collection}/${id}`);
      return tombstone instanceof Promise
        ? tombstone.then((found) => applyWithTombstone(projection, event, id, current, found))
        : applyWithTombstone(projection, event, id, current, tombstone);
    }

    function applyWithTombstone(
      projection: AnyProjection, event: ProjectedEvent, id: string, current: ViewDoc | null, tombstone: ViewDoc | null,
    ): DocumentOutcome | Promise<DocumentOutcome> {
      const name = projection.collection;
      const seenBefore = seenStateOf(current ?? tombstone);
      const lane = laneOf(event);
      if (hasSeen(seenBefore, event, lane)) return DONE_UNCHANGED;
      let next: ViewDoc | null;
      try {
        next = projection.evolve(current, event, id);
      } catch (error) {
        // A bug in one view must not stop every other view: skip this event for this document, loudly.
        log.error({ err: error, projection: projection.name, eventId: event.id, type: event.type, position: event.position, docId: id }, 'projection evolve threw; event skipped for this document');
        return DONE_UNCHANGED;
      }
      const seen = seenFields(afterSeeing(seenBefore, event, lane));
      if (next === null) return deleteDocument(name, id, current, tombstone, seen);
      // Compare-and-set on the document's version: two projector instances applying events
      // of different streams to one document cannot overwrite each other's change.
      const stored = write(name, id, storedFields(next, current, id, seen, name), current ? versionOf(current) : null);
      return stored instanceof Promise
        ? stored.then((done) => afterStored(name, id, done, tombstone))
        : afterStored(name, id, stored, tombstone);
    }

    function afterStored(name: string, id: string, stored: boolean, tombstone: ViewDoc | null): DocumentOutcome | Promise<DocumentOutcome> {
      if (!stored) return RETRY_UNCHANGED;
      if (!tombstone) return DONE_CHANGED;
      return Promise.resolve(write(TOMBSTONES_COLLECTION, `${name}/${id}`, null, versionOf(tombstone))).then(() => DONE_CHANGED);
    }

    async function deleteDocument(name: string, id: string, current: ViewDoc | null, tombstone: ViewDoc | null, seen: ReturnType<typeof seenFields>): Promise<DocumentOutcome> {
      if (current && !(await write(name, id, null, versionOf(current)))) return RETRY_UNCHANGED;
      if (current || tombstone) {
        // Deleted (or still deleted): the tombstone remembers this revision too. Losing its race only
        // means another writer's tombstone is newer; reading again sorts it out.
        const tombstoneId = `${name}/${id}`;
        if (!(await write(TOMBSTONES_COLLECTION, tombstoneId, { _id: tombstoneId, ...seen }, tombstone ? versionOf(tombstone) : null))) return current ? RETRY_CHANGED : RETRY_UNCHANGED;
      }
      return current ? DONE_CHANGED : DONE_UNCHANGED;
    }

    /** The ids of the documents the event changed; without a promise while every document's outcome comes without one, done at the first attempt. */
    function applyTo(projection: AnyProjection, event: ProjectedEvent): string[] | Promise<string[]> {
      const ids = idsTouched(projection, event);
      if (ids instanceof Promise) return ids.then((found) => applyToFrom(projection, event, found, 0, []));
      const changed: string[] = [];
      for (let index = 0; index < ids.length; index++) {
        const id = ids[index]!;
        const outcome = applyToDocument(projection, event, id);
        if (outcome instanceof Promise || !outcome.done) return applyToFrom(projection, event, ids, index, changed, outcome);
        if (outcome.changed && !changed.includes(id)) changed.push(id);
      }
      return changed;
    }

    /** applyTo from `ids[from]` on, whose first attempt's outcome may be known (`first`): awaits, and retries a document another writer changed. */
    async function applyToFrom(
      projection: AnyProjection, event: ProjectedEvent, ids: readonly string[], from: number, changed: string[],
      first?: DocumentOutcome | Promise<DocumentOutcome>,
    ): Promise<string[]> {
      for (let index = from; index < ids.length; index++) {
        const id = ids[index]!;
        for (let attempt = 1; ; attempt++) {
          const outcome = await (index === from && attempt === 1 && first !== undefined ? first : applyToDocument(projection, event, id));
          if (outcome.changed && !changed.includes(id)) changed.push(id);
          if (outcome.done) break;
          if (attempt >= WRITE_ATTEMPTS) {
            // The runtime resubscribes from its checkpoint and applies the event again (idempotently).
            throw new Error(`view ${projection.collection}/${id} kept changing under ${WRITE_ATTEMPTS} attempts to apply event ${event.id}`);
          }
          await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, 2 ** attempt)));
        }
      }
      return changed;
    }

    /** apply's outcome, without a promise where every projection's applyTo gave one without (applyTo). */
    function applyEither(recorded: RecordedEvent, shouldApply: (projection: AnyProjection) => boolean = applyEverywhere): ApplyOutcome | Promise<ApplyOutcome> {
      const readers = byType.get(recorded.type);
      if (!readers || !knownTypes.has(recorded.type)) return { status: 'ignored', changes: [], handledBy: [] };
      if (options.ownLog && stampedWithCurrentSchemas(recorded)) return applyParsed(recorded as ProjectedEvent, shouldApply, readers);
      const parsed = AnyDomainEvent.safeParse({ type: recorded.type, data: recorded.data });
      if (!parsed.success) {
        // Skip and log rather than crash: one malformed event must not block every view behind it.
        log.warn({ eventId: recorded.id, streamId: recorded.streamId, revision: recorded.revision, position: recorded.position, type: recorded.type, issues: parsed.error.issues }, 'invalid event skipped by projectors');
        return { status: 'invalid', changes: [], handledBy: [] };
      }
      // `metadata` named: a replayed event's is not an own property (replayed-event.ts).
      return applyParsed({ ...recorded, metadata: recorded.metadata, ...parsed.data } as ProjectedEvent, shouldApply, readers);
    }

    function applyParsed(event: ProjectedEvent, shouldApply: (projection: AnyProjection) => boolean, readers: readonly AnyProjection[]): ApplyOutcome | Promise<ApplyOutcome> {
      const changes: ViewChange[] = [];
      const handledBy: AnyProjection[] = [];
      for (let index = 0; index < readers.length; index++) {
        const projection = readers[index]!;
        if (!shouldApply(projection)) continue;
        const ids = applyTo(projection, event);
        if (ids instanceof Promise) return applyFrom(readers, index, ids, event, shouldApply, changes, handledBy);
        handledBy.push(projection);
        if (ids.length > 0) changes.push({ collection: projection.collection, ids });
      }
      return { status: 'applied', changes, handledBy };
    }

    /** applyEither from `readers[from]` on, whose applyTo is under way (`pending`). */
    async function applyFrom(
      readers: readonly AnyProjection[], from: number, pending: Promise<string[]>, event: ProjectedEvent,
      shouldApply: (projection: AnyProjection) => boolean, changes: ViewChange[], handledBy: AnyProjection[],
    ): Promise<ApplyOutcome> {
      for (let index = from; index < readers.length; index++) {
        const projection = readers[index]!;
        if (index > from && !shouldApply(projection)) continue;
        const ids = await (index === from ? pending : applyTo(projection, event));
        handledBy.push(projection);
        if (ids.length > 0) changes.push({ collection: projection.collection, ids });
      }
      return { status: 'applied', changes, handledBy };
    }

    // A throw becomes a rejection, as from the async function apply was.
    const apply = async (recorded: RecordedEvent, shouldApply?: (projection: AnyProjection) => boolean): Promise<ApplyOutcome> => applyEither(recorded, shouldApply);

    return { apply, applyEither };
  }
}
