import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../free-port.ts';

// The fault suite's own engines: a Redis, a Mongo-wire server (FerretDB) and a Kafka broker started with
// scripts/services/ (as .ci/run starts the shared ones) on free ports, with their data under the run's
// directory, so that stopping one for a while disturbs no other suite and nothing else disturbs it.

const run = promisify(execFile);
const SCRIPTS = resolve(import.meta.dirname, '../../scripts/services');

export type EngineName = 'redis' | 'ferretdb' | 'kafka';

export interface Engines {
  redisUrl: string;
  mongoUrl: string;
  kafkaBrokers: string;
  /** Stops the engine (its data stays), as an outage: SIGTERM, or SIGKILL for Kafka, as a crash would. */
  stop(engine: EngineName): Promise<void>;
  /** Starts it again on the same port and data. */
  start(engine: EngineName): Promise<void>;
  close(): Promise<void>;
}

export async function startEngines(dir: string): Promise<Engines> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SERVICES_STATE_DIR: join(dir, 'engines'),
    REDIS_PORT: String(await freePort()),
    FERRETDB_PORT: String(await freePort()),
    KAFKA_PORT: String(await freePort()),
    KAFKA_CONTROLLER_PORT: String(await freePort()),
    KAFKA_HEAP: '384m',
  };
  const script = async (engine: EngineName, action: string): Promise<string> =>
    (await run('bash', [join(SCRIPTS, `${engine}.sh`), action], { env, timeout: 300_000 })).stdout;
  const exported = (stdout: string, name: string): string => {
    const found = new RegExp(`${name}=(\\S+)`).exec(stdout);
    if (!found) throw new Error(`scripts/services did not export ${name}: ${stdout}`);
    return found[1]!;
  };
  const [redis, ferretdb, kafka] = await Promise.all([script('redis', 'start'), script('ferretdb', 'start'), script('kafka', 'start')]);
  return {
    redisUrl: exported(redis, 'REDIS_URL'),
    mongoUrl: exported(ferretdb, 'MONGO_URL'),
    kafkaBrokers: exported(kafka, 'KAFKA_BROKERS'),
    async stop(engine) {
      await script(engine, engine === 'kafka' ? 'kill' : 'stop');
    },
    async start(engine) {
      await script(engine, 'start');
    },
    async close() {
      await Promise.all((['redis', 'ferretdb', 'kafka'] as const).map((engine) => script(engine, engine === 'kafka' ? 'kill' : 'stop').catch(() => undefined)));
    },
  };
}
