import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { MongoClient } from 'mongodb';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store.ts';
import { shareAppendsOver } from '../../infra/event-store/shared-file-appends.ts';
import { openRedisRealtime } from '../../infra/realtime/redis-realtime.ts';
import { benchMode, reportFigure, scratchDir } from '../figure-process.ts';
import { forkChild } from '../child-process.ts';
import { serverProcessOf, serverReady, type ServerProcess } from '../server-process.ts';
import { seedDataDir, signIn, startMarketplaceProcess } from '../seeded-marketplace.ts';
import { appendEntries, benchVendorId, catalogEntries, referenceEntries } from '../seed/catalog-events.ts';
import { runLoad } from '../load/run-load.ts';
import { orderRoundTrip } from '../load/order-round-trip.ts';
import { NotCaughtUp, untilCaughtUp, type CatchUpTarget } from '../load/caught-up.ts';
import { figure3Load, lagInProcess, lagWriters, type LagLoad, type LagRun } from '../load/lag-writers.ts';
import { bestRounds, monotonicMs } from '../load/cross-process-clock.ts';
import { summarize, type LatencySummary } from '../percentiles.ts';
import type { LoadResult } from '../load/load-scenario.ts';
import type { FigureResult, Measure } from '../figure-result.ts';
import type { DeploymentEnvOptions } from '../load/deployment-env.ts';

// Figure 13, several processes on one host sharing the node:sqlite event file of one DATA_DIR.
// (a) Order round trips (figure 2's scenario) through one API node (web, command API and query API in
//     one process, as test/faults/deployment.ts runs api1) vs two, with the projectors and the worker as
//     processes of their own: the same processes run in both cases, only the load's URLs differ
//     (8 connections on api1, or 4 on each). A service alone keeps its shared state in the engines
//     main.ts requires for it (views in MONGO_URL, cache, queue and append notices in REDIS_URL), so
//     this part needs both; without them it is reported not run.
// (b) Projection lag across processes: figure 3's writers in this process, the projection runtime in
//     another on the same file, hearing the appends over Redis as a deployment does, and by the store's
//     poll alone (no Redis); the baseline is figure 3's method in this one process, in the same run.
const quick = benchMode() === 'quick';
// The catalog matters little to the round trip (it orders vendor 0's product), and the projectors build
// the views of the seed into MONGO_URL before the load: a small one.
const tripVendors = quick ? 20 : 50;
const seconds = quick ? 1 : 15;
const rounds = quick ? 1 : 2;
const connections = 8;
const lagLoad = figure3Load(quick);
// Each update waits for the poll (1 s) when no notice comes: a few per writer tell it.
const pollLoad: LagLoad = { ...lagLoad, updatesPerWriter: quick ? 3 : 15 };
if (process.env.NODE_ENV !== 'production') throw new Error('run with NODE_ENV=production (npm run bench does)');

const serviceScript = fileURLToPath(new URL('./multiprocess-service.ts', import.meta.url));
const projectorScript = fileURLToPath(new URL('./multiprocess-lag-projector.ts', import.meta.url));
const redisUrl = process.env.REDIS_URL;
const mongoUrl = process.env.MONGO_URL;
const namespace = `bench_mp_${process.pid}_${randomBytes(3).toString('hex')}`;
const fixed = (value: number) => (Number.isFinite(value) ? value.toFixed(value >= 10 ? 0 : 1) : 'n/a');

