import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startMarketplace, type Marketplace } from './main.ts';
import { createMemoryViewStore } from './infra/view-store/memory-view-store.ts';
import { allProjections } from './projectors/all-projections.ts';
import { rebuildViews } from './projectors/rebuild.ts';
import { dumpViews } from './projectors/testing/view-dump.ts';
import { jobsLeftToRun } from './domain/ports/job-queue.ts';

// The embedded product on its persistent view store (VIEW_STORE=sqlite, the default outside tests):
// restarted on a data directory with events, it resumes from the checkpoints committed with the views
// instead of replaying the log, and its views are those a rebuild makes.

const dataDir = mkdtempSync(join(tmpdir(), 'restart-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent', VIEW_STORE: 'sqlite' };

/**
 * The head once the product is at rest: the seed's notifications are appended by the worker after it,
 * so wait until every part reports ready, no notification job is left to run (a job appends before it
 * completes, so the head read after the counts holds its events) and no event came for a while.
 */
async function settledHead(marketplace: Marketplace): Promise<number> {
  let head = -2;
  for (let tries = 0; tries < 120; tries++) {
    const ready = (await fetch(new URL('/health/ready', marketplace.url))).status === 200;
    const idle = jobsLeftToRun(await marketplace.adapters.jobQueue.counts()) === 0;
    const now = await marketplace.adapters.eventStore.headPosition();
    if (ready && idle && now === head) return head;
    head = now;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the product never came to rest');
}

describe('restart on the embedded sqlite view store', () => {
  it('the second start replays nothing, and its views equal a rebuild of the log', async () => {
    const first = await startMarketplace({ port: 0, dataDir, env, seed: true });
    let head: number;
    try {
      expect(first.seeded).not.toBeNull();
      expect(first.adapters.engines.viewStore).toContain(join(dataDir, 'views.sqlite'));
      head = await settledHead(first);
      expect(await first.projections.waitForPosition(head, 60_000)).toBe(true);
      expect(first.projections.stats().applied).toBeGreaterThan(100);
    } finally {
      await first.close();
    }

    const second = await startMarketplace({ port: 0, dataDir, env, seed: true });
    try {
      expect(second.seeded).toBeNull();
      expect(await second.adapters.eventStore.headPosition()).toBe(head);
      expect(await second.projections.waitForPosition(head, 60_000)).toBe(true);
      expect(second.projections.stats()).toMatchObject({ applied: 0, ignored: 0, invalid: 0, position: head });
      // Served from the stored views at once: the demo's artists are there.
      const search = await fetch(new URL('/api/ecommerce/vendor?limit=3', second.url));
      expect(((await search.json()) as { total: number }).total).toBeGreaterThan(0);

      const rebuilt = createMemoryViewStore();
      await rebuildViews({ eventStore: second.adapters.eventStore, viewStore: rebuilt });
      expect(await dumpViews(second.adapters.viewStore, allProjections)).toEqual(await dumpViews(rebuilt, allProjections));
    } finally {
      await second.close();
    }
  }, 180_000);
});
