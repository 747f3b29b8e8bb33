import type { ChildProcess } from 'node:child_process';
import { exited, forkChild, nextMessage, tellParent, parentSays, type ChildOptions } from './child-process.ts';

// A server under test in its own process. The child calls `serveUntilParentSaysStop`; the parent
// calls `startServerProcess` and gets its URL, its resident memory on demand, and a stop.

export interface ServerReady { kind: 'listening'; url: string; info?: Record<string, unknown> }
/** Bytes: the resident set now, the live heap, and the highest resident set so far (getrusage maxRSS). */
export interface ServerMemory { rss: number; heapUsed: number; peakRss: number }
interface MemoryAnswer extends ServerMemory { kind: 'memory' }

export interface ServerProcess {
  url: string;
  info: Record<string, unknown>;
  pid: number;
  memory(): Promise<ServerMemory>;
  stop(): Promise<void>;
}

const isReady = (message: unknown): message is ServerReady => (message as ServerReady | null)?.kind === 'listening';
const isMemory = (message: unknown): message is MemoryAnswer => (message as MemoryAnswer | null)?.kind === 'memory';

export async function startServerProcess(script: string, options: ChildOptions = {}): Promise<ServerProcess> {
  const child = forkChild(script, options);
  return serverProcessOf(child, await nextMessage(child, isReady));
}

/**
 * Waits until the server at `url` answers GET /health/ready with 200 (every follower caught up), asking
 * every `pollMs`; past `timeoutMs` it fails with the last readiness answer.
 */
export async function untilReady(url: string, timeoutMs: number, pollMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const answer = await fetch(new URL('/health/ready', url)).catch(() => undefined);
    const report = await answer?.text();
    if (answer?.status === 200) return;
    if (performance.now() > deadline) throw new Error(`not ready within ${timeoutMs / 1000} s: ${report ?? 'no answer'}`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/** Waits for a forked server child's ready message (`listening`), e.g. after timing what came before it. */
export const serverReady = (child: ChildProcess): Promise<ServerReady> => nextMessage(child, isReady);

/** The handle of a server child that announced itself ready. */
export function serverProcessOf(child: ChildProcess, ready: ServerReady): ServerProcess {
  return {
    url: ready.url,
    info: ready.info ?? {},
    pid: child.pid!,
    async memory() {
      const answer = nextMessage(child, isMemory);
      child.send({ kind: 'memory?' });
      const { rss, heapUsed, peakRss } = await answer;
      return { rss, heapUsed, peakRss };
    },
    async stop() {
      child.send({ kind: 'stop' });
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited(child);
      clearTimeout(timer);
    },
  };
}

/** In the server child: announce the URL, answer memory questions, close and exit when told. */
export async function serveUntilParentSaysStop(url: string, close: () => Promise<void>, info: Record<string, unknown> = {}): Promise<void> {
  process.on('message', (message: unknown) => {
    if ((message as { kind?: string } | null)?.kind !== 'memory?') return;
    globalThis.gc?.();
    const usage = process.memoryUsage();
    tellParent({ kind: 'memory', rss: usage.rss, heapUsed: usage.heapUsed, peakRss: process.resourceUsage().maxRSS * 1024 } satisfies MemoryAnswer);
  });
  process.once('disconnect', () => process.exit(0));
  tellParent({ kind: 'listening', url, info });
  await parentSays('stop');
  await close();
  process.exit(0);
}
