import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { benchMode, reportFigure, scratchDir } from '../figure-process.ts';
import { searchMissMeasures } from '../load/search-miss.ts';
import { startSearchPair } from '../seeded-marketplace.ts';
import type { FigureResult } from '../figure-result.ts';
import type { ServerProcess } from '../server-process.ts';

// Figure 10: the cache-miss vendor search of figure 4 on a catalog ten times larger (100,000 vendors,
// 300,000 events), to show how the cost of a miss grows with the catalog. Same load (every request a
// URL the cache has not seen: first pages and deeper pages), same baseline (a bare Express route
// answering the bytes of the real first page).
const quick = benchMode() === 'quick';
const vendors = quick ? 2_000 : 100_000;
const seconds = quick ? 1 : 15;

await reportFigure(async (): Promise<FigureResult> => {
  const dir = join(scratchDir(), `search-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const servers: ServerProcess[] = [];
  try {
    const { seeded, marketplace, bare, startMs } = await startSearchPair(dir, vendors, servers);
    return {
      figure: '10. Vendor search at scale (cache miss)',
      scale: `${vendors.toLocaleString('en-US')} vendors, ${seeded.events.toLocaleString('en-US')} events${quick ? ' (QUICK: scaled down)' : ''}`,
      measures: await searchMissMeasures({ marketplace, bare, vendors, seconds, startMs }),
    };
  } finally {
    for (const server of servers) await server.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
});
