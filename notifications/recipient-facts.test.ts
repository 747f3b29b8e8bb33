import { describe, expect, it } from 'vitest';
import type { EventStore, RecordedEvent } from '../domain/ports/event-store.ts';
import { cachedRecipientFacts } from './recipient-facts.ts';

// The reactor's facts cache (recipient-facts.ts): what it reads from the store and what it takes from
// the events going by.
const eventOf = (streamId: string, revision: number, type: string, data: Record<string, unknown>): RecordedEvent => ({
  id: `${streamId}-${revision}`, streamId, revision, position: revision, type, data,
  metadata: { correlationId: 'c', causationId: null, actor: { userId: null, roles: ['system'] }, at: '2026-12-01T00:00:00.000Z' },
  recordedAt: '2026-12-01T00:00:00.000Z',
} as unknown as RecordedEvent);

function countingStore(streams: Map<string, RecordedEvent[]>): Pick<EventStore, 'readStream'> & { reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    async readStream(streamId, options = {}) {
      reads.push(streamId);
      const events = streams.get(streamId) ?? [];
      return options.maxCount === undefined ? events : events.slice(0, options.maxCount);
    },
  };
}

describe('cached recipient facts', () => {
  it('takes a stream’s first event from the feed as it goes by: the later events’ notices read nothing', async () => {
    const placed = eventOf('order-o1', 0, 'OrderPlaced', { orderId: 'o1', customerId: 'dana', vendorId: 'v1' });
    const store = countingStore(new Map([['order-o1', [placed]]]));
    const facts = cachedRecipientFacts(store);
    facts.saw(placed);
    facts.saw(eventOf('order-o1', 1, 'OrderPaid', { orderId: 'o1' }));
    expect(await facts.firstEventData('order-o1')).toEqual(placed.data);
    expect(store.reads).toEqual([]);
  });

  it('reads a first event it has not seen, once; an empty stream remembered as such takes its first event as it comes', async () => {
    const opened = eventOf('conversation-c1', 0, 'ConversationOpened', { conversationId: 'c1' });
    const streams = new Map([['order-o2', [eventOf('order-o2', 0, 'OrderPlaced', { orderId: 'o2' })]]]);
    const store = countingStore(streams);
    const facts = cachedRecipientFacts(store);
    expect(await facts.firstEventData('order-o2')).toEqual({ orderId: 'o2' });
    expect(await facts.firstEventData('order-o2')).toEqual({ orderId: 'o2' });
    expect(await facts.firstEventData('conversation-c1')).toBeNull();
    expect(store.reads).toEqual(['order-o2', 'conversation-c1']);
    facts.saw(opened);
    expect(await facts.firstEventData('conversation-c1')).toEqual({ conversationId: 'c1' });
    expect(store.reads).toHaveLength(2);
    // Forgotten with everything else when events were passed over unseen.
    facts.forgetAll();
    await facts.firstEventData('order-o2');
    expect(store.reads).toHaveLength(3);
  });
});
