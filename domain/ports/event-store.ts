import type { EventMetadata } from '../shared/metadata.ts';

// The EventStore port (DESIGN §2). Implemented by infra/event-store/sqlite-event-store.ts (embedded)
// and infra/event-store/eventstoredb-event-store.ts; both pass infra/event-store/event-store.conformance.ts.
//
// Revisions are 0-based per stream (the first event of a stream has revision 0). Positions are global,
// strictly increasing in append order across all streams, and never reused; they need not be dense.

/** What a writer expects of the stream: no stream yet, a stream that exists, anything, or an exact revision. */
export type ExpectedRevision = 'no_stream' | 'stream_exists' | 'any' | number;

export interface NewEvent {
  /** Unique id of the event (UUID); made by the writer so a retried append can be recognised. */
  id: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
}

export interface RecordedEvent {
  id: string;
  streamId: string;
  type: string;
  revision: number;
  position: number;
  data: unknown;
  metadata: EventMetadata;
  /** ISO time the store recorded the event. */
  recordedAt: string;
  /**
   * Set by a feed whose order holds only within parts of it: the part this delivery came on (Kafka: its
   * `topic/partition`), within which first deliveries come in position order. Never stored.
   */
  lane?: string;
}

export interface AppendResult {
  streamId: string;
  /** Revision of the last event appended. */
  nextRevision: number;
  /** Global position of the last event appended. */
  position: number;
}

export interface ReadStreamOptions {
  direction?: 'forwards' | 'backwards';
  /** Inclusive start revision; defaults to the start (forwards) or the end (backwards). */
  fromRevision?: number;
  maxCount?: number;
}

// A position handed back to the store (after, from, before) must be one the store gave: an event's
// position, or -1 for "none". EventStoreDB's positions are byte offsets in its log and it refuses to
// read from any other number (UnknownPosition); node:sqlite accepts any number.

export interface ReadAllOptions {
  /** 'backwards' reads from the last event (or from `before`) towards the first. Default forwards. */
  direction?: 'forwards' | 'backwards';
  /** Forwards, exclusive: only events with a position greater than this (a checkpoint). Not with `from`. */
  after?: number;
  /** Forwards, inclusive: events from the one at this position on. Not with `after`. */
  from?: number;
  /** Backwards, exclusive: only events with a position less than this. */
  before?: number;
  maxCount?: number;
}

export interface SubscribeOptions {
  /** Exclusive: deliver events with a position greater than this (a checkpoint). Omit for all. */
  after?: number;
  /** Stops the subscription; the iterator then ends. */
  signal?: AbortSignal;
  /**
   * The only event types the subscriber acts on: the store may pass over events of other types (a
   * subscriber ignores them anyway), but still delivers some, so the position the subscriber reached
   * keeps up with the log. Every event of these types is delivered. Omit for all.
   */
  types?: ReadonlySet<string>;
}

export interface EventStore {
  /** Atomically appends all events or none. Throws WrongExpectedRevision on a mismatch. */
  append(streamId: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult>;
  /** Events of one stream; an empty array when the stream does not exist. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** Events of all streams in position order (the reverse order backwards). Throws UnknownPosition for a position it cannot read from. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Catch-up, then live: every event after `after`, once, in position order, with no gaps. */
  subscribeToAll(options?: SubscribeOptions): AsyncIterable<RecordedEvent>;
  /** Position of the last event in the store, or -1 when empty. */
  headPosition(): Promise<number>;
  close(): Promise<void>;
}

/** The store cannot read from this position: it is not the position of an event in this log. */
export class UnknownPosition extends Error {
  readonly position: number;
  constructor(position: number, detail: string) {
    super(`Position ${position} is not the position of an event in this event store: ${detail}`);
    this.name = 'UnknownPosition';
    this.position = position;
  }
}

/** The store refuses an append this large; a caller that may split its batch can append it in parts. */
export class AppendTooLarge extends Error {
  readonly streamId: string;
  /** The store's limit in bytes, as it reported it. */
  readonly maxBytes: number;
  constructor(streamId: string, maxBytes: number) {
    super(`Stream ${streamId}: the append is larger than the event store accepts at once (${maxBytes} bytes)`);
    this.name = 'AppendTooLarge';
    this.streamId = streamId;
    this.maxBytes = maxBytes;
  }
}

export class WrongExpectedRevision extends Error {
  readonly streamId: string;
  readonly expected: ExpectedRevision;
  /** Actual revision of the stream, -1 when it does not exist. */
  readonly actual: number;
  constructor(streamId: string, expected: ExpectedRevision, actual: number) {
    super(`Stream ${streamId}: expected revision ${String(expected)}, actual ${actual}`);
    this.name = 'WrongExpectedRevision';
    this.streamId = streamId;
    this.expected = expected;
    this.actual = actual;
  }
}
