import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { benchMode, reportFigure, scratchDir } from '../figure-process.ts';
import { runLoad } from '../load/run-load.ts';
import type { LoadResult, LoadStep } from '../load/load-scenario.ts';
import { orderRoundTrip } from '../load/order-round-trip.ts';
import { sustainedRate, untilCaughtUp } from '../load/caught-up.ts';
import { canonicalVendorPaths, FIRST_SEARCH_PAGE, signIn, startSearchPair } from '../seeded-marketplace.ts';
import { benchVendorId } from '../seed/catalog-events.ts';
import { summarize, perSecond } from '../percentiles.ts';
import { loadPageData, renderTree } from '../ssr/render-tree.tsx';
import { searchMissPaths } from '../load/search-paths.ts';
import type { FigureResult, Measure } from '../figure-result.ts';
import type { ServerProcess } from '../server-process.ts';

// Figures 2, 4 and 5: the marketplace as `npm start` runs it (startMarketplace, embedded mode) in a
// process of its own, over a store seeded with the vendor catalog; autocannon in another process.
// Baselines: a bare Express JSON route (another process) and renderToString of the same tree.
// Order matters: the searches and pages run before the orders, which change the views.
const quick = benchMode() === 'quick';
const vendors = quick ? 2_000 : 10_000;
const seconds = quick ? 1 : 15;
const connections = 8;
const renders = quick ? 20 : 1_000;
// Both React sides in production mode: the baseline renders in this process, whose React build was
// chosen from NODE_ENV at import (bench/run.ts forks it with NODE_ENV=production); the server says
// which build it runs.
if (process.env.NODE_ENV !== 'production') throw new Error('run with NODE_ENV=production (npm run bench does): the SSR baseline must render with the production React build');

const noteOf = (load: LoadResult): string => {
  const failures = load.non2xx + load.errors + load.timeouts;
  return `${load.requests} requests${failures ? `, ${failures} failed` : ''}`;
};

/** Requests/s and p99 of a load, beside the same of its baseline. */
function rateAndP99(name: string, load: LoadResult, baseline: LoadResult, baselineName: string, extra = ''): Measure[] {
  return [
    { name: `${name}: throughput`, value: load.requestsPerSecond, unit: 'req/s', baselineName, baseline: baseline.requestsPerSecond, better: 'higher', note: `${noteOf(load)}${extra}` },
    { name: `${name}: p99 latency`, value: load.latencyP99, unit: 'ms', baselineName, baseline: baseline.latencyP99, better: 'lower', note: `p50 ${load.latencyP50} ms vs ${baseline.latencyP50} ms` },
  ];
}

