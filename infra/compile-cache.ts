import { fileURLToPath } from 'node:url';

// Where this checkout's processes keep Node's module compile cache (and, beside it, the storefront
// modules as esbuild transformed them, web/jsx-transform-cache.ts): in the checkout's `.cache`, which
// git ignores, like the storefront's built assets (web/client-assets-cache.ts). Not the temporary
// directory Node uses by default: what is kept there is code this process runs, and on a shared
// machine another user could have made that directory first and written into it.
export const DEFAULT_COMPILE_CACHE_DIR = fileURLToPath(new URL('../.cache/node-compile-cache/', import.meta.url));

/**
 * The compile cache's directory for this environment: NODE_COMPILE_CACHE where it names one, none where
 * NODE_DISABLE_COMPILE_CACHE turns it off (as Node reads both), else DEFAULT_COMPILE_CACHE_DIR.
 */
export function compileCacheDir(environment: NodeJS.ProcessEnv = process.env): string | undefined {
  if (environment.NODE_DISABLE_COMPILE_CACHE) return undefined;
  return environment.NODE_COMPILE_CACHE || DEFAULT_COMPILE_CACHE_DIR;
}
