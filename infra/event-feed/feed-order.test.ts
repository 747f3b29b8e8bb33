import { describe, expect, it } from 'vitest';
import { openSqliteEventStore } from '../event-store/sqlite-event-store.ts';
import { storeEventFeed } from './store-event-feed.ts';
import { kafkaEventFeed } from './kafka-event-feed.ts';

// Consumers (projectors, notification reactor) skip events by position only on a globally ordered
// feed; a per-stream feed that failed to say so would have events silently skipped.
describe('each feed declares its order', () => {
  it('the event store subscription delivers in global position order', async () => {
    const store = await openSqliteEventStore({ path: ':memory:' });
    expect(storeEventFeed(store).order ?? 'global').toBe('global');
    await store.close();
  });
  it('a Kafka consumer group is ordered within a stream only (no broker is contacted to build it)', () => {
    expect(kafkaEventFeed({ brokers: ['127.0.0.1:1'] }).order).toBe('per-stream');
  });
});
