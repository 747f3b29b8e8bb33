import { mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { EventStore } from '../../domain/ports/event-store.ts';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store.ts';
import { createSandboxPaymentGateway } from '../../infra/payment/sandbox-payment-gateway.ts';
import { fileRelayCheckpoints } from '../../infra/relay/relay-checkpoints.ts';
import { REACTOR_NAME } from '../../notifications/reactor.ts';
import { allFlows } from '../../process-managers/all-flows.ts';
import { benchMode, reportFigure, scratchDir } from '../figure-process.ts';
import type { FigureResult } from '../figure-result.ts';
import { searchMissMeasures } from '../load/search-miss.ts';
import { embeddedViewStore, mb, peakRss, plainRead, seedHistory, settledRss, timedRebuild } from '../replay-steps.ts';
import { startSearchServers } from '../seeded-marketplace.ts';
import type { ServerProcess } from '../server-process.ts';
import { timedStart } from '../timed-start.ts';

// Figure 12, ten million events (quick mode: 100,000, only to run the code path, the split rebuild
// included: no fewer than SPLIT_FROM_EVENTS): how the costs of figures 6, 7, 10 and 11 grow with the log. One data
// directory is seeded with 10,000,000 events whose catalog has 100,000 vendors (raw INSERTs into the
// store's table: the store's appends would take longer than the rest of the figure), then, each beside
// its baseline of the same run:
// - the rebuild of every view into the data directory's own views.sqlite, as `npm run views:rebuild`
//   does (a helper process beside it), against a plain read of the same events (figure 6's method);
// - the peak resident set of the rebuild's process and of its helper (getrusage maxRSS), against the
//   1 GB ceiling;
// - the start after that rebuild (figure 11's timed start: process start to the first page with every
//   follower caught up), against the same server on an empty data directory;
// - the cache-miss vendor search at 100,000 vendors on that log (figure 10's load), against the bare
//   Express route answering the same bytes.
// The followers outside the views (the notification reactor and the flows) keep their checkpoints in
// files beside the event log (main.ts, composeWorker): a marketplace that wrote this log has them at its
// head, and `views:rebuild` leaves them as they are. The seed writes them at the head, so the start
// measured is the one after a rebuild, not a first start of the followers (figure 11 measures that one).
const quick = benchMode() === 'quick';
const vendors = quick ? 2_000 : 100_000;
const targetEvents = quick ? 100_000 : 10_000_000;
const seconds = quick ? 1 : 15;
const CEILING_MB = 1024;

/** Each follower's checkpoint file at the log's head, as main.ts names them (`<name>.checkpoint.json` in DATA_DIR). */
async function followersAtHead(store: EventStore, dataDir: string): Promise<string[]> {
  const head = await store.headPosition();
  const flows = allFlows({ eventStore: store, paymentGateway: createSandboxPaymentGateway({ eventStore: store }) });
  const names = [REACTOR_NAME, ...flows.map((flow) => `flow-${flow.name}`)];
  for (const name of names) await fileRelayCheckpoints(join(dataDir, `${name}.checkpoint.json`), { log: store }).save(head);
  return names;
}

const fileMb = (path: string) => mb(statSync(path).size + (statSync(`${path}-wal`, { throwIfNoEntry: false })?.size ?? 0));

await reportFigure(async (): Promise<FigureResult> => {
  const dir = join(scratchDir(), `ten-million-${process.pid}`);
  const dataDir = join(dir, 'data');
  const path = join(dataDir, 'events.sqlite');
  const servers: ServerProcess[] = [];
  rmSync(dir, { recursive: true, force: true });
  try {
    const seeded = await seedHistory(path, { vendors, events: targetEvents, raw: true });
    const store = await openSqliteEventStore({ path });
    const before = settledRss();
    const read = await plainRead(store);
    const peakAfterRead = peakRss();

    const { viewStore, label } = embeddedViewStore(dataDir);
    const rebuilt = await timedRebuild(store, viewStore);
    const rebuildPeak = peakRss();
    const built = settledRss();
    await viewStore.close();
    const followers = await followersAtHead(store, dataDir);
    await store.close();
    const files = `event file ${fileMb(path).toFixed(0)} MB, views file ${fileMb(join(dataDir, 'views.sqlite')).toFixed(0)} MB`;

    const emptyDir = join(dir, 'empty');
    mkdirSync(emptyDir, { recursive: true });
    const empty = await timedStart(emptyDir);
    const started = await timedStart(dataDir);
    const inMemory = String(started.viewStore).startsWith('memory');

    const search = await startSearchServers(dir, dataDir, vendors, servers);
    const searchMeasures = await searchMissMeasures({ ...search, vendors, seconds });

    const ceiling = `the ${CEILING_MB.toLocaleString('en-US')} MB ceiling`;
    const helper = rebuilt.report.helper;
    return {
      figure: '12. Ten million events',
      scale: `${rebuilt.report.events.toLocaleString('en-US')} events, ${vendors.toLocaleString('en-US')} vendors, ${seeded.customers.toLocaleString('en-US')} customers`
        + (quick ? ' (QUICK: scaled down from 10,000,000 events and 100,000 vendors)' : ''),
      measures: [
        {
          name: 'rebuild rate', value: rebuilt.rate, unit: 'events/s', baselineName: 'reading the same events, no projecting', baseline: read.rate, better: 'higher',
          note: `into ${label} of the data directory; ${(rebuilt.report.elapsedMs / 1000).toFixed(1)} s; ${rebuilt.helperNote}; per CPU-second (all processes) ${Math.round(rebuilt.cpuRate)} vs ${Math.round(read.cpuRate)} events/s; `
            + `seeded (raw INSERTs) in ${seeded.seconds.toFixed(0)} s; ${files}`,
        },
        {
          name: 'peak RSS of the rebuild process', value: mb(rebuildPeak), unit: 'MB', baselineName: ceiling, baseline: CEILING_MB, better: 'lower',
          note: `getrusage maxRSS, ${peakAfterRead >= rebuildPeak ? 'reached during the plain read before it' : `${mb(peakAfterRead).toFixed(0)} MB after the plain read before it`}; `
            + `${mb(built.rss).toFixed(0)} MB once every view was built (after a full GC), ${mb(before.rss).toFixed(0)} MB before any view`,
        },
        ...(helper ? [{
          name: 'peak RSS of the rebuild\'s helper process', value: mb(helper.maxRssBytes), unit: 'MB', baselineName: ceiling, baseline: CEILING_MB, better: 'lower' as const,
          note: `getrusage maxRSS; it built ${helper.views.join(', ')}`,
        }] : []),
        {
          name: 'start after the rebuild: process start → first page, views caught up', value: started.firstPageMs, unit: 'ms', baselineName: 'same server on an empty store', baseline: empty.firstPageMs, better: 'lower',
          note: `${inMemory ? 'views in memory: the start replays the whole log' : 'resumes from the rebuild\'s checkpoints'}; the followers' checkpoints (${followers.length}: the notification reactor and the flows) at the head; `
            + `listening after ${(started.listeningMs / 1000).toFixed(1)} s; view store ${started.viewStore}`,
        },
        {
          name: 'RSS after the first page', value: mb(started.rss), unit: 'MB', baselineName: 'same server on an empty store', baseline: mb(empty.rss), better: 'lower',
          note: `peak RSS during the start ${mb(started.peakRss).toFixed(0)} MB (empty store ${mb(empty.peakRss).toFixed(0)} MB)`,
        },
        ...searchMeasures.map((measure) => ({ ...measure, name: `search at ${vendors.toLocaleString('en-US')} vendors, ${measure.name}` })),
      ],
    };
  } finally {
    for (const server of servers) await server.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
});
