import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { benchMode, reportFigure, scratchDir } from '../figure-process.ts';
import { runLoad } from '../load/run-load.ts';
import { searchMissPaths } from '../load/search-paths.ts';
import { FIRST_SEARCH_PAGE, startSearchPair } from '../seeded-marketplace.ts';
import type { FigureResult } from '../figure-result.ts';
import type { ServerProcess } from '../server-process.ts';

// Figure 10: the cache-miss vendor search of figure 4 on a catalog ten times larger (100,000 vendors,
// 300,000 events), to show how the cost of a miss grows with the catalog. Same load (every request a
// URL the cache has not seen: first pages and deeper pages), same baseline (a bare Express route
// answering the bytes of the real first page).
const quick = benchMode() === 'quick';
const vendors = quick ? 5_000 : 100_000;
const seconds = quick ? 3 : 15;
const connections = 8;

await reportFigure(async (): Promise<FigureResult> => {
  const dir = join(scratchDir(), `search-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const servers: ServerProcess[] = [];
  try {
    const { seeded, marketplace, bare, startMs } = await startSearchPair(dir, vendors, servers);
    const startSeconds = startMs / 1000;
    const bareGet = await runLoad({ url: bare.url, connections, durationSeconds: seconds, steps: [{ method: 'GET', path: '/bare/json' }] });
    const miss = await runLoad({ url: marketplace.url, connections, durationSeconds: seconds, steps: [{ method: 'GET', path: FIRST_SEARCH_PAGE, paths: searchMissPaths(vendors) }] });
    const failures = miss.non2xx + miss.errors + miss.timeouts;
    const baselineName = 'bare Express route, same bytes';
    return {
      figure: '10. Vendor search at scale (cache miss)',
      scale: `${vendors.toLocaleString('en-US')} vendors, ${seeded.events.toLocaleString('en-US')} events${quick ? ' (QUICK: scaled down)' : ''}`,
      measures: [
        {
          name: 'cache miss: throughput', value: miss.requestsPerSecond, unit: 'req/s', baselineName, baseline: bareGet.requestsPerSecond, better: 'higher',
          note: `${miss.requests} requests${failures ? `, ${failures} failed` : ''}; X-Cache hit ${miss.cacheHits}, miss ${miss.cacheMisses}; server ready ${startSeconds.toFixed(0)} s after start (views built)`,
        },
        { name: 'cache miss: p99 latency', value: miss.latencyP99, unit: 'ms', baselineName, baseline: bareGet.latencyP99, better: 'lower', note: `p50 ${miss.latencyP50} ms vs ${bareGet.latencyP50} ms` },
      ],
    };
  } finally {
    for (const server of servers) await server.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
});
