import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_PORTS, startMarketplace, type Marketplace } from './main.ts';
import type { SeedReport } from './seed/seed-demo.ts';
import { randomBytes } from 'node:crypto';
import { realEngine } from './test/real-engines.ts';
import type { MongoViewStore } from './infra/view-store/mongo-view-store.ts';

// GET /health/live and /health/ready over HTTP, on the product as `npm start` runs it and on a service
// alone. Ready means: the demo seed finished and the views caught up with the store's head.
const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent' } as const;

async function health(url: string, path: 'live' | 'ready') {
  const response = await fetch(new URL(`/health/${path}`, url));
  return { status: response.status, type: response.headers.get('content-type') ?? '', body: await response.json() as any };
}

/**
 * The healthcheck commands Docker would run (they cannot run here: no Docker), taken from
 * docker-compose.yml and the Dockerfile and run with this Node against `url`: exit code 0 = healthy.
 */
function dockerHealthchecks(): Array<{ from: string; argv: string[] }> {
  const compose = readFileSync(new URL('./docker-compose.yml', import.meta.url), 'utf8');
  const composeTest = compose.match(/x-healthcheck: &healthcheck\n\s+test: (\[.*\])\n/);
  const dockerfileTest = readFileSync(new URL('./Dockerfile', import.meta.url), 'utf8').match(/HEALTHCHECK [^\n]*\\\n\s+CMD (\[.*\])\n/);
  expect(composeTest, 'the healthcheck of docker-compose.yml').not.toBeNull();
  expect(dockerfileTest, 'the HEALTHCHECK of the Dockerfile').not.toBeNull();
  const exec = (form: string) => (JSON.parse(form) as string[]).filter((word, index) => !(index === 0 && word === 'CMD'));
  return [
    { from: 'docker-compose.yml', argv: exec(composeTest![1]!) },
    { from: 'Dockerfile', argv: exec(dockerfileTest![1]!) },
  ];
}

async function healthcheckExitCodes(url: string): Promise<Record<string, number | null>> {
  const port = new URL(url).port;
  return Object.fromEntries(await Promise.all(dockerHealthchecks().map(async ({ from, argv }) => {
    expect(argv[0]).toBe('node');
    // Not spawnSync: the server answering the probe runs in this very process.
    const child = spawn(process.execPath, argv.slice(1), { env: { PORT: port }, stdio: 'ignore', timeout: 20_000 });
    const code = await new Promise<number | null>((resolve) => child.once('exit', (exitCode) => resolve(exitCode)));
    return [from, code] as const;
  })));
}

const checkNames = (body: { checks: Array<{ name: string }> }) => body.checks.map((check) => check.name).sort();

