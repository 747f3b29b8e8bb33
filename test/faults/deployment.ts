import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Engines } from './engines.ts';
import { freePort } from '../free-port.ts';

// A deployment as docker-compose.yml runs one, each service its own process (`node main.ts <services>`),
// on the suite's own engines and one shared node:sqlite event file: two API nodes (web, command API and
// query API in one process each), two projectors (one holds the lease, one stands by), the worker (the
// notification reactor, the job worker and the flows) and the relay. Processes can be killed with
// SIGKILL and started again on the same data, as a crash and a supervisor's restart would.

const ROOT = resolve(import.meta.dirname, '../..');

export type ProcessName = 'api1' | 'api2' | 'projectors1' | 'projectors2' | 'worker' | 'relay';

const SERVICES_OF: Record<ProcessName, string> = {
  api1: 'web,command-api,query-api',
  api2: 'web,command-api,query-api',
  projectors1: 'projectors',
  projectors2: 'projectors',
  worker: 'worker',
  relay: 'relay',
};

export const PROCESS_NAMES = Object.keys(SERVICES_OF) as ProcessName[];

interface Running {
  child: ChildProcess;
  /** What the process printed, the last 4 MB of it (activation links are read from here). */
  output: string;
}

export interface Readiness {
  status: number;
  /** Names of the checks that failed (empty when ready). */
  failing: string[];
  /** Each check's detail by name ("standing by while …", "caught up at position 812"). */
  details: Record<string, string>;
}

/** A one-off command of the deployment (npm run views:rebuild, say), on its engines and data. */
export interface ToolRun {
  /** Resolves when it exits, with its exit code (null: killed) and what it printed. */
  readonly exited: Promise<{ code: number | null; output: string }>;
  output(): string;
  /** SIGKILL, as a crash would. */
  kill(): Promise<void>;
}

export interface Deployment {
  readonly env: Record<string, string>;
  readonly dataDir: string;
  readonly urls: Record<ProcessName, string>;
  start(name: ProcessName): Promise<void>;
  /** SIGKILL: no shutdown, no checkpoint saved, no lease released. */
  kill(name: ProcessName): Promise<void>;
  running(name: ProcessName): boolean;
  readiness(name: ProcessName): Promise<Readiness>;
  /** Resolves once every running process answers ready (throws after the timeout, naming who is not). */
  allReady(timeoutMs: number): Promise<void>;
  /** Runs a script of the repository (`projectors/rebuild-cli.ts`) with the deployment's environment. */
  runTool(script: string, args?: string[]): ToolRun;
  /** What the processes printed, for activation links. */
  output(): string;
  close(): Promise<void>;
}

