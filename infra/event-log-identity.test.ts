import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { openSqliteEventStore } from './event-store/sqlite-event-store.ts';
import { createMemoryViewStore } from './view-store/memory-view-store.ts';
import { AnotherEventLog, assertOneEventLog, eventLogIdentity, isEmptyLog } from './event-log-identity.ts';

const metadata = { actor: { userId: 'u-1', roles: ['user' as const], groups: [], vendorId: null }, correlationId: 'c-1', causationId: null, at: '2026-01-01T00:00:00.000Z', schemaVersion: 1 };

describe('one deployment, one event log', () => {
  it('a log is named once, whoever asks first; the name alone leaves it empty for the demo seed', async () => {
    const store = await openSqliteEventStore({ path: ':memory:' });
    const names = await Promise.all([eventLogIdentity(store), eventLogIdentity(store), eventLogIdentity(store)]);
    expect(new Set(names).size).toBe(1);
    expect(await store.readStream('eventlog-identity')).toHaveLength(1);
    expect(await isEmptyLog(store)).toBe(true);
    await store.append('order-1', [{ id: randomUUID(), type: 'X', data: {}, metadata }], 'no_stream');
    expect(await isEmptyLog(store)).toBe(false);
    await store.close();
  });

  it('refuses a process whose log is not the one the shared views follow, and views ahead of the log', async () => {
    const views = createMemoryViewStore();
    const deployment = await openSqliteEventStore({ path: ':memory:' });
    const logId = await assertOneEventLog({ eventStore: deployment, viewStore: views, describe: 'the deployment' });
    expect(await assertOneEventLog({ eventStore: deployment, viewStore: views, describe: 'the deployment' })).toBe(logId);
    // A command API started on another DATA_DIR: an empty store of its own.
    const stray = await openSqliteEventStore({ path: ':memory:' });
    await expect(assertOneEventLog({ eventStore: stray, viewStore: views, describe: 'node:sqlite /elsewhere/events.sqlite' }))
      .rejects.toThrow(AnotherEventLog);
    await expect(assertOneEventLog({ eventStore: stray, viewStore: views, describe: 'node:sqlite /elsewhere/events.sqlite' }))
      .rejects.toThrow(/node:sqlite \/elsewhere\/events\.sqlite.*must share one event store/);
    // The same log, but the views have followed it further than it goes now.
    await views.collection('_checkpoints').replaceOne({ _id: 'orders', position: 99 });
    await expect(assertOneEventLog({ eventStore: deployment, viewStore: views, describe: 'the deployment' })).rejects.toThrow(/position 99 .* ends at 1/);
    await deployment.close();
    await stray.close();
  });
});
