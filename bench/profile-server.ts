import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { runLoad } from './load/run-load.ts';
import { untilCaughtUp } from './load/caught-up.ts';
import type { LoadStep } from './load/load-scenario.ts';
import { orderRoundTrip } from './load/order-round-trip.ts';
import { searchMissPaths } from './load/search-paths.ts';
import { canonicalVendorPaths, seedDataDir, signIn, startMarketplaceProcess } from './seeded-marketplace.ts';
import { benchVendorId } from './seed/catalog-events.ts';
import { summarizeProfile } from './profile-summary.ts';
import { monotonicMs } from './load/cross-process-clock.ts';
import { repoRoot } from './child-process.ts';

// Profiles the marketplace server (node --cpu-prof) under one of the HTTP loads of the bench, then
// prints the top frames of the samples taken from the load's start until the server caught up with it. Usage:
//   node --import ./web/jsx-hooks.ts bench/profile-server.ts --scenario round-trip|search-miss|vendor-page|signed-in-home [--vendors 10000] [--seconds 15]
const { values } = parseArgs({ options: { scenario: { type: 'string', default: 'round-trip' }, vendors: { type: 'string', default: '10000' }, seconds: { type: 'string', default: '15' } } });
const vendors = Number(values.vendors);
const dir = join(repoRoot, 'bench', '.scratch', `profile-${process.pid}`);
const profiles = join(repoRoot, 'bench', 'results', 'profiles');
rmSync(dir, { recursive: true, force: true });
mkdirSync(profiles, { recursive: true });
const seeded = await seedDataDir(join(dir, 'data'), { vendors });
const profileName = `${values.scenario}-${new Date().toISOString().replace(/[:.]/g, '-')}.cpuprofile`;
const server = await startMarketplaceProcess(join(dir, 'data'), { execArgv: ['--cpu-prof', `--cpu-prof-dir=${profiles}`, `--cpu-prof-name=${profileName}`] });
let steps: LoadStep[];
if (values.scenario === 'round-trip') {
  const customer = await signIn(server.url, seeded.customer);
  const vendor = await signIn(server.url, seeded.vendor);
  steps = orderRoundTrip({ prefix: '/api', productId: `${benchVendorId(0)}-default`, customerToken: customer, vendorToken: vendor });
} else if (values.scenario === 'search-miss') {
  // The cache-miss load of figures 4 and 10: first pages of each filter and sort, and deeper pages.
  const paths = searchMissPaths(vendors);
  steps = [{ method: 'GET', path: paths[0]!, paths }];
} else if (values.scenario === 'vendor-page') {
  // Each request another vendor's page, as figure 5 measures: the guest page cache cannot answer.
  const paths = await canonicalVendorPaths(server.url, Math.min(vendors, 6_000));
  steps = [{ method: 'GET', path: paths[0]!, paths }];
} else if (values.scenario === 'signed-in-home') {
  // Figure 5's other rendered page: the home page of a signed-in customer (never from the guest page cache).
  const customer = await signIn(server.url, seeded.customer);
  steps = [{ method: 'GET', path: '/', headers: { cookie: `token=${customer}` } }];
} else throw new Error(`unknown scenario ${values.scenario}`);
const admin = await signIn(server.url, seeded.admin);
// The summary counts the samples from the load's start until the server caught up with it: not the
// start-up and seeding before, nor the stop after (the profile file keeps them all).
const fromMs = monotonicMs();
const load = await runLoad({ url: server.url, connections: 8, durationSeconds: Number(values.seconds), steps });
// The work the load left (views, notification jobs) is part of its cost: profiled until it is done.
const caughtUp = await untilCaughtUp({ urls: [server.url], adminUrl: server.url, adminToken: admin }, { timeoutMs: 600_000 });
await server.stop();
rmSync(dir, { recursive: true, force: true });
const trips = load.sequences ? `, ${load.sequences.completed} trips` : '';
console.log(`${values.scenario}: ${load.requests} requests${trips}, ${load.requestsPerSecond} req/s, p99 ${load.latencyP99} ms; caught up ${((caughtUp.at - load.endedAt) / 1000).toFixed(1)} s after the load`);
const file = readdirSync(profiles).find((name) => name === profileName);
if (!file) throw new Error('no profile written');
const { totalMs, frames } = summarizeProfile(JSON.parse(readFileSync(join(profiles, file), 'utf8')), { fromMs, toMs: caughtUp.at });
const pct = (ms: number) => `${((ms / totalMs) * 100).toFixed(1)}%`.padStart(6);
console.log(`\nProfile ${join('bench/results/profiles', file)}: ${(totalMs / 1000).toFixed(1)} s sampled over the ${((caughtUp.at - fromMs) / 1000).toFixed(1)} s of the load and its catch-up (idle included)\nTop self time:`);
for (const frame of [...frames].sort((a, b) => b.selfMs - a.selfMs).slice(0, 25)) console.log(`${pct(frame.selfMs)}  ${frame.frame}`);
console.log('\nTop inclusive time:');
for (const frame of [...frames].sort((a, b) => b.totalMs - a.totalMs).slice(0, 40)) console.log(`${pct(frame.totalMs)}  ${frame.frame}`);
