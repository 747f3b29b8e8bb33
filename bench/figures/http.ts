import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchMode, reportFigure, scratchDir } from '../figure-process.ts';
import { runLoad } from '../load/run-load.ts';
import type { LoadResult, LoadStep } from '../load/load-scenario.ts';
import { seedDataDir, signIn, startBareServer, startMarketplaceProcess } from '../seeded-marketplace.ts';
import { benchVendorId } from '../seed/catalog-events.ts';
import { summarize, perSecond } from '../percentiles.ts';
import { loadPageData, renderTree } from '../ssr/render-tree.tsx';
import type { FigureResult, Measure } from '../figure-result.ts';
import type { ServerProcess } from '../server-process.ts';

// Figures 2, 4 and 5: the marketplace as `npm start` runs it (startMarketplace, embedded mode) in a
// process of its own, over a store seeded with the vendor catalog; autocannon in another process.
// Baselines: a bare Express JSON route (another process) and renderToString of the same tree.
// Order matters: the searches and pages run before the orders, which change the views.
const quick = benchMode() === 'quick';
const vendors = quick ? 2_000 : 10_000;
const seconds = quick ? 3 : 15;
const connections = 8;
const renders = quick ? 100 : 1_000;

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

async function canonicalVendorPath(baseUrl: string, vendorId: string): Promise<string> {
  // The short path redirects to the canonical one (category alias and display name).
  const response = await fetch(new URL(`/artists/artists/${vendorId}`, baseUrl), { redirect: 'manual' });
  const location = response.headers.get('location');
  if (response.status >= 300 && response.status < 400 && location) return new URL(location, baseUrl).pathname;
  if (response.status === 200) return `/artists/artists/${vendorId}`;
  throw new Error(`vendor page of ${vendorId}: ${response.status}`);
}

await reportFigure(async () => {
  const dir = join(scratchDir(), `http-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const servers: ServerProcess[] = [];
  try {
    const seeded = await seedDataDir(join(dir, 'data'), { vendors });
    const started = performance.now();
    const marketplace = await startMarketplaceProcess(join(dir, 'data'));
    servers.push(marketplace);
    const startMs = performance.now() - started;
    const url = marketplace.url;

    // --- 4. Vendor search.
    const firstPage = '/api/ecommerce/vendor?limit=24&start=0';
    const answer = await fetch(new URL(firstPage, url));
    const body = await answer.text();
    const total = (JSON.parse(body) as { total: number }).total;
    if (total !== vendors) throw new Error(`the search sees ${total} vendors, expected ${vendors}`);
    const jsonFile = join(dir, 'search-answer.json');
    writeFileSync(jsonFile, body);
    const bare = await startBareServer({ jsonFile });
    servers.push(bare);
    const get = (path: string): LoadStep[] => [{ method: 'GET', path }];
    const run = (base: string, steps: LoadStep[]) => runLoad({ url: base, connections, durationSeconds: seconds, steps });
    const bareGet = await run(bare.url, get('/bare/json'));
    const hit = await run(url, get(firstPage));
    // Each request a different page of the same listing: a key the cache has not seen.
    const miss = await run(url, get(`/api/ecommerce/vendor?limit=24&start={n%${vendors - 24}}`));
    const cacheNote = (load: LoadResult) => `; X-Cache hit ${load.cacheHits}, miss ${load.cacheMisses}`;
    const search: FigureResult = {
      figure: '4. Query API: vendor search',
      scale: `${vendors.toLocaleString('en-US')} vendors${quick ? ', quick' : ''}`,
      measures: [
        ...rateAndP99('cache hit', hit, bareGet, 'bare Express route, same bytes', cacheNote(hit)),
        ...rateAndP99('cache miss', miss, bareGet, 'bare Express route, same bytes', cacheNote(miss)),
      ],
    };

    // --- 5. Server-side rendering.
    const vendorPath = await canonicalVendorPath(url, benchVendorId(1));
    const pages: Array<[string, string]> = [['home', '/'], ['vendor page', vendorPath]];
    const ssrMeasures: Measure[] = [];
    for (const [name, path] of pages) {
      const load = await run(url, get(path));
      const { context, locale } = await loadPageData(url, path);
      const times: number[] = [];
      const began = performance.now();
      for (let index = 0; index < renders; index++) {
        const start = performance.now();
        renderTree(context, locale);
        times.push(performance.now() - start);
      }
      const rendered = summarize(times);
      const rate = perSecond(renders, performance.now() - began);
      ssrMeasures.push(
        { name: `${name}: throughput`, value: load.requestsPerSecond, unit: 'req/s', baselineName: 'renderToString, same tree and data', baseline: rate, better: 'higher', note: `${path}; ${noteOf(load)}; baseline ${renders} renders, 1 core` },
        { name: `${name}: p99 latency`, value: load.latencyP99, unit: 'ms', baselineName: 'renderToString, same tree and data', baseline: rendered.p99, better: 'lower', note: `p50 ${load.latencyP50} ms vs ${rendered.p50.toFixed(2)} ms; ${connections} connections vs one render at a time` },
      );
    }
    const ssr: FigureResult = { figure: '5. SSR', scale: `${vendors.toLocaleString('en-US')} vendors${quick ? ', quick' : ''}`, measures: ssrMeasures };

    // --- 2. Command round trip: place → pay → approve → complete.
    const customer = await signIn(url, seeded.customer);
    const vendor = await signIn(url, seeded.vendor);
    const productId = `${benchVendorId(0)}-default`;
    const card = { cardNumber: '4242424242424242' };
    const roundTrip = (prefix: string): LoadStep[] => [
      { method: 'POST', path: `${prefix}/orders`, body: { productId }, token: customer },
      { method: 'POST', path: `${prefix}/orders/{id}/pay`, body: card, token: customer },
      { method: 'POST', path: `${prefix}/orders/{id}/approve`, body: {}, token: vendor },
      { method: 'POST', path: `${prefix}/orders/{id}/complete`, body: {}, token: vendor },
    ];
    const bareTrips = await run(bare.url, roundTrip('/bare'));
    const trips = await run(url, roundTrip('/api'));
    const sequenceOf = (load: LoadResult) => load.sequences ?? { completed: 0, failed: 0, perSecond: Number.NaN, p50: Number.NaN, p99: Number.NaN };
    const project = sequenceOf(trips);
    const base = sequenceOf(bareTrips);
    const commands: FigureResult = {
      figure: '2. Command round trip (place → pay → approve → complete)',
      scale: `${connections} connections, ${seconds} s${quick ? ', quick' : ''}`,
      measures: [
        { name: 'round trips per second', value: project.perSecond, unit: 'trips/s', baselineName: '4 POSTs to a bare Express route', baseline: base.perSecond, better: 'higher', note: `${project.completed} trips, ${project.failed} failed; ${Math.round(trips.requestsPerSecond)} req/s` },
        { name: 'round trip p50', value: project.p50, unit: 'ms', baselineName: '4 POSTs to a bare Express route', baseline: base.p50, better: 'lower' },
        { name: 'round trip p99', value: project.p99, unit: 'ms', baselineName: '4 POSTs to a bare Express route', baseline: base.p99, better: 'lower', note: `per request p99 ${trips.latencyP99} ms vs ${bareTrips.latencyP99} ms` },
      ],
    };
    process.stderr.write(`[bench] marketplace over ${seeded.events} events started in ${Math.round(startMs)} ms\n`);
    return [commands, search, ssr];
  } finally {
    for (const server of servers) await server.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
});
