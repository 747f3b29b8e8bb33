import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { openSqliteEventStore } from '../infra/event-store/sqlite-event-store.ts';
import { appendHistory, marketplaceHistory } from './testing/marketplace-history.ts';
import { progressLine } from './rebuild-progress-bar.ts';
import { openSqliteViewStore } from '../infra/view-store/sqlite-view-store.ts';
import { CHECKPOINTS_COLLECTION } from './checkpoints.ts';
import { vendorCardsProjection } from './vendor-cards/projection.ts';

const run = promisify(execFile);

/** This process's environment without real-engine URLs, so the command uses the embedded stores. */
function embeddedEnv(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.MONGO_URL;
  delete env.EVENTSTORE_URL;
  return env;
}

// Each test starts the command, some twice and with its helper process: give them a loaded host's time.
describe('views:rebuild command', { timeout: 120_000 }, () => {
  it('replays the sqlite log of DATA_DIR with a progress bar and a summary on stderr', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'rebuild-cli-'));
    try {
      const store = await openSqliteEventStore({ path: join(dataDir, 'events.sqlite') });
      await appendHistory(store, marketplaceHistory({ vendors: 2, customers: 2 }));
      const count = (await store.readAll()).length;
      await store.close();
      const { stderr } = await run(process.execPath, ['projectors/rebuild-cli.ts'], { env: embeddedEnv(dataDir), cwd: process.cwd() });
      expect(stderr).toContain(`Rebuilding views from node:sqlite ${join(dataDir, 'events.sqlite')} (processes on this host may share it; across hosts use EventStoreDB) into memory`);
      expect(stderr).toContain('view store is in memory');
      expect(stderr).toMatch(/100\.0%/);
      expect(stderr).toMatch(/events\/s/);
      expect(stderr).toContain(`Done: ${count} events replayed`);
      expect(stderr).toMatch(/write +\[#+\] 100\.0%/);
      expect(stderr).toContain('0 invalid');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('rebuilds the embedded views file with VIEW_STORE=sqlite, where the server finds them', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'rebuild-cli-sqlite-'));
    try {
      const store = await openSqliteEventStore({ path: join(dataDir, 'events.sqlite') });
      await appendHistory(store, marketplaceHistory({ vendors: 2, customers: 2 }));
      const head = await store.headPosition();
      await store.close();
      const { stderr } = await run(process.execPath, ['projectors/rebuild-cli.ts'], { env: { ...embeddedEnv(dataDir), VIEW_STORE: 'sqlite' }, cwd: process.cwd() });
      expect(stderr).toContain(`into node:sqlite ${join(dataDir, 'views.sqlite')}`);
      expect(stderr).not.toContain('helper process');
      // Again with the helper process from the first event on: the same views, and a line about it.
      const helped = await run(process.execPath, ['projectors/rebuild-cli.ts', '--helper-from', '0'], { env: { ...embeddedEnv(dataDir), VIEW_STORE: 'sqlite' }, cwd: process.cwd() });
      expect(helped.stderr).toMatch(/A helper process built .*vendor-cards.* beside it \([\d.]+ CPU-s, peak RSS \d+ MB\)/);
      expect(helped.stderr).toMatch(/finish +\[#*\.*\] +\d+\.\d%  copying the helper's views…/);
      const views = openSqliteViewStore({ path: join(dataDir, 'views.sqlite') });
      expect(await views.collection('vendorCards').count()).toBe(2);
      expect(await views.collection(CHECKPOINTS_COLLECTION).findOne({ _id: 'vendor-cards' })).toMatchObject({ position: head, version: vendorCardsProjection.version });
      await views.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('fails with one clear line when there is no event store', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'rebuild-cli-empty-'));
    try {
      await expect(run(process.execPath, ['projectors/rebuild-cli.ts'], { env: embeddedEnv(dataDir), cwd: process.cwd() })).rejects.toMatchObject({
        code: 1, stderr: expect.stringContaining('views:rebuild failed: No event store at'),
      });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('draws the bar from percent, events and rate', () => {
    expect(progressLine({ phase: 'replay', done: 1500, totalEstimate: 3000, percent: 50, ratePerSecond: 12345, position: 1500, headPosition: 3000, elapsedMs: 120 }, 10))
      .toBe('replay [#####.....]  50.0%  1,500/3,000 events  12,345 events/s');
    expect(progressLine({ phase: 'write', done: 10, totalEstimate: 40, percent: 25, ratePerSecond: 900, position: 3000, headPosition: 3000, elapsedMs: 300 }, 4))
      .toBe('write  [#...]  25.0%  10/40 documents  900 documents/s');
    expect(progressLine({ phase: 'finish', step: 'building the indexes', done: 2, totalEstimate: 4, percent: 50, ratePerSecond: 0, position: 3000, headPosition: 3000, elapsedMs: 900 }, 4))
      .toBe('finish [##..]  50.0%  building the indexes…');
  });
});
