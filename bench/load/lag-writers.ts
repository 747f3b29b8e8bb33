import { dirname, join } from 'node:path';
import type { EventStore } from '../../domain/ports/event-store.ts';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store.ts';
import { storeEventFeed } from '../../infra/event-feed/store-event-feed.ts';
import { createMemoryViewStore } from '../../infra/view-store/memory-view-store.ts';
import { openSqliteViewStore } from '../../infra/view-store/sqlite-view-store.ts';
import { createProjectionRuntime } from '../../projectors/runtime.ts';
import { benchVendorId, catalogEntries, newEventOf, type SeedEntry } from '../seed/catalog-events.ts';
import { lagsOf, monotonicMs } from './cross-process-clock.ts';

// The write load of the projection lag figures (3's method, for figure 13 where the projectors may be
// in another process): 4 concurrent writers each append a VendorProfileUpdated with an exact expected
// revision, then a batch of product updates the projectors must apply too, and wait until the vendor's
// card shows the update before the next. Whoever sees the views calls the tracker: the runtime's change
// notice in this process, or a projector process's over IPC; times are `monotonicMs`, comparable
// across the processes of one host.

export interface LagTracker {
  /** The vendor cards of these ids changed at `at`. */
  shown(ids: readonly string[], at: number): void;
  /** A plain subscription delivered this event at `at`. */
  delivered(eventId: string, at: number): void;
}

export interface LagLoad { vendors: number; writers: number; updatesPerWriter: number; loadBatch: number }

/** Figure 3's load, which figure 13 takes across processes: 4 writers, each update followed by 20 product updates. */
export const figure3Load = (quick: boolean): LagLoad => ({ vendors: quick ? 400 : 2_000, writers: 4, updatesPerWriter: quick ? 25 : 400, loadBatch: 20 });

export interface LagRun {
  /** Acknowledgement → the card shows it, ms. */
  lags: number[];
  /** Acknowledgement → a plain subscription delivers the event, ms (where one was told). */
  deliveries: number[];
  elapsedMs: number;
  appended: number;
}

interface Pending { ackAt: number; shownAt?: number; deliveredAt?: number; show: () => void }

export function lagWriters(store: EventStore, load: LagLoad): LagTracker & { run(): Promise<LagRun> } {
  const byVendor = new Map<string, Pending>();
  const byEventId = new Map<string, Pending>();
  const revisionOf = new Map<string, number>();
  const done: Pending[] = [];

  /** A batch of product updates right behind each measured update, for the projectors to apply too. */
  const appendLoad = async (round: number) => {
    const [entry] = catalogEntries(1, load.vendors - 1 - (round % load.vendors)).filter((candidate) => candidate.event.type === 'ProductCreated');
    const events = Array.from({ length: load.loadBatch }, () => newEventOf({ ...entry!, event: { type: 'ProductUpdated', data: entry!.event.data } as SeedEntry['event'] }));
    await store.append(entry!.streamId, events, 'any');
  };

  const writer = async (index: number) => {
    for (let update = 0; update < load.updatesPerWriter; update++) {
      const n = (update * load.writers + index) % load.vendors;
      const vendorId = benchVendorId(n);
      const created = catalogEntries(1, n)[0]!;
      const profile = { ...(created.event.data as { profile: Record<string, unknown> }).profile, intro: { he: `עדכון ${update}`, en: `Update ${update}` } };
      const event = newEventOf({ ...created, event: { type: 'VendorProfileUpdated', data: { vendorId, profile, at: '2026-01-02T10:00:00.000Z' } } as SeedEntry['event'] });
      let show!: () => void;
      const shown = new Promise<void>((resolve) => { show = resolve; });
      const pending: Pending = { ackAt: Number.NaN, show };
      byVendor.set(vendorId, pending);
      byEventId.set(event.id, pending);
      const result = await store.append(`vendor-${vendorId}`, [event], revisionOf.get(vendorId) ?? 0);
      pending.ackAt = monotonicMs();
      revisionOf.set(vendorId, result.nextRevision);
      await appendLoad(update * load.writers + index);
      await shown;
      byVendor.delete(vendorId);
      byEventId.delete(event.id);
      done.push(pending);
    }
  };

  return {
    shown(ids, at) {
      for (const id of ids) {
        const pending = byVendor.get(id);
        if (pending && pending.shownAt === undefined) {
          pending.shownAt = at;
          pending.show();
        }
      }
    },
    delivered(eventId, at) {
      const pending = byEventId.get(eventId);
      if (pending && pending.deliveredAt === undefined) pending.deliveredAt = at;
    },
    async run() {
      const head = await store.headPosition();
      const began = performance.now();
      await Promise.all(Array.from({ length: load.writers }, (_, index) => writer(index)));
      const elapsedMs = performance.now() - began;
      return {
        lags: lagsOf(done),
        deliveries: lagsOf(done.map(({ ackAt, deliveredAt }) => ({ ackAt, ...(deliveredAt === undefined ? {} : { shownAt: deliveredAt }) }))),
        elapsedMs,
        appended: (await store.headPosition()) - head,
      };
    },
  };
}

/**
 * Figure 3's method in this one process, on a seeded event file: the store, the runtime on memory views
 * or on a views.sqlite file beside the event file, as `npm start` has them (its change notice is the
 * showing), and a plain subscription of the store (its delivery, the baseline).
 */
export async function lagInProcess(file: string, load: LagLoad, views: 'memory' | 'sqlite' = 'memory'): Promise<LagRun> {
  const store = await openSqliteEventStore({ path: file });
  const viewStore = views === 'memory' ? createMemoryViewStore() : openSqliteViewStore({ path: join(dirname(file), 'views.sqlite') });
  const runtime = createProjectionRuntime({ viewStore, feed: storeEventFeed(store) });
  const stop = new AbortController();
  try {
    await runtime.start();
    const head = await store.headPosition();
    if (!(await runtime.waitForPosition(head, 300_000))) throw new Error('projectors did not catch up with the seed');
    const writers = lagWriters(store, load);
    runtime.onChange((change) => {
      if (change.collection === 'vendorCards') writers.shown(change.ids, monotonicMs());
    });
    const plainReader = (async () => {
      for await (const event of store.subscribeToAll({ after: head, signal: stop.signal })) writers.delivered(event.id, monotonicMs());
    })();
    const run = await writers.run();
    stop.abort();
    await plainReader;
    return run;
  } finally {
    stop.abort();
    await runtime.stop().catch(() => undefined);
    await viewStore.close();
    await store.close();
  }
}
