import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore, RecordedEvent } from '../domain/ports/event-store.ts';
import { openSqliteEventStore } from '../infra/event-store/sqlite-event-store.ts';
import { marketplaceHistory } from '../projectors/testing/marketplace-history.ts';
import { categoryOf, describeFilter, eventMatcher, isUnfiltered, type EventFilter } from './event-filter.ts';
import { readEvents } from './read-events.ts';
import { heldEventsGauge } from './held-events.ts';
import { appendTimedHistory, timeOfIndex } from './testing/timed-history.ts';

const collect = async (source: AsyncIterable<RecordedEvent>) => {
  const events: RecordedEvent[] = [];
  for await (const event of source) events.push(event);
  return events;
};

describe('event filter', () => {
  it('names a stream category as EventStoreDB does: the id before its first dash', () => {
    expect(categoryOf('order-123-abc')).toBe('order');
    expect(categoryOf('config-support.whatsapp')).toBe('config');
    expect(categoryOf('nodash')).toBe('nodash');
  });

  it('keeps what every criterion allows, alternatives within one', () => {
    const event = (streamId: string, type: string, position: number, at: string) =>
      ({ id: 'e', streamId, type, position, revision: 0, data: {}, metadata: { at } as never, recordedAt: '2030-01-01T00:00:00.000Z' }) satisfies RecordedEvent;
    const paid = event('order-1', 'OrderPaid', 10, '2026-02-01T10:00:00Z');
    const matches = (filter: EventFilter, e: RecordedEvent = paid) => eventMatcher(filter)(e);
    expect(matches({})).toBe(true);
    expect(matches({ categories: ['vendor', 'order'] })).toBe(true);
    expect(matches({ categories: ['vendor'] })).toBe(false);
    expect(matches({ streams: ['order-1'] })).toBe(true);
    expect(matches({ streams: ['order-2'] })).toBe(false);
    expect(matches({ types: ['OrderPlaced', 'OrderPaid'] })).toBe(true);
    expect(matches({ types: ['OrderPlaced'] })).toBe(false);
    expect(matches({ fromPosition: 10, toPosition: 10 })).toBe(true);
    expect(matches({ fromPosition: 11 })).toBe(false);
    expect(matches({ toPosition: 9 })).toBe(false);
    // Time is the command's time (metadata.at), bounds inclusive; recordedAt (2030) is not used when `at` is there.
    expect(matches({ fromTime: new Date('2026-02-01T10:00:00Z'), toTime: new Date('2026-02-01T10:00:00Z') })).toBe(true);
    expect(matches({ toTime: new Date('2026-02-01T09:59:59Z') })).toBe(false);
    expect(matches({ fromTime: new Date('2026-02-01T10:00:01Z') })).toBe(false);
    expect(matches({ toTime: new Date('2030-06-01T00:00:00Z') }, { ...paid, metadata: {} as never })).toBe(true);
    expect(matches({ toTime: new Date('2029-06-01T00:00:00Z') }, { ...paid, metadata: {} as never })).toBe(false);
    expect(matches({ categories: ['order'], types: ['OrderPlaced'] })).toBe(false);
  });

  it('says what it keeps, and whether it keeps everything', () => {
    expect(isUnfiltered({})).toBe(true);
    expect(isUnfiltered({ types: [] })).toBe(true);
    expect(isUnfiltered({ toPosition: 5 })).toBe(false);
    expect(describeFilter({})).toBe('every event');
    expect(describeFilter({ categories: ['order'], types: ['OrderPaid', 'OrderPlaced'], toTime: new Date('2026-01-01T00:00:00Z') }))
      .toBe('category order, type OrderPaid or OrderPlaced, up to 2026-01-01T00:00:00.000Z');
  });
});

describe('reading the events of a filter from the store, a page at a time', () => {
  let store: EventStore;
  let all: RecordedEvent[];
  beforeAll(async () => {
    store = await openSqliteEventStore({ path: ':memory:' });
    await appendTimedHistory(store, marketplaceHistory({ vendors: 3, customers: 4 }));
    all = await store.readAll();
  });
  afterAll(() => store.close());

  const read = (filter: EventFilter, pageSize = 7) => collect(readEvents(store, { filter, pageSize }));

  it('reads the whole log in order across page boundaries', async () => {
    expect((await read({})).map((event) => event.position)).toEqual(all.map((event) => event.position));
  });

  it('filters by category, stream, type, time and position, as a scan of everything would', async () => {
    const orderId = (all.find((event) => event.type === 'OrderPaid')!.data as { orderId: string }).orderId;
    const cases: EventFilter[] = [
      { categories: ['order'] },
      { categories: ['order', 'review'] },
      { streams: [`order-${orderId}`] },
      { streams: [`order-${orderId}`, 'tag-root'] },
      { types: ['OrderPaid'] },
      { types: ['OrderPaid', 'ReviewPosted'] },
      { fromTime: new Date(timeOfIndex(20)), toTime: new Date(timeOfIndex(40)) },
      { fromPosition: all[10]!.position, toPosition: all[30]!.position },
      { categories: ['order'], types: ['OrderCanceled'], toTime: new Date(timeOfIndex(200)) },
      { streams: [`order-${orderId}`], fromPosition: all.filter((event) => event.streamId === `order-${orderId}`)[1]!.position },
    ];
    for (const filter of cases) {
      const expected = all.filter(eventMatcher(filter));
      expect(expected.length, describeFilter(filter)).toBeGreaterThan(0);
      expect((await read(filter)).map((event) => event.id), describeFilter(filter)).toEqual(expected.map((event) => event.id));
    }
    expect(await read({ types: ['NoSuchEvent'] })).toEqual([]);
    expect(await read({ streams: ['order-none'] })).toEqual([]);
    expect(await read({ fromPosition: all.at(-1)!.position + 1 })).toEqual([]);
  });

  it('reports progress up to 100% and holds one page at most', async () => {
    const held = heldEventsGauge();
    const fractions: number[] = [];
    let last = { scanned: 0, kept: 0 };
    await collect(readEvents(store, { filter: { categories: ['order'] }, pageSize: 25, held, onProgress: (progress) => { fractions.push(progress.fraction); last = progress; } }));
    expect(fractions.at(-1)).toBe(1);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(last.scanned).toBe(all.length);
    expect(last.kept).toBe(all.filter((event) => event.streamId.startsWith('order-')).length);
    expect(held.peak).toBe(25);
    expect(held.held).toBe(0);
  });

  it('stops at the head it started from: events appended meanwhile wait for the next run', async () => {
    const file = await openSqliteEventStore({ path: ':memory:' });
    try {
      await appendTimedHistory(file, marketplaceHistory({ vendors: 1, customers: 1 }).slice(0, 12));
      let appended = false;
      const seen: RecordedEvent[] = [];
      for await (const event of readEvents(file, { filter: {}, pageSize: 5 })) {
        seen.push(event);
        if (!appended) {
          appended = true;
          await appendTimedHistory(file, marketplaceHistory({ vendors: 1, customers: 1 }).slice(0, 3));
        }
      }
      expect(seen).toHaveLength(12);
    } finally {
      await file.close();
    }
  });
});