describe('health endpoints', () => {
  it('every service of docker-compose.yml sets the PORT its healthcheck probes: the port it listens on alone', () => {
    const compose = readFileSync(new URL('./docker-compose.yml', import.meta.url), 'utf8');
    for (const [service, port] of Object.entries(DEFAULT_PORTS)) {
      const block = new RegExp(`\\n  ${service}:\\n((?:    .*\\n|\\n)+)`).exec(compose)?.[1];
      expect(block, `the ${service} service in docker-compose.yml`).toBeDefined();
      expect(block, service).toContain('healthcheck: *healthcheck');
      expect(/\n\s+PORT: (\d+)/.exec(`\n${block}`)?.[1], `PORT of ${service}`).toBe(String(port));
    }
  });

  const dirs: string[] = [];
  const running: Marketplace[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'marketplace-health-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(async () => {
    for (const marketplace of running) await marketplace.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('is live at once, not ready while the demo seed runs, and ready once it finished and the views caught up', async () => {
    let url = '';
    let listening: () => void = () => {};
    const listens = new Promise<void>((resolve) => { listening = resolve; });
    let releaseSeed: () => void = () => {};
    const seedGate = new Promise<void>((resolve) => { releaseSeed = resolve; });
    // A slow seed: it writes through the command API like the real one, then waits to be let go.
    const slowSeed = async (options: { baseUrl: string }): Promise<SeedReport> => {
      const registered = await fetch(new URL('/api/user/register', options.baseUrl), {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'seeding@example.com', password: 'a-long-password', fullName: 'Seed Person', locale: 'he-IL' }),
      });
      expect(registered.status).toBe(201);
      await seedGate;
      return { vendors: 0, products: 0, articles: 0, firstVendorId: '' };
    };
    const starting = startMarketplace({
      port: 0, dataDir: dataDir(), env, seed: true, seedDemo: slowSeed,
      onListening: (address) => { url = address; listening(); },
    });
    await listens;

    const live = await health(url, 'live');
    expect(live).toMatchObject({ status: 200, body: { status: 'live' } });
    let notReady = await health(url, 'ready');
    expect(notReady.status).toBe(503);
    expect(notReady.type).toContain('application/problem+json');
    expect(notReady.body).toMatchObject({ status: 503, code: 'not-ready' });
    expect(notReady.body.checks).toContainEqual({ name: 'seed', ready: false, detail: 'seeding the demo marketplace' });
    expect(notReady.body.detail).toContain('seed (seeding the demo marketplace)');
    // The seed's write is in the store: the views catch up with it (and the storefront is built) while
    // the seed still runs; the seed alone keeps the service from being ready.
    const pending = (body: { checks: Array<{ name: string; ready: boolean }> }) => body.checks.filter((check) => !check.ready).map((check) => check.name);
    for (let tries = 0; tries < 200 && pending(notReady.body).length > 1; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      notReady = await health(url, 'ready');
    }
    expect(notReady.status).toBe(503);
    expect(pending(notReady.body)).toEqual(['seed']);
    expect(await healthcheckExitCodes(url)).toEqual({ 'docker-compose.yml': 1, Dockerfile: 1 });

    releaseSeed();
    const marketplace = await starting;
    running.push(marketplace);
    const ready = await health(url, 'ready');
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('ready');
    expect(checkNames(ready.body)).toEqual(['event-store', 'flow:order-refunds', 'flow:order-slot-release', 'flow:quote-acceptance', 'flow:receipts', 'notifications', 'projections', 'seed', 'views', 'web']);
    for (const check of ready.body.checks) expect(check.ready).toBe(true);
    expect(ready.body.checks.find((check: { name: string }) => check.name === 'projections').detail).toMatch(/^caught up at position \d+$/);
    expect(await healthcheckExitCodes(url)).toEqual({ 'docker-compose.yml': 0, Dockerfile: 0 });
  }, 120_000);

  const mongo = realEngine('mongo');
  const redis = realEngine('redis');
  const missing = [mongo, redis].flatMap((engine) => (engine.url === null ? [engine.reason] : []));
  it.skipIf(missing.length > 0)(`a service alone reports what it runs: the command API its event store, the projectors their catch-up${missing.length ? ` (skipped: ${missing.join('; ')})` : ''}`, async () => {
    const alone = { ...env, MONGO_URL: mongo.url!, REDIS_URL: redis.url!, MONGO_DB: `health_${randomBytes(4).toString('hex')}`, NAMESPACE: `health_${randomBytes(4).toString('hex')}`, JWT_SECRET: randomBytes(32).toString('hex') };
    const dir = dataDir();
    const commandApi = await startMarketplace({ services: ['command-api'], port: 0, dataDir: dir, env: alone, seed: false });
    running.push(commandApi);
    const apiReady = await health(commandApi.url, 'ready');
    expect(apiReady.status).toBe(200);
    // Its log holds only its own name; the shared engines it uses are checked too.
    expect(apiReady.body.checks).toEqual([
      { name: 'mongodb', ready: true, detail: expect.stringMatching(/^answers \(\d+ checkpoints\)$/) },
      { name: 'redis', ready: true, detail: 'answers PONG' },
      { name: 'event-store', ready: true, detail: 'head at position 1' },
    ]);

    // The projectors have no API: their process serves /health/* alone.
    const projectors = await startMarketplace({ services: ['projectors'], port: 0, dataDir: dir, env: alone });
    running.push(projectors);
    expect((await health(projectors.url, 'live')).status).toBe(200);
    const projectorsReady = await health(projectors.url, 'ready');
    expect(projectorsReady.status).toBe(200);
    expect(checkNames(projectorsReady.body)).toEqual(['mongodb', 'projections', 'redis']);
    expect((await fetch(new URL('/api/openapi.json', projectors.url))).status).toBe(404);
    await (projectors.adapters.viewStore as MongoViewStore).db.dropDatabase();
  }, 60_000);

  it('the embedded product restarted on a store with events is ready once the views replayed it', async () => {
    const dir = dataDir();
    const seededOnce = await startMarketplace({ port: 0, dataDir: dir, env, seed: true, seedDemo: async (options) => {
      for (const n of [1, 2, 3]) {
        await fetch(new URL('/api/user/register', options.baseUrl), {
          method: 'POST', headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: `replayed${n}@example.com`, password: 'a-long-password', fullName: `Replayed ${n}`, locale: 'en-US' }),
        });
      }
      return { vendors: 0, products: 0, articles: 0, firstVendorId: '' };
    } });
    const head = await seededOnce.adapters.eventStore.headPosition();
    await seededOnce.close();

    const restarted = await startMarketplace({ port: 0, dataDir: dir, env, seed: true });
    running.push(restarted);
    expect(restarted.seeded).toBeNull();
    let ready = await health(restarted.url, 'ready');
    for (let tries = 0; tries < 200 && ready.status !== 200; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      ready = await health(restarted.url, 'ready');
    }
    expect(ready.status).toBe(200);
    // No seed on a store that has events, so no seed check.
    expect(checkNames(ready.body)).toEqual(['event-store', 'flow:order-refunds', 'flow:order-slot-release', 'flow:quote-acceptance', 'flow:receipts', 'notifications', 'projections', 'views', 'web']);
    expect(restarted.projections.stats().position).toBeGreaterThanOrEqual(head);
  }, 120_000);
});
