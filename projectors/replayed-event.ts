import type { EventMetadata } from '../domain/shared/metadata.ts';
import type { RecordedEvent } from '../domain/ports/event-store.ts';
import { endsWithCurrentStamp } from '../infra/event-schema-stamp.ts';
import type { ReadEventRow } from '../infra/event-store/sqlite-event-store.ts';

// A split rebuild's events (replay-types.ts) parse their metadata when it is first read. Few views read
// it (the orders' actors, order money's times; none of the helper's), and parsing it for every event
// cost as much as parsing its data (~0.8 µs an event, and four objects for the collector). Whether the
// command handler stamped it with the current schemas' fingerprint, which every event's application
// asks, is read from its text (endsWithCurrentStamp).
//
// `metadata` is a getter of the class, not an own property: an object literal with an own getter cost
// more to make than the parse it saved. So a spread of a replayed event has no metadata: whoever spreads
// one names it (the applier's parse of an unstamped event does).

/** A RecordedEvent from a row of EVENT_COLUMNS, as recordedEventOf makes it, its metadata parsed when first read. */
export class ReplayedEvent implements RecordedEvent {
  readonly id: string;
  readonly streamId: string;
  readonly type: string;
  readonly revision: number;
  readonly position: number;
  readonly data: unknown;
  readonly recordedAt: string;
  /** The metadata's JSON carries the current schemas' fingerprint (false: parse it to know). */
  readonly stampedWithCurrentSchemas: boolean;
  #metadataText: string;
  #metadata: EventMetadata | undefined = undefined;

  constructor(row: ReadEventRow) {
    this.id = row[1];
    this.streamId = row[2];
    this.type = row[4];
    this.revision = row[3];
    this.position = row[0];
    this.data = JSON.parse(row[5]) as unknown;
    this.recordedAt = row[7];
    this.stampedWithCurrentSchemas = endsWithCurrentStamp(row[6]);
    this.#metadataText = row[6];
  }

  get metadata(): EventMetadata {
    return (this.#metadata ??= JSON.parse(this.#metadataText) as EventMetadata);
  }
}

export const replayedEventOf = (row: ReadEventRow): ReplayedEvent => new ReplayedEvent(row);
