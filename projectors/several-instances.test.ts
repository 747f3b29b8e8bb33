import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore } from '../domain/ports/event-store.ts';
import type { EventFeed } from '../domain/ports/event-feed.ts';
import type { ViewStore } from '../domain/ports/view-store.ts';
import { storeEventFeed } from '../infra/event-feed/store-event-feed.ts';
import { openSqliteEventStore } from '../infra/event-store/sqlite-event-store.ts';
import { createMemoryViewStore } from '../infra/view-store/memory-view-store.ts';
import { openMongoViewStore, type MongoViewStore } from '../infra/view-store/mongo-view-store.ts';
import { describeWithEngine } from '../test/real-engines.ts';
import { allProjections } from './all-projections.ts';
import { viewStoreLease } from './projector-lease.ts';
import { rebuildViews } from './rebuild.ts';
import { createProjectionRuntime, type ProjectionRuntime } from './runtime.ts';
import type { ProjectorLog } from './projector-log.ts';
import { appendHistory, marketplaceHistory } from './testing/marketplace-history.ts';
import { dumpViews } from './testing/view-dump.ts';

// Several projector instances over the same events and one view store: nothing is lost,
// whoever writes — the views equal a single instance's rebuild.

async function rebuiltViews(eventStore: EventStore) {
  const fresh = createMemoryViewStore();
  await rebuildViews({ eventStore, viewStore: fresh });
  return dumpViews(fresh, allProjections);
}

async function caughtUp(runtime: ProjectionRuntime, eventStore: EventStore) {
  expect(await runtime.waitForPosition(await eventStore.headPosition(), 60_000)).toBe(true);
}

