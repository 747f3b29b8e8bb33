import type { RecordedEvent } from '../domain/ports/event-store.ts';
import type { Filter, ViewDocument } from '../domain/ports/view-store.ts';
import type { AnyDomainEvent, DomainEventType } from '../domain/events.ts';

/** A recorded event whose `{ type, data }` has been validated against the domain schemas. */
export type ProjectedEvent = Omit<RecordedEvent, 'type' | 'data'> & AnyDomainEvent;

/** `{ [encoded stream id]: last revision applied }`: what makes applying an event idempotent. */
export type Seen = Record<string, number>;

/** A view's document. The runtime keeps its `_seen` (event-applier.ts): evolve leaves it out. */
export interface ViewDoc extends ViewDocument {
  _seen?: Seen;
}

/**
 * A view: which documents an event touches, and how one document changes with it. `evolve` is pure; the
 * runtime loads the document, skips the event when the document has already seen that stream revision,
 * sets `_id` and `_seen`, and saves (or deletes, when evolve answers null).
 */
export interface Projection<D extends ViewDoc = ViewDoc> {
  /** Unique; names the checkpoint. */
  readonly name: string;
  /**
   * The version of what evolve and keysOf make of the events; 1 when absent. Raise it when a change
   * makes the stored view differ from a replay: at the next start this view alone is emptied and
   * replayed from the first event, the others resume from their checkpoints (projectors/checkpoints.ts).
   */
  readonly version?: number;
  readonly collection: string;
  /** The event types this view reads; other events never reach keysOf or evolve. */
  readonly eventTypes: readonly DomainEventType[];
  /** Ids of the documents the event touches. */
  keysOf(event: ProjectedEvent): string[];
  /**
   * Documents touched that the event cannot name (e.g. the former parent of a moved tag): the runtime
   * adds the ids of the documents matching this filter to keysOf's.
   */
  alsoMatching?(event: ProjectedEvent): Filter | null;
  /** The next state of document `id`; null deletes it (or keeps it absent). */
  evolve(doc: D | null, event: ProjectedEvent, id: string): D | null;
  /** Indexes the query API relies on. */
  readonly indexes?: ReadonlyArray<Record<string, 1 | -1 | 'text'>>;
  /**
   * Its documents take events all through the log (a vendor's card takes each review of the vendor):
   * a rebuild in one unit keeps each in memory once written out, within the bounds of the documents it
   * keeps, instead of reading it back at its next event (page-buffer.ts, keepWritten).
   */
  readonly longLived?: true;
  /**
   * The top-level fields evolve keeps for itself, each named with a leading `_`: no reader needs them,
   * so the query API asks the store not to send them (projectors/unread-fields.ts).
   */
  readonly privateFields?: readonly string[];
}

/** The version a projection's views are built with (`Projection.version`, 1 when absent). */
export const versionOf = (projection: Pick<Projection, 'version'>): number => projection.version ?? 1;

/** Erases a projection's document type so projections of different views share one list. */
export type AnyProjection = Projection<any>;

/** The string ids among the values (keysOf reads a field that only some event types carry). */
export const idsOf = (...values: unknown[]): string[] => values.filter((value): value is string => typeof value === 'string' && value !== '');
