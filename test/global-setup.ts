import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { engineEnvVar, engineUrl, engines, stopEngineContainers } from './engine-containers.ts';
import type { Engine, EngineAvailability } from './engine-containers.ts';
import type {} from './real-engines.ts'; // the ProvidedContext typing of provide('realEngines')
import { DEMO_DATA_TEMPLATE_VAR } from './demo-data-dir.ts';
// sharp (libvips) in the run's main process: the unit and browser tiers load it in worker threads
// (vitest.config.ts), and on glibc a native library a worker opened first is unloaded when that
// worker ends, which can crash the process; held here, it stays loaded for the whole run (sharp's
// documentation on worker threads).
import 'sharp';

// Hands the URLs of real engines to the suites, once per run. A suite for a real engine runs when its
// URL is set (EVENTSTORE_URL, MONGO_URL, REDIS_URL, KAFKA_BROKERS), else against a container started
// here through Testcontainers when a container runtime answers, else it reports itself skipped by name
// with the reason. Test files read the result with realEngine()/describeWithEngine() (test/real-engines.ts).
//
// The engine URLs are then taken OUT of the environment the test workers inherit: `.ci/run` exports them
// for the whole run, and a test that starts the product from process.env (main.ts, a CLI child) would
// otherwise put its views and cache on the one shared Redis and Mongo database — mixed with parallel
// test files and with earlier runs. Tests stay on the embedded adapters unless they ask for an engine.
//
// Vitest runs a global setup once per project (the tiers of vitest.config.ts), each in a module instance
// of its own, so the engines are found once per run and kept on globalThis: the later projects get the
// same URLs (the environment no longer has them) and the containers are stopped once.
//
// The tiers that start the seeded product get a place for the run's demo data template
// (test/demo-data-dir.ts), named in the environment the workers inherit (after the engine URLs left it,
// so the template is the embedded stores' data); the first file that needs it seeds it.
const shared = globalThis as { marketplaceRealEngines?: Promise<Record<Engine, EngineAvailability>>; marketplaceDemoTemplate?: Promise<string> };
const tiersStartingTheProduct = new Set(['browser', 'full-stack']);

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const first = shared.marketplaceRealEngines === undefined;
  shared.marketplaceRealEngines ??= (async () => {
    const found = await Promise.all(engines.map(async (engine) => [engine, await engineUrl(engine)] as const));
    for (const engine of engines) delete process.env[engineEnvVar[engine]];
    return Object.fromEntries(found) as Record<Engine, EngineAvailability>;
  })();
  project.provide('realEngines', await shared.marketplaceRealEngines);
  const teardowns: (() => Promise<void>)[] = first ? [stopEngineContainers] : [];
  if (tiersStartingTheProduct.has(project.name) && !process.env[DEMO_DATA_TEMPLATE_VAR] && !shared.marketplaceDemoTemplate) {
    shared.marketplaceDemoTemplate = mkdtemp(join(tmpdir(), 'demo-data-'));
    const home = await shared.marketplaceDemoTemplate;
    process.env[DEMO_DATA_TEMPLATE_VAR] = join(home, 'template');
    teardowns.push(async () => {
      delete process.env[DEMO_DATA_TEMPLATE_VAR];
      await rm(home, { recursive: true, force: true });
    });
  }
  return async () => { for (const teardown of teardowns) await teardown(); };
}
