import type { ViewDocument } from '../domain/ports/view-store.ts';

// Stream ids become keys of `_seen`; MongoDB field names cannot hold `.` or start with `$` (config keys
// such as `support.whatsapp` do), so they are percent-encoded.
// Most ids hold none of the three: they are returned as they are, without three regex passes (every
// event looks its key up twice).
const NEEDS_ENCODING = /[%.$]/;
export const seenKey = (streamId: string): string =>
  NEEDS_ENCODING.test(streamId) ? streamId.replace(/%/g, '%25').replace(/\./g, '%2E').replace(/\$/g, '%24') : streamId;

/** The last revision of the stream applied to the document, -1 when none. */
export function seenRevision(doc: ViewDocument | null | undefined, streamId: string): number {
  const seen = doc?._seen as Record<string, number> | undefined;
  const revision = seen?.[seenKey(streamId)];
  return typeof revision === 'number' ? revision : -1;
}

/**
 * Bounding `_seen`: a document fed by many streams (a vendor's card, one review stream per review) would
 * remember every one of them for ever. At most MAX_SEEN_STREAMS are kept, the least recently applied let
 * go first, behind floors that still tell which of their events were applied.
 *
 * Each delivered event comes on a lane: a Kafka partition (`topic/partition`; the relay publishes in
 * position order and keys by stream id, so a stream's events stay on one partition) or, on a feed in
 * position order (the event store's subscription, a rebuild's readAll), the one lane ALL_LANES. Within a
 * lane an event's first delivery comes after every event of lower position (repeats may come later), so
 * once a document has had an event of lane L applied, every event of L at or before that position that
 * touches it has been applied too. `_seenLanes` keeps that highest position per lane. When streams are
 * let go, each lane's floor takes its highest position (`_seenLaneFloors`; ALL_LANES's is `_seenFloor`,
 * which holds for events of every lane). An event of a stream `_seen` no longer names, at or before the
 * floor of its lane or `_seenFloor`, counts as applied; a later one is applied and remembered again.
 *
 * An event without a lane on a feed not in position order (one outside any feed), and a document stored
 * before lanes were kept (no `_seenLanes`; until rebuilt) on a partitioned feed, let nothing go: a floor
 * there could not say what was applied.
 */
export const MAX_SEEN_STREAMS = 256;
export const SEEN_FLOOR_FIELD = '_seenFloor';
export const SEEN_LANES_FIELD = '_seenLanes';
export const SEEN_LANE_FLOORS_FIELD = '_seenLaneFloors';
/** The lane of a feed in position order: it covers every event. */
export const ALL_LANES = '*';
/** The fields the seen state is kept in (the runtime writes them; readers leave them out). */
export const SEEN_STATE_FIELDS = ['_seen', SEEN_FLOOR_FIELD, SEEN_LANES_FIELD, SEEN_LANE_FLOORS_FIELD] as const;

export interface SeenState {
  seen: Record<string, number>;
  /** Position at or before which every event was applied (ALL_LANES's floor); absent when nothing was let go. */
  floor?: number;
  /** Highest position applied per lane (encoded lane); absent on a document stored before lanes were kept. */
  lanes?: Record<string, number>;
  /** Per lane (encoded): position at or before which every event of the lane was applied; absent when none. */
  laneFloors?: Record<string, number>;
}

export interface SeenEvent {
  streamId: string;
  revision: number;
  position: number;
}

const numbersOf = (value: unknown): Record<string, number> | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? value as Record<string, number> : undefined;

/** The seen state of a stored document (or tombstone); a new document's (null) keeps lanes from the start. */
export function seenStateOf(doc: ViewDocument | null | undefined): SeenState {
  if (!doc) return { seen: {}, lanes: {} };
  const floor = doc[SEEN_FLOOR_FIELD];
  const lanes = numbersOf(doc[SEEN_LANES_FIELD]);
  const laneFloors = numbersOf(doc[SEEN_LANE_FLOORS_FIELD]);
  // Built field by field, in this order (every event applied to a document comes here: no spreads).
  const state: SeenState = { seen: (doc._seen as Record<string, number> | undefined) ?? {} };
  if (typeof floor === 'number') state.floor = floor;
  if (lanes) state.lanes = lanes;
  if (laneFloors) state.laneFloors = laneFloors;
  return state;
}

/** Whether the document has had this event, delivered on `lane` (null: none known), applied already. */
export function hasSeen(state: SeenState, event: SeenEvent, lane: string | null = null): boolean {
  const revision = state.seen[seenKey(event.streamId)];
  if (typeof revision === 'number') return revision >= event.revision;
  if (state.floor !== undefined && event.position <= state.floor) return true;
  if (lane === null || lane === ALL_LANES || state.laneFloors === undefined) return false;
  const laneFloor = state.laneFloors[seenKey(lane)];
  return laneFloor !== undefined && event.position <= laneFloor;
}

