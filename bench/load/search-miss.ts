import type { Measure } from '../figure-result.ts';
import { FIRST_SEARCH_PAGE } from '../seeded-marketplace.ts';
import type { ServerProcess } from '../server-process.ts';
import { runLoad } from './run-load.ts';
import { searchMissPaths } from './search-paths.ts';

// The cache-miss vendor search against its baseline (figures 10 and 12): the bare Express route answering
// the bytes of the real first page, then the marketplace with every request a URL the cache has not seen
// (first pages and deeper pages, bench/load/search-paths.ts), each for `seconds` on 8 connections.
export async function searchMissMeasures(options: { marketplace: ServerProcess; bare: ServerProcess; vendors: number; seconds: number; startMs: number }): Promise<Measure[]> {
  const { marketplace, bare, vendors, seconds } = options;
  const connections = 8;
  const bareGet = await runLoad({ url: bare.url, connections, durationSeconds: seconds, steps: [{ method: 'GET', path: '/bare/json' }] });
  const miss = await runLoad({ url: marketplace.url, connections, durationSeconds: seconds, steps: [{ method: 'GET', path: FIRST_SEARCH_PAGE, paths: searchMissPaths(vendors) }] });
  const failures = miss.non2xx + miss.errors + miss.timeouts;
  const baselineName = 'bare Express route, same bytes';
  return [
    {
      name: 'cache miss: throughput', value: miss.requestsPerSecond, unit: 'req/s', baselineName, baseline: bareGet.requestsPerSecond, better: 'higher',
      note: `${miss.requests} requests${failures ? `, ${failures} failed` : ''}; X-Cache hit ${miss.cacheHits}, miss ${miss.cacheMisses}; server ready ${(options.startMs / 1000).toFixed(0)} s after start (views built)`,
    },
    { name: 'cache miss: p99 latency', value: miss.latencyP99, unit: 'ms', baselineName, baseline: bareGet.latencyP99, better: 'lower', note: `p50 ${miss.latencyP50} ms vs ${bareGet.latencyP50} ms` },
  ];
}
