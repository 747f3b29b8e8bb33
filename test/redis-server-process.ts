import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

// A redis-server owned by one test file, for the failure tests: it can be killed (SIGKILL, as a crash)
// and started again on the same port and data. Append-only with fsync on every write, so what was
// acknowledged before the kill is there after the restart — as in scripts/services/redis.sh.

/** Path of redis-server when it is on PATH (Debian's redis-server package; scripts/services/redis.sh installs it). */
export const redisServerBinary: string | undefined = (process.env.PATH ?? '')
  .split(path.delimiter)
  .map((dir) => path.join(dir, 'redis-server'))
  .find((candidate) => {
    try {
      accessSync(candidate, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });

export interface RedisServerProcess {
  readonly url: string;
  readonly port: number;
  /** SIGKILL, and wait until the process is gone. */
  kill(): Promise<void>;
  /** Starts it again on the same port and data directory, and waits for PING. */
  restart(): Promise<void>;
  /** Stops it and removes its data. */
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    let reply = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString();
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'));
    });
  });
}

async function waitForPing(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`);
    if (await answersPing(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`redis-server on port ${port} did not answer PING within 20 s`);
}

export async function startRedisServer(): Promise<RedisServerProcess> {
  if (!redisServerBinary) throw new Error('redis-server is not on PATH');
  const binary = redisServerBinary;
  const dir = mkdtempSync(path.join(tmpdir(), 'redis-test-'));
  const port = await freePort();
  let child: ChildProcess;

  const launch = async () => {
    child = spawn(binary, [
      '--bind', '127.0.0.1', '--port', String(port), '--dir', dir, '--save', '',
      '--appendonly', 'yes', '--appendfsync', 'always', '--maxmemory-policy', 'noeviction',
    ], { stdio: 'ignore' });
    await waitForPing(port, child);
  };
  const exited = (process: ChildProcess) =>
    process.exitCode !== null || process.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => process.once('exit', () => resolve()));

  await launch();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async restart() {
      await launch();
    },
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
