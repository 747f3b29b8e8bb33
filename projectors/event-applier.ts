import { AnyDomainEvent } from '../domain/events.ts';
import type { RecordedEvent } from '../domain/ports/event-store.ts';
import type { ViewStore } from '../domain/ports/view-store.ts';
import type { AnyProjection, ProjectedEvent, ViewDoc } from './projection.ts';
import { seenKey, seenRevision } from './seen.ts';
import type { ProjectorLog } from './projector-log.ts';

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
// strings), without the cost of a round trip through a string.
function asJson<T>(value: T): T {
  return toJson(value) as T;
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

/** Deleted view documents' `_seen`, keyed `<collection>/<id>`. Dropped with the views by a rebuild. */
export const TOMBSTONES_COLLECTION = '_tombstones';

const knownTypes = new Set<string>(AnyDomainEvent.options.map((option) => option.shape.type.value));

/**
 * Applies one recorded event to every projection that reads its type. Idempotent: a document that has
 * already seen this stream revision is left alone, so a replayed or duplicated event changes nothing,
 * and only per-stream order is needed (a Kafka feed keyed by stream id is enough).
 */
export function createEventApplier(options: { viewStore: ViewStore; projections: readonly AnyProjection[]; log: ProjectorLog }) {
  const { viewStore, projections, log } = options;
  const byType = new Map<string, AnyProjection[]>();
  for (const projection of projections) {
    for (const type of projection.eventTypes) byType.set(type, [...(byType.get(type) ?? []), projection]);
  }

  async function idsTouched(projection: AnyProjection, event: ProjectedEvent): Promise<string[]> {
    const ids = new Set(projection.keysOf(event));
    const filter = projection.alsoMatching?.(event);
    if (filter) {
      for (const doc of await viewStore.collection(projection.collection).find(filter)) ids.add(doc._id);
    }
    return [...ids];
  }

  async function applyTo(projection: AnyProjection, event: ProjectedEvent): Promise<string[]> {
    const collection = viewStore.collection<ViewDoc>(projection.collection);
    const tombstones = viewStore.collection<ViewDoc>(TOMBSTONES_COLLECTION);
    const changed: string[] = [];
    for (const id of await idsTouched(projection, event)) {
      const current = await collection.findOne({ _id: id });
      // A deleted document leaves a tombstone with what it had seen, so an old event delivered again
      // (at-least-once feeds) cannot bring it back.
      const tombstoneId = `${projection.collection}/${id}`;
      const tombstone = current ? null : await tombstones.findOne({ _id: tombstoneId });
      const seenBefore = current?._seen ?? tombstone?._seen ?? {};
      if (seenRevision({ _id: id, _seen: seenBefore }, event.streamId) >= event.revision) continue;
      let next: ViewDoc | null;
      try {
        next = projection.evolve(current, event, id);
      } catch (error) {
        // A bug in one view must not stop every other view: skip this event for this document, loudly.
        log.error({ err: error, projection: projection.name, eventId: event.id, type: event.type, position: event.position, docId: id }, 'projection evolve threw; event skipped for this document');
        continue;
      }
      const seen = { ...seenBefore, [seenKey(event.streamId)]: event.revision };
      if (next === null) {
        if (current) {
          await collection.deleteOne({ _id: id });
          changed.push(id);
        }
        if (current || tombstone) await tombstones.replaceOne({ _id: tombstoneId, _seen: seen });
        continue;
      }
      await collection.replaceOne(asJson({ ...next, _id: id, _seen: seen }));
      if (tombstone) await tombstones.deleteOne({ _id: tombstoneId });
      changed.push(id);
    }
    return changed;
  }

  async function apply(recorded: RecordedEvent, shouldApply: (projection: AnyProjection) => boolean = () => true): Promise<ApplyOutcome> {
    const readers = byType.get(recorded.type);
    if (!readers || !knownTypes.has(recorded.type)) return { status: 'ignored', changes: [], handledBy: [] };
    const parsed = AnyDomainEvent.safeParse({ type: recorded.type, data: recorded.data });
    if (!parsed.success) {
      // Skip and log rather than crash: one malformed event must not block every view behind it.
      log.warn({ eventId: recorded.id, streamId: recorded.streamId, revision: recorded.revision, position: recorded.position, type: recorded.type, issues: parsed.error.issues }, 'invalid event skipped by projectors');
      return { status: 'invalid', changes: [], handledBy: [] };
    }
    const event = { ...recorded, ...parsed.data } as ProjectedEvent;
    const changes: ViewChange[] = [];
    const handledBy: AnyProjection[] = [];
    for (const projection of readers) {
      if (!shouldApply(projection)) continue;
      const ids = await applyTo(projection, event);
      handledBy.push(projection);
      if (ids.length > 0) changes.push({ collection: projection.collection, ids });
    }
    return { status: 'applied', changes, handledBy };
  }

  return { apply };
}

export type EventApplier = ReturnType<typeof createEventApplier>;
