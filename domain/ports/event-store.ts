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

export interface ReadAllOptions {
  /** Exclusive: only events with a position greater than this. Omit to start from the beginning. */
  after?: number;
  maxCount?: number;
}

export interface SubscribeOptions {
  /** Exclusive: deliver events with a position greater than this (a checkpoint). Omit for all. */
  after?: number;
  /** Stops the subscription; the iterator then ends. */
  signal?: AbortSignal;
}

export interface EventStore {
  /** Atomically appends all events or none. Throws WrongExpectedRevision on a mismatch. */
  append(streamId: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult>;
  /** Events of one stream; an empty array when the stream does not exist. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** Events of all streams in position order. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Catch-up, then live: every event after `after`, once, in position order, with no gaps. */
  subscribeToAll(options?: SubscribeOptions): AsyncIterable<RecordedEvent>;
  /** Position of the last event in the store, or -1 when empty. */
  headPosition(): Promise<number>;
  close(): Promise<void>;
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
