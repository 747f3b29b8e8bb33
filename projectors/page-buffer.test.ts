import { describe, expect, it } from 'vitest';
import type { ViewDocument, ViewStore } from '../domain/ports/view-store.ts';
import { createMemoryViewStore } from '../infra/view-store/memory-view-store.ts';
import { createPageBuffer } from './page-buffer.ts';

/**
 * A memory store that counts the calls reaching it; `replaceMany`: its collections offer it, as node:sqlite's do (with its documents' ids);
 * `jsonLength`: they offer findOneSized too, telling this length for every document.
 */
function countingStore(options: { replaceMany?: string[][]; jsonLength?: number } = {}): { store: ViewStore; calls: string[] } {
  const base = createMemoryViewStore();
  const calls: string[] = [];
  return {
    calls,
    store: {
      ...base,
      collection<D extends ViewDocument = ViewDocument>(name: string) {
        const plain = base.collection<D>(name);
        const many = options.replaceMany;
        const withMany = !many ? plain : Object.assign(Object.create(plain) as typeof plain, {
          async replaceMany(docs: readonly D[]) {
            many.push(docs.map((doc) => doc._id));
            for (const doc of docs) await plain.replaceOne(doc);
            return docs.map((doc) => JSON.stringify(doc).length);
          },
        });
        const { jsonLength } = options;
        const collection = jsonLength === undefined ? withMany : Object.assign(Object.create(withMany) as typeof withMany, {
          async findOneSized(id: string) {
            const doc = await plain.findOne({ _id: id });
            return doc ? { doc, jsonLength } : null;
          },
        });
        return new Proxy(collection, {
          get(target, property, receiver) {
            const value = Reflect.get(target, property, receiver) as unknown;
            if (typeof value !== 'function') return value;
            return (...args: unknown[]) => {
              calls.push(`${name}.${String(property)}`);
              return (value as (...params: unknown[]) => unknown).apply(target, args);
            };
          },
        });
      },
    },
  };
}

