// Node 24 strips TypeScript types itself but does not understand JSX. These in-thread module hooks
// hand only `.tsx` files to esbuild (already a dependency for the browser bundle), so `node main.ts`
// can import the React server renderer without a build step. In production they also point
// react-router at its production build (web/react-router-production.ts).
import { registerHooks } from 'node:module';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';
import { productionBuildOf, REACT_ROUTER_SPECIFIER } from './react-router-production.ts';

// Read once: React and the router pick their build when first imported.
const production = process.env.NODE_ENV === 'production';

registerHooks({
  resolve(specifier, context, nextResolve) {
    const resolved = nextResolve(specifier, context);
    return production && REACT_ROUTER_SPECIFIER.test(specifier) ? { ...resolved, url: productionBuildOf(resolved.url) } : resolved;
  },
  load(url, context, nextLoad) {
    if (!url.startsWith('file:') || !url.endsWith('.tsx')) return nextLoad(url, context);
    const path = fileURLToPath(url);
    const { code } = transformSync(readFileSync(path, 'utf8'), {
      loader: 'tsx',
      jsx: 'automatic',
      format: 'esm',
      sourcefile: path,
      sourcemap: 'inline',
    });
    return { format: 'module', source: code, shortCircuit: true };
  },
});
