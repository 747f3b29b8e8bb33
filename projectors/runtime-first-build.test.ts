import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { storeEventFeed } from '../infra/event-feed/store-event-feed.ts';
import { openSqliteEventStore } from '../infra/event-store/sqlite-event-store.ts';
import { openSqliteViewStore } from '../infra/view-store/sqlite-view-store.ts';
import { allProjections } from './all-projections.ts';
import type { ProjectorLog } from './projector-log.ts';
import { rebuildViews } from './rebuild.ts';
import { createProjectionRuntime } from './runtime.ts';
import { appendHistory, marketplaceHistory } from './testing/marketplace-history.ts';
import { dumpViews } from './testing/view-dump.ts';

// A start with no view built yet over a long log builds every view in one unit (rebuildViews) behind
// the start, then follows the feed from its end (runtime.ts firstBuild). The history here is short, so
// the tests lower the threshold; the default leaves it to the page-by-page catch-up.

const dir = mkdtempSync(join(tmpdir(), 'first-build-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});
let files = 0;

function recordingLog(): ProjectorLog & { messages: string[]; details: object[] } {
  const messages: string[] = [];
  const details: object[] = [];
  const record = (detail: object, message: string) => { messages.push(message); details.push(detail); };
  return { messages, details, info: record, warn: record, error: record };
}

async function setUp() {
  const history = marketplaceHistory({ vendors: 3, customers: 4 });
  const eventStore = await openSqliteEventStore({ path: join(dir, `events-${++files}.sqlite`) });
  cleanups.push(() => eventStore.close());
  // The last events come after the start: followed from the build's end.
  await appendHistory(eventStore, history.slice(0, -10));
  const viewsPath = join(dir, `views-${files}.sqlite`);
  const start = async (fromEvents?: number, splitFrom?: number) => {
    const viewStore = openSqliteViewStore({ path: viewsPath });
    const log = recordingLog();
    const runtime = createProjectionRuntime({ viewStore, feed: storeEventFeed(eventStore), log, retryDelayMs: 20, firstBuild: { eventStore, ...(fromEvents === undefined ? {} : { fromEvents }), ...(splitFrom === undefined ? {} : { splitFrom }) } });
    await runtime.start();
    const stop = async () => {
      await runtime.stop();
      await viewStore.close();
    };
    cleanups.push(stop);
    return { runtime, viewStore, log, stop };
  };
  return { history, eventStore, start };
}

describe('first build of the views at start', () => {
  it('builds every view in one unit behind the start, then follows on: the views of a rebuild', async () => {
    const { history, eventStore, start } = await setUp();
    const { runtime, viewStore, log } = await start(0);
    // The build runs behind the start: the stats say how far (the readiness check and the starting page show it).
    expect(runtime.stats().building).toMatchObject({ phase: 'replay' });
    // Appended while it builds: before the head it reads (built in the unit) or after it (followed on).
    await appendHistory(eventStore, history.slice(-10));
    expect(await runtime.waitForPosition(await eventStore.headPosition(), 10_000)).toBe(true);
    // The position may reach the head with the build's commit, a moment before the build says it ended.
    await vi.waitFor(() => expect(runtime.stats().building).toBeNull(), { timeout: 10_000 });
    expect(log.messages).toEqual(expect.arrayContaining(['projectors: no view built yet; building every view in one unit', 'projectors: every view built']));

    const rebuilt = openSqliteViewStore({ path: join(dir, `rebuilt-${files}.sqlite`) });
    cleanups.push(() => rebuilt.close());
    await rebuildViews({ eventStore, viewStore: rebuilt });
    expect(await dumpViews(viewStore, allProjections)).toEqual(await dumpViews(rebuilt, allProjections));
  });

  it('gives its helper process the larger share (the flows and the reactor share this process), with the views of a rebuild', async () => {
    const { history, eventStore, start } = await setUp();
    await appendHistory(eventStore, history.slice(-10));
    const { runtime, viewStore, log } = await start(0, 0);
    expect(await runtime.waitForPosition(await eventStore.headPosition(), 20_000)).toBe(true);
    // Logged once the build's promise settles, after the runtime moved on.
    await vi.waitFor(() => expect(log.messages).toContain('projectors: every view built'), { timeout: 10_000 });
    const built = log.details[log.messages.indexOf('projectors: every view built')] as { helper: string[] | null };
    expect(built.helper).toEqual(expect.arrayContaining(['vendor-cards', 'order-money']));
    expect(built.helper).not.toContain('vendor-responses');

    const rebuilt = openSqliteViewStore({ path: join(dir, `rebuilt-${files}.sqlite`) });
    cleanups.push(() => rebuilt.close());
    await rebuildViews({ eventStore, viewStore: rebuilt, splitFrom: Number.POSITIVE_INFINITY });
    expect(await dumpViews(viewStore, allProjections)).toEqual(await dumpViews(rebuilt, allProjections));
  });

  it('counts the events of the log, not its positions: a short log with large positions (EventStoreDB: byte offsets) is followed page by page', async () => {
    const { eventStore } = await setUp();
    const count = (await eventStore.readAll()).length;
    // The same log as EventStoreDB would give it: positions far apart, the head far beyond the count.
    const sparse = {
      readAll: async (options?: Parameters<typeof eventStore.readAll>[0]) => (await eventStore.readAll(options === undefined ? undefined : { ...options, ...(options.after !== undefined ? { after: Math.floor(options.after / 1000) } : {}) }))
        .map((event) => ({ ...event, position: event.position * 1000 })),
      headPosition: async () => (await eventStore.headPosition()) * 1000,
    };
    expect(await sparse.headPosition()).toBeGreaterThan(count * 100);
    const viewStore = openSqliteViewStore({ path: join(dir, `views-sparse-${files}.sqlite`) });
    const log = recordingLog();
    const runtime = createProjectionRuntime({ viewStore, feed: storeEventFeed(eventStore), log, retryDelayMs: 20, firstBuild: { eventStore: sparse, fromEvents: count + 1 } });
    cleanups.push(async () => { await runtime.stop(); await viewStore.close(); });
    await runtime.start();
    expect(await runtime.waitForPosition(await eventStore.headPosition(), 10_000)).toBe(true);
    expect(log.messages.join('\n')).not.toContain('building every view');
  });

  it('resumes from the checkpoints once the views are built, and leaves a short log to the catch-up', async () => {
    const { eventStore, start } = await setUp();
    const short = await start();
    expect(await short.runtime.waitForPosition(await eventStore.headPosition(), 10_000)).toBe(true);
    expect(short.log.messages.join('\n')).not.toContain('building every view');
    await short.stop();
    const again = await start(0);
    expect(await again.runtime.waitForPosition(await eventStore.headPosition(), 10_000)).toBe(true);
    expect(again.log.messages.join('\n')).not.toContain('building every view');
  });
});