/** Appends the history in slices, letting the feed deliver in between (writes keep arriving while instances work). */
async function appendInSlices(eventStore: EventStore, history: ReturnType<typeof marketplaceHistory>, slices: number) {
  const size = Math.ceil(history.length / slices);
  for (let start = 0; start < history.length; start += size) {
    await appendHistory(eventStore, history.slice(start, start + size));
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A view store answering after a random pause, as over a network: read-then-write windows overlap. */
function overNetwork(viewStore: ViewStore): ViewStore {
  const pause = () => new Promise((resolve) => setTimeout(resolve, Math.random() * 2));
  return {
    dropAll: () => viewStore.dropAll(),
    dropCollection: (name) => viewStore.dropCollection(name),
    close: () => viewStore.close(),
    collection(name) {
      const collection = viewStore.collection(name);
      return new Proxy(collection, {
        get(target, property) {
          const value = Reflect.get(target, property) as unknown;
          if (typeof value !== 'function') return value;
          return async (...args: unknown[]) => {
            await pause();
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        },
      });
    },
  } as ViewStore;
}

/** Half of the streams, like a Kafka consumer group's share of the partitions: ordered per stream only. */
function shareOfStreams(eventStore: EventStore, share: 0 | 1): EventFeed {
  const hash = (text: string) => [...text].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) >>> 0, 7);
  return {
    order: 'per-stream',
    async *subscribe(options) {
      for await (const event of storeEventFeed(eventStore).subscribe(options)) {
        if (hash(event.streamId) % 2 === share) yield event;
      }
    },
  };
}

describe('two projector instances writing at once (version-checked writes)', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('each applies its share of the streams to the same documents at the same time, and no update is lost', async () => {
    const eventStore = await openSqliteEventStore({ path: ':memory:' });
    const viewStore = createMemoryViewStore();
    const start = (share: 0 | 1) => createProjectionRuntime({ viewStore: overNetwork(viewStore), feed: shareOfStreams(eventStore, share), retryDelayMs: 20, checkpointEvery: 25 });
    const [first, second] = [start(0), start(1)];
    cleanups.push(() => eventStore.close(), () => first.stop(), () => second.stop());
    await Promise.all([first.start(), second.start()]);
    await appendInSlices(eventStore, marketplaceHistory({ vendors: 4, customers: 5 }), 6);
    // Then a burst of reviews of one vendor, each on its own stream: both instances update that
    // vendor's rating, card and page at the same time.
    const customer = { userId: 'customer-0', roles: ['user' as const], groups: [], vendorId: null };
    await appendHistory(eventStore, Array.from({ length: 60 }, (_, i) => ({
      streamId: `review-burst-${i}`, actor: customer,
      event: { type: 'ReviewPosted' as const, data: { orderId: `burst-${i}`, vendorId: 'vendor-0', customerId: 'customer-0', rating: 1 + (i % 5), text: 'great', at: '2026-03-01T10:00:00.000Z' } },
    })));
    const total = (await eventStore.readAll()).length;
    const handled = (runtime: ProjectionRuntime) => { const { applied, ignored, invalid } = runtime.stats(); return applied + ignored + invalid; };
    const deadline = Date.now() + 60_000;
    while (handled(first) + handled(second) < total && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(handled(first) + handled(second)).toBe(total);
    expect(first.stats().applied).toBeGreaterThan(0);
    expect(second.stats().applied).toBeGreaterThan(0);
    // Documents fed by streams of both shares (a vendor's card: its profile, products, reviews) were
    // written by both at once; a plain replace would have dropped one of two concurrent changes.
    expect(await dumpViews(viewStore, allProjections)).toEqual(await rebuiltViews(eventStore));
  }, 90_000);
});

describeWithEngine('mongo', 'two projector instances on one view store with a lease', (url) => {
  const dbName = `projectors_instances_${randomUUID().slice(0, 8)}`;
  let eventStore: EventStore;
  const stores: MongoViewStore[] = [];
  const runtimes: ProjectionRuntime[] = [];

  /** An instance as main.ts runs it alone: its own connection to the view store, a lease, the store feed. */
  async function instance(owner: string, options: { dbName?: string; projections?: typeof allProjections; log?: ProjectorLog; eventStore?: EventStore } = {}): Promise<{ runtime: ProjectionRuntime; viewStore: MongoViewStore }> {
    const viewStore = await openMongoViewStore({ url, dbName: options.dbName ?? dbName });
    stores.push(viewStore);
    // A term a passing run's holder always renews in time (every 200 ms): at 1.5 s, a loaded machine or a
    // slow Mongo-wire server could delay renewals past it and hand the lease to the standby mid-test.
    // The takeover from the dead instance waits the term out: 6 s.
    const lease = viewStoreLease({ viewStore, name: 'projectors', owner, ttlMs: 6000, marginMs: 300 });
    const runtime = createProjectionRuntime({
      viewStore, feed: storeEventFeed(options.eventStore ?? eventStore), retryDelayMs: 50, checkpointEvery: 25, lease, leaseRefreshMs: 200,
      ...(options.projections ? { projections: options.projections } : {}), ...(options.log ? { log: options.log } : {}),
    });
    runtimes.push(runtime);
    return { runtime, viewStore };
  }

  async function until(what: string, probe: () => boolean, timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs;
    while (!probe()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  beforeAll(async () => {
    eventStore = await openSqliteEventStore({ path: ':memory:' });
  });
  afterAll(async () => {
    for (const runtime of runtimes) await runtime.stop().catch(() => undefined);
    await stores[0]?.db.dropDatabase().catch(() => undefined);
    for (const store of stores) await store.close().catch(() => undefined);
    await eventStore?.close();
  });

  it('one writes while the other stands by; it takes over when the first stops, and then when the first dies; nothing is lost', async () => {
    const history = marketplaceHistory({ vendors: 4, customers: 5 });
    const third = Math.ceil(history.length / 3);
    const a = await instance('instance-a');
    const b = await instance('instance-b');
    await a.runtime.start();
    await b.runtime.start();
    await appendInSlices(eventStore, history.slice(0, third), 4);
    const [active, standby] = a.runtime.stats().role === 'active' ? [a, b] : [b, a];
    await caughtUp(active.runtime, eventStore);
    expect(standby.runtime.stats()).toMatchObject({ role: 'standby', applied: 0 });

    // A clean stop lets go of the lease: the standby takes over and goes on from the checkpoints.
    await active.runtime.stop();
    await appendInSlices(eventStore, history.slice(third, 2 * third), 4);
    await until('the standby to take over', () => standby.runtime.stats().role === 'active');
    await caughtUp(standby.runtime, eventStore);

    // A third instance joins and stands by; the active one then dies (its connection gone, its lease
    // never renewed nor released): the newcomer takes over once the lease has run out.
    const c = await instance('instance-c');
    await c.runtime.start();
    expect(c.runtime.stats().role).toBe('standby');
    await standby.viewStore.close();
    await appendInSlices(eventStore, history.slice(2 * third), 4);
    await until('the newcomer to take over from the dead instance', () => c.runtime.stats().role === 'active');
    await caughtUp(c.runtime, eventStore);

    expect(await dumpViews(c.viewStore as ViewStore, allProjections)).toEqual(await rebuiltViews(eventStore));
  }, 120_000);

  it('a new version of a view, started as a standby beside the holder, leaves it alone; it starts the view over once it holds the lease', async () => {
    const db = `${dbName}_version`;
    // A log of its own: the other test's history has the same stream ids.
    const log2 = await openSqliteEventStore({ path: ':memory:' });
    const orders = allProjections.find((projection) => projection.name === 'orders')!;
    const newer = allProjections.map((projection) => (projection === orders ? { ...orders, version: (orders.version ?? 1) + 1 } : projection));
    const history = marketplaceHistory({ vendors: 3, customers: 4 });
    const half = Math.ceil(history.length / 2);
    const a = await instance('version-a', { dbName: db, eventStore: log2 });
    await a.runtime.start();
    await until('the first instance to hold the lease', () => a.runtime.stats().role === 'active');
    await appendInSlices(log2, history.slice(0, half), 3);
    await caughtUp(a.runtime, log2);
    const ordersBefore = await a.viewStore.collection(orders.collection).count();
    expect(ordersBefore).toBeGreaterThan(0);

    const messages: string[] = [];
    const log = { info: (_details: object, message: string) => messages.push(message), warn: (_details: object, message: string) => messages.push(message), error: () => {} };
    const b = await instance('version-b', { dbName: db, projections: newer, log, eventStore: log2 });
    await b.runtime.start();
    expect(b.runtime.stats().role).toBe('standby');
    // The standby did not empty the view the holder keeps writing.
    expect(await a.viewStore.collection(orders.collection).count()).toBe(ordersBefore);
    expect(messages.join('\n')).not.toContain('replayed from the first event');

    await a.runtime.stop();
    await appendInSlices(log2, history.slice(half), 3);
    await until('the new version to take over', () => b.runtime.stats().role === 'active');
    await caughtUp(b.runtime, log2);
    expect(messages).toContain('projection version changed: its view is replayed from the first event');
    expect(await dumpViews(b.viewStore as ViewStore, allProjections)).toEqual(await rebuiltViews(log2));
    await b.runtime.stop();
    await b.viewStore.db.dropDatabase();
    await log2.close();
  }, 120_000);
});
