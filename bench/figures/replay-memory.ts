import { mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store.ts';
import { benchMode, reportFigure, scratchDir } from '../figure-process.ts';
import { embeddedViewStore, mb, plainRead, seedHistory, settledRss, timedRebuild } from '../replay-steps.ts';
import { timedStart, type TimedStart } from '../timed-start.ts';

// Figures 6, 7 and 11. A child process seeds the history (vendor catalog + customers' activity); this
// process then (6) reads the whole log without projecting (baseline) and rebuilds every view from it
// into the embedded default view store (what the configuration picks without MONGO_URL: the sqlite
// file, or memory with VIEW_STORE=memory), as `npm run views:rebuild` does (from 100,000 events on, a
// helper process builds a share of the views: projectors/rebuild-split.ts); and (7) weighs its
// resident set once the views are built, against the same process before any view existed. Run with
// --expose-gc so both weighings follow a full collection.
// (11) The real start path over the same log: the marketplace server started on the data directory
// as `npm start` would, timed from the process start to the first page served with every view
// caught up. The first start builds the views; the second, measured, resumes from the checkpoints
// (a view store in memory has none, so there every start replays and the first one is measured).
// Baseline: the same server started on an empty data directory.
const quick = benchMode() === 'quick';
const vendors = quick ? 1_000 : 10_000;
const targetEvents = quick ? 10_000 : 1_000_000;
await reportFigure(async () => {
  const path = join(scratchDir(), `replay-${process.pid}`, 'events.sqlite');
  try {
    const seeded = await seedHistory(path, { vendors, events: targetEvents });
    const store = await openSqliteEventStore({ path });
    const before = settledRss();

    // Baseline: the same events, read page by page (JSON parsed), nothing projected.
    const read = await plainRead(store);
    const { viewStore, label: viewStoreLabel } = embeddedViewStore(join(dirname(path), 'rebuild'));
    const { report, rate: rebuildRate, cpuRate: rebuildCpuRate, helperNote } = await timedRebuild(store, viewStore);
    const built = settledRss();
    const fileMb = mb(statSync(path).size + (statSync(`${path}-wal`, { throwIfNoEntry: false })?.size ?? 0));
    await viewStore.close();
    await store.close();
    rmSync(join(dirname(path), 'rebuild'), { recursive: true, force: true });

    // 11. Start with the events in the store: first start (builds the views), then the measured one.
    const emptyDir = join(dirname(path), 'empty');
    mkdirSync(emptyDir, { recursive: true });
    const empty = await timedStart(emptyDir);
    const first = await timedStart(dirname(path));
    const persistent = !String(first.viewStore).startsWith('memory');
    const measured: TimedStart = persistent ? await timedStart(dirname(path)) : first;
    const startNote = persistent
      ? `second start (resumes; the first, which built the views, took ${(first.firstPageMs / 1000).toFixed(1)} s (target ≤ 20 s at 1M events), peak RSS ${mb(first.peakRss).toFixed(0)} MB)`
      : 'views in memory: every start replays the whole log';

    const scale = `${report.events.toLocaleString('en-US')} events, ${vendors.toLocaleString('en-US')} vendors, ${seeded.customers.toLocaleString('en-US')} customers${quick ? ' (QUICK: scaled down)' : ''}`;
    return [
      {
        figure: '6. Replay (rebuild all views)',
        scale,
        measures: [{
          name: 'rebuild rate', value: rebuildRate, unit: 'events/s', baselineName: 'reading the same events, no projecting', baseline: read.rate, better: 'higher',
          note: `into ${viewStoreLabel}; ${(report.elapsedMs / 1000).toFixed(1)} s (target ≤ 5× at 1M events); ${helperNote}; per CPU-second (all threads and processes, GC included) ${Math.round(rebuildCpuRate)} vs ${Math.round(read.cpuRate)} events/s; seeded in ${seeded.seconds.toFixed(0)} s`,
        }],
      },
      {
        figure: '7. Memory (resident set)',
        scale,
        measures: [{
          name: 'RSS with every view built', value: mb(built.rss), unit: 'MB', baselineName: 'same process before any view', baseline: mb(before.rss), better: 'lower',
          note: `heap ${mb(built.heapUsed).toFixed(0)} MB (before ${mb(before.heapUsed).toFixed(0)} MB); event file ${fileMb.toFixed(0)} MB; ${viewStoreLabel}`
            + (report.helper ? `; the rebuild's helper process peaked at ${mb(report.helper.maxRssBytes).toFixed(0)} MB of its own (gone once it ended)` : ''),
        }],
      },
      {
        figure: '11. Start with the events in the store',
        scale,
        measures: [
          {
            name: 'process start → first page, views caught up', value: measured.firstPageMs, unit: 'ms', baselineName: 'same server on an empty store', baseline: empty.firstPageMs, better: 'lower',
            note: `${startNote}; listening after ${(measured.listeningMs / 1000).toFixed(1)} s; view store ${measured.viewStore} (target ≤ 5 s at 1M events)`,
          },
          {
            name: 'RSS after the first page', value: mb(measured.rss), unit: 'MB', baselineName: 'same server on an empty store', baseline: mb(empty.rss), better: 'lower',
            note: `peak RSS during the start ${mb(measured.peakRss).toFixed(0)} MB (empty store ${mb(empty.peakRss).toFixed(0)} MB); target ≤ 600 MB at 1M events`,
          },
        ],
      },
    ];
  } finally {
    rmSync(join(scratchDir(), `replay-${process.pid}`), { recursive: true, force: true });
  }
});
