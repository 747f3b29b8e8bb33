import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// Every server under test, every load generator and every in-process figure runs in its own Node
// process: the load generator never shares an event loop with the server, and one figure's heap
// never weighs on the next. Parent and child speak over the IPC channel of `fork`.

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));
/** Node flags that let a child import .tsx (the web app) the way `npm start` does. */
const tsxHooks = ['--import', './web/jsx-hooks.ts'];

export interface ChildOptions {
  args?: string[];
  env?: Record<string, string>;
  /** Extra Node flags, e.g. --cpu-prof. */
  execArgv?: string[];
  /** Whether the child may import .tsx (costs the esbuild hook's start-up). */
  jsx?: boolean;
}

export function forkChild(script: string, options: ChildOptions = {}): ChildProcess {
  return fork(script, options.args ?? [], {
    cwd: repoRoot,
    execArgv: [...(options.jsx === false ? [] : tsxHooks), ...(options.execArgv ?? [])],
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

/** Resolves with the first message of the child that passes `accept`; rejects if it exits first. */
export function nextMessage<M>(child: ChildProcess, accept: (message: unknown) => message is M): Promise<M> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: unknown) => {
      if (!accept(message)) return;
      cleanup();
      resolve(message);
    };
    const onExit = (code: number | null, signal: string | null) => {
      cleanup();
      reject(new Error(`child ${child.pid} exited (code ${code}, signal ${signal}) before answering`));
    };
    const cleanup = () => {
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Sends a message to the parent (no-op when run by hand, without IPC). */
export function tellParent(message: unknown): void {
  process.send?.(message);
}

/** Resolves when the parent sends `{ kind }`. */
export function parentSays(kind: string): Promise<void> {
  return new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      if ((message as { kind?: string } | null)?.kind !== kind) return;
      process.off('message', onMessage);
      resolve();
    };
    process.on('message', onMessage);
  });
}
