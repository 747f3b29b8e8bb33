import type { RecordedEvent } from './event-store.ts';

// Where projectors and reactors read events from (DESIGN §2): a subscription on the event store, or a
// Kafka consumer group fed by the relay. Delivery is at least once; consumers are idempotent.
export interface EventFeed {
  /** Events after the checkpoint (exclusive). Ends when the signal aborts. */
  subscribe(options: { name: string; after?: number; signal: AbortSignal }): AsyncIterable<RecordedEvent>;
}
