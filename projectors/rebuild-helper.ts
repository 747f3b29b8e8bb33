import { getHeapStatistics } from 'node:v8';
import { openSqliteViewStore } from '../infra/view-store/sqlite-view-store.ts';
import { allProjections } from './all-projections.ts';
import { createEventApplier } from './event-applier.ts';
import type { ProjectorLog } from './projector-log.ts';
import { replayTypes } from './replay-types.ts';
import { ensureViewIndexes } from './view-indexes.ts';
import type { FromHelper, HelperCounts, HelperTask } from './rebuild-split.ts';

// The helper process of a split rebuild (rebuild-split.ts): replays the log up to the rebuild's last
// position for its share of the views, into a views file of its own that the rebuild then copies
// into its unit. Run by fork with the task as its one argument; it reports over the IPC channel and
// exits. The file is scratch: the rebuild removes it.

const task = JSON.parse(process.argv[2] ?? 'null') as HelperTask;
const send = (message: FromHelper): void => {
  process.send?.(message);
};
let reported = false;
// A rebuild that ended (or died) before this process reported has no use for what it would still build.
process.on('disconnect', () => {
  if (!reported) process.exit(1);
});
/** The last message; the channel closes once it is written, and the process exits with nothing left to do. */
function report(message: FromHelper): void {
  reported = true;
  process.send?.(message, undefined, undefined, () => process.disconnect());
}

/** Events only this process reads: it counts them and logs their warnings; the rebuild does the others. */
const counted = new Set(task.counted);
function forward(level: keyof ProjectorLog, details: object, message: string): void {
  try {
    send({ kind: 'log', level, details, message });
  } catch {
    // Details the channel cannot clone (a function in them) go as JSON.
    send({ kind: 'log', level, details: JSON.parse(JSON.stringify(details)) as object, message });
  }
}
const log: ProjectorLog = {
  info: (details, message) => forward('info', details, message),
  warn: (details, message) => {
    const type = (details as { type?: unknown }).type;
    if (typeof type === 'string' && !counted.has(type)) return;
    forward('warn', details, message);
  },
  error: (details, message) => forward('error', details, message),
};

/**
 * The heap beyond which the helper collects its garbage itself, after a page (it is started with
 * --expose-gc). The documents it keeps (each vendor's card, page and ratings, page-buffer.ts) are replaced
 * by every event that touches them, long after they were promoted to the old generation: V8 let the heap
 * grow to about four times what was live before collecting (1.1 GB at 3,000,000 events for ~300 MB live).
 * Not before twice what the last collection left, so a live set beyond the bound is not collected page
 * after page. At 1,000,000 events V8 collects below it by itself.
 */
const HEAP_BOUND_BYTES = 512 * 1024 * 1024;
let liveAfterCollect = 0;
const collect = (globalThis as { gc?: () => void }).gc;
function boundHeap(): void {
  if (!collect) return;
  const used = getHeapStatistics().used_heap_size;
  if (used < HEAP_BOUND_BYTES || used < 2 * liveAfterCollect) return;
  collect();
  liveAfterCollect = getHeapStatistics().used_heap_size;
}

async function run(): Promise<HelperCounts> {
  const projections = task.projections.map((name) => {
    const projection = allProjections.find((each) => each.name === name);
    if (!projection) throw new Error(`rebuild helper: no projection named ${name}`);
    return projection;
  });
  // Scratch: the rebuild copies it once this process closed it, and removes it.
  const viewStore = openSqliteViewStore({ path: task.viewsPath, scratch: true });
  const counts: HelperCounts = { applied: 0, ignored: 0, invalid: 0 };
  try {
    // One unit, as the rebuild's own: no commit per write, and the buffer keeps documents across pages.
    await viewStore.atomically(async () => {
      const applier = createEventApplier({
        viewStore, projections, log, positionOrder: true, soleWriter: true, ownLog: true,
        bufferDocuments: task.bufferDocuments, startsEmpty: true, keepReadBack: task.keepReadBack,
      });
      await replayTypes({
        path: task.eventsPath, types: [...new Set(projections.flatMap((projection) => projection.eventTypes))], upTo: task.upTo, pageSize: task.pageSize,
        async onPage(page) {
          const outcomes = await applier.applyPage(page);
          for (let index = 0; index < page.length; index++) {
            if (counted.has(page[index]!.type)) counts[outcomes[index]!.status] += 1;
          }
          boundHeap();
        },
      });
      await applier.flush();
      // Its views' indexes, here, beside the rebuild's replay: the rebuild's copy takes their entries
      // as they are (copyCollectionsFrom) instead of building them after both replays, on one core.
      await ensureViewIndexes(viewStore, projections);
    });
  } finally {
    await viewStore.close();
  }
  return counts;
}

run().then(
  (counts) => {
    const cpu = process.cpuUsage();
    report({ kind: 'done', counts, usage: { views: task.projections, cpuMs: (cpu.user + cpu.system) / 1000, maxRssBytes: process.resourceUsage().maxRSS * 1024 } });
  },
  (error: unknown) => {
    process.exitCode = 1;
    try {
      report({ kind: 'failed', error });
    } catch {
      report({ kind: 'failed', error: new Error(String(error)) });
    }
  },
);
