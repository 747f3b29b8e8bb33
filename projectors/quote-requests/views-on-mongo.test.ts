import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithEngine } from '../../test/real-engines.ts';
import type { EventStore, NewEvent } from '../../domain/ports/event-store.ts';
import type { QuoteRequestEvent } from '../../domain/quote-request/events.ts';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store.ts';
import { storeEventFeed } from '../../infra/event-feed/store-event-feed.ts';
import { createMemoryViewStore } from '../../infra/view-store/memory-view-store.ts';
import { openSqliteViewStore } from '../../infra/view-store/sqlite-view-store.ts';
import { openMongoViewStore, type MongoViewStore } from '../../infra/view-store/mongo-view-store.ts';
import { createProjectionRuntime, type ProjectionRuntime } from '../runtime.ts';
import { rebuildViews } from '../rebuild.ts';
import { dumpViews } from '../testing/view-dump.ts';
import { startQuoteExpiry } from '../../process-managers/quote-expiry.ts';
import { quoteInboxProjection, quoteRequestsProjection } from './projection.ts';

// The quote views on MongoDB (MONGO_URL: MongoDB or FerretDB, else a container, else skipped by name):
// built live by the projectors' runtime, they equal the same views rebuilt in memory and on node:sqlite
// (a cancel and an acceptance reaching every inbox document of their request, `alsoMatching`), and the
// expiry sweep finds a lapsed quote in them and records it once.
const projections = [quoteRequestsProjection, quoteInboxProjection];
const at = '2026-11-21T10:00:00.000Z';
const metadata = { actor: { userId: 'u-c', roles: ['user' as const], groups: [], vendorId: null }, correlationId: 'c-1', causationId: null, at, schemaVersion: 1 };
const price = { amountMinor: 100_000, currency: 'ILS' as const };
const requested = (requestId: string, vendorIds: string[]): QuoteRequestEvent => ({
  type: 'QuoteRequested', data: { requestId, customerId: 'u-c', vendorIds, eventDate: '2027-03-14', city: 'Haifa', eventType: 'birthday', guests: 40, message: 'Party', at },
});
const quoted = (requestId: string, vendorId: string, validUntil: string): QuoteRequestEvent => ({
  type: 'QuoteSubmitted', data: { requestId, vendorId, price, included: 'A set', validUntil, by: null, at },
});

async function append(store: EventStore, requestId: string, events: QuoteRequestEvent[]): Promise<void> {
  const stream = `quoteRequest-${requestId}`;
  const [last] = await store.readStream(stream, { direction: 'backwards', maxCount: 1 });
  await store.append(stream, events.map((event): NewEvent => ({ id: randomUUID(), ...event, metadata })), last ? last.revision : 'no_stream');
}

describeWithEngine('mongo', 'quote request views on MongoDB', (url) => {
  const dbName = `quotes_test_${randomUUID().slice(0, 8)}`;
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

  it('live views equal the views rebuilt in memory and on node:sqlite, and the sweep expires a lapsed quote once', async () => {
    await runtime.start();
    await append(eventStore, 'r1', [requested('r1', ['v1', 'v2', 'v3']), quoted('r1', 'v1', '2026-11-20T00:00:00.000Z'), quoted('r1', 'v2', '2099-01-01T00:00:00.000Z')]);
    await append(eventStore, 'r1', [{ type: 'QuoteDeclined', data: { requestId: 'r1', vendorId: 'v3', by: null, at } }]);
    await append(eventStore, 'r2', [requested('r2', ['v1', 'v2']), quoted('r2', 'v2', '2099-01-01T00:00:00.000Z')]);
    await append(eventStore, 'r2', [{
      type: 'QuoteAccepted',
      data: { requestId: 'r2', customerId: 'u-c', vendorId: 'v2', price, included: 'A set', eventDate: '2027-03-14', outcome: 'contract', outcomeId: 'k-1', notChosen: ['v1'], at },
    }]);
    await append(eventStore, 'r3', [requested('r3', ['v1', 'v2'])]);
    await append(eventStore, 'r3', [{ type: 'QuoteRequestCanceled', data: { requestId: 'r3', at } }]);
    expect(await runtime.waitForPosition(await eventStore.headPosition(), 30_000)).toBe(true);

    const live = await dumpViews(viewStore, projections);
    expect(live.quoteInbox!.filter((doc) => doc.requestId === 'r3').map((doc) => doc.requestStatus)).toEqual(['canceled', 'canceled']);
    for (const rebuilt of [createMemoryViewStore(), openSqliteViewStore({ path: ':memory:' })]) {
      await rebuildViews({ eventStore, viewStore: rebuilt, projections });
      expect(await dumpViews(rebuilt, projections)).toEqual(live);
    }

    const sweep = startQuoteExpiry({ eventStore, viewStore, intervalMs: 3_600_000, now: () => new Date('2026-11-25T00:00:00.000Z') });
    try {
      await expect.poll(async () => (await eventStore.readStream('quoteRequest-r1')).filter((event) => event.type === 'QuoteExpired').length, { timeout: 10_000 }).toBe(1);
      expect(await sweep.sweep()).toBe(0);
      // r2 is closed: its quotes never expire; r1's second quote still holds.
      expect((await eventStore.readStream('quoteRequest-r2')).some((event) => event.type === 'QuoteExpired')).toBe(false);
      expect(await runtime.waitForPosition(await eventStore.headPosition(), 30_000)).toBe(true);
      expect(await viewStore.collection('quoteInbox').findOne({ _id: 'r1:v1' })).toMatchObject({ status: 'expired' });
    } finally {
      await sweep.stop();
    }
  });
});
