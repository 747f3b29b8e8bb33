// `npm run views:rebuild`: rebuilds every view from the whole event log into the configured ViewStore,
// with a progress bar (percent, events/s) on stderr, while the services run. It takes the projectors'
// lease from the running instances (projector-lease.ts preempt) and holds it until the rebuilt views
// are in: on MongoDB they are built beside the live ones and swapped in, so readers keep the previous
// views meanwhile, which stop moving only from the lease's hand-over to the swap; on node:sqlite the
// rebuild is one transaction. Other followers' checkpoints stay. Stores come from the same environment
// variables as `npm start` (infra/config.ts): the node:sqlite file at $DATA_DIR/events.sqlite unless
// EVENTSTORE_URL is set; MongoDB when MONGO_URL is set, else the embedded $DATA_DIR/views.sqlite, or
// with VIEW_STORE=memory the in-memory view store, in which case the rebuilt views vanish with this
// process and the run only proves that the log replays cleanly.
// Flags: `--one-process` keeps the rebuild on one thread (no helper process: less memory, more time);
// `--helper-from <events>` starts the helper from that many events on (default 100,000; see
// projectors/rebuild-split.ts).
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { loadConfig, type Config } from '../infra/config.ts';
import { openAdapters } from '../infra/open-adapters.ts';
import { allProjections } from './all-projections.ts';
import { dropViewsOfAnotherLog } from './checkpoints.ts';
import { LEASE_REFRESH_MS, viewStoreLease } from './projector-lease.ts';
import { rebuildViews } from './rebuild.ts';
import { progressBar } from './rebuild-progress-bar.ts';
import { publishEverythingChanged } from './view-change-channel.ts';

/** The embedded log must exist already: opening it would create an empty one and "rebuild" nothing. */
function requireEventStore(config: Config): void {
  if (config.EVENTSTORE_URL) return;
  const path = join(config.DATA_DIR, 'events.sqlite');
  if (!existsSync(path)) throw new Error(`No event store at ${path} (set DATA_DIR, or run npm start once to create it)`);
}

/** The helper's threshold from the flags: undefined for the default. */
function splitFromFlags(args: string[]): number | undefined {
  const { values } = parseArgs({ args, options: { 'one-process': { type: 'boolean' }, 'helper-from': { type: 'string' } } });
  if (values['one-process']) return Number.POSITIVE_INFINITY;
  if (values['helper-from'] === undefined) return undefined;
  const events = Number(values['helper-from']);
  if (!Number.isSafeInteger(events) || events < 0) throw new Error(`--helper-from takes a number of events, got ${values['helper-from']}`);
  return events;
}

async function main(): Promise<number> {
  const splitFrom = splitFromFlags(process.argv.slice(2));
  const config = loadConfig();
  const log = pino({ level: config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL }, pino.destination(2));
  requireEventStore(config);
  // The same adapters as the server (infra/open-adapters.ts); the rebuild uses the event and view stores.
  const adapters = await openAdapters(config);
  // A views file beside the events outlives the process: views of another log must not pass for this one's.
  if (adapters.viewsFile) await dropViewsOfAnotherLog(adapters.viewStore, adapters.eventStore).catch(async (error: unknown) => { await adapters.close(); throw error; });
  const inMemory = !config.MONGO_URL && config.VIEW_STORE === 'memory';
  const err = process.stderr;
  try {
    err.write(`Rebuilding views from ${adapters.engines.eventStore} into ${adapters.engines.viewStore}\n`);
    if (inMemory) {
      err.write('Note: the view store is in memory (VIEW_STORE=memory), so these views disappear when this command ends;\n'
        + 'this run proves that the whole log replays. A server on memory views rebuilds them at every start.\n');
    }
    // The running projectors stand by from the lease's hand-over until the rebuilt views are in.
    const lease = inMemory ? null : viewStoreLease({ viewStore: adapters.viewStore, name: 'projectors', owner: `views:rebuild@${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}` });
    let renewal: NodeJS.Timeout | null = null;
    const exclusive = async () => {
      if (!lease) return;
      await lease.preempt();
      err.write('Holding the projectors lease: projectors services on this view store stand by until the rebuilt views are in.\n');
      renewal = setInterval(() => void lease.refresh().catch((error: unknown) => log.error({ err: error }, 'views:rebuild could not renew the projectors lease')), LEASE_REFRESH_MS);
      await lease.untilSole();
      if (!lease.held()) throw new Error('lost the projectors lease before the swap; the live views are as they were');
    };
    const bar = progressBar(err);
    let report;
    try {
      report = await rebuildViews({
        eventStore: adapters.eventStore, viewStore: adapters.viewStore, onProgress: (progress) => bar.update(progress), log, exclusive,
        ...(splitFrom === undefined ? {} : { splitFrom }),
      });
    } finally {
      if (renewal) clearInterval(renewal);
      await lease?.release();
    }
    bar.finish();
    // Query APIs in other processes drop what they cached from the previous views.
    await publishEverythingChanged(adapters.realtime, [...new Set(allProjections.map((projection) => projection.collection))]);
    err.write(`Done: ${report.events} events replayed in ${(report.elapsedMs / 1000).toFixed(1)} s (${report.ratePerSecond} events/s); `
      + `${report.applied} applied, ${report.ignored} read by no view, ${report.invalid} invalid and skipped; `
      + `${report.documents} view documents written; checkpoints at position ${report.lastPosition}.\n`);
    if (report.helper) {
      err.write(`A helper process built ${report.helper.views.join(', ')} beside it (${(report.helper.cpuMs / 1000).toFixed(1)} CPU-s, `
        + `peak RSS ${Math.round(report.helper.maxRssBytes / 2 ** 20)} MB).\n`);
    }
    if (report.invalid > 0) err.write(`Warning: ${report.invalid} invalid events were skipped; each is logged above with its position.\n`);
    return 0;
  } finally {
    await adapters.close();
  }
}

main().then((code) => process.exit(code), (error: unknown) => {
  console.error(`views:rebuild failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
