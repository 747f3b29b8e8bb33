import type { RecordedEvent } from './event-store.ts';

// Where projectors and reactors read events from (DESIGN §2): a subscription on the event store, or a
// Kafka consumer group fed by the relay. Delivery is at least once; consumers are idempotent.

/**
 * The events of one subscription. A feed that keeps its own record of what a subscriber processed (Kafka's
 * committed offsets) moves it only when told: the subscriber acknowledges events once their effect is
 * durable (the views written, the jobs queued), never when it merely took them, so a crash in between
 * redelivers them instead of losing them.
 */
export interface FeedSubscription extends AsyncIterable<RecordedEvent> {
  /**
   * These events (as delivered by this subscription) are processed. Absent: the feed keeps no record of
   * its own (the subscriber's checkpoint is the only one). A failed acknowledgment only means redelivery.
   */
  acknowledge?(events: readonly RecordedEvent[]): Promise<void>;
}

export interface EventFeed {
  /**
   * 'global' (or absent): events arrive in position order, so a consumer may skip what is at or before
   * its checkpoint. 'per-stream' (Kafka): ordered within a stream only, so positions say nothing across
   * streams and consumers rely on per-stream revisions alone.
   */
  readonly order?: 'global' | 'per-stream';
  /**
   * The events are this marketplace's own event store's, as its writers appended them (the store's
   * subscription): a consumer may take an event stamped as validated against the current schemas
   * without parsing it again (infra/event-schema-stamp.ts). Absent on a feed others may write to (Kafka).
   */
  readonly ownLog?: boolean;
  /**
   * Events after the checkpoint (exclusive). Ends when the signal aborts. `types`: the only types the
   * subscriber acts on; a feed may pass over others (the event store's does, SubscribeOptions), so a
   * subscriber still ignores the types it does not handle.
   */
  subscribe(options: { name: string; after?: number; signal: AbortSignal; types?: ReadonlySet<string> }): FeedSubscription;
  /** Where the feed ends now (opaque: Kafka's end offset of every partition), for `lag` to measure against later. */
  end?(): Promise<FeedMark>;
  /**
   * How many events up to `upTo` (default: the feed's end now) the subscriber `name` has yet to process,
   * where positions cannot tell (a per-stream feed: Kafka's committed offsets against the partitions'
   * ends). Readiness asks it against the end as of the check, so a steady write load, which always
   * keeps a subscriber a few events behind the newest, still lets it be ready (main.ts).
   */
  lag?(name: string, upTo?: FeedMark): Promise<number>;
}

/** A point of a feed with several orders (each partition's offset), named by the feed. */
export type FeedMark = Readonly<Record<string, number>>;