await reportFigure(async () => {
  const dir = join(scratchDir(), `http-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const servers: ServerProcess[] = [];
  try {
    const { seeded, marketplace, bare, startMs } = await startSearchPair(dir, vendors, servers);
    const url = marketplace.url;
    if (marketplace.info.reactBuild !== 'production') throw new Error(`the server renders with the ${String(marketplace.info.reactBuild)} React build`);

    // --- 4. Vendor search.
    const get = (path: string): LoadStep[] => [{ method: 'GET', path }];
    const run = (base: string, steps: LoadStep[]) => runLoad({ url: base, connections, durationSeconds: seconds, steps });
    const bareGet = await run(bare.url, get('/bare/json'));
    const hit = await run(url, get(FIRST_SEARCH_PAGE));
    // Each request a query the cache has not seen: first pages of filters × sorts × languages, and deeper pages.
    const miss = await run(url, [{ method: 'GET', path: FIRST_SEARCH_PAGE, paths: searchMissPaths(vendors) }]);
    const cacheNote = (load: LoadResult) => `; X-Cache hit ${load.cacheHits}, miss ${load.cacheMisses}`;
    const search: FigureResult = {
      figure: '4. Query API: vendor search',
      scale: `${vendors.toLocaleString('en-US')} vendors${quick ? ', quick' : ''}`,
      measures: [
        ...rateAndP99('cache hit', hit, bareGet, 'bare Express route, same bytes', cacheNote(hit)),
        ...rateAndP99('cache miss', miss, bareGet, 'bare Express route, same bytes', `${cacheNote(miss)}; half first pages (filter × sort × language × page size), half deeper pages`),
      ],
    };

    // --- 5. Server-side rendering. A guest's page is served from the page cache once rendered
    // (web/guest-page-cache.ts), so the renders are measured on pages the cache cannot answer: each
    // request another vendor's page, and the home page of a signed-in customer (never cached).
    const customer = await signIn(url, seeded.customer);
    const vendorPaths = await canonicalVendorPaths(url, Math.min(vendors, quick ? 500 : 6_000));
    const baselines = new Map<string, { rate: number; p50: number; p99: number }>();
    const baselineOf = async (path: string) => {
      if (baselines.has(path)) return baselines.get(path)!;
      const { context, locale } = await loadPageData(url, path);
      const times: number[] = [];
      const began = performance.now();
      for (let index = 0; index < renders; index++) {
        const start = performance.now();
        renderTree(context, locale);
        times.push(performance.now() - start);
      }
      const { p50, p99 } = summarize(times);
      const measured = { rate: perSecond(renders, performance.now() - began), p50, p99 };
      baselines.set(path, measured);
      return measured;
    };
    const signedIn = { cookie: `token=${customer}` };
    const pages: Array<{ name: string; baselinePath: string; step: LoadStep; what: string }> = [
      { name: 'vendor page, rendered', baselinePath: vendorPaths[0]!, step: { method: 'GET', path: vendorPaths[0]!, paths: vendorPaths }, what: `each request another of ${vendorPaths.length} vendor pages (guest)` },
      { name: 'home, rendered', baselinePath: '/', step: { method: 'GET', path: '/', headers: signedIn }, what: '/ signed in (never cached)' },
      { name: 'vendor page, cached', baselinePath: vendorPaths[0]!, step: { method: 'GET', path: vendorPaths[0]! }, what: `${vendorPaths[0]} again and again (guest page cache)` },
      { name: 'home, cached', baselinePath: '/', step: { method: 'GET', path: '/' }, what: '/ again and again (guest page cache)' },
    ];
    const ssrMeasures: Measure[] = [];
    for (const { name, baselinePath, step, what } of pages) {
      const load = await run(url, [step]);
      const baseline = await baselineOf(baselinePath);
      const baselineName = 'renderToString, same tree and data (guest)';
      ssrMeasures.push(
        { name: `${name}: throughput`, value: load.requestsPerSecond, unit: 'req/s', baselineName, baseline: baseline.rate, better: 'higher', note: `${what}; ${noteOf(load)}; baseline ${renders} renders of ${baselinePath}, 1 core` },
        { name: `${name}: p99 latency`, value: load.latencyP99, unit: 'ms', baselineName, baseline: baseline.p99, better: 'lower', note: `p50 ${load.latencyP50} ms vs ${baseline.p50.toFixed(2)} ms; ${connections} connections vs one render at a time` },
      );
    }
    const ssr: FigureResult = { figure: '5. SSR', scale: `${vendors.toLocaleString('en-US')} vendors, production React on both sides${quick ? ', quick' : ''}`, measures: ssrMeasures };

    // --- 2. Command round trip: place → pay → approve → complete.
    const vendor = await signIn(url, seeded.vendor);
    const roundTrip = (prefix: string) => orderRoundTrip({ prefix, productId: `${benchVendorId(0)}-default`, customerToken: customer, vendorToken: vendor });
    const bareTrips = await run(bare.url, roundTrip('/bare'));
    const durableTrips = await run(bare.url, roundTrip('/durable'));
    // The product's first: its views and notification queue start caught up, the baselines' loads
    // before it leave it nothing to do.
    const admin = await signIn(url, seeded.admin);
    const trips = await run(url, roundTrip('/api'));
    // A trip's work includes what follows it (views, notifications, receipts): the rate counts the time
    // until the server caught up with it, as /health/ready and the job queue tell.
    const caughtUp = await untilCaughtUp({ urls: [url], adminUrl: url, adminToken: admin }, { timeoutMs: 600_000 });
    const sustained = sustainedRate(trips, caughtUp.at);
    const sequenceOf = (load: LoadResult) => load.sequences ?? { completed: 0, failed: 0, perSecond: Number.NaN, p50: Number.NaN, p99: Number.NaN };
    const project = sequenceOf(trips);
    const catchUpNote = `${project.completed} trips, ${project.failed} failed, over the ${trips.durationSeconds} s load and ${sustained.catchUpSeconds.toFixed(1)} s after it until caught up (views and notification jobs; ${caughtUp.jobs.failed} jobs failed); ${project.perSecond.toFixed(1)} trips/s within the load, ${Math.round(trips.requestsPerSecond)} req/s`;
    const base = sequenceOf(bareTrips);
    const durable = sequenceOf(durableTrips);
    // Two baselines: the bare route measures the whole cost of the project; the durable one (each POST
    // also makes one fsynced raw append, what any durable event log pays) what it costs beyond durability.
    const bareName = '4 POSTs to a bare Express route';
    const durableName = '4 POSTs + 4 durable raw appends';
    const commands: FigureResult = {
      figure: '2. Command round trip (place → pay → approve → complete)',
      scale: `${connections} connections, ${seconds} s${quick ? ', quick' : ''}`,
      measures: [
        { name: 'round trips per second, caught up', value: sustained.perSecond, unit: 'trips/s', baselineName: bareName, baseline: base.perSecond, better: 'higher', note: catchUpNote },
        { name: 'round trip p50', value: project.p50, unit: 'ms', baselineName: bareName, baseline: base.p50, better: 'lower' },
        { name: 'round trip p99', value: project.p99, unit: 'ms', baselineName: bareName, baseline: base.p99, better: 'lower', note: `per request p99 ${trips.latencyP99} ms vs ${bareTrips.latencyP99} ms` },
        { name: 'round trips per second, caught up', value: sustained.perSecond, unit: 'trips/s', baselineName: durableName, baseline: durable.perSecond, better: 'higher', note: `caught up ${sustained.catchUpSeconds.toFixed(1)} s after the load; baseline: ${durable.completed} trips, ${durable.failed} failed; one autocommit INSERT per POST into the event store's table, WAL, synchronous=FULL` },
        { name: 'round trip p50', value: project.p50, unit: 'ms', baselineName: durableName, baseline: durable.p50, better: 'lower' },
        { name: 'round trip p99', value: project.p99, unit: 'ms', baselineName: durableName, baseline: durable.p99, better: 'lower', note: `per request p99 ${trips.latencyP99} ms vs ${durableTrips.latencyP99} ms` },
      ],
    };
    process.stderr.write(`[bench] marketplace over ${seeded.events} events started in ${Math.round(startMs)} ms\n`);
    return [commands, search, ssr];
  } finally {
    for (const server of servers) await server.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
});
