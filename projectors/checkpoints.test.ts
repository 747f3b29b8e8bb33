import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { EventStore } from '../domain/ports/event-store.ts';
import { openSqliteEventStore } from '../infra/event-store/sqlite-event-store.ts';
import { storeEventFeed } from '../infra/event-feed/store-event-feed.ts';
import { createMemoryViewStore } from '../infra/view-store/memory-view-store.ts';
import { openSqliteViewStore } from '../infra/view-store/sqlite-view-store.ts';
import { allProjections } from './all-projections.ts';
import { CHECKPOINTS_COLLECTION, checkpointStore, dropViewsOfAnotherLog, resetOutdatedProjections } from './checkpoints.ts';
import { TOMBSTONES_COLLECTION } from './event-applier.ts';
import { versionOf, type AnyProjection } from './projection.ts';
import { rebuildViews } from './rebuild.ts';
import { createProjectionRuntime } from './runtime.ts';
import { appendHistory, marketplaceHistory } from './testing/marketplace-history.ts';
import { dumpViews } from './testing/view-dump.ts';

// Restarting the projectors on the persistent embedded view store: they resume from the checkpoints
// committed with the views, and a projection whose version changed is replayed alone.

const dir = mkdtempSync(join(tmpdir(), 'checkpoints-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});
let runs = 0;

async function withHistory(): Promise<{ eventStore: EventStore; viewsPath: string }> {
  const eventStore = await openSqliteEventStore({ path: ':memory:' });
  cleanups.push(() => eventStore.close());
  await appendHistory(eventStore, marketplaceHistory({ vendors: 3, customers: 4 }));
  return { eventStore, viewsPath: join(dir, `views-${++runs}.sqlite`) };
}

/** Starts the projectors on the view file until they reached the head; answers their stats and views. */
async function runProjectors(eventStore: EventStore, viewsPath: string, projections: readonly AnyProjection[] = allProjections) {
  const viewStore = openSqliteViewStore({ path: viewsPath });
  const runtime = createProjectionRuntime({ viewStore, feed: storeEventFeed(eventStore), projections, retryDelayMs: 20 });
  await runtime.start();
  expect(await runtime.waitForPosition(await eventStore.headPosition(), 20_000)).toBe(true);
  await runtime.stop();
  const views = await dumpViews(viewStore, allProjections);
  const checkpoints = await viewStore.collection(CHECKPOINTS_COLLECTION).find({}, { sort: { _id: 1 } });
  await viewStore.close();
  return { stats: runtime.stats(), views, checkpoints };
}

async function rebuilt(eventStore: EventStore) {
  const fresh = createMemoryViewStore();
  await rebuildViews({ eventStore, viewStore: fresh });
  return dumpViews(fresh, allProjections);
}

/** The projection with its evolve calls counted. */
function counted(projection: AnyProjection, changes: Partial<AnyProjection> = {}) {
  const calls = { count: 0 };
  const wrapped: AnyProjection = { ...projection, ...changes, evolve: (doc, event, id) => { calls.count += 1; return projection.evolve(doc, event, id); } };
  return { wrapped, calls };
}

describe('checkpoints on the sqlite view store', () => {
  it('a restart resumes from the checkpoints: nothing is replayed and the views equal a rebuild', async () => {
    const { eventStore, viewsPath } = await withHistory();
    const first = await runProjectors(eventStore, viewsPath);
    expect(first.stats.applied).toBeGreaterThan(100);
    const second = await runProjectors(eventStore, viewsPath);
    expect(second.stats).toMatchObject({ applied: 0, ignored: 0, invalid: 0 });
    expect(second.views).toEqual(first.views);
    expect(second.views).toEqual(await rebuilt(eventStore));
    // Each checkpoint names the version of the projection that built the view.
    expect(Object.fromEntries(second.checkpoints.map((doc) => [doc._id, doc.version])))
      .toEqual(Object.fromEntries(allProjections.map((projection) => [projection.name, versionOf(projection)])));
  });

  it('after a crash (no stop) some checkpoints are behind: a restart passes over those events again and ends with the views of a rebuild', async () => {
    const { eventStore, viewsPath } = await withHistory();
    const crashed = openSqliteViewStore({ path: viewsPath });
    const runtime = createProjectionRuntime({ viewStore: crashed, feed: storeEventFeed(eventStore), retryDelayMs: 20 });
    await runtime.start();
    expect(await runtime.waitForPosition(await eventStore.headPosition(), 20_000)).toBe(true);
    // Killed: no stop, so the checkpoints of the projections that read none of the last pages stayed behind.
    const left = await crashed.collection<{ _id: string; position: number }>(CHECKPOINTS_COLLECTION).find({});
    expect(left.some((doc) => doc.position < runtime.stats().position)).toBe(true);
    crashed.close();
    const after = await runProjectors(eventStore, viewsPath);
    expect(after.views).toEqual(await rebuilt(eventStore));
    expect(after.checkpoints.every((doc) => (doc as unknown as { position: number }).position === runtime.stats().position)).toBe(true);
  });

  it('a projection whose version changed is emptied and replayed alone; the others resume', async () => {
    const { eventStore, viewsPath } = await withHistory();
    await runProjectors(eventStore, viewsPath);
    const orders = allProjections.find((projection) => projection.name === 'orders')!;
    const reviews = allProjections.find((projection) => projection.name === 'reviews')!;
    const next = versionOf(orders) + 1;
    const changed = counted(orders, { version: next });
    const unchanged = counted(reviews);
    const projections = allProjections.map((projection) => (projection === orders ? changed.wrapped : projection === reviews ? unchanged.wrapped : projection));

    const after = await runProjectors(eventStore, viewsPath, projections);
    expect(changed.calls.count).toBeGreaterThan(0);
    expect(unchanged.calls.count).toBe(0);
    expect(after.views).toEqual(await rebuilt(eventStore));
    expect(after.checkpoints.find((doc) => doc._id === 'orders')).toMatchObject({ version: next, position: await eventStore.headPosition() });

    // Started again with that version: nothing to replay any more.
    const again = counted(orders, { version: next });
    await runProjectors(eventStore, viewsPath, allProjections.map((projection) => (projection === orders ? again.wrapped : projection)));
    expect(again.calls.count).toBe(0);
  });

  it('resetting a projection empties its collection and its tombstones only', async () => {
    const viewStore = openSqliteViewStore({ path: join(dir, `views-${++runs}.sqlite`) });
    cleanups.push(() => viewStore.close());
    const orders = allProjections.find((projection) => projection.name === 'orders')!;
    const reviews = allProjections.find((projection) => projection.name === 'reviews')!;
    await viewStore.collection(orders.collection).replaceOne({ _id: 'o1' });
    await viewStore.collection(reviews.collection).replaceOne({ _id: 'r1' });
    await viewStore.collection(TOMBSTONES_COLLECTION).replaceOne({ _id: `${orders.collection}/o2`, _seen: {} });
    await viewStore.collection(TOMBSTONES_COLLECTION).replaceOne({ _id: `${reviews.collection}/r2`, _seen: {} });
    await viewStore.collection(CHECKPOINTS_COLLECTION).replaceOne({ _id: orders.name, position: 9, version: 1, updatedAt: '' });
    await viewStore.collection(CHECKPOINTS_COLLECTION).replaceOne({ _id: reviews.name, position: 9, updatedAt: '' }); // saved before versions: 1

    // A checkpoint without a version is of version 1: reviews at 1 is kept, whatever its version is now.
    const reset = await resetOutdatedProjections(viewStore, [{ ...orders, version: 3 }, { ...reviews, version: 1 }]);
    expect(reset).toEqual(['orders']);
    expect(await viewStore.collection(orders.collection).count()).toBe(0);
    expect(await viewStore.collection(reviews.collection).count()).toBe(1);
    expect((await viewStore.collection(TOMBSTONES_COLLECTION).find()).map((doc) => doc._id)).toEqual([`${reviews.collection}/r2`]);
    expect(await viewStore.collection(CHECKPOINTS_COLLECTION).findOne({ _id: 'orders' })).toMatchObject({ position: -1, version: 3 });
    expect(await viewStore.collection(CHECKPOINTS_COLLECTION).findOne({ _id: 'reviews' })).toMatchObject({ position: 9 });
  });

  it('views built from another event log are dropped: the first event differs, or a checkpoint is beyond the head', async () => {
    const { eventStore, viewsPath } = await withHistory();
    await runProjectors(eventStore, viewsPath);
    const viewStore = openSqliteViewStore({ path: viewsPath });
    cleanups.push(() => viewStore.close());
    expect(await dropViewsOfAnotherLog(viewStore, eventStore)).toBe(false); // records this log
    expect(await dropViewsOfAnotherLog(viewStore, eventStore)).toBe(false);
    expect(await viewStore.collection('vendorCards').count()).toBeGreaterThan(0);

    const empty = await openSqliteEventStore({ path: ':memory:' });
    cleanups.push(() => empty.close());
    expect(await dropViewsOfAnotherLog(viewStore, empty)).toBe(true); // checkpoints beyond its head
    expect(await viewStore.collection('vendorCards').count()).toBe(0);

    await runProjectors(eventStore, viewsPath);
    expect(await dropViewsOfAnotherLog(viewStore, eventStore)).toBe(false); // the next opening records the log again
    const other = await openSqliteEventStore({ path: ':memory:' });
    cleanups.push(() => other.close());
    await appendHistory(other, marketplaceHistory({ vendors: 3, customers: 4 }));
    expect(await dropViewsOfAnotherLog(viewStore, other)).toBe(true); // same size, another first event
    expect(await viewStore.collection(CHECKPOINTS_COLLECTION).count()).toBe(0);
  });

  it('on a feed that cannot replay from the start (Kafka) nothing is emptied; the changed version is logged', async () => {
    const viewStore = openSqliteViewStore({ path: join(dir, `views-${++runs}.sqlite`) });
    cleanups.push(() => viewStore.close());
    const orders = allProjections.find((projection) => projection.name === 'orders')!;
    await viewStore.collection(orders.collection).replaceOne({ _id: 'o1' });
    await viewStore.collection(CHECKPOINTS_COLLECTION).replaceOne({ _id: orders.name, position: 9, version: 1, updatedAt: '' });
    const warnings: string[] = [];
    const log = { info() {}, error() {}, warn: (_details: object, message: string) => { warnings.push(message); } };
    expect(await resetOutdatedProjections(viewStore, [{ ...orders, version: 2 }], log, { replayable: false })).toEqual([]);
    expect(await viewStore.collection(orders.collection).count()).toBe(1);
    expect(warnings).toEqual([expect.stringContaining('npm run views:rebuild')]);
  });

  it('on such a feed a projection never built records its version, so the next start has nothing to warn of', async () => {
    const viewStore = openSqliteViewStore({ path: join(dir, `views-${++runs}.sqlite`) });
    cleanups.push(() => viewStore.close());
    const orders = { ...allProjections.find((projection) => projection.name === 'orders')!, version: 2 };
    const warnings: string[] = [];
    const log = { info() {}, error() {}, warn: (_details: object, message: string) => { warnings.push(message); } };
    expect(await resetOutdatedProjections(viewStore, [orders], log, { replayable: false })).toEqual([]);
    // The runtime follows the feed and saves its position.
    const checkpoints = checkpointStore(viewStore);
    await checkpoints.load([orders.name]);
    await checkpoints.save(new Map([[orders.name, 41]]));
    expect(await checkpointStore(viewStore).versions([orders.name])).toEqual(new Map([[orders.name, 2]]));
    expect(await resetOutdatedProjections(viewStore, [orders], log, { replayable: false })).toEqual([]);
    expect(warnings).toEqual([]);
    expect(await viewStore.collection(CHECKPOINTS_COLLECTION).findOne({ _id: orders.name })).toMatchObject({ position: 41, version: 2 });
  });
});
