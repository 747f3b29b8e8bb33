import { afterEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { EventStore, RecordedEvent } from '../domain/ports/event-store.ts';
import type { EventFeed } from '../domain/ports/event-feed.ts';
import type { ViewCollection, ViewDocument, ViewStore } from '../domain/ports/view-store.ts';
import { openSqliteEventStore } from '../infra/event-store/sqlite-event-store.ts';
import { storeEventFeed } from '../infra/event-feed/store-event-feed.ts';
import { eventSchemaFingerprint } from '../infra/event-schema-stamp.ts';
import { createMemoryViewStore } from '../infra/view-store/memory-view-store.ts';
import { openSqliteViewStore } from '../infra/view-store/sqlite-view-store.ts';
import { allProjections } from './all-projections.ts';
import { CHECKPOINTS_COLLECTION } from './checkpoints.ts';
import { rebuildViews, type RebuildProgress } from './rebuild.ts';
import { createProjectionRuntime, type ProjectionRuntime, type ViewChange } from './runtime.ts';
import { appendHistory, marketplaceHistory } from './testing/marketplace-history.ts';
import { dumpViews } from './testing/view-dump.ts';
import { journeysOf, type OrderFact } from './customer-journeys/journeys.ts';
import type { CustomerJourneyView } from './customer-journeys/projection.ts';
import type { ProjectorLog } from './projector-log.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function openStore(): Promise<EventStore> {
  const store = await openSqliteEventStore({ path: ':memory:' });
  cleanups.push(() => store.close());
  return store;
}

function startRuntime(store: EventStore, viewStore: ViewStore = createMemoryViewStore(), log?: ProjectorLog, feed: EventFeed = storeEventFeed(store)) {
  const runtime = createProjectionRuntime({ viewStore, feed, checkpointEvery: 50, retryDelayMs: 20, ...(log ? { log } : {}) });
  cleanups.push(() => runtime.stop());
  return { runtime, viewStore };
}

async function caughtUp(runtime: ProjectionRuntime, store: EventStore): Promise<void> {
  expect(await runtime.waitForPosition(await store.headPosition(), 10_000)).toBe(true);
}

async function rebuiltViews(store: EventStore, staging: 'memory' | 'direct' = 'memory') {
  const fresh = createMemoryViewStore();
  await rebuildViews({ eventStore: store, viewStore: fresh, pageSize: 37, staging });
  return dumpViews(fresh, allProjections);
}

/** Rebuilt into the node:sqlite store: by default one unit, documents buffered across pages. */
async function rebuiltOnSqlite(store: EventStore, options: { staging?: 'memory' | 'direct'; bufferDocuments?: number } = {}) {
  const fresh = openSqliteViewStore({ path: ':memory:' });
  cleanups.push(() => fresh.close());
  await rebuildViews({ eventStore: store, viewStore: fresh, pageSize: 37, ...options });
  return dumpViews(fresh, allProjections);
}

const newEvent = (type: string, data: unknown) => ({
  id: randomUUID(), type, data,
  metadata: { actor: { userId: 'u1', roles: ['user' as const], groups: [], vendorId: null }, correlationId: 'c', causationId: null, at: '2026-01-01T00:00:00.000Z', schemaVersion: 1 },
});

