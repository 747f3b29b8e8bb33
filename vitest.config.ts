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
    // The unit and browser tiers share one module graph per worker: the threads pool without isolation.
    // Importing the product's modules again for each file cost more than running a unit file's tests,
    // and a browser file, which starts the whole product in-process (web/test/marketplace.ts), spent
    // ~2 CPU-s on a fork of its own and the product's modules in it (the tier in forks took ~1.6 times
    // the CPU it takes in threads). Their files make their own stores, servers, clocks and Chromium and
    // close them, so nothing a file leaves in a module is read by another (the product's module-level
    // caches are keyed by what they keep; a file that sets the environment puts it back).
    // In vitest 3.2 the root's poolOptions decide whether a pool's worker ends after each file; a
    // project's only whether the modules are reset inside a worker that lives on, so a project cannot
    // keep a process across its files while another gets one per file in the same pool: the engine and
    // full-stack tiers stay in forks, each file in a process of its own.
    poolOptions: { threads: { isolate: false } },
    // expect.poll waits 1 s by default: on a loaded machine (CI beside the fault suite, load 8-20 on two
    // cores) a view or a page can take longer than that to show what a passing run shows. A poll stops
    // as soon as its assertion holds, so a generous bound costs a passing run nothing.
    expect: { poll: { timeout: 20_000 } },
    // A browser test's steps each wait up to 20–30 s for a page on a loaded machine (their own
    // timeouts), so the test as a whole gets 120 s: at 30 s, a sign-in's three page loads timed out
    // in CI's steps beside the fault suite (load ~20) before any step had run out of its own wait.
    projects: tiers.map((tier) => ({ extends: true, test: { name: tier, include: byTier[tier], ...(tier === 'unit' || tier === 'browser' ? { pool: 'threads' } : {}), ...(tier === 'browser' ? { testTimeout: 120_000 } : {}) } })),
  },
});
