import { existsSync } from 'node:fs';
import { cp, mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The demo marketplace's data directory (events, views, jwt secret, media), seeded once per test run
// and copied for each file that starts the seeded product: the seed is some 500 commands through the
// HTTP API and their projection, seconds per start, the same every time. A copy is the same product
// state, its own files: a test's writes never reach another file's copy.
//
// test/global-setup.ts names where the run's template goes in this variable, which the test workers
// inherit; the first file that needs it seeds it there (a worker seeding beside another keeps the one
// renamed into place first). Without the variable (a script such as web/screenshots.ts) each start seeds.
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

let ensured: Promise<void> | null = null;

/** The run's template at `template`, seeded by this process unless another put it there first. */
function ensureTemplate(template: string): Promise<void> {
  return (ensured ??= (async () => {
    if (existsSync(template)) return;
    const seeded = await seedDemoDataTemplate();
    // rename is atomic and fails onto a directory that exists: one seed wins, whole.
    await rename(seeded, template).catch(async (error: unknown) => {
      await rm(seeded, { recursive: true, force: true });
      if (!existsSync(template)) throw error;
    });
  })());
}

/**
 * A fresh data directory for a seeded start: a copy of the run's template when there is one, else
 * empty (startMarketplace with `seed: true` seeds an empty store itself).
 */
export async function freshDemoDataDir(prefix: string): Promise<string> {
  const template = process.env[DEMO_DATA_TEMPLATE_VAR];
  if (template) await ensureTemplate(template);
  const dir = await mkdtemp(join(tmpdir(), prefix));
  if (template) await cp(template, dir, { recursive: true });
  return dir;
}
