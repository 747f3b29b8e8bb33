import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithEngine } from '../test/real-engines.ts';
import type { EventStore } from '../domain/ports/event-store.ts';
import { openSqliteEventStore } from '../infra/event-store/sqlite-event-store.ts';
import { storeEventFeed } from '../infra/event-feed/store-event-feed.ts';
import { createMemoryViewStore } from '../infra/view-store/memory-view-store.ts';
import { openMongoViewStore, type MongoViewStore } from '../infra/view-store/mongo-view-store.ts';
import { allProjections } from './all-projections.ts';
import { rebuildViews } from './rebuild.ts';
import { createProjectionRuntime, type ProjectionRuntime } from './runtime.ts';
import { appendHistory, marketplaceHistory } from './testing/marketplace-history.ts';
import { dumpViews } from './testing/view-dump.ts';

// The projectors on the MongoDB ViewStore (MONGO_URL: MongoDB or FerretDB, else a container, else
// skipped by name): live views there equal views rebuilt in memory, so both adapters hold the same data.
describeWithEngine('mongo', 'projection runtime on MongoDB', (url) => {
  const dbName = `projectors_test_${randomUUID().slice(0, 8)}`;
  let eventStore: EventStore;
  let viewStore: MongoViewStore;
  let runtime: ProjectionRuntime;

  beforeAll(async () => {
    eventStore = await openSqliteEventStore({ path: ':memory:' });
    viewStore = await openMongoViewStore({ url, dbName });
    runtime = createProjectionRuntime({ viewStore, feed: storeEventFeed(eventStore), retryDelayMs: 50 });
  });
  afterAll(async () => {
    await runtime?.stop();
    await viewStore?.db.dropDatabase();
    await viewStore?.close();
    await eventStore?.close();
  });

  it('live views on MongoDB equal views rebuilt in memory, and a duplicated event changes nothing', async () => {
    const history = marketplaceHistory({ vendors: 3, customers: 3 });
    await appendHistory(eventStore, history.slice(0, 60));
    await runtime.start();
    await appendHistory(eventStore, history.slice(60));
    expect(await runtime.waitForPosition(await eventStore.headPosition(), 60_000)).toBe(true);

    const live = await dumpViews(viewStore, allProjections);
    const rebuiltStore = createMemoryViewStore();
    await rebuildViews({ eventStore, viewStore: rebuiltStore });
    expect(live).toEqual(await dumpViews(rebuiltStore, allProjections));

    for (const event of (await eventStore.readAll()).filter((e) => ['ReviewPosted', 'MessagePosted', 'ConfigEntrySet', 'ProductRemoved'].includes(e.type))) {
      await runtime.apply(event);
    }
    expect(await dumpViews(viewStore, allProjections)).toEqual(live);
  });
});
