import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The demo marketplace's data directory (events, views, jwt secret, media), seeded once per test run
// and copied for each file that starts the seeded product: the seed is some 500 commands through the
// HTTP API and their projection, seconds per start, the same every time. A copy is the same product
// state, its own files: a test's writes never reach another file's copy.
//
// test/global-setup.ts seeds it for the tiers that start the product and names it in this variable,
// which the test workers inherit; without it (a single script, web/screenshots.ts) each start seeds.
export const DEMO_DATA_TEMPLATE_VAR = 'MARKETPLACE_TEST_DEMO_DATA';

/** Seeds the demo marketplace into a new directory and closes it again; returns the directory. */
export async function seedDemoDataTemplate(): Promise<string> {
  const { startMarketplace } = await import('../main.ts');
  const dir = await mkdtemp(join(tmpdir(), 'demo-data-template-'));
  try {
    const marketplace = await startMarketplace({ port: 0, dataDir: dir, seed: true, logLevel: 'silent' });
    if (!marketplace.seeded) throw new Error('the demo data template was not seeded');
    await marketplace.close();
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return dir;
}

/**
 * A fresh data directory for a seeded start: a copy of the run's template when there is one, else
 * empty (startMarketplace with `seed: true` seeds an empty store itself).
 */
export async function freshDemoDataDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  const template = process.env[DEMO_DATA_TEMPLATE_VAR];
  if (template) await cp(template, dir, { recursive: true });
  return dir;
}
