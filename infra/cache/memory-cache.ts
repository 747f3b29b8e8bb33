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
      while (entries.size > maxEntries || chars > maxChars) {
        const oldest = entries.keys().next().value as string;
        forget(oldest);
      }
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
      chars = 0;
    },
    size: () => entries.size,
  };
}
