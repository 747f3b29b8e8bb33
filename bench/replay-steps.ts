import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EventStore } from '../domain/ports/event-store.ts';
import type { ViewStore } from '../domain/ports/view-store.ts';
import { parseConfig } from '../infra/config.ts';
import { createMemoryViewStore } from '../infra/view-store/memory-view-store.ts';
import { openSqliteViewStore } from '../infra/view-store/sqlite-view-store.ts';
import { rebuildViews, type RebuildReport } from '../projectors/rebuild.ts';
import { exited, forkChild, nextMessage } from './child-process.ts';
import { perSecond } from './percentiles.ts';

// The steps figures 6, 7, 11 and 12 share: seed a history in a child process, read it plainly (the
// baseline), rebuild every view from it into the embedded default view store, weigh the process.

const seeder = fileURLToPath(new URL('./seed/seed-history-store.ts', import.meta.url));
export const mb = (bytes: number) => bytes / 1024 / 1024;

/** Resident set and live heap after two full collections (run with --expose-gc). */
export function settledRss(): { rss: number; heapUsed: number } {
  globalThis.gc?.();
  globalThis.gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heapUsed };
}

/** This process's highest resident set so far (getrusage maxRSS), bytes. */
export const peakRss = (): number => process.resourceUsage().maxRSS * 1024;

interface Seeded { kind: 'seeded'; events: number; customers: number }
const isSeeded = (message: unknown): message is Seeded => (message as Seeded | null)?.kind === 'seeded';

/** A history of `events` events (the catalog of `vendors`, then customers' activity) at `path`, written by a child process (bench/seed/seed-history-store.ts). */
export async function seedHistory(path: string, options: { vendors: number; events: number; raw?: boolean }): Promise<{ events: number; customers: number; seconds: number }> {
  const started = performance.now();
  const args = ['--path', path, '--vendors', String(options.vendors), '--events', String(options.events), ...(options.raw ? ['--raw'] : [])];
  const child = forkChild(seeder, { args, jsx: false });
  const seeded = await nextMessage(child, isSeeded);
  await exited(child);
  return { events: seeded.events, customers: seeded.customers, seconds: (performance.now() - started) / 1000 };
}

/** The view store embedded mode opens by default (infra/open-adapters.ts), in `dir`. */
export function embeddedViewStore(dir: string): { viewStore: ViewStore; label: string } {
  const config = parseConfig({ NODE_ENV: 'production', JWT_SECRET: 'bench-only-secret-0123456789abcdef-0123', DATA_DIR: dir, VIEW_STORE: process.env.VIEW_STORE });
  if (config.VIEW_STORE === 'memory') return { viewStore: createMemoryViewStore(), label: 'the in-memory view store' };
  mkdirSync(dir, { recursive: true });
  return { viewStore: openSqliteViewStore({ path: join(dir, 'views.sqlite') }), label: 'the sqlite view store (views.sqlite)' };
}

const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

/** The baseline: every event read page by page (1,000, JSON parsed), nothing projected. Rates in events/s. */
export async function plainRead(store: EventStore): Promise<{ events: number; rate: number; cpuRate: number }> {
  let events = 0;
  let after = -1;
  const started = performance.now();
  const cpu = process.cpuUsage();
  for (;;) {
    const page = await store.readAll({ after, maxCount: 1000 });
    if (page.length === 0) break;
    events += page.length;
    after = page.at(-1)!.position;
  }
  return { events, rate: perSecond(events, performance.now() - started), cpuRate: perSecond(events, cpuMs(process.cpuUsage(cpu))) };
}

/**
 * `rebuildViews` of every projection, as `npm run views:rebuild` does (a helper process beside it from
 * 100,000 events on, projectors/rebuild-split.ts). The rate per CPU-second counts the helper's CPU time too.
 */
export async function timedRebuild(eventStore: EventStore, viewStore: ViewStore): Promise<{ report: RebuildReport; rate: number; cpuRate: number; helperNote: string }> {
  const cpu = process.cpuUsage();
  const report = await rebuildViews({ eventStore, viewStore, pageSize: 1000 });
  const used = cpuMs(process.cpuUsage(cpu)) + (report.helper?.cpuMs ?? 0);
  const helperNote = report.helper
    ? `a helper process built ${report.helper.views.length} of the views beside it (${(report.helper.cpuMs / 1000).toFixed(1)} CPU-s, peak RSS ${mb(report.helper.maxRssBytes).toFixed(0)} MB)`
    : 'on one thread';
  return { report, rate: perSecond(report.events, report.elapsedMs), cpuRate: perSecond(report.events, used), helperNote };
}
