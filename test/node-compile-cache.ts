import { compileCacheDir } from '../infra/compile-cache.ts';

// Node's module compile cache (infra/compile-cache.ts: the checkout's .cache, unless NODE_COMPILE_CACHE
// names another directory or NODE_DISABLE_COMPILE_CACHE turns it off) for every process and thread of a
// test run, named in the environment before the workers start, so they and the processes and threads
// they start inherit it. web/jsx-hooks.ts turns it on only in its own thread: each Worker a test starts
// from a .ts file (a views.sqlite's WAL checkpointer, an event store's writer thread) loaded Node's
// TypeScript stripper (swc in WebAssembly) anew, ~45 ms of CPU per thread, which the cache's stripped
// code saves. Entries are checked against each file's content, so a changed file is compiled again.
export function useNodeCompileCache(): void {
  const dir = compileCacheDir();
  if (dir !== undefined) process.env.NODE_COMPILE_CACHE = dir;
}
