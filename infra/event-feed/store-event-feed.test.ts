import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { NewEvent, RecordedEvent } from '../../domain/ports/event-store.ts';
import { openSqliteEventStore } from '../event-store/sqlite-event-store.ts';
import { storeEventFeed } from './store-event-feed.ts';

const event = (n: number): NewEvent => ({
  id: randomUUID(),
  type: 'Fed',
  data: { n },
  metadata: { actor: { userId: null, roles: ['system'], groups: [], vendorId: null }, correlationId: 'c', causationId: null, at: '2026-01-01T00:00:00.000Z', schemaVersion: 1 },
});

describe('EventFeed over the event store subscription', () => {
  it('delivers the events after the checkpoint, then live ones, and ends when the signal aborts', async () => {
    const store = await openSqliteEventStore({ path: ':memory:' });
    await store.append('order-1', [event(0), event(1), event(2)], 'no_stream');
    const [, second] = await store.readStream('order-1');
    const feed = storeEventFeed(store);
    const controller = new AbortController();
    const received: RecordedEvent[] = [];
    const consumed = (async () => {
      for await (const e of feed.subscribe({ name: 'test-projector', after: second!.position, signal: controller.signal })) {
        received.push(e);
        if (received.length === 1) await store.append('order-2', [event(3)], 'no_stream');
        if (received.length === 2) controller.abort();
      }
    })();
    await consumed;
    expect(received.map((e) => (e.data as { n: number }).n)).toEqual([2, 3]);
    expect(received.map((e) => e.streamId)).toEqual(['order-1', 'order-2']);
    await store.close();
  });

  it('starts from the beginning without a checkpoint', async () => {
    const store = await openSqliteEventStore({ path: ':memory:' });
    await store.append('order-1', [event(0), event(1)], 'no_stream');
    const controller = new AbortController();
    const received: RecordedEvent[] = [];
    for await (const e of storeEventFeed(store).subscribe({ name: 'p', signal: controller.signal })) {
      received.push(e);
      if (received.length === 2) controller.abort();
    }
    expect(received.map((e) => e.revision)).toEqual([0, 1]);
    await store.close();
  });
});
