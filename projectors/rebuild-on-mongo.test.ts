import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithEngine } from '../test/real-engines.ts';
import type { EventStore } from '../domain/ports/event-store.ts';
import { openSqliteEventStore } from '../infra/event-store/sqlite-event-store.ts';
import { storeEventFeed } from '../infra/event-feed/store-event-feed.ts';
import { createMemoryViewStore } from '../infra/view-store/memory-view-store.ts';
import { openMongoViewStore, type MongoViewStore } from '../infra/view-store/mongo-view-store.ts';
import { allProjections } from './all-projections.ts';
import { CHECKPOINTS_COLLECTION } from './checkpoints.ts';
import { LEASES_COLLECTION, viewStoreLease } from './projector-lease.ts';
import { REBUILD_STAGING_PREFIX, REBUILDS_COLLECTION, rebuildViews } from './rebuild.ts';
import { createProjectionRuntime, type ProjectionRuntime } from './runtime.ts';
import { appendHistory, marketplaceHistory } from './testing/marketplace-history.ts';
import { dumpViews } from './testing/view-dump.ts';

// A rebuild while the services run (npm run views:rebuild), on MongoDB: built beside the live views,
// swapped in under the projectors' lease, with appends going on all along. The same across processes,
// under load and faults: test/faults/asynchronous-seams.fault.ts.
describeWithEngine('mongo', 'a rebuild on MongoDB beside a running projector', (url) => {
  const dbName = `rebuild_test_${randomUUID().slice(0, 8)}`;
  let eventStore: EventStore;
  let viewStore: MongoViewStore;
  let runtime: ProjectionRuntime;
  let runningLease: ReturnType<typeof viewStoreLease>;
  const history = marketplaceHistory({ vendors: 3, customers: 4 });

  // Terms shorter than production's 20 s keep the test short; long enough that FerretDB stalling a renewal
  // on a loaded machine (its drops and renames during the swap) does not end the rebuilder's term mid-swap.
  const lease = (owner: string) => viewStoreLease({ viewStore, name: 'projectors', owner, ttlMs: 6000, marginMs: 300 });
  const foldOfTheLog = async () => {
    const fold = createMemoryViewStore();
    await rebuildViews({ eventStore, viewStore: fold });
    return dumpViews(fold, allProjections);
  };
  const stagingLeft = async () => (await viewStore.db.listCollections({}, { nameOnly: true }).toArray()).map(({ name }) => name).filter((name) => name.startsWith(REBUILD_STAGING_PREFIX));
  /** What the CLI passes: the lease taken from the running instance, renewed until released. */
  function rebuildersLease() {
    const mine = lease('views:rebuild');
    let renewal: NodeJS.Timeout | null = null;
    return {
      async exclusive() {
        await mine.preempt();
        renewal = setInterval(() => void mine.refresh().catch(() => undefined), 200);
        await mine.untilSole();
        if (!mine.held()) throw new Error('lost the lease');
      },
      async release() {
        if (renewal) clearInterval(renewal);
        await mine.release();
      },
    };
  }

  beforeAll(async () => {
    eventStore = await openSqliteEventStore({ path: ':memory:' });
    viewStore = await openMongoViewStore({ url, dbName });
    runningLease = lease('projectors-1');
    runtime = createProjectionRuntime({ viewStore, feed: storeEventFeed(eventStore), retryDelayMs: 50, checkpointEvery: 25, lease: runningLease, leaseRefreshMs: 200 });
  });
  afterAll(async () => {
    await runtime?.stop();
    await viewStore?.db.dropDatabase();
    await viewStore?.close();
    await eventStore?.close();
  });

  it('under appends, the views end equal to a fold of the log; readers had the previous views until the swap; other checkpoints and the leases stay', async () => {
    const half = Math.floor(history.length / 2);
    await appendHistory(eventStore, history.slice(0, half));
    await runtime.start();
    expect(await runtime.waitForPosition(await eventStore.headPosition(), 60_000)).toBe(true);
    // Another follower's checkpoint (the notification reactor's, say) in the same collection.
    await viewStore.collection(CHECKPOINTS_COLLECTION).replaceOne({ _id: 'some-reactor', position: 7 });
    const liveBefore = await dumpViews(viewStore, allProjections);

    // Appends go on in small steps while the rebuild runs.
    let appending = true;
    const appends = (async () => {
      for (let start = half; start < history.length && appending; start += 3) {
        await appendHistory(eventStore, history.slice(start, start + 3));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const rebuilder = rebuildersLease();
    let atTheSwap: { vendorCards: number; staged: number; runningInstanceWrites: boolean } | null = null;
    try {
      await rebuildViews({
        eventStore, viewStore,
        async exclusive() {
          await rebuilder.exclusive();
          atTheSwap = {
            vendorCards: await viewStore.collection('vendorCards').count(),
            staged: await viewStore.collection(`${(await viewStore.collection<{ _id: string; prefix: string }>(REBUILDS_COLLECTION).findOne({ _id: 'staging' }))!.prefix}vendorCards`).count(),
            runningInstanceWrites: runningLease.held(),
          };
        },
      });
    } finally {
      await rebuilder.release();
    }
    await appends;
    appending = false;

    // Until the swap the live views were there (not emptied), the rebuilt ones beside them, and the
    // running instance stood by.
    expect(atTheSwap).toEqual({ vendorCards: liveBefore.vendorCards!.length, staged: expect.any(Number), runningInstanceWrites: false });
    expect(atTheSwap!.staged).toBeGreaterThan(0);
    // The running instance takes the lease back and follows on from the rebuild's end.
    expect(await runtime.waitForPosition(await eventStore.headPosition(), 60_000)).toBe(true);
    await expect.poll(() => runtime.stats().role, { timeout: 30_000 }).toBe('active');
    expect(await dumpViews(viewStore, allProjections)).toEqual(await foldOfTheLog());
    expect(await viewStore.collection(CHECKPOINTS_COLLECTION).findOne({ _id: 'some-reactor' })).toMatchObject({ position: 7 });
    expect(await viewStore.collection(LEASES_COLLECTION).count()).toBeGreaterThan(0);
    expect(await stagingLeft()).toEqual([]);
  }, 180_000);

  it('a rebuild that gives up before the swap leaves the live views as they were; the next one clears what it left', async () => {
    expect(await runtime.waitForPosition(await eventStore.headPosition(), 60_000)).toBe(true);
    const before = await dumpViews(viewStore, allProjections);
    await expect(rebuildViews({ eventStore, viewStore, exclusive: () => Promise.reject(new Error('lost the lease')) })).rejects.toThrow('lost the lease');
    expect(await dumpViews(viewStore, allProjections)).toEqual(before);
    expect((await stagingLeft()).length).toBeGreaterThan(0);

    const rebuilder = rebuildersLease();
    try {
      await rebuildViews({ eventStore, viewStore, exclusive: () => rebuilder.exclusive() });
    } finally {
      await rebuilder.release();
    }
    expect(await stagingLeft()).toEqual([]);
    expect(await dumpViews(viewStore, allProjections)).toEqual(await foldOfTheLog());
  }, 120_000);
});
