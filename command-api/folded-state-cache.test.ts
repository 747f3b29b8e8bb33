import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openSqliteEventStore } from '../infra/event-store/sqlite-event-store.ts';
import type { EventStore, ReadStreamOptions } from '../domain/ports/event-store.ts';
import type { Decider } from '../domain/shared/decider.ts';
import { systemActor } from '../domain/shared/actor.ts';
import { handleCommand, loadFolded } from './command-handler.ts';
import { FoldedStateCache, foldedStateCacheOf } from './folded-state-cache.ts';

// The folded state cache: a load reads only the events after the cached revision, the
// state is always the one a full fold gives, and an entry the store does not match is dropped and
// the command decided again on a full read.
type Added = { type: 'Added'; data: { n: number } };
const AddedSchema = z.strictObject({ type: z.literal('Added'), data: z.strictObject({ n: z.number().int() }) });
const sum: Decider<number[], { type: 'Add'; n: number }, Added> = {
  initialState: [],
  evolve: (state, event) => [...state, event.data.n],
  decide: (command) => [{ type: 'Added', data: { n: command.n } }],
};
const metadata = { actor: systemActor, correlationId: 'c', causationId: null, at: '2030-01-01T00:00:00.000Z', schemaVersion: 1 };
const add = (eventStore: EventStore, n: number) =>
  handleCommand({ eventStore, streamId: 'sum-1', decider: sum, command: { type: 'Add', n }, metadata, eventSchema: AddedSchema });

/** The store, with every readStream call's options written down. */
function watched(store: EventStore): { store: EventStore; reads: (ReadStreamOptions | undefined)[] } {
  const reads: (ReadStreamOptions | undefined)[] = [];
  return { reads, store: { ...store, readStream: (streamId, options) => (reads.push(options), store.readStream(streamId, options)) } };
}

describe('FoldedStateCache', () => {
  it('forgets the least recently used stream past its capacity', () => {
    const cache = new FoldedStateCache(2);
    const folder = {};
    cache.set('a', { folder, state: 'A', revision: 0, position: 0 });
    cache.set('b', { folder, state: 'B', revision: 0, position: 1 });
    expect(cache.get('a', folder)?.state).toBe('A');
    cache.set('c', { folder, state: 'C', revision: 0, position: 2 });
    expect(cache.size).toBe(2);
    expect(cache.get('b', folder)).toBeUndefined();
    expect(cache.get('a', folder)?.state).toBe('A');
    expect(cache.get('c', {})).toBeUndefined();
  });

  it('keeps the later of two folds of one stream', () => {
    const cache = new FoldedStateCache();
    const folder = {};
    cache.set('a', { folder, state: 'later', revision: 5, position: 9 });
    cache.set('a', { folder, state: 'earlier', revision: 3, position: 7 });
    expect(cache.get('a', folder)?.state).toBe('later');
  });
});

describe('loadFolded and handleCommand with the cache', () => {
  it('reads only the events after the cached revision, and folds what a full read folds', async () => {
    const { store, reads } = watched(await openSqliteEventStore({ path: ':memory:' }));
    for (const n of [1, 2, 3]) await add(store, n);
    // Another writer appends behind the cache's back: the tail read still finds it.
    await store.append('sum-1', [{ id: crypto.randomUUID(), type: 'Added', data: { n: 4 }, metadata }], 2);
    reads.length = 0;
    const folded = await loadFolded(store, sum, 'sum-1');
    expect(folded).toEqual({ state: [1, 2, 3, 4], revision: 3, position: await store.headPosition() });
    expect(reads).toEqual([{ fromRevision: 3 }]);
    // A command decides on the cached fold without a read: its append, expecting revision 3, proves it current.
    reads.length = 0;
    const outcome = await add(store, 5);
    expect(outcome).toMatchObject({ stateBefore: [1, 2, 3, 4], revision: 4 });
    expect(reads).toEqual([]);
    expect((await loadFolded(store, sum, 'sum-1')).state).toEqual([1, 2, 3, 4, 5]);
    await store.close();
  });

  it('drops an entry the store does not match and decides again on a full read', async () => {
    const store = await openSqliteEventStore({ path: ':memory:' });
    await add(store, 1);
    // An entry ahead of the store (as after a restore): the append's expected revision refuses it.
    foldedStateCacheOf(store).set('sum-1', { folder: sum, state: [1, 99, 98], revision: 2, position: 50 });
    const outcome = await add(store, 2);
    expect(outcome).toMatchObject({ stateBefore: [1], revision: 1 });
    expect((await store.readStream('sum-1')).map((event) => (event.data as { n: number }).n)).toEqual([1, 2]);
    expect((await loadFolded(store, sum, 'sum-1')).state).toEqual([1, 2]);
    await store.close();
  });

  it('keeps no entry for a stream that does not exist', async () => {
    const store = await openSqliteEventStore({ path: ':memory:' });
    expect(await loadFolded(store, sum, 'sum-none')).toEqual({ state: [], revision: -1, position: -1 });
    expect(foldedStateCacheOf(store).size).toBe(0);
    await store.close();
  });
});
