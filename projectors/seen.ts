import type { ViewDocument } from '../domain/ports/view-store.ts';

// Stream ids become keys of `_seen`; MongoDB field names cannot hold `.` or start with `$` (config keys
// such as `support.whatsapp` do), so they are percent-encoded.
// Most ids hold none of the three: they are returned as they are, without three regex passes (every
// event looks its key up twice; issue 11).
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
 * Bounding `_seen` (issue 11): a document fed by many streams (a vendor's ratings, one order stream per
 * review) would remember every one of them for ever. On a feed in position order (the event store's
 * subscription, a rebuild's readAll) at most MAX_SEEN_STREAMS are kept, the least recently applied let go
 * first; `_seenFloor` then takes the position of the event being applied. Idempotency holds: every event
 * of a let-go stream that was applied sits at or before that position (positions only grow on such a
 * feed), so an event of a stream `_seen` no longer names, at or before the floor, counts as applied; a
 * later event of that stream has a higher position and is applied (and remembered) again. On a
 * per-stream feed (Kafka) an older position can still be new, so nothing is let go there.
 */
export const MAX_SEEN_STREAMS = 256;
export const SEEN_FLOOR_FIELD = '_seenFloor';

export interface SeenState {
  seen: Record<string, number>;
  /** Position at or before which an event of a stream not in `seen` was applied; absent when nothing was let go. */
  floor?: number;
}

export function seenStateOf(doc: ViewDocument | null | undefined): SeenState {
  const floor = doc?.[SEEN_FLOOR_FIELD];
  return { seen: (doc?._seen as Record<string, number> | undefined) ?? {}, ...(typeof floor === 'number' ? { floor } : {}) };
}

/** Whether the document has had this event applied already. */
export function hasSeen(state: SeenState, event: { streamId: string; revision: number; position: number }): boolean {
  const revision = state.seen[seenKey(event.streamId)];
  if (typeof revision === 'number') return revision >= event.revision;
  return state.floor !== undefined && event.position <= state.floor;
}

/** The state once the event is applied; `bounded` (a feed in position order) lets the oldest streams go. */
export function afterSeeing(state: SeenState, event: { streamId: string; revision: number; position: number }, bounded: boolean, max = MAX_SEEN_STREAMS): SeenState {
  const key = seenKey(event.streamId);
  // Re-inserted last, so the key order is the order of last application: one copy, in the order a
  // spread of the others would give. Without a prototype: an object of stream ids, each key met once in
  // the whole log, is a dictionary to V8 from the start (~8 times cheaper to build than one that takes a
  // hidden class per new key, a twentieth of a rebuild: issue 11), and `__proto__` is a key like any other.
  const seen: Record<string, number> = { __proto__: null } as unknown as Record<string, number>;
  let streams = 1;
  for (const other in state.seen) {
    if (other === key) continue;
    seen[other] = state.seen[other]!;
    streams += 1;
  }
  seen[key] = event.revision;
  let floor = state.floor;
  if (bounded && streams > max) {
    const keys = Object.keys(seen);
    for (const old of keys.slice(0, keys.length - max)) delete seen[old];
    floor = Math.max(floor ?? -1, event.position);
  }
  return { seen, ...(floor !== undefined ? { floor } : {}) };
}

/** The fields a document keeps its seen state in. */
export const seenFields = (state: SeenState): { _seen: Record<string, number>; _seenFloor?: number } =>
  ({ _seen: state.seen, ...(state.floor !== undefined ? { [SEEN_FLOOR_FIELD]: state.floor } : {}) });

/**
 * The document without the runtime's bookkeeping (`_seen`, `_seenFloor`, `_version`) but with its `_id` and
 * search fields: whole views as `npm run replay -- --views-out` writes them. Answers over HTTP use
 * query-api/public-document.ts instead, which also leaves out `_id` and the search helpers.
 */
export function publicView<D extends ViewDocument>(doc: D): Omit<D, '_seen' | '_version' | '_seenFloor'> {
  const { _seen, _version, _seenFloor, ...rest } = doc;
  return rest;
}

/** Escapes user text for a `$regex` filter (text search on `searchText` fields). */
export const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Lower-cased texts joined by a space: the `searchText` field text filters match against. */
export const searchTextOf = (...texts: Array<string | null | undefined>): string =>
  texts.filter((text): text is string => Boolean(text)).map((text) => text.toLowerCase()).join(' ');
