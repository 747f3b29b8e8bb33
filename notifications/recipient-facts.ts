import type { EventStore, RecordedEvent } from '../domain/ports/event-store.ts';
import { LeastRecentlyUsed } from '../infra/least-recently-used.ts';
import { userStream } from '../domain/user/decider.ts';
import { vendorStream } from '../domain/vendor/decider.ts';
import { VendorEvent } from '../domain/vendor/events.ts';
import { UserEvent } from '../domain/user/events.ts';
import { OrderEvent } from '../domain/order/events.ts';
import { ConversationEvent } from '../domain/conversation/events.ts';
import { ContractEvent } from '../domain/contract/events.ts';
import { QuoteRequestEvent } from '../domain/quote-request/events.ts';

// What notices need to know about the parties of an event, read from the event store (not the views,
// so a reactor running ahead of the projectors still finds everyone): the first event of an order,
// conversation or contract stream, a vendor's owner and name, a user's full name.
export type EventData = Record<string, unknown>;

export interface VendorFacts {
  /** The user who owns the vendor now (the last owner assignment of the vendor stream). */
  owner: string | null;
  /** Its current name (`{ he, en }`). */
  name: unknown;
}

export interface RecipientFacts {
  /** Data of the stream's first event, null for an empty stream. */
  firstEventData(streamId: string): Promise<EventData | null>;
  vendor(vendorId: string): Promise<VendorFacts>;
  fullName(userId: string): Promise<string>;
  /** Told of every event, in feed order, so a cache can forget what the event changed. */
  saw(event: RecordedEvent): void;
  /** Events were passed over unseen: a cache forgets everything. */
  forgetAll(): void;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * Every type of the streams whose facts are kept (vendors, users; the first event of orders,
 * conversations, contracts, quote requests): a reader that sees only some types (reactor.ts) must see
 * these, or `saw` would miss a change.
 */
export const factEventTypes: ReadonlySet<string> = new Set(
  [VendorEvent, UserEvent, OrderEvent, ConversationEvent, ContractEvent, QuoteRequestEvent].flatMap((union) => union.options.map((option) => option.shape.type.value)),
);

/** Reads the store every time. */
export function recipientFacts(eventStore: Pick<EventStore, 'readStream'>): RecipientFacts {
  return {
    async firstEventData(streamId) {
      const [first] = await eventStore.readStream(streamId, { maxCount: 1 });
      return (first?.data as EventData | undefined) ?? null;
    },
    async vendor(vendorId) {
      let owner: string | null = null;
      let name: unknown = null;
      for (const event of await eventStore.readStream(vendorStream(vendorId))) {
        const data = event.data as EventData;
        if (event.type === 'VendorCreated' || event.type === 'VendorOwnerAssigned') owner = (data.ownerUserId as string | null) ?? owner;
        if (event.type === 'VendorCreated' || event.type === 'VendorProfileUpdated') name = (data.profile as EventData | undefined)?.name ?? name;
      }
      return { owner, name };
    },
    async fullName(userId) {
      let name = '';
      for (const event of await eventStore.readStream(userStream(userId))) {
        if (event.type === 'UserRegistered' || event.type === 'UserProfileUpdated') name = text((event.data as EventData).fullName) || name;
      }
      return name;
    },
    saw() {},
    forgetAll() {},
  };
}

/**
 * Remembers the facts, so the reactor does not re-read the whole vendor stream for every order event.
 * Only for a reader that sees every event in order (`saw`): a vendor's or user's facts are forgotten
 * when an event of their stream goes by, so the next notice reads them again. A stream's first event
 * never changes, so it is kept until the cache is full. At most `maxEntries` of each, the least
 * recently used let go first.
 */
export function cachedRecipientFacts(eventStore: Pick<EventStore, 'readStream'>, options: { maxEntries?: number } = {}): RecipientFacts {
  const read = recipientFacts(eventStore);
  const maxEntries = options.maxEntries ?? 10_000;
  const firstEvents = new LeastRecentlyUsed<string, EventData | null>(maxEntries);
  /** Keyed by the stream the facts are folded from, so an event of that stream forgets them. */
  const folded = new LeastRecentlyUsed<string, VendorFacts | string>(maxEntries);

  async function through<V>(cache: LeastRecentlyUsed<string, V>, key: string, load: () => Promise<V>): Promise<V> {
    if (cache.has(key)) return cache.get(key) as V;
    const value = await load();
    cache.set(key, value);
    return value;
  }

  return {
    firstEventData: (streamId) => through(firstEvents, streamId, () => read.firstEventData(streamId)),
    vendor: (vendorId) => through(folded, vendorStream(vendorId), () => read.vendor(vendorId)) as Promise<VendorFacts>,
    fullName: (userId) => through(folded, userStream(userId), () => read.fullName(userId)) as Promise<string>,
    saw(event) {
      folded.delete(event.streamId);
      // A stream's first event going by is kept as it is: the notices of the stream's later events (an
      // order's payment, approval and completion) need not read it back. An empty stream remembered as
      // such gets its first event so too.
      if (event.revision === 0) firstEvents.set(event.streamId, event.data as EventData);
      else if (firstEvents.peek(event.streamId) === null) firstEvents.delete(event.streamId);
    },
    forgetAll() {
      folded.clear();
      firstEvents.clear();
    },
  };
}