/**
 * The state once the event, delivered on `lane` (ALL_LANES on a feed in position order; null: none
 * known), is applied: the oldest streams let go beyond `max` where the floors can tell.
 */
export function afterSeeing(state: SeenState, event: SeenEvent, lane: string | null, max = MAX_SEEN_STREAMS): SeenState {
  const key = seenKey(event.streamId);
  // Re-inserted last, so the key order is the order of last application: one copy, in the order a
  // spread of the others would give. Without a prototype: an object of stream ids, each key met once in
  // the whole log, is a dictionary to V8 from the start (~8 times cheaper to build than one that takes a
  // hidden class per new key, a twentieth of a rebuild), and `__proto__` is a key like any other.
  const seen: Record<string, number> = { __proto__: null } as unknown as Record<string, number>;
  let streams = 1;
  for (const other in state.seen) {
    if (other === key) continue;
    seen[other] = state.seen[other]!;
    streams += 1;
  }
  seen[key] = event.revision;
  let lanes = state.lanes;
  if (lanes !== undefined && lane !== null) {
    const laneKey = lane === ALL_LANES ? ALL_LANES : seenKey(lane);
    const high = lanes[laneKey];
    if (high === undefined || high < event.position) {
      // A feed in position order has the one lane: a literal (`'*'` is ALL_LANES), where a spread with a
      // computed key took V8's slow path at every event applied, as costly as copying `_seen`.
      lanes = laneKey === ALL_LANES && onlyAllLanes(lanes) ? { '*': event.position } : { ...lanes, [laneKey]: event.position };
    }
  }
  let { floor, laneFloors } = state;
  const mayLetGo = lane === ALL_LANES || (lane !== null && lanes !== undefined);
  if (mayLetGo && streams > max) {
    const keys = Object.keys(seen);
    for (const old of keys.slice(0, keys.length - max)) delete seen[old];
    if (lane === ALL_LANES) {
      // In position order nothing after this event was applied yet, and everything before it was.
      floor = Math.max(floor ?? -1, event.position);
    } else {
      // Each lane's floor takes its highest position (highs only grow); ALL_LANES's is `_seenFloor`.
      laneFloors = { ...laneFloors };
      for (const [other, high] of Object.entries(lanes!)) {
        if (other === ALL_LANES) floor = Math.max(floor ?? -1, high);
        else laneFloors[other] = high;
      }
    }
  }
  const next: SeenState = { seen };
  if (floor !== undefined) next.floor = floor;
  if (lanes !== undefined) next.lanes = lanes;
  if (laneFloors !== undefined) next.laneFloors = laneFloors;
  return next;
}

const onlyAllLanes = (lanes: Record<string, number>): boolean => {
  for (const key in lanes) if (key !== ALL_LANES) return false;
  return true;
};

/** The fields a document keeps its seen state in (in this order, absent ones left out). */
export const seenFields = (state: SeenState): { _seen: Record<string, number>; _seenFloor?: number; _seenLanes?: Record<string, number>; _seenLaneFloors?: Record<string, number> } => {
  const fields: { _seen: Record<string, number>; _seenFloor?: number; _seenLanes?: Record<string, number>; _seenLaneFloors?: Record<string, number> } = { _seen: state.seen };
  if (state.floor !== undefined) fields._seenFloor = state.floor;
  if (state.lanes !== undefined) fields._seenLanes = state.lanes;
  if (state.laneFloors !== undefined) fields._seenLaneFloors = state.laneFloors;
  return fields;
};

/**
 * The document without the runtime's bookkeeping (the seen state, `_version`) but with its `_id` and
 * search fields: whole views as `npm run replay -- --views-out` writes them. Answers over HTTP use
 * query-api/public-document.ts instead, which also leaves out `_id` and the search helpers.
 */
export function publicView<D extends ViewDocument>(doc: D): Omit<D, '_seen' | '_version' | '_seenFloor' | '_seenLanes' | '_seenLaneFloors'> {
  const { _seen, _version, _seenFloor, _seenLanes, _seenLaneFloors, ...rest } = doc;
  return rest;
}

/** Escapes user text for a `$regex` filter (text search on `searchText` fields). */
export const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Lower-cased texts joined by a space: the `searchText` field text filters match against. */
export const searchTextOf = (...texts: Array<string | null | undefined>): string =>
  texts.filter((text): text is string => Boolean(text)).map((text) => text.toLowerCase()).join(' ');
