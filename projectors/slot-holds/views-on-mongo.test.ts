import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithEngine } from '../../test/real-engines.ts';
import type { EventStore, NewEvent } from '../../domain/ports/event-store.ts';
import type { OrderEvent } from '../../domain/order/events.ts';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store.ts';
import { storeEventFeed } from '../../infra/event-feed/store-event-feed.ts';
import { createMemoryViewStore } from '../../infra/view-store/memory-view-store.ts';
import { openSqliteViewStore } from '../../infra/view-store/sqlite-view-store.ts';
import { openMongoViewStore, type MongoViewStore } from '../../infra/view-store/mongo-view-store.ts';
import { createProjectionRuntime, type ProjectionRuntime } from '../runtime.ts';
import { rebuildViews } from '../rebuild.ts';
import { dumpViews } from '../testing/view-dump.ts';
import { startHoldExpiry } from '../../process-managers/hold-expiry.ts';
import { slotHoldsProjection } from './projection.ts';

// The held slots' view on MongoDB (MONGO_URL: MongoDB or FerretDB, else a container, else skipped by
// name): built live by the projectors' runtime it equals the view rebuilt in memory and on node:sqlite,
// and the hold-expiry sweep finds the hold that ran out in it (the `{ status, holdUntil: { $lte } }`
// query on ISO strings) and cancels that order once; the view then says canceled.
const projections = [slotHoldsProjection];
const placedAt = '2026-11-29T10:00:00.000Z';
const metadata = { actor: { userId: 'u-c', roles: ['user' as const], groups: [], vendorId: null }, correlationId: 'c-1', causationId: null, at: placedAt, schemaVersion: 1 };
const price = { amountMinor: 50_000, currency: 'ILS' as const };
const product = { productId: 'p-1', vendorId: 'v-1', type: 'timedService' as const, name: { en: 'An hour' }, price, serviceDuration: 60 };
const placed = (orderId: string, holdUntil: string): OrderEvent => ({
  type: 'OrderPlaced',
  data: { orderId, customerId: 'u-c', vendorId: 'v-1', product, total: price, start: '2030-01-01T10:00:00.000Z', end: '2030-01-01T11:00:00.000Z', holdUntil, placedAt },
});

async function append(store: EventStore, orderId: string, events: OrderEvent[]): Promise<void> {
  const stream = `order-${orderId}`;
  const [last] = await store.readStream(stream, { direction: 'backwards', maxCount: 1 });
  await store.append(stream, events.map((event): NewEvent => ({ id: randomUUID(), ...event, metadata })), last ? last.revision : 'no_stream');
}

describeWithEngine('mongo', 'slot holds view on MongoDB', (url) => {
  const dbName = `slot_holds_test_${randomUUID().slice(0, 8)}`;
  let eventStore: EventStore;
  let viewStore: MongoViewStore;
  let runtime: ProjectionRuntime;

  beforeAll(async () => {
    eventStore = await openSqliteEventStore({ path: ':memory:' });
    viewStore = await openMongoViewStore({ url, dbName });
    runtime = createProjectionRuntime({ viewStore, feed: storeEventFeed(eventStore), projections, retryDelayMs: 50 });
  });
  afterAll(async () => {
    await runtime?.stop();
    await viewStore?.db.dropDatabase();
    await viewStore?.close();
    await eventStore?.close();
  });

  it('live equals rebuilt, and the sweep cancels the hold that ran out once', async () => {
    await runtime.start();
    await append(eventStore, 'o-ran-out', [placed('o-ran-out', '2026-11-29T10:15:00.000Z')]);
    await append(eventStore, 'o-paid', [placed('o-paid', '2026-11-29T10:15:00.000Z')]);
    await append(eventStore, 'o-paid', [{ type: 'OrderPaid', data: { orderId: 'o-paid', paymentId: 'pay-1', amount: price, cardLast4: '4242', at: '2026-11-29T10:05:00.000Z' } }]);
    await append(eventStore, 'o-held', [placed('o-held', '2026-11-29T10:45:00.000Z')]);
    expect(await runtime.waitForPosition(await eventStore.headPosition(), 30_000)).toBe(true);

    const live = await dumpViews(viewStore, projections);
    expect(live.slotHolds!.map((doc) => [doc.orderId, doc.status]).sort()).toEqual([['o-held', 'open'], ['o-paid', 'paid'], ['o-ran-out', 'open']]);
    for (const rebuilt of [createMemoryViewStore(), openSqliteViewStore({ path: ':memory:' })]) {
      await rebuildViews({ eventStore, viewStore: rebuilt, projections });
      expect(await dumpViews(rebuilt, projections)).toEqual(live);
    }

    const sweep = startHoldExpiry({ eventStore, viewStore, intervalMs: 3_600_000, now: () => new Date('2026-11-29T10:30:00.000Z') });
    try {
      await expect.poll(async () => (await eventStore.readStream('order-o-ran-out')).map((event) => event.type), { timeout: 10_000 }).toEqual(['OrderPlaced', 'OrderCanceled']);
      expect(await sweep.sweep()).toBe(0);
      expect((await eventStore.readStream('order-o-held')).map((event) => event.type)).toEqual(['OrderPlaced']);
      expect((await eventStore.readStream('order-o-paid')).map((event) => event.type)).toEqual(['OrderPlaced', 'OrderPaid']);
      expect(await runtime.waitForPosition(await eventStore.headPosition(), 30_000)).toBe(true);
      expect(await viewStore.collection('slotHolds').findOne({ _id: 'o-ran-out' })).toMatchObject({ status: 'canceled' });
    } finally {
      await sweep.stop();
    }
  });
});
