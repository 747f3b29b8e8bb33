import type { TestProject } from 'vitest/node';
import { engineEnvVar, engineUrl, engines, stopEngineContainers } from './engine-containers.ts';
import type { Engine, EngineAvailability } from './engine-containers.ts';
import type {} from './real-engines.ts'; // the ProvidedContext typing of provide('realEngines')

// Hands the URLs of real engines to the suites, once per run. A suite for a real engine runs when its
// URL is set (EVENTSTORE_URL, MONGO_URL, REDIS_URL, KAFKA_BROKERS), else against a container started
// here through Testcontainers when a container runtime answers, else it reports itself skipped by name
// with the reason. Test files read the result with realEngine()/describeWithEngine() (test/real-engines.ts);
// container URLs are also put in the environment, which the test workers inherit.
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const found = await Promise.all(engines.map(async (engine) => [engine, await engineUrl(engine)] as const));
  const realEngines = Object.fromEntries(found) as Record<Engine, EngineAvailability>;
  for (const [engine, availability] of found) {
    if (availability.via === 'container') process.env[engineEnvVar[engine]] = availability.url;
  }
  project.provide('realEngines', realEngines);
  return stopEngineContainers;
}
