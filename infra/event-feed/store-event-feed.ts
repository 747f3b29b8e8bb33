import type { EventFeed } from '../../domain/ports/event-feed.ts';
import type { EventStore, RecordedEvent } from '../../domain/ports/event-store.ts';

// The embedded EventFeed (DESIGN §2): projectors read the event store's own subscription to all.
// The subscriber's name is not needed here: each subscriber keeps its own checkpoint and passes it in.
export function storeEventFeed(store: EventStore): EventFeed {
  return {
    ownLog: true,
    subscribe({ after, signal, types }): AsyncIterable<RecordedEvent> {
      return store.subscribeToAll({ after, signal, ...(types ? { types } : {}) });
    },
  };
}
