import type { TestProject } from 'vitest/node';
import { engineEnvVar, engineUrl, engines, stopEngineContainers } from './engine-containers.ts';
import type { Engine, EngineAvailability } from './engine-containers.ts';
import type {} from './real-engines.ts'; // the ProvidedContext typing of provide('realEngines')

// Hands the URLs of real engines to the suites, once per run. A suite for a real engine runs when its
// URL is set (EVENTSTORE_URL, MONGO_URL, REDIS_URL, KAFKA_BROKERS), else against a container started
// here through Testcontainers when a container runtime answers, else it reports itself skipped by name
// with the reason. Test files read the result with realEngine()/describeWithEngine() (test/real-engines.ts).
//
// The engine URLs are then taken OUT of the environment the test workers inherit: `.ci/run` exports them
// for the whole run, and a test that starts the product from process.env (main.ts, a CLI child) would
// otherwise put its views and cache on the one shared Redis and Mongo database — mixed with parallel
// test files and with earlier runs. Tests stay on the embedded adapters unless they ask for an engine.
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const found = await Promise.all(engines.map(async (engine) => [engine, await engineUrl(engine)] as const));
  const realEngines = Object.fromEntries(found) as Record<Engine, EngineAvailability>;
  for (const engine of engines) delete process.env[engineEnvVar[engine]];
  project.provide('realEngines', realEngines);
  return stopEngineContainers;
}
