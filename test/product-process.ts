import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

// The product as `npm start` runs it, in a child process on a data directory, for the tests that kill
// it (test/crash.test.ts, test/held-slot-kill.test.ts): started, killed with SIGKILL, stopped gently.

const ROOT = resolve(import.meta.dirname, '..');

/**
 * `main.ts` in a child on `dataDir` with the demo seed, `env` added to the test's environment: resolves
 * once it printed its banner (after seeding, on the first start).
 */
export function startProduct(dataDir: string, port: number, env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', './web/jsx-hooks.ts', 'main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'error', SEED_DEMO: 'true', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((done, fail) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error(`the product did not start in 150 s:\n${output.slice(-3000)}`)), 150_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk;
      if (/Marketplace on http/.test(output)) {
        clearTimeout(timer);
        done(child);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => { output += chunk; });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      fail(new Error(`the product exited (${code ?? signal}) while starting:\n${output.slice(-3000)}`));
    });
  });
}

/** SIGKILL: nothing in memory survives, nothing is flushed. */
export function killHard(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', () => done());
    child.kill('SIGKILL');
  });
}

/** SIGTERM, and SIGKILL if it has not exited 20 s later. */
export function stopGently(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    const force = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('exit', () => { clearTimeout(force); done(); });
    child.kill('SIGTERM');
  });
}
