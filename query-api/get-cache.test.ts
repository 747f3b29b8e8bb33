import { expect, it } from 'vitest';
import type { Cache } from '../domain/ports/cache.ts';
import { createMemoryCache } from '../infra/cache/memory-cache.ts';
import { createGetCache } from './get-cache.ts';

// An answer stored with its UTF-8 reads back as the same text and the same bytes, whichever way the
// cache keeps it: as the bytes in a cache of this process, as the text in one shared (Redis).

const projections = { onChange: () => undefined, waitFor: async () => ({ reached: true }) };
const logger = { warn() {}, error: (error: unknown) => { throw error; } };
const answer = JSON.stringify({ items: [{ name: { he: 'להקת הכוכבים ✨', en: 'Stars' }, emoji: '🎺', quote: 'a "b"\\c' }], total: 1 });
const bytes = Buffer.from(answer, 'utf8');

/** A cache that keeps what it is given, as another process's would (no inProcess). */
function sharedCache(): Cache & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    get: async (key) => values.get(key),
    set: async (key, value) => void values.set(key, value),
    purgeTags: async () => undefined,
    delete: async (key) => void values.delete(key),
    close: async () => undefined,
  };
}

it('keeps an answer stored with its UTF-8 as those bytes in a cache of this process, read back as the same text, bytes and tags', async () => {
  const memory = createMemoryCache();
  const getCache = createGetCache(memory, projections, { ttlMs: 10_000, logger });
  await getCache.set('with-bytes', answer, ['view:a', 'view:b'], getCache.generation(), bytes);
  await getCache.set('text-only', answer, ['view:a'], getCache.generation());
  const kept = (await memory.get('with-bytes'))!;
  // One character per byte: a string no longer than the UTF-8, after its tags line.
  expect(kept.slice(kept.indexOf('\n') + 1)).toBe(bytes.toString('latin1'));
  for (const key of ['with-bytes', 'text-only']) {
    const hit = (await getCache.get(key))!;
    expect(hit.text()).toBe(answer);
    expect(hit.bytes().equals(bytes)).toBe(true);
  }
  expect((await getCache.get('with-bytes'))!.tags()).toEqual(['view:a', 'view:b']);
  expect((await getCache.get('text-only'))!.tags()).toEqual(['view:a']);
});

it('keeps the text in a cache other processes share, bytes given or not', async () => {
  const shared = sharedCache();
  const getCache = createGetCache(shared, projections, { ttlMs: 10_000, logger });
  await getCache.set('k', answer, ['view:a'], getCache.generation(), bytes);
  expect(shared.values.get('k')).toBe(`["view:a"]\n${answer}`);
  const hit = (await getCache.get('k'))!;
  expect(hit.text()).toBe(answer);
  expect(hit.bytes().equals(bytes)).toBe(true);
  expect(hit.tags()).toEqual(['view:a']);
});

it('reads back a long answer (kept in the memory cache\'s slabs) and one kept by a cache of this process without setLatin1 alike', async () => {
  const long = JSON.stringify({ items: Array.from({ length: 40 }, (_, n) => ({ n, name: { he: 'להקת הכוכבים ✨', en: 'Stars' }, emoji: '🎺' })), total: 40 });
  const longBytes = Buffer.from(long, 'utf8');
  const memory = createMemoryCache();
  const { setLatin1: _omitted, ...withoutSetLatin1 } = createMemoryCache();
  for (const cache of [memory, withoutSetLatin1 as Cache]) {
    const getCache = createGetCache(cache, projections, { ttlMs: 10_000, logger });
    await getCache.set('k', long, ['view:a'], getCache.generation(), longBytes);
    const hit = (await getCache.get('k'))!;
    expect(hit.text()).toBe(long);
    expect(hit.bytes().equals(longBytes)).toBe(true);
    expect(hit.tags()).toEqual(['view:a']);
  }
});
