import { readdirSync, readFileSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { runLoad } from './load/run-load.ts';
import { sustainedRate, untilCaughtUp } from './load/caught-up.ts';
import { orderRoundTrip } from './load/order-round-trip.ts';
import { signIn, startSearchPair } from './seeded-marketplace.ts';
import { benchVendorId } from './seed/catalog-events.ts';
import { repoRoot } from './child-process.ts';
import type { ServerProcess } from './server-process.ts';

// The server's CPU per order round trip (figure 2's load): the marketplace process's CPU time from
// /proc (Linux), whole and per thread (main: the event loop; the event store's writer thread; V8's
// helper threads), from the start of the load until the server has caught up with it, divided by the
// trips. With --rate the load is offered at that many trips per second at most, so two builds compared
// in turns get the same load whatever the disk's speed (the rate, and with it the size of each group
// commit and view page, changes what a trip costs). The durable baseline of figure 2 runs first, as
// fast as it goes, for its ratio. Usage:
//   node --import ./web/jsx-hooks.ts bench/round-trip-cpu.ts [--rate 40] [--seconds 15] [--vendors 2000]
if (process.env.NODE_ENV !== 'production') throw new Error('run with NODE_ENV=production, as the bench does');
const { values } = parseArgs({ options: { rate: { type: 'string' }, seconds: { type: 'string', default: '15' }, vendors: { type: 'string', default: '2000' } } });
const seconds = Number(values.seconds);
const rate = values.rate === undefined ? undefined : Number(values.rate);

/** CPU time (ms) of a /proc stat file: user and system, in clock ticks of 10 ms. */
const cpuMsOf = (statFile: string): number => {
  const fields = readFileSync(statFile, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
/** The process's CPU time, and each thread's by name (threads of one name summed). */
function cpuOf(pid: number): { total: number; threads: Map<string, number> } {
  const threads = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    const name = Number(tid) === pid ? 'main' : readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
    threads.set(name, (threads.get(name) ?? 0) + cpuMsOf(`/proc/${pid}/task/${tid}/stat`));
  }
  return { total: cpuMsOf(`/proc/${pid}/stat`), threads };
}

const dir = join(repoRoot, 'bench', '.scratch', `round-trip-cpu-${process.pid}`);
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const servers: ServerProcess[] = [];
try {
  const { seeded, marketplace, bare } = await startSearchPair(dir, Number(values.vendors), servers);
  const [customer, vendor, admin] = [await signIn(marketplace.url, seeded.customer), await signIn(marketplace.url, seeded.vendor), await signIn(marketplace.url, seeded.admin)];
  const roundTrip = (prefix: string) => orderRoundTrip({ prefix, productId: `${benchVendorId(0)}-default`, customerToken: customer, vendorToken: vendor });
  const durable = await runLoad({ url: bare.url, connections: 8, durationSeconds: seconds, steps: roundTrip('/durable') });
  const target = { urls: [marketplace.url], adminUrl: marketplace.url, adminToken: admin };
  await untilCaughtUp(target, { timeoutMs: 600_000 });
  const before = cpuOf(marketplace.pid);
  // Four requests a trip.
  const trips = await runLoad({ url: marketplace.url, connections: 8, durationSeconds: seconds, steps: roundTrip('/api'), ...(rate !== undefined ? { overallRate: rate * 4 } : {}) });
  const caughtUp = await untilCaughtUp(target, { timeoutMs: 600_000 });
  const after = cpuOf(marketplace.pid);
  const completed = trips.sequences?.completed ?? 0;
  const perTrip = (ms: number) => (ms / completed).toFixed(2);
  const sustained = sustainedRate(trips, caughtUp.at);
  const durableRate = durable.sequences?.perSecond ?? Number.NaN;
  const threads = [...after.threads].map(([name, ms]) => [name, ms - (before.threads.get(name) ?? 0)] as const).filter(([, ms]) => ms > 0);
  console.log(`${completed} trips (${trips.sequences?.failed ?? 0} failed)${rate !== undefined ? ` offered at ${rate}/s` : ''}, ${sustained.perSecond.toFixed(1)} trips/s caught up (${sustained.catchUpSeconds.toFixed(1)} s after the load); durable baseline ${durableRate.toFixed(1)} trips/s (${(durableRate / sustained.perSecond).toFixed(2)}×)`);
  console.log(`server CPU per trip: ${perTrip(after.total - before.total)} ms (${threads.map(([name, ms]) => `${name} ${perTrip(ms)}`).join(', ')})`);
} finally {
  for (const server of servers) await server.stop().catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
}
