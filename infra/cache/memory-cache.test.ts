import { describe, expect, it } from 'vitest';
import { cacheConformance } from './cache.conformance.ts';
import { createMemoryCache } from './memory-cache.ts';

cacheConformance('memory LRU', () => createMemoryCache());
// Every Latin-1 value of the suite kept in slabs of a few bytes: written across slabs, read back, moved.
cacheConformance('memory LRU, values in slabs', () => createMemoryCache({ slabMinChars: 1, slabBytes: 64 }));

describe('memory cache specifics', () => {
  it('evicts the least recently used entry beyond maxEntries', async () => {
    const cache = createMemoryCache({ maxEntries: 2 });
    await cache.set('a', 'A', { ttlMs: 60_000 });
    await cache.set('b', 'B', { ttlMs: 60_000 });
    expect(await cache.get('a')).toBe('A'); // a is now more recent than b
    await cache.set('c', 'C', { ttlMs: 60_000 });
    expect(await cache.get('b')).toBeUndefined();
    expect(await cache.get('a')).toBe('A');
    expect(await cache.get('c')).toBe('C');
    expect(cache.size()).toBe(2);
  });

  it('evicts the least recently used entries beyond maxChars, and never keeps an entry larger than that', async () => {
    const cache = createMemoryCache({ maxChars: 25 });
    await cache.set('a', 'x'.repeat(9), { ttlMs: 60_000 });
    await cache.set('b', 'y'.repeat(9), { ttlMs: 60_000 });
    await cache.set('c', 'z'.repeat(9), { ttlMs: 60_000 });
    expect(await cache.get('a')).toBeUndefined();
    expect(await cache.get('b')).toBe('y'.repeat(9));
    await cache.set('huge', 'h'.repeat(30), { ttlMs: 60_000 });
    expect(await cache.get('huge')).toBeUndefined();
    expect(await cache.get('c')).toBe('z'.repeat(9));
  });

  it('expires by the injected clock', async () => {
    let now = 1_000;
    const cache = createMemoryCache({ now: () => now });
    await cache.set('k', 'v', { ttlMs: 10_000 });
    now += 9_999;
    expect(await cache.get('k')).toBe('v');
    now += 1;
    expect(await cache.get('k')).toBeUndefined();
  });

  it.each([
    ['strings', {}],
    // Values in slabs of 8 bytes (each value fits one); 10 slabs in use at most, more than 6 values and the slab written can hold.
    ['values in slabs', { slabMinChars: 1, slabBytes: 8 }],
  ])('evicts in least-recently-used order through many evictions, reads, deletes, purges and a cache emptied and filled again (%s)', async (_name, slabs) => {
    // A list, most recently used last, is the reference the cache must agree with at every step.
    const cache = createMemoryCache({ maxEntries: 6, maxChars: 40, ...slabs });
    let model: Array<{ key: string; value: string; tag: string }> = [];
    const charsOf = (list: typeof model) => list.reduce((sum, entry) => sum + entry.key.length + entry.value.length, 0);
    let seed = 7;
    const random = (n: number) => { seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648; return seed % n; };
    for (let step = 0; step < 5_000; step++) {
      const key = `k${random(12)}`;
      const op = random(20);
      if (op < 9) {
        const value = ['v', 'é', '\u00ff', 'ש'][random(4)]!.repeat(1 + random(8));
        const tag = `t${random(3)}`;
        await cache.set(key, value, { ttlMs: 60_000, tags: [tag] });
        model = [...model.filter((entry) => entry.key !== key), { key, value, tag }];
        while (model.length > 6 || charsOf(model) > 40) model.shift();
      } else if (op < 17) {
        const found = model.find((entry) => entry.key === key);
        expect(await cache.get(key), `step ${step}: get ${key}`).toBe(found?.value);
        if (found) model = [...model.filter((entry) => entry !== found), found];
      } else if (op < 18) {
        await cache.delete(key);
        model = model.filter((entry) => entry.key !== key);
      } else if (op < 19) {
        const tag = `t${random(3)}`;
        await cache.purgeTags([tag]);
        model = model.filter((entry) => entry.tag !== tag);
      } else {
        for (const entry of [...model]) await cache.delete(entry.key);
        model = [];
      }
      expect(cache.size(), `step ${step}`).toBe(model.length);
    }
  });

  it('an evicted entry is no longer indexed under its tags', async () => {
    const cache = createMemoryCache({ maxEntries: 1 });
    await cache.set('a', 'A', { ttlMs: 60_000, tags: ['t'] });
    await cache.set('b', 'B', { ttlMs: 60_000, tags: ['u'] });
    await cache.purgeTags(['t']);
    expect(await cache.get('b')).toBe('B');
  });

  it('gives back each value as it was set, whether kept in a slab (Latin-1) or as a string, across many slabs reused', async () => {
    const cache = createMemoryCache({ slabMinChars: 4, slabBytes: 100, maxChars: 1_000 });
    const values = new Map<string, string>();
    for (let n = 0; n < 2_000; n++) {
      const key = `k${n % 37}`;
      const value = n % 5 === 0 ? `שלום ${n}` : `${'\u00e9\u00ff\u0000x'.repeat(1 + (n % 20))}${n}`;
      await cache.set(key, value, { ttlMs: 60_000 });
      values.set(key, value);
      const read = `k${(n * 7) % 37}`;
      const got = await cache.get(read);
      if (got !== undefined) expect(got).toBe(values.get(read));
    }
    expect(await cache.get('k0')).toBe(values.get('k0'));
  });

  it('setLatin1 keeps what set keeps of the head and the bytes read one character a byte, in a slab or not', async () => {
    const cache = createMemoryCache({ slabMinChars: 8, slabBytes: 64 });
    const cases: Array<[string, Buffer]> = [
      ['b["t"]\n', Buffer.from('שלום ✨ long enough')], ['h', Buffer.from([0, 255, 128, 10, 97, 0xe9, 1, 2])],
      // A head past Latin-1, one too short, one too long for a slab, an empty one.
      ['ש', Buffer.from('abcdefghij')], ['ab', Buffer.from('c')], ['x'.repeat(70), Buffer.from('y')], ['', Buffer.alloc(0)], ['head', Buffer.alloc(60, 200)],
    ];
    const expected = (n: number) => cases[n]![0] + cases[n]![1].toString('latin1');
    for (let round = 0; round < 20; round++) {
      for (const [n, [head, bytes]] of cases.entries()) {
        await cache.setLatin1(`k${n}`, head, bytes, { ttlMs: 60_000 });
        // Another key read in between (moved into the slab being written).
        const other = (n * 3) % cases.length;
        expect(await cache.get(`k${other}`)).toBe(round === 0 && other > n ? undefined : expected(other));
      }
    }
    for (const n of cases.keys()) expect(await cache.get(`k${n}`)).toBe(expected(n));
  });
});