describe('page buffer', () => {
  it('reads a document once, writes it once at the flush, with the version applying each write would give', async () => {
    const { store, calls } = countingStore();
    await store.collection('cards').writeIfVersion('a', { _id: 'a', n: 0 }, null);
    calls.length = 0;
    const buffer = createPageBuffer(store);
    const cards = buffer.store.collection('cards');
    for (let n = 1; n <= 5; n++) {
      const current = await cards.findOne({ _id: 'a' });
      expect(await cards.writeIfVersion('a', { _id: 'a', n }, current!._version as number)).toBe(true);
    }
    expect(calls).toEqual(['cards.findOne']);
    expect(await store.collection('cards').findOne({ _id: 'a' })).toMatchObject({ n: 0, _version: 1 });
    calls.length = 0;
    await buffer.flush();
    expect(calls).toEqual(['cards.replaceOne']);
    expect(await store.collection('cards').findOne({ _id: 'a' })).toEqual({ _id: 'a', n: 5, _version: 6 });
  });

  it('refuses a write against a stale version, as the store would', async () => {
    const buffer = createPageBuffer(createMemoryViewStore());
    const cards = buffer.store.collection('cards');
    expect(await cards.writeIfVersion('a', { _id: 'a' }, null)).toBe(true);
    expect(await cards.writeIfVersion('a', { _id: 'a' }, null)).toBe(false);
    expect(await cards.writeIfVersion('a', { _id: 'a' }, 1)).toBe(true);
  });

  it('deletes at the flush, and a document created and deleted within the page never reaches the store', async () => {
    const { store, calls } = countingStore();
    await store.collection('cards').writeIfVersion('old', { _id: 'old' }, null);
    calls.length = 0;
    const buffer = createPageBuffer(store);
    const cards = buffer.store.collection('cards');
    expect(await cards.writeIfVersion('old', null, 1)).toBe(true);
    expect(await cards.findOne({ _id: 'old' })).toBeNull();
    expect(await cards.writeIfVersion('new', { _id: 'new' }, null)).toBe(true);
    expect(await cards.writeIfVersion('new', null, 1)).toBe(true);
    await buffer.flush();
    expect(calls).toEqual(['cards.findOne', 'cards.findOne', 'cards.deleteOne']);
    expect(await store.collection('cards').find()).toEqual([]);
  });

  it('writes a collection\'s documents in one replaceMany where the store has it, in their order, a deletion between them in its place', async () => {
    const batches: string[][] = [];
    const { store, calls } = countingStore({ replaceMany: batches });
    await store.collection('cards').replaceOne({ _id: 'c', _version: 1 });
    calls.length = 0;
    const buffer = createPageBuffer(store);
    const cards = buffer.store.collection('cards');
    expect(await cards.writeIfVersion('a', { _id: 'a', n: 1 }, null)).toBe(true);
    expect(await cards.writeIfVersion('b', { _id: 'b', n: 2 }, null)).toBe(true);
    expect(await cards.writeIfVersion('c', null, 1)).toBe(true);
    expect(await cards.writeIfVersion('d', { _id: 'd', n: 4 }, null)).toBe(true);
    calls.length = 0;
    await buffer.flush();
    expect(calls).toEqual(['cards.replaceMany', 'cards.deleteOne', 'cards.replaceMany']);
    expect(batches).toEqual([['a', 'b'], ['d']]);
    expect((await store.collection('cards').find()).map((doc) => [doc._id, doc._version])).toEqual([['a', 1], ['b', 1], ['d', 1]]);
  });

  it('lets any other query see the page writes of its collection', async () => {
    const store = createMemoryViewStore();
    const buffer = createPageBuffer(store);
    const tags = buffer.store.collection('tags');
    await tags.writeIfVersion('kids', { _id: 'kids', parent: 'music' }, null);
    await tags.writeIfVersion('rock', { _id: 'rock', parent: 'music' }, null);
    expect((await tags.find({ parent: 'music' })).map((doc) => doc._id)).toEqual(['kids', 'rock']);
    expect(await tags.count({ parent: 'music' })).toBe(2);
    // Flushed: later reads start from the store again.
    expect(await tags.findOne({ _id: 'kids' })).toEqual({ _id: 'kids', parent: 'music', _version: 1 });
  });

  it('on a store that starts empty, asks it only about documents it wrote', async () => {
    const { store, calls } = countingStore();
    const buffer = createPageBuffer(store, { startsEmpty: true });
    const cards = buffer.store.collection('cards');
    expect(await cards.findOne({ _id: 'a' })).toBeNull();
    expect(await cards.writeIfVersion('a', { _id: 'a', n: 1 }, null)).toBe(true);
    await buffer.flush();
    expect(calls).toEqual(['cards.replaceOne']);
    calls.length = 0;
    expect(await cards.findOne({ _id: 'a' })).toMatchObject({ n: 1, _version: 1 });
    expect(await cards.findOne({ _id: 'b' })).toBeNull();
    expect(await buffer.store.collection('other').findOne({ _id: 'a' })).toBeNull();
    expect(calls).toEqual(['cards.findOne']);
    // Written past the buffer: asked again.
    await cards.replaceOne({ _id: 'c', n: 3 });
    await cards.updateOne({ n: 4 }, { $set: { n: 4 } }, { upsert: true });
    calls.length = 0;
    await buffer.flush();
    expect(await cards.findOne({ _id: 'c' })).toMatchObject({ n: 3 });
    expect(await cards.findOne({ _id: 'd' })).toBeNull();
    expect(calls).toEqual(['cards.findOne', 'cards.findOne']);
  });

  it('trims: writes out and forgets what it holds, but keeps (unwritten) up to keepReadBack documents read back after a write-out', async () => {
    const { store, calls } = countingStore();
    const buffer = createPageBuffer(store, { startsEmpty: true, keepReadBack: 1 });
    const cards = buffer.store.collection('cards');
    for (const id of ['a', 'b', 'c']) await cards.writeIfVersion(id, { _id: id, n: 1 }, null);
    await buffer.trim();
    expect(calls).toEqual(['cards.replaceOne', 'cards.replaceOne', 'cards.replaceOne']);
    expect(buffer.size()).toBe(0);
    // Read back: a and b. Only one of them is kept by the next trim; c is written once more.
    calls.length = 0;
    for (const id of ['a', 'b']) await cards.writeIfVersion(id, { _id: id, n: 2 }, (await cards.findOne({ _id: id }))!._version as number);
    await cards.writeIfVersion('d', { _id: 'd', n: 1 }, null);
    expect(buffer.size()).toBe(2);
    await buffer.trim();
    expect(calls).toEqual(['cards.findOne', 'cards.findOne', 'cards.replaceOne', 'cards.replaceOne']);
    expect(await store.collection('cards').findOne({ _id: 'a' })).toMatchObject({ n: 1, _version: 1 });
    expect(await store.collection('cards').findOne({ _id: 'b' })).toMatchObject({ n: 2, _version: 2 });
    // The kept one is read and changed without the store, and the flush writes it.
    calls.length = 0;
    await cards.writeIfVersion('a', { _id: 'a', n: 3 }, 2);
    await buffer.trim();
    expect(calls).toEqual([]);
    await buffer.flush();
    expect(calls).toEqual(['cards.replaceOne']);
    expect(await store.collection('cards').findOne({ _id: 'a' })).toEqual({ _id: 'a', n: 3, _version: 3 });
    expect(buffer.size()).toBe(0);
  });

  it('keeps documents read back within keepReadBackBytes (their JSON when read back), and a deleted one frees its place', async () => {
    const { store, calls } = countingStore();
    const big = 'x'.repeat(100);
    const oneFits = JSON.stringify({ _id: 'a', big, _version: 1 }).length + 10;
    const buffer = createPageBuffer(store, { startsEmpty: true, keepReadBack: 10, keepReadBackBytes: oneFits });
    const cards = buffer.store.collection('cards');
    for (const id of ['a', 'b', 'c']) await cards.writeIfVersion(id, { _id: id, big }, null);
    await buffer.trim();
    // Read back: a fits the bytes, b does not (though the count would allow it).
    for (const id of ['a', 'b']) await cards.writeIfVersion(id, { _id: id, big, n: 2 }, 1);
    expect(buffer.size()).toBe(1);
    calls.length = 0;
    await buffer.trim();
    expect(calls).toEqual(['cards.replaceOne']);
    expect(await store.collection('cards').findOne({ _id: 'b' })).toMatchObject({ n: 2, _version: 2 });
    expect(await store.collection('cards').findOne({ _id: 'a' })).toMatchObject({ _version: 1 });
    // a is deleted: the trim writes the deletion out, and c, read back next, takes its place.
    await cards.writeIfVersion('a', null, 2);
    await buffer.trim();
    expect(await store.collection('cards').findOne({ _id: 'a' })).toBeNull();
    await cards.writeIfVersion('c', { _id: 'c', big, n: 2 }, 1);
    calls.length = 0;
    await buffer.trim();
    expect(calls).toEqual([]);
    await buffer.flush();
    expect(await store.collection('cards').findOne({ _id: 'c' })).toMatchObject({ n: 2, _version: 2 });
    expect(buffer.size()).toBe(0);
  });

  it('trims write out what they do in the order the documents came, the kept ones skipped and a deleted kept one in its place', async () => {
    const replaceMany: string[][] = [];
    const { store, calls } = countingStore({ replaceMany });
    const buffer = createPageBuffer(store, { startsEmpty: true, keepReadBack: 10 });
    const cards = buffer.store.collection('cards');
    for (const id of ['a', 'b', 'c']) await cards.writeIfVersion(id, { _id: id, n: 1 }, null);
    await buffer.trim();
    // a and c come back (kept), new documents around them.
    await cards.writeIfVersion('d', { _id: 'd', n: 1 }, null);
    await cards.writeIfVersion('a', { _id: 'a', n: 2 }, 1);
    await cards.writeIfVersion('e', { _id: 'e', n: 1 }, null);
    await cards.writeIfVersion('c', { _id: 'c', n: 2 }, 1);
    await cards.writeIfVersion('f', { _id: 'f', n: 1 }, null);
    replaceMany.length = 0;
    await buffer.trim();
    expect(replaceMany).toEqual([['d', 'e', 'f']]);
    // Deleted, a is written out in its place among those that came after it.
    await cards.writeIfVersion('g', { _id: 'g', n: 1 }, null);
    await cards.writeIfVersion('a', null, 2);
    await cards.writeIfVersion('h', { _id: 'h', n: 1 }, null);
    replaceMany.length = 0;
    calls.length = 0;
    await buffer.trim();
    expect(replaceMany).toEqual([['g', 'h']]);
    expect(calls).toEqual(['cards.deleteOne', 'cards.replaceMany']);
    expect(await store.collection('cards').findOne({ _id: 'a' })).toBeNull();
    // c stays kept until the flush.
    replaceMany.length = 0;
    await buffer.flush();
    expect(replaceMany).toEqual([['c']]);
    expect(buffer.size()).toBe(0);
  });

  it('keeps the documents of keepWritten collections once a trim wrote them out: no read back, the same writes', async () => {
    const replaceMany: string[][] = [];
    const { store, calls } = countingStore({ replaceMany, jsonLength: 10 });
    const buffer = createPageBuffer(store, { startsEmpty: true, keepReadBack: 2, keepWritten: new Set(['cards']) });
    const cards = buffer.store.collection('cards');
    const orders = buffer.store.collection('orders');
    for (const id of ['a', 'b', 'c']) await cards.writeIfVersion(id, { _id: id, n: 1 }, null);
    await orders.writeIfVersion('o', { _id: 'o', n: 1 }, null);
    await buffer.trim();
    // All written out; a and b kept (the bound is 2), c and the order forgotten.
    expect(replaceMany).toEqual([['a', 'b', 'c'], ['o']]);
    expect(buffer.size()).toBe(0);
    expect(buffer.held.peek('cards', 'a')).toEqual({ _id: 'a', n: 1, _version: 1 });
    expect(buffer.held.peek('cards', 'c')).toBeUndefined();
    expect(buffer.held.peek('orders', 'o')).toBeUndefined();
    calls.length = 0;
    replaceMany.length = 0;
    // a comes back without a read; untouched, b is not written again.
    expect(buffer.held.tryWrite('cards', 'a', { _id: 'a', n: 2 }, 1)).toBe(true);
    expect(await cards.findOne({ _id: 'c' })).toMatchObject({ n: 1 });
    expect(calls).toEqual(['cards.findOneSized']);
    await buffer.trim();
    expect(replaceMany).toEqual([]);
    await buffer.flush();
    expect(replaceMany).toEqual([['a']]);
    expect(await store.collection('cards').findOne({ _id: 'a' })).toMatchObject({ n: 2, _version: 2 });
    expect(await store.collection('cards').findOne({ _id: 'b' })).toMatchObject({ n: 1, _version: 1 });
  });

  it('bounds what it keeps by the JSON length the store tells (findOneSized), where it tells one', async () => {
    const doc = { _id: 'a', big: 'x'.repeat(100) };
    const fits = JSON.stringify({ ...doc, _version: 1 }).length + 10;
    for (const [told, kept] of [[fits + 1, 0], [fits, 1]] as const) {
      const { store, calls } = countingStore({ jsonLength: told });
      const buffer = createPageBuffer(store, { startsEmpty: true, keepReadBack: 10, keepReadBackBytes: fits });
      const cards = buffer.store.collection('cards');
      await cards.writeIfVersion('a', doc, null);
      await buffer.trim();
      calls.length = 0;
      expect(await cards.findOne({ _id: 'a' })).toMatchObject({ big: doc.big, _version: 1 });
      expect(calls).toEqual(['cards.findOneSized']);
      // Its own JSON fits either way: the store's length decides.
      expect(buffer.size()).toBe(1 - kept);
    }
  });

  it('answers without a promise what it knows: held documents and known absences; undefined when only the store knows', async () => {
    const { store, calls } = countingStore();
    const buffer = createPageBuffer(store, { startsEmpty: true });
    const cards = buffer.store.collection('cards');
    expect(buffer.held.peek('cards', 'new')).toBeNull(); // never written by the buffer: known absent
    expect(buffer.held.tryWrite('cards', 'new', { _id: 'new', n: 1 }, null)).toBe(true);
    expect(buffer.held.peek('cards', 'new')).toEqual({ _id: 'new', n: 1, _version: 1 });
    expect(buffer.held.tryWrite('cards', 'new', { _id: 'new', n: 2 }, null)).toBe(false); // stale version
    await buffer.flush();
    // Written out: only the store knows it now.
    expect(buffer.held.peek('cards', 'new')).toBeUndefined();
    expect(buffer.held.tryWrite('cards', 'new', { _id: 'new', n: 2 }, 1)).toBeUndefined();
    expect(await cards.findOne({ _id: 'new' })).toMatchObject({ n: 1 });
    expect(buffer.held.tryWrite('cards', 'new', { _id: 'new', n: 2 }, 1)).toBe(true);
    expect(calls).toEqual(['cards.replaceOne', 'cards.findOne']);
  });

  it('on a store that starts empty, answers { field: value } itself, as the store would, without writing the collection out', async () => {
    const { store, calls } = countingStore();
    const buffer = createPageBuffer(store, { startsEmpty: true });
    const journeys = buffer.store.collection('journeys');
    const ids = async (value: string) => (await journeys.find({ orderIds: value })).map((doc) => doc._id).sort();
    await journeys.writeIfVersion('a', { _id: 'a', orderIds: ['o1', 'o2'] }, null);
    await journeys.writeIfVersion('b', { _id: 'b', orderIds: 'o2' }, null);
    await buffer.trim();
    // Written out before the first ask: one scan learns them.
    await journeys.writeIfVersion('c', { _id: 'c', orderIds: ['o3', 7] }, null);
    calls.length = 0;
    expect(await ids('o2')).toEqual(['a', 'b']);
    expect(calls).toEqual(['journeys.find', 'journeys.findOne', 'journeys.findOne']);
    calls.length = 0;
    // Then it follows the buffer's writes: changed, deleted, new, and read back after a write-out.
    await journeys.writeIfVersion('a', { _id: 'a', orderIds: ['o1'] }, 1);
    await journeys.writeIfVersion('b', null, 1);
    await journeys.writeIfVersion('d', { _id: 'd', orderIds: ['o2', 'o3'] }, null);
    expect(await ids('o2')).toEqual(['d']);
    expect(await ids('o3')).toEqual(['c', 'd']);
    expect(await ids('o1')).toEqual(['a']);
    expect(await ids('7')).toEqual([]);
    expect(calls).toEqual([]);
    await buffer.flush();
    expect((await journeys.find({ orderIds: 'o1' }))[0]).toEqual({ _id: 'a', orderIds: ['o1'], _version: 2 });
    expect(calls).toEqual(['journeys.replaceOne', 'journeys.replaceOne', 'journeys.deleteOne', 'journeys.replaceOne', 'journeys.findOne']);
    // The same answers as the store's.
    for (const value of ['o1', 'o2', 'o3']) {
      expect(await ids(value)).toEqual((await store.collection('journeys').find({ orderIds: value })).map((doc) => doc._id).sort());
    }
    // A write that goes past the buffer: the next ask scans again.
    await journeys.replaceOne({ _id: 'e', orderIds: ['o1'] });
    calls.length = 0;
    expect(await ids('o1')).toEqual(['a', 'e']);
    expect(calls[0]).toBe('journeys.find');
  });

  it('counts what it holds: a document read or written, not a known absence', async () => {
    const buffer = createPageBuffer(createMemoryViewStore(), { startsEmpty: true });
    const cards = buffer.store.collection('cards');
    await cards.findOne({ _id: 'a' });
    expect(buffer.size()).toBe(0);
    await cards.writeIfVersion('a', { _id: 'a' }, null);
    await cards.writeIfVersion('b', { _id: 'b' }, null);
    expect(buffer.size()).toBe(2);
    await buffer.flush();
    expect(buffer.size()).toBe(0);
  });
});
