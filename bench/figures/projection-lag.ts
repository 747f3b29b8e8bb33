import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store.ts';
import { storeEventFeed } from '../../infra/event-feed/store-event-feed.ts';
import { createMemoryViewStore } from '../../infra/view-store/memory-view-store.ts';
import { createProjectionRuntime } from '../../projectors/runtime.ts';
import { benchMode, reportFigure, scratchDir } from '../figure-process.ts';
import { summarize } from '../percentiles.ts';
import { appendEntries, benchVendorId, catalogEntries, newEventOf, referenceEntries, type SeedEntry } from '../seed/catalog-events.ts';

// Figure 3, projection lag: from an append acknowledged by the event store to the vendor card showing
// it (the runtime's change notice, sent once the view store holds the new document), while other
// writers keep the store and the projectors busy (each measured update is followed by a batch of
// product updates the projectors must apply too). Baseline, in the same run and under the same load:
// from the same acknowledgement to a plain subscription of the store delivering the event (what any
// reader of the log waits before projecting anything).
const quick = benchMode() === 'quick';
const vendors = quick ? 400 : 2_000;
const writers = 4;
const updatesPerWriter = quick ? 50 : 400;
const loadBatch = 20;

interface Pending { eventId: string; ackAt?: number; appliedAt?: number; deliveredAt?: number; applied: () => void }

await reportFigure(async () => {
  const dir = join(scratchDir(), `lag-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const store = await openSqliteEventStore({ path: join(dir, 'events.sqlite') });
  const viewStore = createMemoryViewStore();
  const runtime = createProjectionRuntime({ viewStore, feed: storeEventFeed(store) });
  const stop = new AbortController();
  try {
    await appendEntries(store, [...referenceEntries(), ...catalogEntries(vendors)]);
    await runtime.start();
    const head = await store.headPosition();
    if (!(await runtime.waitForPosition(head, 300_000))) throw new Error('projectors did not catch up with the seed');

    const byVendor = new Map<string, Pending>();
    const byEventId = new Map<string, Pending>();
    runtime.onChange((change) => {
      if (change.collection !== 'vendorCards') return;
      const now = performance.now();
      for (const id of change.ids) {
        const pending = byVendor.get(id);
        if (pending && pending.appliedAt === undefined) {
          pending.appliedAt = now;
          pending.applied();
        }
      }
    });
    const plainReader = (async () => {
      for await (const event of store.subscribeToAll({ after: head, signal: stop.signal })) {
        const pending = byEventId.get(event.id);
        if (pending) pending.deliveredAt = performance.now();
      }
    })();

    const lags: number[] = [];
    const deliveries: number[] = [];
    const revisionOf = new Map<string, number>();
    /** Load: a batch of product updates right behind each measured update, for the projectors to apply too. */
    const appendLoad = async (round: number) => {
      const [entry] = catalogEntries(1, vendors - 1 - (round % vendors)).filter((candidate) => candidate.event.type === 'ProductCreated');
      const events = Array.from({ length: loadBatch }, () => newEventOf({ ...entry!, event: { type: 'ProductUpdated', data: entry!.event.data } as SeedEntry['event'] }));
      await store.append(entry!.streamId, events, 'any');
    };

    const writer = async (index: number) => {
      for (let update = 0; update < updatesPerWriter; update++) {
        const n = (update * writers + index) % vendors;
        const vendorId = benchVendorId(n);
        const created = catalogEntries(1, n)[0]!;
        const profile = { ...(created.event.data as { profile: Record<string, unknown> }).profile, intro: { he: `עדכון ${update}`, en: `Update ${update}` } };
        const event = { ...newEventOf({ ...created, event: { type: 'VendorProfileUpdated', data: { vendorId, profile, at: '2026-01-02T10:00:00.000Z' } } as SeedEntry['event'] }) };
        let applied!: () => void;
        const shown = new Promise<void>((resolve) => { applied = resolve; });
        const pending: Pending = { eventId: event.id, applied };
        byVendor.set(vendorId, pending);
        byEventId.set(event.id, pending);
        const expected = revisionOf.get(vendorId) ?? 0;
        const result = await store.append(`vendor-${vendorId}`, [event], expected);
        pending.ackAt = performance.now();
        revisionOf.set(vendorId, result.nextRevision);
        await appendLoad(update * writers + index);
        await shown;
        byVendor.delete(vendorId);
        // Either side may run first: a notice before the acknowledgement is a lag of 0.
        lags.push(Math.max(0, pending.appliedAt! - pending.ackAt));
        if (pending.deliveredAt !== undefined) deliveries.push(Math.max(0, pending.deliveredAt - pending.ackAt));
        byEventId.delete(event.id);
      }
    };
    const began = performance.now();
    await Promise.all(Array.from({ length: writers }, (_, index) => writer(index)));
    const elapsed = performance.now() - began;
    stop.abort();
    await plainReader;

    const lag = summarize(lags);
    const delivery = summarize(deliveries);
    const appended = (await store.headPosition()) - head;
    const note = `${lag.count} updates by ${writers} concurrent writers, each followed by ${loadBatch} product updates; ${appended} events in ${(elapsed / 1000).toFixed(1)} s`;
    return {
      figure: '3. Projection lag (append acknowledged → view shows it)',
      scale: `${vendors.toLocaleString('en-US')} vendors, under write load${quick ? ', quick' : ''}`,
      measures: [
        { name: 'lag p50', value: lag.p50, unit: 'ms', baselineName: 'plain subscription delivers it', baseline: delivery.p50, better: 'lower', note },
        { name: 'lag p99', value: lag.p99, unit: 'ms', baselineName: 'plain subscription delivers it', baseline: delivery.p99, better: 'lower', note: `max ${lag.max.toFixed(1)} ms; baseline ${delivery.count} samples` },
      ],
    };
  } finally {
    stop.abort();
    await runtime.stop().catch(() => undefined);
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
