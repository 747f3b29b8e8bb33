import type { Cache } from '../../domain/ports/cache.ts';

// The embedded Cache adapter (DESIGN §2): an LRU of string answers with a TTL per entry and tags for
// purging. A Map keeps insertion order, so re-inserting on read makes its first key the least recently used.
//
// A long value of Latin-1 characters only (the GET cache's answers kept as their UTF-8, one character a
// byte: query-api/get-cache.ts) is kept as bytes in a slab, a buffer shared by the values written after
// it, off the V8 heap; a read gives a copy. As a string, each answer a cache miss stored survived two
// scavenges before it was promoted (~15 KB copied twice an answer: most of what the scavenges copied
// under the vendor search's misses, 8-11 ms each every ~220 ms), then filled old space until a
// mark-compact. A slab whose values are all gone is used again, not freed: no buffer is allocated or
// freed per answer (a buffer per answer was tried and cost more than it saved, docs/benchmarks.md).
// A read moves its value into the slab being written, as the read makes it the most recently used:
// slabs then go from least to most recently used, and eviction empties the oldest first.
interface Slab {
  bytes: Buffer;
  /** Bytes written so far. */
  used: number;
  /** Bytes of the values still kept in it. */
  live: number;
}

interface Entry {
  /** The value, or null when it is kept in `slab` (at `at`, `length` bytes). */
  value: string | null;
  slab: Slab | null;
  at: number;
  length: number;
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
  /** Values of Latin-1 characters at least this long are kept in slabs (tests make it small). */
  slabMinChars?: number;
  /** Bytes of a slab. */
  slabBytes?: number;
}

/** A character past Latin-1: the value cannot be kept one byte a character. */
const WIDE = /[^\u0000-\u00ff]/;

export function createMemoryCache(options: MemoryCacheOptions = {}): Cache & { size(): number; setLatin1: NonNullable<Cache['setLatin1']> } {
  const maxEntries = options.maxEntries ?? 10_000;
  const maxChars = options.maxChars ?? 32 * 1024 * 1024;
  let chars = 0;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const keysByTag = new Map<string, Set<string>>();
  const slabMinChars = options.slabMinChars ?? 2048;
  const slabBytes = options.slabBytes ?? 1024 * 1024;
  // Slabs holding a kept value, and emptied ones kept for reuse. Both bounded: values in slabs count their
  // characters as any other (maxChars), and the slabs in use are at most as many bytes as twice maxChars
  // (what maxChars means of two-byte strings), past which the least recently used values go.
  const maxSlabsInUse = Math.max(2, Math.floor((2 * maxChars) / slabBytes));
  let slabsInUse = 0;
  const spareSlabs: Slab[] = [];
  let current: Slab | null = null;

  /** Writes a value into the current slab (a new one, or a spare, when it is full); where it went. */
  function place(value: string): { slab: Slab; at: number } {
    const { slab, at } = room(value.length);
    slab.bytes.write(value, at, 'latin1');
    return { slab, at };
  }

  /** `length` bytes of the current slab (a new one, or a spare, when it is full), counted as kept. */
  function room(length: number): { slab: Slab; at: number } {
    if (current === null || current.used + length > slabBytes) {
      const full = current;
      current = spareSlabs.pop() ?? { bytes: Buffer.allocUnsafe(slabBytes), used: 0, live: 0 };
      current.used = 0;
      slabsInUse += 1;
      if (full !== null && full.live === 0) release(full);
    }
    const at = current.used;
    current.used += length;
    current.live += length;
    return { slab: current, at };
  }

  /** A slab none of whose values is kept: it is reused (a few are kept spare). */
  function release(slab: Slab): void {
    slabsInUse -= 1;
    if (spareSlabs.length < 4) spareSlabs.push(slab);
  }

  /** An entry's value is no longer kept in its slab. */
  function unplace(entry: Entry): void {
    const slab = entry.slab;
    if (slab === null) return;
    entry.slab = null;
    slab.live -= entry.length;
    if (slab.live === 0 && slab !== current) release(slab);
  }

  function valueOf(entry: Entry): string {
    return entry.value ?? entry.slab!.bytes.toString('latin1', entry.at, entry.at + entry.length);
  }
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
    unplace(entry);
    for (const tag of entry.tags) {
      const keys = keysByTag.get(tag);
      keys?.delete(key);
      if (keys && keys.size === 0) keysByTag.delete(tag);
    }
  }

  /** Keeps a value of `length` characters, as a string or as bytes `write` puts in a slab. */
  function keep(key: string, length: number, value: string | null, write: ((bytes: Buffer, at: number) => void) | null, ttlMs: number, tags: string[]): void {
    forget(key);
    const size = key.length + length;
    if (ttlMs <= 0 || size > maxChars) return;
    const unique = [...new Set(tags)];
    let placed: { slab: Slab; at: number } | null = null;
    if (write !== null) {
      placed = room(length);
      write(placed.slab.bytes, placed.at);
    }
    entries.set(key, { value: placed ? null : value, slab: placed?.slab ?? null, at: placed?.at ?? 0, length, size, expiresAt: now() + ttlMs, tags: unique });
    chars += size;
    for (const tag of unique) {
      let keys = keysByTag.get(tag);
      if (!keys) keysByTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    evictPastBounds();
  }

  /** Evicts the least recently used entries while the cache is past a bound: entries, characters, or slabs in use (the last entry stays). */
  function evictPastBounds(): void {
    while (entries.size > maxEntries || chars > maxChars || (slabsInUse > maxSlabsInUse && entries.size > 1)) forget(leastRecent()!);
  }

  /** Whether a value of `length` characters (none past Latin-1) is kept in a slab. */
  const slabbed = (length: number): boolean => length >= slabMinChars && length <= slabBytes;

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
      const value = valueOf(entry);
      // Now the most recently used: into the slab being written, unless it is there already.
      if (entry.slab !== null && entry.slab !== current) {
        unplace(entry);
        ({ slab: entry.slab, at: entry.at } = place(value));
        evictPastBounds();
      }
      return value;
    },
    async set(key, value, { ttlMs, tags = [] }) {
      const inSlab = slabbed(value.length) && !WIDE.test(value);
      keep(key, value.length, value, inSlab ? (bytes, at) => bytes.write(value, at, 'latin1') : null, ttlMs, tags);
    },
    // The head and the bytes copied into the slab: no string of the whole value is made.
    async setLatin1(key, head, bytes, { ttlMs, tags = [] }) {
      const length = head.length + bytes.length;
      if (!slabbed(length) || WIDE.test(head)) {
        keep(key, length, head + bytes.toString('latin1'), null, ttlMs, tags);
        return;
      }
      keep(key, length, null, (slab, at) => {
        slab.write(head, at, 'latin1');
        bytes.copy(slab, at + head.length);
      }, ttlMs, tags);
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
      current = null;
      slabsInUse = 0;
      spareSlabs.length = 0;
      byAge = entries.keys();
      chars = 0;
    },
    size: () => entries.size,
    inProcess: true,
  };
}
