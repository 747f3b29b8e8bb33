import type { Cache } from '../../domain/ports/cache.ts';

// The embedded Cache adapter (DESIGN §2): an LRU of string answers with a TTL per entry and tags for
// purging. A Map keeps insertion order, so re-inserting on read makes its first key the least recently used.
interface Entry {
  value: string;
  /** UTF-16 code units of key and value: what the entry costs in memory, roughly halved. */
  size: number;
  expiresAt: number;
  tags: string[];
}

export interface MemoryCacheOptions {
  /** Entries kept before the least recently used is evicted. */
  maxEntries?: number;
  /** Total characters of keys and values kept (default 32 M, about 64 MB). */
  maxChars?: number;
  /** Milliseconds since the epoch; injected so tests can move time. */
  now?: () => number;
}

export function createMemoryCache(options: MemoryCacheOptions = {}): Cache & { size(): number } {
  const maxEntries = options.maxEntries ?? 10_000;
  const maxChars = options.maxChars ?? 32 * 1024 * 1024;
  let chars = 0;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const keysByTag = new Map<string, Set<string>>();
  // The least recently used key by one iterator kept across evictions. A Map keeps a deleted entry's
  // slot until it rehashes, and a new iterator walks every such slot before the first live key: with
  // the LRU's churn (delete the first, add last) that was ~2 µs an eviction, one per GET cache miss. The
  // kept iterator has passed only deleted keys (each key it gave was evicted), and a key read again
  // (deleted, set again) lies ahead of it, in its new place.
  let byAge = entries.keys();
  function leastRecent(): string | undefined {
    let next = byAge.next();
    // A finished iterator stays finished, even after keys are added: walk again from the start.
    if (next.done) next = (byAge = entries.keys()).next();
    return next.value;
  }

  function forget(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    chars -= entry.size;
    for (const tag of entry.tags) {
      const keys = keysByTag.get(tag);
      keys?.delete(key);
      if (keys && keys.size === 0) keysByTag.delete(tag);
    }
  }

  return {
    async get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        forget(key);
        return undefined;
      }
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    async set(key, value, { ttlMs, tags = [] }) {
      forget(key);
      const size = key.length + value.length;
      if (ttlMs <= 0 || size > maxChars) return;
      const unique = [...new Set(tags)];
      entries.set(key, { value, size, expiresAt: now() + ttlMs, tags: unique });
      chars += size;
      for (const tag of unique) {
        let keys = keysByTag.get(tag);
        if (!keys) keysByTag.set(tag, (keys = new Set()));
        keys.add(key);
      }
      while (entries.size > maxEntries || chars > maxChars) forget(leastRecent()!);
    },
    async purgeTags(tags) {
      for (const tag of tags) {
        for (const key of [...(keysByTag.get(tag) ?? [])]) forget(key);
      }
    },
    async delete(key) {
      forget(key);
    },
    async close() {
      entries.clear();
      keysByTag.clear();
      byAge = entries.keys();
      chars = 0;
    },
    size: () => entries.size,
    inProcess: true,
  };
}