describe('projection runtime', () => {
  // The store's feed is the marketplace's own log (EventFeed.ownLog): an event stamped as validated
  // against the current schemas is applied as it is, any other is parsed (infra/event-schema-stamp.ts).
  it('on its own log, applies an event stamped with the current schemas without parsing it again, and parses every other', async () => {
    const store = await openStore();
    const copying = {
      name: 'copying', collection: 'copying', eventTypes: ['VendorFavorited'] as const,
      keysOf: (event: { data: { userId: string } }) => [event.data.userId],
      evolve: (_doc: unknown, event: { data: unknown }, id: string) => ({ _id: id, _seen: {}, data: event.data }),
    };
    // Data the strict schema refuses: whether it reaches the view shows whether the event was parsed.
    const favorited = (userId: string, eventSchema?: string) => {
      const event = newEvent('VendorFavorited', { userId, vendorId: 'v1', note: 'not in the schema' });
      return { ...event, metadata: { ...event.metadata, ...(eventSchema === undefined ? {} : { eventSchema }) } };
    };
    const run = async (feed: EventFeed) => {
      const viewStore = createMemoryViewStore();
      const runtime = createProjectionRuntime({ viewStore, feed, projections: [copying as never], retryDelayMs: 20 });
      cleanups.push(() => runtime.stop());
      await runtime.start();
      await caughtUp(runtime, store);
      return (await viewStore.collection('copying').find({})).map((doc) => doc._id).sort();
    };
    await store.append('favorites-u1', [favorited('u1', eventSchemaFingerprint())], 'any');
    await store.append('favorites-u2', [favorited('u2', 'older-schemas')], 'any');
    await store.append('favorites-u3', [favorited('u3')], 'any');
    expect(await run(storeEventFeed(store))).toEqual(['u1']);
    // A feed that does not say it is the marketplace's own log: every event parsed.
    const { subscribe } = storeEventFeed(store);
    expect(await run({ subscribe })).toEqual([]);
  });

  it('live views, fed while events are appended, equal views rebuilt from the log', async () => {
    const store = await openStore();
    const history = marketplaceHistory();
    const half = Math.floor(history.length / 2);
    await appendHistory(store, history.slice(0, half));
    const { runtime, viewStore } = startRuntime(store);
    await runtime.start();
    await appendHistory(store, history.slice(half));
    await caughtUp(runtime, store);

    const live = await dumpViews(viewStore, allProjections);
    expect(live.vendorCards!.length).toBe(6);
    expect(live.orders!.length).toBe(24);
    expect(live.messages!.length).toBe(32);
    // Response samples of conversations and quote requests, a canceled one reached through `_waiting` (alsoMatching).
    expect(live.vendorResponses!.length).toBe(6);
    const vendor2 = live.vendorResponses!.find((doc) => doc._id === 'vendor-2') as unknown as { samples: Array<{ kind: string; closedAt: string | null }> };
    expect(vendor2.samples.filter((sample) => sample.kind === 'quote').map((sample) => sample.closedAt !== null)).toEqual([true, false]);
    // Customer journeys: each customer's orders joined to their newsletter hit of the day before (another stream), as GET /api/vendor/insights joins them.
    const journeys = journeysOf(live.orders as unknown as OrderFact[], [], live.customerJourneys as unknown as CustomerJourneyView[]);
    expect(journeys.flatMap((journey) => journey.orders.map((order) => order.source))).toEqual(Array(24).fill('newsletter'));
    expect(await rebuiltViews(store)).toEqual(live);
    expect(await rebuiltViews(store, 'direct')).toEqual(live);
    // The sqlite store's rebuild: one unit, with the buffer written out at every page (a small bound),
    // never before the end (a large one), and staged in memory.
    expect(await rebuiltOnSqlite(store, { bufferDocuments: 10 })).toEqual(live);
    expect(await rebuiltOnSqlite(store, { bufferDocuments: 1_000_000 })).toEqual(live);
    expect(await rebuiltOnSqlite(store, { staging: 'memory' })).toEqual(live);
    expect(runtime.stats()).toMatchObject({ invalid: 0, position: await store.headPosition() });
  });

  it('a duplicated or replayed event changes nothing', async () => {
    const store = await openStore();
    await appendHistory(store, marketplaceHistory({ vendors: 3, customers: 4 }));
    const { runtime, viewStore } = startRuntime(store);
    await runtime.start();
    await caughtUp(runtime, store);
    const before = await dumpViews(viewStore, allProjections);

    const everything = await store.readAll();
    const changes: ViewChange[] = [];
    runtime.onChange((change) => changes.push(change));
    for (const event of everything) await runtime.apply(event);
    for (const event of everything.filter((e) => ['ReviewPosted', 'MessagePosted', 'ProductCreated', 'OrderPaid'].includes(e.type))) await runtime.apply(event);

    expect(await dumpViews(viewStore, allProjections)).toEqual(before);
    expect(changes).toEqual([]);
  });

  it('resumes from its stored checkpoint after a restart, and a feed redelivering old events changes nothing', async () => {
    const store = await openStore();
    const history = marketplaceHistory({ vendors: 3, customers: 4 });
    const third = Math.floor(history.length / 3);
    await appendHistory(store, history.slice(0, third));
    const viewStore = createMemoryViewStore();
    const first = startRuntime(store, viewStore).runtime;
    await first.start();
    await caughtUp(first, store);
    await first.stop();
    const checkpoint = await viewStore.collection(CHECKPOINTS_COLLECTION).findOne({ _id: 'orders' });
    expect(checkpoint?.position).toBe(await store.headPosition());

    await appendHistory(store, history.slice(third, 2 * third));
    // An at-least-once feed (a Kafka consumer after a rebalance) that starts again from the beginning.
    const redelivering: EventFeed = { subscribe: ({ signal }) => store.subscribeToAll({ signal }) };
    const delivered: number[] = [];
    const second = startRuntime(store, viewStore, undefined, redelivering).runtime;
    second.onChange(() => delivered.push(1));
    await second.start();
    await appendHistory(store, history.slice(2 * third));
    await caughtUp(second, store);
    expect(await dumpViews(viewStore, allProjections)).toEqual(await rebuiltViews(store));
  });

  it('with per-stream order only (streams interleaved differently), views still equal the rebuild', async () => {
    const store = await openStore();
    await appendHistory(store, marketplaceHistory({ vendors: 4, customers: 5 }));
    const all = await store.readAll();
    // Deal events round-robin from per-stream queues: per-stream order kept, global order scrambled.
    const byStream = new Map<string, RecordedEvent[]>();
    for (const event of all) byStream.set(event.streamId, [...(byStream.get(event.streamId) ?? []), event]);
    const queues = [...byStream.values()].reverse();
    const scrambled: RecordedEvent[] = [];
    while (queues.some((queue) => queue.length > 0)) for (const queue of queues) if (queue.length > 0) scrambled.push(queue.shift()!);
    const viewStore = createMemoryViewStore();
    const runtime = createProjectionRuntime({ viewStore, feed: { order: 'per-stream', subscribe: () => { throw new Error('not used'); } } });
    for (const event of scrambled) await runtime.apply(event);
    // Redelivery of a whole stretch, as after a consumer-group rebalance.
    for (const event of scrambled.slice(10, 60)) await runtime.apply(event);
    const scrambledViews = await dumpViews(viewStore, allProjections);
    const rebuilt = await rebuiltViews(store);
    // Tags need a parent before its children (the tree is across streams); every other view is order-free.
    delete scrambledViews.tags;
    delete rebuilt.tags;
    expect(scrambledViews).toEqual(rebuilt);
  });

  it('skips and logs an invalid event, ignores unknown types, and carries on', async () => {
    const store = await openStore();
    const warnings: object[] = [];
    const log: ProjectorLog = { info() {}, error() {}, warn: (details) => warnings.push(details) };
    const { runtime, viewStore } = startRuntime(store, createMemoryViewStore(), log);
    await runtime.start();
    await store.append('order-bad', [newEvent('OrderPaid', { orderId: 'bad', amount: 'lots' })], 'any');
    await store.append('mystery-1', [newEvent('SomethingNobodyKnows', { x: 1 })], 'any');
    await store.append('favorites-u1', [newEvent('VendorFavorited', { userId: 'u1', vendorId: 'v1' })], 'any');
    await caughtUp(runtime, store);
    expect(runtime.stats()).toMatchObject({ invalid: 1, ignored: 1, applied: 1 });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ type: 'OrderPaid', streamId: 'order-bad' });
    expect(await viewStore.collection('favorites').findOne({ _id: 'u1' })).toMatchObject({ vendorIds: ['v1'] });
    expect(await viewStore.collection('orders').count()).toBe(0);
  });

  it('announces changes and lets a reader wait for its own write (including a deletion)', async () => {
    const store = await openStore();
    const { runtime } = startRuntime(store);
    const changes: ViewChange[] = [];
    runtime.onChange((change) => changes.push(change));
    await runtime.start();

    const pending = runtime.waitFor('favorites', 'u1', 'favorites-u1', 0, 5000);
    const appended = await store.append('favorites-u1', [newEvent('VendorFavorited', { userId: 'u1', vendorId: 'v1' })], 'no_stream');
    const result = await pending;
    expect(result).toMatchObject({ reached: true, doc: { _id: 'u1', vendorIds: ['v1'] } });
    expect(changes).toContainEqual({ collection: 'favorites', ids: ['u1'] });
    expect(appended.nextRevision).toBe(0);

    const tooFar = await runtime.waitFor('favorites', 'u1', 'favorites-u1', 5, 30);
    expect(tooFar).toMatchObject({ reached: false, seenRevision: 0 });

    const details = { type: 'default', name: { en: 'Show' }, information: 'x', price: { amountMinor: 100, currency: 'ILS' }, introText: 'x', serviceDuration: 60 };
    await store.append('product-p1', [newEvent('ProductCreated', { productId: 'p1', vendorId: 'v1', details, at: '2026-01-01T00:00:00.000Z' })], 'no_stream');
    const removed = await store.append('product-p1', [newEvent('ProductRemoved', { productId: 'p1', vendorId: 'v1', at: '2026-01-02T00:00:00.000Z' })], 0);
    expect(await runtime.waitFor('products', 'p1', 'product-p1', removed.nextRevision, 5000)).toEqual({ reached: true, doc: null });
    expect(changes).toContainEqual({ collection: 'vendorCards', ids: ['v1'] });
  });

  it('recovers from a failing view store by resubscribing from its checkpoints', async () => {
    const store = await openStore();
    const viewStore = createMemoryViewStore();
    let failuresLeft = 2;
    const flaky: ViewStore = {
      dropAll: () => viewStore.dropAll(),
      dropCollection: (name) => viewStore.dropCollection(name),
      close: () => viewStore.close(),
      collection<D extends ViewDocument = ViewDocument>(name: string): ViewCollection<D> {
        const collection = viewStore.collection<D>(name);
        return new Proxy(collection, {
          get(target, property) {
            // The runtime writes a page's documents once it is applied (replaceOne) where it is the only writer.
            if ((property === 'writeIfVersion' || property === 'replaceOne') && name === 'orders' && failuresLeft > 0) {
              return async () => {
                failuresLeft -= 1;
                throw new Error('view store unavailable');
              };
            }
            const value = Reflect.get(target, property) as unknown;
            return typeof value === 'function' ? value.bind(target) : value;
          },
        });
      },
    };
    const errors: object[] = [];
    const log: ProjectorLog = { info() {}, warn() {}, error: (details) => errors.push(details) };
    const { runtime } = startRuntime(store, flaky, log);
    await runtime.start();
    await appendHistory(store, marketplaceHistory({ vendors: 2, customers: 2 }));
    await caughtUp(runtime, store);
    expect(runtime.stats().restarts).toBe(2);
    expect(errors).toHaveLength(2);
    expect(await dumpViews(viewStore, allProjections)).toEqual(await rebuiltViews(store));
  });

  it('on node:sqlite, events that keep coming are applied in fewer units; each reader sees its own write, and a unit that fails mid-page is applied again whole', async () => {
    const store = await openStore();
    const sqlite = openSqliteViewStore({ path: ':memory:' });
    cleanups.push(() => sqlite.close());
    let units = 0;
    let failuresLeft = 1;
    let ordersWritten = 0;
    // The store's own units, counted; the third write of an order view inside a unit fails once (the unit rolls back).
    const viewStore: ViewStore = {
      ...sqlite,
      collection<D extends ViewDocument = ViewDocument>(name: string): ViewCollection<D> {
        const collection = sqlite.collection<D>(name);
        if (name !== 'orders') return collection;
        return new Proxy(collection, {
          get(target, property) {
            const value = Reflect.get(target, property) as unknown;
            if (property !== 'replaceOne' && property !== 'replaceMany') return typeof value === 'function' ? value.bind(target) : value;
            const hiccup = () => {
              if (++ordersWritten === 3 && failuresLeft > 0) {
                failuresLeft -= 1;
                throw new Error('disk hiccup');
              }
            };
            if (property === 'replaceOne') return async (doc: D) => { hiccup(); return target.replaceOne(doc); };
            // The page buffer writes a collection's documents in one call.
            return async (docs: readonly D[]) => { docs.forEach(hiccup); return target.replaceMany!(docs); };
          },
        });
      },
      atomically: (work) => {
        units += 1;
        return sqlite.atomically!(work);
      },
    };
    // A linger no passing run reaches (the reads below close the page that lingers): at 200 ms, a slow
    // machine fitted few appends into each linger and made more units than the bound below.
    const runtime = createProjectionRuntime({ viewStore, feed: storeEventFeed(store), retryDelayMs: 20, busyLingerMs: 120_000 });
    cleanups.push(() => runtime.stop());
    await runtime.start();
    const history = marketplaceHistory({ vendors: 2, customers: 3 });
    // One append at a time: without the linger, about a unit each.
    const written: Array<{ orderId: string; streamId: string; revision: number }> = [];
    for (const entry of history) {
      await appendHistory(store, [entry]);
      if (entry.streamId.startsWith('order-')) {
        written.push({ orderId: entry.streamId.slice('order-'.length), streamId: entry.streamId, revision: (await store.readStream(entry.streamId)).length - 1 });
      }
    }
    // Read-your-writes: once the wait says so, the view holds that revision. (Asked once the appends are
    // done: a reader waiting keeps pages from lingering, the next test.)
    const reads = written.map(({ orderId, streamId, revision }) => runtime.waitFor('orders', orderId, streamId, revision, 10_000).then(async (result) => {
      const doc = await sqlite.collection('orders').findOne({ _id: orderId });
      return result.reached && doc !== null;
    }));
    await caughtUp(runtime, store);
    expect(reads.length).toBeGreaterThan(10);
    expect(await Promise.all(reads)).toEqual(reads.map(() => true));
    expect(runtime.stats().restarts).toBe(1);
    expect(units * 3).toBeLessThan(history.length);
    // Nothing lost or doubled by the unit that rolled back.
    expect(await dumpViews(sqlite, allProjections)).toEqual(await rebuiltViews(store));
  });

  it('on node:sqlite, a reader waiting for a revision closes a lingering page: it waits for the page\'s commit, not for the linger', async () => {
    const store = await openStore();
    const sqlite = openSqliteViewStore({ path: ':memory:' });
    cleanups.push(() => sqlite.close());
    let units = 0;
    const viewStore: ViewStore = { ...sqlite, atomically: (work) => { units += 1; return sqlite.atomically!(work); } };
    // A linger far longer than the wait below may take (10 s): a wait answered at all did not wait for it.
    const runtime = createProjectionRuntime({ viewStore, feed: storeEventFeed(store), retryDelayMs: 20, busyLingerMs: 120_000 });
    cleanups.push(() => runtime.stop());
    await runtime.start();
    units = 0; // the start's own (indexes, checkpoints)
    let appends = 0;
    /** `count` events that keep coming, one at a time a few milliseconds apart (a count: a slow machine fits fewer into a time). */
    async function trickle(count: number): Promise<void> {
      for (const until = appends + count; appends < until; appends++) {
        const userId = `t${appends % 5}`;
        await store.append(`favorites-${userId}`, [newEvent('VendorFavorited', { userId, vendorId: `v${appends}` })], 'any');
        await new Promise((resolve) => setTimeout(resolve, 3));
      }
    }
    await trickle(40);
    const { nextRevision } = await store.append('favorites-u1', [newEvent('VendorFavorited', { userId: 'u1', vendorId: 'v1' })], 'any');
    const [result] = await Promise.all([
      runtime.waitFor('favorites', 'u1', 'favorites-u1', nextRevision, 10_000),
      trickle(100),
    ]);
    // The page holding the event would have lingered 120 s from its first event, and events kept coming.
    expect(result).toMatchObject({ reached: true, doc: { vendorIds: ['v1'] } });
    // With no reader waiting, the events still gathered in a few units (without the linger, about one an append).
    expect(units * 2).toBeLessThan(appends);
    await caughtUp(runtime, store);
    expect(await dumpViews(sqlite, allProjections)).toEqual(await rebuiltViews(store));
  });

  it('a view whose evolve throws skips that event for that document only, and the other views go on', async () => {
    const store = await openStore();
    const errors: object[] = [];
    const log: ProjectorLog = { info() {}, warn() {}, error: (details) => errors.push(details) };
    const broken = {
      name: 'broken', collection: 'broken', eventTypes: ['VendorFavorited'] as const,
      keysOf: () => ['x'],
      evolve: () => { throw new Error('bug in a view'); },
    };
    const viewStore = createMemoryViewStore();
    const runtime = createProjectionRuntime({ viewStore, feed: storeEventFeed(store), projections: [broken, ...allProjections], log });
    cleanups.push(() => runtime.stop());
    await runtime.start();
    await store.append('favorites-u1', [newEvent('VendorFavorited', { userId: 'u1', vendorId: 'v1' })], 'any');
    await caughtUp(runtime, store);
    expect(errors).toEqual([expect.objectContaining({ projection: 'broken', docId: 'x', type: 'VendorFavorited' })]);
    expect(await viewStore.collection('favorites').findOne({ _id: 'u1' })).toMatchObject({ vendorIds: ['v1'] });
  });

  it('rebuild drops the views, replays with progress, and keeps following afterwards', async () => {
    const store = await openStore();
    await appendHistory(store, marketplaceHistory({ vendors: 3, customers: 3 }));
    const { runtime, viewStore } = startRuntime(store);
    await runtime.start();
    await caughtUp(runtime, store);
    const live = await dumpViews(viewStore, allProjections);
    // Something that is not derived from the log disappears with the rebuild.
    await viewStore.collection('vendorCards').replaceOne({ _id: 'stray', _seen: {} });
    const changes: ViewChange[] = [];
    runtime.onChange((change) => changes.push(change));

    const progress: RebuildProgress[] = [];
    const report = await runtime.rebuild(store, { pageSize: 25, onProgress: (step) => progress.push(step) });
    const head = await store.headPosition();
    expect(report).toMatchObject({ lastPosition: head, invalid: 0 });
    expect(report.events).toBe((await store.readAll()).length);
    expect(progress.filter((step) => step.phase === 'replay').at(-1)).toMatchObject({ done: report.events, percent: 100, position: head });
    expect(progress.filter((step) => step.phase === 'write').at(-1)).toMatchObject({ done: report.documents, totalEstimate: report.documents, percent: 100 });
    // Built beside the live views, then swapped in (the memory store renames collections as MongoDB does).
    expect(progress.filter((step) => step.phase === 'finish').map((step) => step.step)).toEqual([
      'waiting for the running projectors to stand by', 'replaying what was appended meanwhile', 'swapping the rebuilt views in',
    ]);
    expect(report.documents).toBeGreaterThan(50);
    expect(progress.length).toBeGreaterThan(2);
    expect(progress.every((step) => step.ratePerSecond >= 0 && step.totalEstimate !== null)).toBe(true);
    expect(await dumpViews(viewStore, allProjections)).toEqual(live);
    expect(changes).toContainEqual({ collection: 'vendorCards', ids: [], all: true });

    await store.append('favorites-late', [newEvent('VendorFavorited', { userId: 'late', vendorId: 'v1' })], 'any');
    expect((await runtime.waitFor('favorites', 'late', 'favorites-late', 0, 5000)).reached).toBe(true);
  });
});
