import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../domain/ports/event-store.ts';
import { parseConfig } from './config.ts';
import { openAdapters, type Adapters } from './open-adapters.ts';
import { startFakeEventStoreDb, UNAVAILABLE, type FakeEventStoreDb } from './event-store/testing/fake-eventstoredb.ts';

// On EventStoreDB, a subscription that lost its connection resubscribes by itself: the deployment's
// logger hears of every resubscribe, and readiness (main.ts `event-store-subscriptions`) sees it retrying.
describe('openAdapters on EventStoreDB', () => {
  let fake: FakeEventStoreDb | null = null;
  let adapters: Adapters | null = null;
  afterEach(async () => {
    await adapters?.close();
    await fake?.close();
    adapters = null;
    fake = null;
  });

  it('logs each resubscribe through the given logger and reports the subscriptions not ready until live again', async () => {
    fake = await startFakeEventStoreDb();
    // Each warning with what readiness said at that moment.
    const warnings: { details: object; message: string; health: { ready: boolean; detail: string } }[] = [];
    adapters = await openAdapters(parseConfig({ NODE_ENV: 'test', EVENTSTORE_URL: fake.url, VIEW_STORE: 'memory' }), {
      log: { warn: (details, message) => warnings.push({ details, message, health: adapters!.eventStoreSubscriptions!() }) },
    });
    expect(adapters.eventStoreSubscriptions?.()).toEqual({ ready: true, detail: 'subscriptions to $all live' });
    fake.write({ streamId: 'order-1', type: 'OrderPlaced', data: { n: 0 } });
    const controller = new AbortController();
    const received: RecordedEvent[] = [];
    const consumed = (async () => {
      for await (const event of adapters!.eventStore.subscribeToAll({ signal: controller.signal })) received.push(event);
    })();
    await expect.poll(() => received.length).toBe(1);

    fake.failSubscriptions(UNAVAILABLE('Connection reset by peer'), 3);
    fake.dropSubscriptions(UNAVAILABLE('Connection reset by peer'));
    await expect.poll(() => warnings.length, { timeout: 15_000 }).toBe(4);
    expect(warnings.map((warning) => warning.message)).toEqual([1, 2, 3, 4].map((attempt) => `EventStoreDB subscription to $all lost: resubscribing after position ${received[0]!.position}, attempt ${attempt}`));
    expect(warnings[0]!.details).toMatchObject({ attempt: 1, after: received[0]!.position });
    for (const warning of warnings) expect(warning.health).toMatchObject({ ready: false, detail: expect.stringMatching(/resubscribing .*Connection reset by peer/) });
    await expect.poll(() => adapters!.eventStoreSubscriptions!().ready, { timeout: 15_000 }).toBe(true);

    fake.write({ streamId: 'order-2', type: 'OrderPlaced', data: { n: 1 } });
    await expect.poll(() => received.length).toBe(2);
    controller.abort();
    await consumed;
  }, 30_000);

  it('has no subscriptions to report on the embedded store', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'open-adapters-'));
    try {
      adapters = await openAdapters(parseConfig({ NODE_ENV: 'test', VIEW_STORE: 'memory', DATA_DIR: dataDir }));
      expect(adapters.eventStoreSubscriptions).toBeNull();
    } finally {
      await adapters?.close();
      adapters = null;
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
