import { describe, inject } from 'vitest';
import { engineEnvVar, fromEnvironment, howToProvide } from './engine-containers.ts';
import type { Engine, EngineAvailability } from './engine-containers.ts';

// What the real-engine suites use to find their servers (DESIGN §2). For each engine, in order:
//   1. the URL in the environment (REDIS_URL, MONGO_URL, KAFKA_BROKERS, EVENTSTORE_URL): what
//      scripts/services/up.sh exports, or any server you point it at;
//   2. a container started through Testcontainers by test/global-setup.ts, when a container runtime answers;
//   3. none: the suite is reported skipped, by name, with the reason.
export { engineEnvVar, engineUrl, engines, stopEngineContainers } from './engine-containers.ts';
export type { Engine, EngineAvailability } from './engine-containers.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    realEngines: Record<Engine, EngineAvailability>;
  }
}

/**
 * What test/global-setup.ts found for this engine (synchronous, for describe.skipIf at collection).
 * Without the global setup (another config), falls back to the environment variable alone.
 */
export function realEngine(engine: Engine): EngineAvailability {
  let provided: Record<Engine, EngineAvailability> | undefined;
  try {
    provided = inject('realEngines');
  } catch {
    provided = undefined;
  }
  const found = provided?.[engine];
  if (found) return found;
  const fromEnv = fromEnvironment(engine);
  return fromEnv ? { url: fromEnv, via: 'env' } : { url: null, reason: `${engineEnvVar[engine]} is not set; ${howToProvide[engine]}` };
}

/**
 * A describe block that runs against a real engine, or is reported skipped with the reason in its
 * name. The body runs at collection even when skipped, so connect in beforeAll, never at top level:
 *
 *   describeWithEngine('redis', 'RedisCache', (url) => { cacheConformance('redis', () => openRedisCache({ url })) });
 */
export function describeWithEngine(engine: Engine, name: string, body: (url: string) => void): void {
  const availability = realEngine(engine);
  if (availability.url !== null) {
    const url = availability.url;
    describe(`${name} on ${engine} (${availability.via === 'env' ? engineEnvVar[engine] : 'Testcontainers'})`, () => body(url));
  } else {
    describe.skipIf(true)(`${name} on ${engine} (skipped: ${availability.reason})`, () => body(''));
  }
}
