import { defineConfig } from 'vitest/config';
import { useNodeCompileCache } from './test/node-compile-cache.ts';

useNodeCompileCache();

// `npm run test:faults`: the fault suite (test/faults/), which starts engines and a deployment of its own
// and makes them fail; kept out of `npm test` for its length (docs/reliability.md).
export default defineConfig({
  test: {
    include: ['test/faults/**/*.fault.ts'],
    testTimeout: 1_200_000,
    hookTimeout: 600_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
