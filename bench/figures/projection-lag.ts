import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store.ts';
import { benchMode, reportFigure, scratchDir } from '../figure-process.ts';
import { summarize } from '../percentiles.ts';
import { appendEntries, catalogEntries, referenceEntries } from '../seed/catalog-events.ts';
import { figure3Load, lagInProcess } from '../load/lag-writers.ts';

// Figure 3, projection lag: from an append acknowledged by the event store to the vendor card showing
// it (the runtime's change notice, sent once the view store holds the new document), while other
// writers keep the store and the projectors busy (each measured update is followed by a batch of
// product updates the projectors must apply too). Baseline, in the same run and under the same load:
// from the same acknowledgement to a plain subscription of the store delivering the event (what any
// reader of the log waits before projecting anything).
const quick = benchMode() === 'quick';
const load = figure3Load(quick);
const { vendors, writers, loadBatch } = load;

await reportFigure(async () => {
  const dir = join(scratchDir(), `lag-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'events.sqlite');
  try {
    const seed = await openSqliteEventStore({ path: file });
    await appendEntries(seed, [...referenceEntries(), ...catalogEntries(vendors)]);
    await seed.close();
    // Memory views (the figure's target), then views.sqlite, the store `npm start` keeps, each on its own
    // copy of the seeded log, each beside its own baseline.
    copyFileSync(file, join(dir, 'events-sqlite-views.sqlite'));
    const measures = [];
    for (const views of ['memory', 'sqlite'] as const) {
      const run = await lagInProcess(views === 'memory' ? file : join(dir, 'events-sqlite-views.sqlite'), load, views);
      const lag = summarize(run.lags);
      const delivery = summarize(run.deliveries);
      const on = views === 'memory' ? '' : ' (views.sqlite)';
      const note = `${views === 'memory' ? 'memory views; ' : ''}${lag.count} updates by ${writers} concurrent writers, each followed by ${loadBatch} product updates; ${run.appended} events in ${(run.elapsedMs / 1000).toFixed(1)} s`;
      measures.push(
        { name: `lag p50${on}`, value: lag.p50, unit: 'ms', baselineName: 'plain subscription delivers it', baseline: delivery.p50, better: 'lower' as const, note },
        { name: `lag p99${on}`, value: lag.p99, unit: 'ms', baselineName: 'plain subscription delivers it', baseline: delivery.p99, better: 'lower' as const, note: `max ${lag.max.toFixed(1)} ms; baseline ${delivery.count} samples` },
      );
    }
    return {
      figure: '3. Projection lag (append acknowledged → view shows it)',
      scale: `${vendors.toLocaleString('en-US')} vendors, under write load${quick ? ', quick' : ''}`,
      measures,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
