import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Cache } from '../../domain/ports/cache.ts';

// The one conformance suite of the Cache port (DESIGN §2): the in-memory LRU and the Redis adapter both
// run it. `make` returns a fresh, empty cache (a Redis adapter may use a unique key prefix per call).
// No test asserts a duration; expiry is awaited with a bounded wait for the outcome.
export function cacheConformance(name: string, make: () => Cache | Promise<Cache>): void {
  describe(`Cache conformance: ${name}`, () => {
    const open: Cache[] = [];
    const fresh = async () => {
      const cache = await make();
      open.push(cache);
      return cache;
    };
    afterEach(async () => {
      await Promise.all(open.splice(0).map((cache) => cache.close()));
    });
    const key = (label: string) => `/api/test/${label}?u=${randomUUID()}`;

    it('answers undefined for a key never set', async () => {
      const cache = await fresh();
      expect(await cache.get(key('missing'))).toBeUndefined();
    });

    it('returns what was set, byte for byte', async () => {
      const cache = await fresh();
      const k = key('roundtrip');
      const value = JSON.stringify({ items: [{ name: 'להקת הכוכבים', emoji: '🎻' }], total: 1 });
      await cache.set(k, value, { ttlMs: 60_000 });
      expect(await cache.get(k)).toBe(value);
    });

    it('replaces the value of a key set twice', async () => {
      const cache = await fresh();
      const k = key('twice');
      await cache.set(k, 'first', { ttlMs: 60_000 });
      await cache.set(k, 'second', { ttlMs: 60_000 });
      expect(await cache.get(k)).toBe('second');
    });

    it('forgets an entry once its TTL has passed', async () => {
      const cache = await fresh();
      const k = key('ttl');
      await cache.set(k, 'short-lived', { ttlMs: 50 });
      await vi.waitFor(async () => expect(await cache.get(k)).toBeUndefined(), { timeout: 5_000, interval: 20 });
    });

    it('keeps an entry whose TTL has not passed', async () => {
      const cache = await fresh();
      const k = key('long');
      await cache.set(k, 'long-lived', { ttlMs: 600_000 });
      expect(await cache.get(k)).toBe('long-lived');
    });

    it('deletes one key and leaves the others', async () => {
      const cache = await fresh();
      const [a, b] = [key('a'), key('b')];
      await cache.set(a, 'A', { ttlMs: 60_000 });
      await cache.set(b, 'B', { ttlMs: 60_000 });
      await cache.delete(a);
      expect(await cache.get(a)).toBeUndefined();
      expect(await cache.get(b)).toBe('B');
    });

    it('purges every entry carrying any of the tags, and only those', async () => {
      const cache = await fresh();
      const tag = (label: string) => `${label}:${randomUUID()}`;
      const [orders, order1, vendors] = [tag('collection:orders'), tag('doc:orders:1'), tag('collection:vendors')];
      const [list, one, other, untagged] = [key('list'), key('one'), key('other'), key('untagged')];
      await cache.set(list, 'orders list', { ttlMs: 60_000, tags: [orders] });
      await cache.set(one, 'order 1', { ttlMs: 60_000, tags: [orders, order1] });
      await cache.set(other, 'vendors', { ttlMs: 60_000, tags: [vendors] });
      await cache.set(untagged, 'plain', { ttlMs: 60_000 });

      await cache.purgeTags([order1]);
      expect(await cache.get(one)).toBeUndefined();
      expect(await cache.get(list)).toBe('orders list');

      await cache.purgeTags([orders, tag('never-used')]);
      expect(await cache.get(list)).toBeUndefined();
      expect(await cache.get(other)).toBe('vendors');
      expect(await cache.get(untagged)).toBe('plain');
    });

    it('purging an unknown tag or an empty list changes nothing', async () => {
      const cache = await fresh();
      const k = key('stay');
      await cache.set(k, 'stays', { ttlMs: 60_000, tags: [`t:${randomUUID()}`] });
      await cache.purgeTags([]);
      await cache.purgeTags([`unknown:${randomUUID()}`]);
      expect(await cache.get(k)).toBe('stays');
    });

    it('a key set again after a purge can be read and purged again', async () => {
      const cache = await fresh();
      const tag = `t:${randomUUID()}`;
      const k = key('again');
      await cache.set(k, 'v1', { ttlMs: 60_000, tags: [tag] });
      await cache.purgeTags([tag]);
      await cache.set(k, 'v2', { ttlMs: 60_000, tags: [tag] });
      expect(await cache.get(k)).toBe('v2');
      await cache.purgeTags([tag]);
      expect(await cache.get(k)).toBeUndefined();
    });

    it('keeps keys with URL characters, spaces and Hebrew apart', async () => {
      const cache = await fresh();
      const id = randomUUID();
      const keys = [`/api/x?q=a b&id[]=1|${id}`, `/api/x?q=a%20b&id[]=1|${id}`, `/api/x?q=זמר|${id}|he-IL`];
      for (const [index, k] of keys.entries()) await cache.set(k, `value ${index}`, { ttlMs: 60_000, tags: ['t:*?[x]'] });
      for (const [index, k] of keys.entries()) expect(await cache.get(k)).toBe(`value ${index}`);
    });
  });
}
