import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

// The test tiers (vitest projects in vitest.config.ts), decided by what a test file uses, so a new file
// lands in its tier without a list to keep. The first rule that matches wins, so every file is in
// exactly one tier:
//   browser     named *.browser.test.ts(x), or imports playwright-core: drives Chromium;
//   engine      imports test/real-engines.ts (describeWithEngine/realEngine): needs Redis, Kafka,
//               MongoDB or EventStoreDB (skipped by name when one is not there);
//   full-stack  starts the whole product: main.ts's startMarketplace, test/full-stack.ts,
//               web/test/marketplace.ts, or runs code of the product in a child process: node:child_process
//               in the test, or a module of the product that forks one (the rebuild's helper process);
//   unit        everything else: pure and in-process tests, seconds in all.
export const tiers = ['unit', 'engine', 'browser', 'full-stack'] as const;
export type Tier = (typeof tiers)[number];

export const testFilePattern = /\.test\.tsx?$/;
const skippedDirectories = new Set(['node_modules', '.tools', 'data', '.services', '.git']);

const uses = {
  browser: /from ['"]playwright-core['"]/,
  engine: /real-engines\.ts['"]/,
  fullStack: /\bstartMarketplace\b|\bstartFullStack\b|\bstartTestMarketplace\b|\/full-stack\.ts['"]|\/main\.ts['"]|from ['"]node:child_process['"]|\/rebuild-split\.ts['"]/,
};

/** The tier of one test file, given its path and its source. */
export function tierOf(path: string, source: string): Tier {
  if (/\.browser\.test\.tsx?$/.test(path) || uses.browser.test(source)) return 'browser';
  if (uses.engine.test(source)) return 'engine';
  if (uses.fullStack.test(source)) return 'full-stack';
  return 'unit';
}

/** Every test file under root (paths relative to it, with /), by tier. */
export function testFilesByTier(root: string): Record<Tier, string[]> {
  const byTier: Record<Tier, string[]> = { unit: [], engine: [], browser: [], 'full-stack': [] };
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!skippedDirectories.has(entry.name)) walk(path);
      } else if (testFilePattern.test(entry.name)) {
        const file = relative(root, path).split('\\').join('/');
        byTier[tierOf(file, readFileSync(path, 'utf8'))].push(file);
      }
    }
  };
  walk(root);
  return byTier;
}
