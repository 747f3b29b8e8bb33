import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventStore, NewEvent } from '../../domain/ports/event-store.ts';
import { openSqliteEventStore } from '../event-store/sqlite-event-store.ts';
import { fileRelayCheckpoints } from './relay-checkpoints.ts';

// A checkpoint file beside the event log outlives it: the log deleted and seeded again, or restored
// from an older copy. Then the followers that keep their checkpoint there (the worker's reactor and
// flows in embedded mode) start over instead of skipping the new log's events.
const metadata = { actor: { userId: null, roles: ['system' as const], groups: [], vendorId: null }, correlationId: 'c', causationId: null, at: '2026-01-01T00:00:00.000Z', schemaVersion: 1 };
const event = (): NewEvent => ({ id: randomUUID(), type: 'OrderNoted', data: {}, metadata });

describe('file checkpoints that follow one log', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const setUp = async (events: number): Promise<{ store: EventStore; dir: string }> => {
    const dir = mkdtempSync(join(tmpdir(), 'file-checkpoints-'));
    const store = await openSqliteEventStore({ path: ':memory:' });
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }), () => store.close());
    for (let n = 0; n < events; n++) await store.append(`order-${n}`, [event()], 'no_stream');
    return { store, dir };
  };

  it('resumes on its own log', async () => {
    const { store, dir } = await setUp(5);
    await fileRelayCheckpoints(join(dir, 'flow.json'), { log: store }).save(3);
    const stale: string[] = [];
    expect(await fileRelayCheckpoints(join(dir, 'flow.json'), { log: store, onStale: (reason) => stale.push(reason) }).load()).toBe(3);
    expect(stale).toEqual([]);
  });

  it('makes its directory when it is missing, also after it was removed', async () => {
    const { store, dir } = await setUp(5);
    const checkpoints = fileRelayCheckpoints(join(dir, 'worker', 'flow.json'), { log: store });
    await checkpoints.save(1);
    rmSync(join(dir, 'worker'), { recursive: true });
    await checkpoints.save(4);
    expect(await checkpoints.load()).toBe(4);
  });

  it('starts over on another log of any length, saying why', async () => {
    const { store, dir } = await setUp(5);
    await fileRelayCheckpoints(join(dir, 'flow.json'), { log: store }).save(2);
    const other = await openSqliteEventStore({ path: ':memory:' });
    cleanups.push(() => other.close());
    for (let n = 0; n < 8; n++) await other.append(`order-${n}`, [event()], 'no_stream');
    const stale: string[] = [];
    expect(await fileRelayCheckpoints(join(dir, 'flow.json'), { log: other, onStale: (reason) => stale.push(reason) }).load()).toBeUndefined();
    expect(stale).toEqual([expect.stringMatching(/follows another event log .*starting over$/)]);
  });

  it('starts over when it is beyond the head of its log (restored from an older copy)', async () => {
    const { store, dir } = await setUp(3);
    // Saved without a log (an older file): only the head can tell.
    await fileRelayCheckpoints(join(dir, 'flow.json')).save(40);
    const stale: string[] = [];
    expect(await fileRelayCheckpoints(join(dir, 'flow.json'), { log: store, onStale: (reason) => stale.push(reason) }).load()).toBeUndefined();
    expect(stale).toEqual([expect.stringContaining(`at position 40, beyond the log's head ${await store.headPosition()}`)]);
  });
});
