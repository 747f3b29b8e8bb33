import { describe, expect, it } from 'vitest';
import { cacheConformance } from './cache.conformance.ts';
import { createMemoryCache } from './memory-cache.ts';

cacheConformance('memory LRU', () => createMemoryCache());

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

  it('an evicted entry is no longer indexed under its tags', async () => {
    const cache = createMemoryCache({ maxEntries: 1 });
    await cache.set('a', 'A', { ttlMs: 60_000, tags: ['t'] });
    await cache.set('b', 'B', { ttlMs: 60_000, tags: ['u'] });
    await cache.purgeTags(['t']);
    expect(await cache.get('b')).toBe('B');
  });
});
