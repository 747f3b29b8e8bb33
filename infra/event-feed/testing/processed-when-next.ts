import type { FeedSubscription } from '../../../domain/ports/event-feed.ts';
import type { RecordedEvent } from '../../../domain/ports/event-store.ts';

/**
 * For tests that read a feed in a plain `for await` loop: an event is acknowledged when the loop asks
 * for the next one (its body ran to the end). Leaving the loop (break, throw, abort) leaves the event
 * in hand unacknowledged, as a subscriber that crashed while processing it would.
 */
export async function* processedWhenNext(subscription: FeedSubscription): AsyncIterable<RecordedEvent> {
  for await (const event of subscription) {
    yield event;
    await subscription.acknowledge?.([event]);
  }
}
