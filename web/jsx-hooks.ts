// Node 24 strips TypeScript types itself but does not understand JSX. These in-thread module hooks
// hand only `.tsx` files to esbuild (already a dependency for the browser bundle), so `node main.ts`
// can import the React server renderer without a build step. In production they also point
// react-router at its production build (web/react-router-production.ts).
import { enableCompileCache, getCompileCacheDir, registerHooks } from 'node:module';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { transformSync, version as esbuildVersion, type TransformOptions } from 'esbuild';
import { jsxTransformCache } from './jsx-transform-cache.ts';
import { compileCacheDir } from '../infra/compile-cache.ts';
import { productionBuildOf, REACT_ROUTER_SPECIFIER } from './react-router-production.ts';

// Node's module compile cache for what loads after these hooks (main.ts and everything it imports): a
// start takes each module's TypeScript stripped and its code compiled by V8 from an earlier start
// instead of doing both again (with the kept .tsx transforms below, loading main.ts took 1.0-1.2 CPU-s
// instead of 1.6-1.8; a first start's rebuild waits for it). In the checkout's .cache, as the rebuild's
// helper process (infra/compile-cache.ts), unless NODE_COMPILE_CACHE names another directory or
// NODE_DISABLE_COMPILE_CACHE turns it off. A module whose source changed is compiled again (the cache
// checks each one's content); a directory this process cannot write leaves it off.
const cacheDir = compileCacheDir();
if (cacheDir) enableCompileCache(cacheDir);

// Read once: React and the router pick their build when first imported.
const production = process.env.NODE_ENV === 'production';

const TSX: TransformOptions = { loader: 'tsx', jsx: 'automatic', format: 'esm', sourcemap: 'inline' };
// esbuild's output kept beside the compile cache (web/jsx-transform-cache.ts), where there is one.
const transformed = jsxTransformCache(getCompileCacheDir(), JSON.stringify({ esbuild: esbuildVersion, ...TSX }));

registerHooks({
  resolve(specifier, context, nextResolve) {
    const resolved = nextResolve(specifier, context);
    return production && REACT_ROUTER_SPECIFIER.test(specifier) ? { ...resolved, url: productionBuildOf(resolved.url) } : resolved;
  },
  load(url, context, nextLoad) {
    if (!url.startsWith('file:') || !url.endsWith('.tsx')) return nextLoad(url, context);
    const path = fileURLToPath(url);
    const source = readFileSync(path, 'utf8');
    const code = transformed(path, source, () => transformSync(source, { ...TSX, sourcefile: path }).code);
    return { format: 'module', source: code, shortCircuit: true };
  },
});
