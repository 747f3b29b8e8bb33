import { rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store.ts';
import { createMemoryViewStore } from '../../infra/view-store/memory-view-store.ts';
import { rebuildViews } from '../../projectors/rebuild.ts';
import { exited, forkChild, nextMessage } from '../child-process.ts';
import { benchMode, reportFigure, scratchDir } from '../figure-process.ts';
import { perSecond } from '../percentiles.ts';

// Figures 6 and 7. A child process seeds the history (vendor catalog + customers' activity); this
// process then (6) reads the whole log without projecting (baseline) and rebuilds every view from it
// into the in-memory view store, as the embedded server does at start; and (7) weighs its resident
// set once the views are built, against the same process before any view existed. Run with
// --expose-gc so both weighings follow a full collection.
const quick = benchMode() === 'quick';
const vendors = quick ? 1_000 : 10_000;
const targetEvents = quick ? 20_000 : 1_000_000;
const seeder = fileURLToPath(new URL('../seed/seed-history-store.ts', import.meta.url));
const mb = (bytes: number) => bytes / 1024 / 1024;

function settledRss(): { rss: number; heapUsed: number } {
  globalThis.gc?.();
  globalThis.gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heapUsed };
}

interface Seeded { kind: 'seeded'; events: number; customers: number }
const isSeeded = (message: unknown): message is Seeded => (message as Seeded | null)?.kind === 'seeded';

await reportFigure(async () => {
  const path = join(scratchDir(), `replay-${process.pid}`, 'events.sqlite');
  try {
    const seedStarted = performance.now();
    const child = forkChild(seeder, { args: ['--path', path, '--vendors', String(vendors), '--events', String(targetEvents)], jsx: false });
    const seeded = await nextMessage(child, isSeeded);
    await exited(child);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const store = await openSqliteEventStore({ path });
    const before = settledRss();

    // Baseline: the same events, read page by page (JSON parsed), nothing projected.
    let read = 0;
    let after = -1;
    const readStarted = performance.now();
    const readCpu = process.cpuUsage();
    for (;;) {
      const page = await store.readAll({ after, maxCount: 1000 });
      if (page.length === 0) break;
      read += page.length;
      after = page.at(-1)!.position;
    }
    const readRate = perSecond(read, performance.now() - readStarted);
    const readCpuRate = perSecond(read, (process.cpuUsage(readCpu).user + process.cpuUsage(readCpu).system) / 1000);

    const viewStore = createMemoryViewStore();
    const rebuildCpu = process.cpuUsage();
    const report = await rebuildViews({ eventStore: store, viewStore, pageSize: 1000 });
    const cpu = process.cpuUsage(rebuildCpu);
    const rebuildRate = perSecond(report.events, report.elapsedMs);
    const rebuildCpuRate = perSecond(report.events, (cpu.user + cpu.system) / 1000);
    const built = settledRss();
    const fileMb = mb(statSync(path).size + (statSync(`${path}-wal`, { throwIfNoEntry: false })?.size ?? 0));
    await store.close();

    const scale = `${report.events.toLocaleString('en-US')} events, ${vendors.toLocaleString('en-US')} vendors, ${seeded.customers.toLocaleString('en-US')} customers${quick ? ' (QUICK: scaled down)' : ''}`;
    return [
      {
        figure: '6. Replay (rebuild all views)',
        scale,
        measures: [{
          name: 'rebuild rate', value: rebuildRate, unit: 'events/s', baselineName: 'reading the same events, no projecting', baseline: readRate, better: 'higher',
          note: `${(report.elapsedMs / 1000).toFixed(1)} s; per CPU-second (all threads, GC included) ${Math.round(rebuildCpuRate)} vs ${Math.round(readCpuRate)} events/s; seeded in ${seedSeconds.toFixed(0)} s`,
        }],
      },
      {
        figure: '7. Memory (resident set)',
        scale,
        measures: [{
          name: 'RSS with every view built', value: mb(built.rss), unit: 'MB', baselineName: 'same process before any view', baseline: mb(before.rss), better: 'lower',
          note: `heap ${mb(built.heapUsed).toFixed(0)} MB (before ${mb(before.heapUsed).toFixed(0)} MB); event file ${fileMb.toFixed(0)} MB; in-memory view store`,
        }],
      },
    ];
  } finally {
    rmSync(join(scratchDir(), `replay-${process.pid}`), { recursive: true, force: true });
  }
});
