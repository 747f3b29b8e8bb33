import { parseArgs } from 'node:util';
import { serveUntilParentSaysStop, untilReady } from '../server-process.ts';
import { tellParent } from '../child-process.ts';

// The project under test in a process of its own: `startMarketplace` of main.ts (embedded mode, as
// `npm start` runs it) over an existing data directory, without the demo seed. The bench seeds the
// directory's event store beforehand; the projectors catch up on start like after any restart.
const { values } = parseArgs({ options: { 'data-dir': { type: 'string' }, 'announce-early': { type: 'boolean', default: false } } });
const dataDir = values['data-dir'];
if (!dataDir) throw new Error('--data-dir is required');
// React picks its build from process.env.NODE_ENV when it is first imported, so production must be
// this process's environment (the parent forks it so), not only the configuration passed below.
if (process.env.NODE_ENV !== 'production') throw new Error(`the bench server must run with NODE_ENV=production in its environment (got ${process.env.NODE_ENV})`);

// Embedded mode on purpose: the seed went into the data directory's node:sqlite file, so engine URLs
// from the caller's environment must not redirect the server elsewhere.
const env: Record<string, string | undefined> = { ...process.env };
for (const name of ['EVENTSTORE_URL', 'MONGO_URL', 'REDIS_URL', 'KAFKA_BROKERS', 'EVENT_FEED', 'API_BASE_URL']) delete env[name];

const { startMarketplace, reactBuild } = await import('../../main.ts');
// Production refuses to start without a mail server (main.ts): the bench never registers anyone
// (users are seeded as events), so a closed port stands in and no mail is ever sent.
const marketplace = await startMarketplace({
  port: 0,
  dataDir,
  seed: false,
  // Quiet while measuring; BENCH_LOG_LEVEL=error shows what the server logs at that level and above.
  logLevel: (process.env.BENCH_LOG_LEVEL as 'error' | undefined) ?? 'silent',
  // The start figure (--announce-early) times the real start path itself: it needs the address as soon
  // as the server listens, before the projectors caught up.
  ...(values['announce-early'] ? { onListening: (url: string) => tellParent({ kind: 'bound', url }) } : {}),
  env: {
    ...env,
    NODE_ENV: 'production',
    JWT_SECRET: process.env.BENCH_JWT_SECRET ?? 'bench-jwt-secret-0123456789abcdef-0123456789',
    SMTP_URL: 'smtp://127.0.0.1:9',
    PUBLIC_URL: 'https://bench.habama.example',
  },
});
// Every event in the store is in the views before the load starts…
const head = await marketplace.adapters.eventStore.headPosition();
const caughtUp = await marketplace.projections.waitForPosition(head, 600_000);
if (!caughtUp) throw new Error(`projectors did not reach position ${head} within 10 minutes`);
// …and every other follower (the flows, the notification reactor) has read the log too: otherwise their
// first pass over the seeded log runs during the load and is measured as part of it.
await untilReady(marketplace.url, 600_000, 100);
await serveUntilParentSaysStop(marketplace.url, () => marketplace.close(), { engines: marketplace.adapters.engines, head, reactBuild });
