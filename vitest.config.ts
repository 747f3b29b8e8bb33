import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { testFilesByTier, tiers } from './test/tiers.ts';
import { useNodeCompileCache } from './test/node-compile-cache.ts';

// Four projects, one per test tier, so `npm test -- --project unit` runs the pure and in-process tests
// in seconds while `npm test` runs every file once, in one run, with the settings below. A file's tier
// comes from what it uses (the rule is in test/tiers.ts): browser (Chromium via playwright-core),
// engine (test/real-engines.ts), full-stack (startMarketplace, test/full-stack.ts, a child process of
// the product), else unit. Each project inherits the settings below (`extends: true` concatenates lists,
// so the root names no `include` of its own: the tiers' files together are every *.test.ts(x)).
// test/tiers.test.ts checks that the tiers partition the test files.
const byTier = testFilesByTier(import.meta.dirname);
useNodeCompileCache();

export default defineConfig({
  test: {
    exclude: ['node_modules/**', '.tools/**', 'data/**', '.services/**'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // A worker per core (vitest's default leaves one core to its own, mostly idle, process): the tests
    // spend much of their time waiting on a server, Chromium or a child process.
    maxWorkers: availableParallelism(),
    // The unit tier shares one module graph between its files: importing the product's modules again
    // for each of its ~170 files cost more than running their tests. Its tests make their own stores,
    // servers and clocks, so nothing a file leaves in a module is read by another. Isolation is a
    // setting of the pool, not of a project, so the unit tier runs in the threads pool without it and
    // the other tiers in forks, each file in a process of its own.
    poolOptions: { threads: { isolate: false } },
    // expect.poll waits 1 s by default: on a loaded machine (CI beside the fault suite, load 8-20 on two
    // cores) a view or a page can take longer than that to show what a passing run shows. A poll stops
    // as soon as its assertion holds, so a generous bound costs a passing run nothing.
    expect: { poll: { timeout: 20_000 } },
    // A browser test's steps each wait up to 20–30 s for a page on a loaded machine (their own
    // timeouts), so the test as a whole gets 120 s: at 30 s, a sign-in's three page loads timed out
    // in CI's steps beside the fault suite (load ~20) before any step had run out of its own wait.
    projects: tiers.map((tier) => ({ extends: true, test: { name: tier, include: byTier[tier], ...(tier === 'unit' ? { pool: 'threads' } : {}), ...(tier === 'browser' ? { testTimeout: 120_000 } : {}) } })),
  },
});
