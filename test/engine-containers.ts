import net from 'node:net';
import type { StartedTestContainer } from 'testcontainers';

// Where the real-engine suites find their servers (DESIGN §2). For each engine, in order:
//   1. the URL in the environment (REDIS_URL, MONGO_URL, KAFKA_BROKERS, EVENTSTORE_URL): what
//      scripts/services/up.sh exports, or any server you point it at;
//   2. a container started through Testcontainers, when a container runtime answers;
//   3. none: the suite is reported skipped, by name, with the reason.
// test/global-setup.ts resolves all four once per run and hands them to the test files (provide/inject);
// test files read them through test/real-engines.ts. This file must not import 'vitest': the global
// setup runs outside the test workers, where vitest's runtime is not available.

export type Engine = 'redis' | 'mongo' | 'kafka' | 'eventstore';
export const engines: readonly Engine[] = ['redis', 'mongo', 'kafka', 'eventstore'];

export type EngineAvailability =
  | { url: string; via: 'env' | 'container'; reason?: undefined }
  | { url: null; via?: undefined; reason: string };

export const engineEnvVar: Record<Engine, string> = {
  redis: 'REDIS_URL',
  mongo: 'MONGO_URL',
  kafka: 'KAFKA_BROKERS',
  eventstore: 'EVENTSTORE_URL',
};

export function fromEnvironment(engine: Engine): string | undefined {
  const value = process.env[engineEnvVar[engine]]?.trim();
  return value ? value : undefined;
}

/** The env var to set, and how to get a server here, for the skip reason. */
export const howToProvide: Record<Engine, string> = {
  redis: 'source scripts/services/up.sh, or start Docker',
  mongo: 'source scripts/services/up.sh (FerretDB), or start Docker',
  kafka: 'source scripts/services/up.sh, or start Docker',
  eventstore: 'no EventStoreDB can be provisioned without Docker: set EVENTSTORE_URL or start Docker',
};

const startedContainers: StartedTestContainer[] = [];
let runtimeProbe: Promise<string | null> | undefined;

/** null when a container runtime answers, else why not. Probed once per process. */
function containerRuntimeUnavailable(): Promise<string | null> {
  if (process.env.REAL_ENGINES_CONTAINERS === '0') {
    return Promise.resolve('Testcontainers disabled by REAL_ENGINES_CONTAINERS=0');
  }
  runtimeProbe ??= import('testcontainers')
    .then(({ getContainerRuntimeClient }) => getContainerRuntimeClient())
    .then(
      () => null,
      (error: unknown) => `no container runtime for Testcontainers (${error instanceof Error ? error.message : String(error)})`,
    );
  return runtimeProbe;
}

/**
 * The URL of a real engine: from the environment, else from a container it starts (kept until
 * stopEngineContainers()), else null with the reason. Used by test/global-setup.ts; test files
 * read the result with realEngine() of test/real-engines.ts.
 */
export async function engineUrl(engine: Engine): Promise<EngineAvailability> {
  const fromEnv = fromEnvironment(engine);
  if (fromEnv) return { url: fromEnv, via: 'env' };
  const unavailable = await containerRuntimeUnavailable();
  if (unavailable) return { url: null, reason: `${engineEnvVar[engine]} is not set and ${unavailable}; ${howToProvide[engine]}` };
  try {
    return { url: await startContainer(engine), via: 'container' };
  } catch (error) {
    return { url: null, reason: `${engineEnvVar[engine]} is not set and its container did not start: ${error instanceof Error ? error.message : String(error)}` };
  }
}

export async function stopEngineContainers(): Promise<void> {
  const containers = startedContainers.splice(0);
  await Promise.allSettled(containers.map((container) => container.stop()));
}

async function startContainer(engine: Engine): Promise<string> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const started = async (container: InstanceType<typeof GenericContainer>): Promise<StartedTestContainer> => {
    const running = await container.withStartupTimeout(180_000).start();
    startedContainers.push(running);
    return running;
  };
  switch (engine) {
    case 'redis': {
      const c = await started(
        new GenericContainer('redis:7.4-alpine')
          .withCommand(['redis-server', '--appendonly', 'yes', '--maxmemory-policy', 'noeviction'])
          .withExposedPorts(6379)
          .withWaitStrategy(Wait.forLogMessage(/Ready to accept connections/)),
      );
      return `redis://${c.getHost()}:${c.getMappedPort(6379)}`;
    }
    case 'mongo': {
      const c = await started(
        new GenericContainer('mongo:8.0').withExposedPorts(27017).withWaitStrategy(Wait.forLogMessage(/Waiting for connections/)),
      );
      return `mongodb://${c.getHost()}:${c.getMappedPort(27017)}/?directConnection=true`;
    }
    case 'kafka': {
      // Kafka tells clients the address to reconnect to, so the host port is chosen first and advertised.
      const hostPort = await freeLoopbackPort();
      const c = await started(
        new GenericContainer('apache/kafka:3.9.1')
          .withEnvironment({
            KAFKA_NODE_ID: '1',
            KAFKA_PROCESS_ROLES: 'broker,controller',
            KAFKA_LISTENERS: 'PLAINTEXT://:9092,CONTROLLER://:9093',
            KAFKA_ADVERTISED_LISTENERS: `PLAINTEXT://localhost:${hostPort}`,
            KAFKA_CONTROLLER_LISTENER_NAMES: 'CONTROLLER',
            KAFKA_LISTENER_SECURITY_PROTOCOL_MAP: 'CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
            KAFKA_CONTROLLER_QUORUM_VOTERS: '1@localhost:9093',
            KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: '1',
            KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: '1',
            KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: '1',
            KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: '0',
          })
          .withExposedPorts({ container: 9092, host: hostPort })
          .withWaitStrategy(Wait.forLogMessage(/Kafka Server started/)),
      );
      return `localhost:${c.getMappedPort(9092)}`;
    }
    case 'eventstore': {
      const c = await started(
        new GenericContainer('eventstore/eventstore:24.10')
          .withEnvironment({
            EVENTSTORE_INSECURE: 'true',
            EVENTSTORE_CLUSTER_SIZE: '1',
            EVENTSTORE_MEM_DB: 'true',
            EVENTSTORE_RUN_PROJECTIONS: 'None',
          })
          .withExposedPorts(2113)
          .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204)),
      );
      return `esdb://${c.getHost()}:${c.getMappedPort(2113)}?tls=false`;
    }
  }
}

function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