/** Polls GET /health/ready of each process until every one answers 200. */
async function allReady(servers: Array<{ name: string; url: string }>, timeoutMs: number): Promise<number> {
  const began = performance.now();
  for (;;) {
    const waiting: string[] = [];
    for (const { name, url } of servers) {
      const status = await fetch(new URL('/health/ready', url), { signal: AbortSignal.timeout(10_000) }).then(async (response) => {
        await response.body?.cancel();
        return response.status;
      }, () => 0);
      if (status !== 200) waiting.push(`${name} (${status})`);
    }
    if (waiting.length === 0) return performance.now() - began;
    if (performance.now() - began > timeoutMs) throw new Error(`not ready after ${timeoutMs} ms: ${waiting.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The time from a load's end until the product caught up with its work (caught-up.ts); the smoke run CI
 * makes waits 5 s at most, which tells whether it caught up at once: longer would only tell "more than".
 */
async function catchUpAfter(load: LoadResult, target: CatchUpTarget): Promise<string> {
  const limitMs = quick ? 5_000 : 180_000;
  return untilCaughtUp(target, { timeoutMs: limitMs }).then(({ at }) => `${(Math.max(0, at - load.endedAt) / 1000).toFixed(1)} s`, (error: unknown) => {
    if (error instanceof NotCaughtUp) return `more than ${limitMs / 1000} s`;
    throw error;
  });
}

async function roundTrips(dir: string, servers: ServerProcess[]): Promise<FigureResult> {
  const figure = '13. Multi-process: order round trips (place → pay → approve → complete)';
  if (!redisUrl || !mongoUrl) {
    return { figure, scale: '', measures: [], skipped: 'needs REDIS_URL and MONGO_URL: the services alone keep views, cache, queue and append notices in them (main.ts)' };
  }
  // For scale: the same load on every service in one process over the embedded defaults (figure 2's
  // server, `npm start`), alone on the machine before the deployment starts.
  const embeddedDir = join(dir, 'embedded');
  const embeddedSeed = await seedDataDir(embeddedDir, { vendors: tripVendors });
  const embedded = await startMarketplaceProcess(embeddedDir);
  servers.push(embedded);
  const embeddedAdmin = await signIn(embedded.url, embeddedSeed.admin);
  const embeddedLoad = await runLoad({
    url: embedded.url, connections, durationSeconds: seconds,
    steps: orderRoundTrip({ prefix: '/api', productId: `${benchVendorId(0)}-default`, customerToken: await signIn(embedded.url, embeddedSeed.customer), vendorToken: await signIn(embedded.url, embeddedSeed.vendor) }),
  });
  const embeddedCatchUp = await catchUpAfter(embeddedLoad, { urls: [embedded.url], adminUrl: embedded.url, adminToken: embeddedAdmin });
  await embedded.stop();
  servers.splice(servers.indexOf(embedded), 1);

  const dataDir = join(dir, 'data');
  const seeded = await seedDataDir(dataDir, { vendors: tripVendors });
  const deployment: DeploymentEnvOptions = { dataDir, namespace, redisUrl, mongoUrl, jwtSecret: randomBytes(32).toString('hex') };
  const started = performance.now();
  const start = async (name: string, services: string): Promise<{ name: string; url: string }> => {
    const child = forkChild(serviceScript, { args: ['--services', services], env: { NODE_ENV: 'production', BENCH_DEPLOYMENT: JSON.stringify(deployment) } });
    const server = serverProcessOf(child, await serverReady(child));
    servers.push(server);
    return { name, url: server.url };
  };
  // The projectors first, and caught up: they name the log in the views before the others check it.
  const projectors = await start('projectors', 'projectors');
  await allReady([projectors], 600_000);
  const worker = await start('worker', 'worker');
  const api1 = await start('api1', 'web,command-api,query-api');
  const api2 = await start('api2', 'web,command-api,query-api');
  const processes = [projectors, worker, api1, api2];
  await allReady(processes, 600_000);
  const startMs = performance.now() - started;

  const adminToken = await signIn(api1.url, seeded.admin);
  const customerToken = await signIn(api1.url, seeded.customer);
  const vendorToken = await signIn(api2.url, seeded.vendor);
  const steps = orderRoundTrip({ prefix: '/api', productId: `${benchVendorId(0)}-default`, customerToken, vendorToken });
  const one: LoadResult[] = [];
  const two: LoadResult[] = [];
  // Taken in turns, one then two, then two then one: the views' followers (projectors, worker) trail
  // the load and work on through the next one, which each side gets as often.
  for (let round = 0; round < rounds; round++) {
    const loadOne = async () => one.push(await runLoad({ url: api1.url, connections, durationSeconds: seconds, steps }));
    const loadTwo = async () => two.push(await runLoad({ url: [api1.url, api2.url], connections, durationSeconds: seconds, steps }));
    if (round % 2 === 0) { await loadOne(); await loadTwo(); } else { await loadTwo(); await loadOne(); }
  }
  // How far the views trail: the time the projectors and the worker took to catch up (views, flows and
  // notification jobs) after the last load (on FerretDB they trail by minutes, docs/real-engines.md).
  const lastLoad = [...one, ...two].reduce((last, load) => (load.endedAt > last.endedAt ? load : last));
  const catchUp = await catchUpAfter(lastLoad, { urls: processes.map((server) => server.url), adminUrl: api1.url, adminToken });
  const rate = (load: LoadResult) => load.sequences?.perSecond ?? Number.NaN;
  const { best: oneBest, rates: oneRates } = bestRounds(one, rate);
  const { best: twoBest, rates: twoRates } = bestRounds(two, rate);
  const sequences = (load: LoadResult) => load.sequences ?? { completed: 0, failed: 0, perSecond: Number.NaN, p50: Number.NaN, p99: Number.NaN };
  const a = sequences(oneBest);
  const b = sequences(twoBest);
  const baselineName = 'one API node (8 connections)';
  const roundsNote = rounds > 1 ? `; best of ${rounds} rounds taken in turns: two ${twoRates.map(fixed).join(', ')} vs one ${oneRates.map(fixed).join(', ')} trips/s` : '';
  const measures: Measure[] = [
    {
      name: 'round trips per second, two API nodes (4 connections each)', value: b.perSecond, unit: 'trips/s', baselineName, baseline: a.perSecond, better: 'higher',
      note: `two/one = ${(b.perSecond / a.perSecond).toFixed(2)}×; ${b.completed} trips, ${b.failed} failed vs ${a.completed}, ${a.failed} failed${roundsNote}`,
    },
    { name: 'round trip p50, two API nodes', value: b.p50, unit: 'ms', baselineName, baseline: a.p50, better: 'lower' },
    {
      name: 'round trip p99, two API nodes', value: b.p99, unit: 'ms', baselineName, baseline: a.p99, better: 'lower',
      note: `per request p99 ${twoBest.latencyP99} ms vs ${oneBest.latencyP99} ms; after the last load the projectors and the worker caught up in ${catchUp}`,
    },
    {
      name: 'round trips per second, one API node', value: a.perSecond, unit: 'trips/s', baselineName: 'every service in one process, embedded defaults (figure 2\'s server)', baseline: sequences(embeddedLoad).perSecond, better: 'higher',
      note: `p50 ${fixed(a.p50)} ms vs ${fixed(sequences(embeddedLoad).p50)} ms, p99 ${fixed(a.p99)} ms vs ${fixed(sequences(embeddedLoad).p99)} ms; the same seed, ${connections} connections, ${seconds} s; trips within the load windows (figure 2 counts its catch-up too), the embedded server caught up in ${embeddedCatchUp}`,
    },
  ];
  process.stderr.write(`[bench] multiprocess: ${seeded.events} events seeded; projectors, worker, api1, api2 ready in ${Math.round(startMs)} ms\n`);
  return {
    figure,
    scale: `${tripVendors.toLocaleString('en-US')} vendors; api1, api2 (web, command-api, query-api), projectors, worker on one events.sqlite, EVENT_FEED=store, views in MONGO_URL, Redis; ${connections} connections, ${seconds} s${quick ? ', quick' : ''}`,
    measures,
  };
}

/** The writers here, the projectors in a process of their own on the same file; with Redis, both announce their appends as a deployment does. */
async function lagAcrossProcesses(file: string, load: LagLoad, notices: boolean): Promise<LagRun> {
  const store = await openSqliteEventStore({ path: file });
  const realtime = notices ? await openRedisRealtime({ url: redisUrl!, channel: `${namespace}:realtime` }) : null;
  const stopSharing = realtime ? await shareAppendsOver(store, realtime) : null;
  let child: ChildProcess | null = null;
  let projector: ServerProcess | null = null;
  try {
    child = forkChild(projectorScript, { args: ['--data-dir', join(file, '..'), ...(notices ? ['--redis-url', redisUrl!, '--namespace', namespace] : [])] });
    projector = serverProcessOf(child, await serverReady(child));
    const writers = lagWriters(store, load);
    child.on('message', (message: { kind?: string; ids?: string[]; id?: string; at?: number }) => {
      if (message.kind === 'shown') writers.shown(message.ids!, message.at!);
      else if (message.kind === 'delivered') writers.delivered(message.id!, message.at!);
    });
    return await writers.run();
  } finally {
    await projector?.stop().catch(() => undefined);
    if (child && !projector) child.kill('SIGKILL');
    await stopSharing?.();
    await realtime?.close();
    await store.close();
  }
}

async function projectionLag(dir: string): Promise<FigureResult> {
  // One seeded log, a copy for each side, so each starts from the same file.
  const seedFile = join(dir, 'lag-seed', 'events.sqlite');
  const seedStore = await openSqliteEventStore({ path: seedFile, synchronous: 'NORMAL' });
  await appendEntries(seedStore, [...referenceEntries(), ...catalogEntries(lagLoad.vendors)]);
  await seedStore.close();
  const copyOf = (name: string): string => {
    mkdirSync(join(dir, name), { recursive: true });
    for (const suffix of ['', '-wal', '-shm']) if (existsSync(seedFile + suffix)) copyFileSync(seedFile + suffix, join(dir, name, `events.sqlite${suffix}`));
    return join(dir, name, 'events.sqlite');
  };
  const baseline = await lagInProcess(copyOf('lag-one'), lagLoad);
  const notified = redisUrl ? await lagAcrossProcesses(copyOf('lag-notices'), lagLoad, true) : null;
  const polled = await lagAcrossProcesses(copyOf('lag-poll'), pollLoad, false);

  const base = summarize(baseline.lags);
  const baselineName = 'same writers and runtime in one process (figure 3)';
  const loadNote = (run: LagRun, load: LagLoad) => `${run.lags.length} updates by ${load.writers} concurrent writers, each followed by ${load.loadBatch} product updates; ${run.appended} events in ${(run.elapsedMs / 1000).toFixed(1)} s`;
  const plainNote = (run: LagRun) => {
    const plain: LatencySummary = summarize(run.deliveries);
    return `a plain subscription there: p50 ${plain.p50.toFixed(2)} ms, p99 ${plain.p99.toFixed(2)} ms`;
  };
  const measures: Measure[] = [];
  if (notified) {
    const lag = summarize(notified.lags);
    measures.push(
      { name: 'lag p50, projectors in another process (append notices over Redis)', value: lag.p50, unit: 'ms', baselineName, baseline: base.p50, better: 'lower', note: `${loadNote(notified, lagLoad)}; ${plainNote(notified)}` },
      { name: 'lag p99, projectors in another process (append notices over Redis)', value: lag.p99, unit: 'ms', baselineName, baseline: base.p99, better: 'lower', note: `max ${lag.max.toFixed(1)} ms; baseline ${base.count} updates, ${loadNote(baseline, lagLoad)}` },
    );
  }
  const poll = summarize(polled.lags);
  measures.push(
    { name: 'lag p50, projectors in another process (no Redis: the store polls every 1 s)', value: poll.p50, unit: 'ms', baselineName, baseline: base.p50, better: 'lower', note: `${loadNote(polled, pollLoad)}; ${plainNote(polled)}` },
    { name: 'lag p99, projectors in another process (no Redis: the store polls every 1 s)', value: poll.p99, unit: 'ms', baselineName, baseline: base.p99, better: 'lower', note: `max ${poll.max.toFixed(1)} ms${notified ? '' : '; the Redis case not run: REDIS_URL is not set'}` },
  );
  return {
    figure: '13. Multi-process: projection lag (append acknowledged in one process → view in another)',
    scale: `${lagLoad.vendors.toLocaleString('en-US')} vendors, one events.sqlite, under write load${quick ? ', quick' : ''}`,
    measures,
  };
}

/** This run's keys and database on the shared engines (other runs and the tests use their own namespaces). */
async function dropNamespace(): Promise<void> {
  if (redisUrl) {
    const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    try {
      await redis.connect();
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${namespace}:*`, 'COUNT', 1000);
        cursor = next;
        if (keys.length) await redis.del(...keys);
      } while (cursor !== '0');
    } finally {
      redis.disconnect();
    }
  }
  if (mongoUrl) {
    const client = new MongoClient(mongoUrl, { serverSelectionTimeoutMS: 5_000 });
    try {
      await client.connect();
      await client.db(namespace).dropDatabase();
    } finally {
      await client.close();
    }
  }
}

await reportFigure(async () => {
  const dir = join(scratchDir(), `multiprocess-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const servers: ServerProcess[] = [];
  try {
    const trips = await roundTrips(dir, servers);
    for (const server of servers.splice(0).reverse()) await server.stop().catch(() => undefined);
    const lag = await projectionLag(dir);
    return [trips, lag];
  } finally {
    for (const server of servers.reverse()) await server.stop().catch(() => undefined);
    await dropNamespace().catch((error: unknown) => process.stderr.write(`[bench] multiprocess: could not drop ${namespace}: ${String(error)}\n`));
    rmSync(dir, { recursive: true, force: true });
  }
});