export async function startDeployment(options: { engines: Engines; dir: string; feed: 'kafka' | 'store'; namespace: string }): Promise<Deployment> {
  const { engines, dir, namespace } = options;
  const dataDir = join(dir, `data-${namespace}`);
  const ports = Object.fromEntries(await Promise.all(PROCESS_NAMES.map(async (name) => [name, await freePort()] as const))) as Record<ProcessName, number>;
  const urls = Object.fromEntries(PROCESS_NAMES.map((name) => [name, `http://127.0.0.1:${ports[name]}`])) as Record<ProcessName, string>;
  const env: Record<string, string> = {
    NODE_ENV: 'development', SEED_DEMO: 'false', LOG_LEVEL: 'info', HOST: '127.0.0.1', DATA_DIR: dataDir,
    MONGO_URL: engines.mongoUrl, MONGO_DB: namespace, REDIS_URL: engines.redisUrl, KAFKA_BROKERS: engines.kafkaBrokers,
    EVENT_FEED: options.feed, NAMESPACE: namespace, JWT_SECRET: randomBytes(32).toString('hex'),
    // The load's clients come from many addresses, as the suite's requests say in X-Forwarded-For.
    TRUST_PROXY: 'loopback',
  };
  const running = new Map<ProcessName, Running>();
  const logs = new Map<ProcessName, WriteStream>();

  async function start(name: ProcessName): Promise<void> {
    if (running.has(name)) throw new Error(`${name} is running already`);
    const log = logs.get(name) ?? createWriteStream(join(dir, `${namespace}-${name}.log`), { flags: 'a' });
    logs.set(name, log);
    const child = spawn(process.execPath, ['--import', './web/jsx-hooks.ts', 'main.ts', SERVICES_OF[name]], {
      cwd: ROOT, env: { ...process.env, ...env, PORT: String(ports[name]) }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    const state: Running = { child, output: '' };
    running.set(name, state);
    const take = (chunk: Buffer) => {
      log.write(chunk);
      state.output = (state.output + chunk.toString()).slice(-4_000_000);
    };
    child.stdout!.on('data', take);
    child.stderr!.on('data', take);
    child.once('exit', () => {
      if (running.get(name) === state) running.delete(name);
    });
    await new Promise<void>((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`${name} did not listen within 120 s:\n${state.output.slice(-3000)}`)), 120_000);
      const listening = () => {
        if (!/(Service|Services) [a-z, -]+ on http/.test(state.output)) return;
        clearTimeout(timer);
        child.stdout!.off('data', listening);
        done();
      };
      child.stdout!.on('data', listening);
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        fail(new Error(`${name} exited (${code ?? signal}) while starting:\n${state.output.slice(-3000)}`));
      });
    });
  }

  async function kill(name: ProcessName): Promise<void> {
    const state = running.get(name);
    if (!state) return;
    await new Promise<void>((done) => {
      state.child.once('exit', () => done());
      state.child.kill('SIGKILL');
    });
    running.delete(name);
  }

  async function readiness(name: ProcessName): Promise<Readiness> {
    const response = await fetch(new URL('/health/ready', urls[name]), { signal: AbortSignal.timeout(5000) });
    const body = await response.json() as { checks?: Array<{ name: string; ready: boolean; detail: string }> };
    const checks = body.checks ?? [];
    return { status: response.status, failing: checks.filter((check) => !check.ready).map((check) => check.name), details: Object.fromEntries(checks.map((check) => [check.name, check.detail])) };
  }

  function runTool(script: string, args: string[] = []): ToolRun {
    const child = spawn(process.execPath, ['--import', './web/jsx-hooks.ts', script, ...args], {
      cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const log = createWriteStream(join(dir, `${namespace}-tools.log`), { flags: 'a' });
    const take = (chunk: Buffer) => {
      log.write(chunk);
      output += chunk.toString();
    };
    child.stdout!.on('data', take);
    child.stderr!.on('data', take);
    const exited = new Promise<{ code: number | null; output: string }>((done) => child.once('exit', (code) => {
      log.end();
      done({ code, output });
    }));
    return {
      exited,
      output: () => output,
      async kill() {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        await exited;
      },
    };
  }

  return {
    env, dataDir, urls, start, kill, runTool,
    running: (name) => running.has(name),
    readiness,
    async allReady(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      let last = '';
      for (;;) {
        const states = await Promise.all([...running.keys()].map(async (name) => [name, await readiness(name).catch((error: Error): Readiness => ({ status: 0, failing: [error.message], details: {} }))] as const));
        const waiting = states.filter(([, state]) => state.status !== 200);
        if (waiting.length === 0) return;
        last = waiting.map(([name, state]) => `${name} (${state.status}: ${state.failing.map((check) => `${check}: ${state.details[check] ?? ''}`).join(', ')})`).join('; ');
        if (Date.now() > deadline) throw new Error(`not ready after ${timeoutMs} ms: ${last}`);
        await new Promise((done) => setTimeout(done, 500));
      }
    },
    output: () => [...running.values()].map((state) => state.output).join('\n'),
    async close() {
      await Promise.all([...running.keys()].map((name) => kill(name)));
      for (const log of logs.values()) log.end();
    },
  };
}
