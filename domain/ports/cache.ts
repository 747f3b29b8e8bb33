// The Cache port for GET answers (SPEC §9: TTL 10 s). Entries carry tags so a projection change can
// purge exactly the answers that hold what changed. In memory (LRU) or Redis.
export interface Cache {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, options: { ttlMs: number; tags?: string[] }): Promise<void>;
  /** Removes every entry carrying any of these tags. */
  purgeTags(tags: string[]): Promise<void>;
  delete(key: string): Promise<void>;
  close(): Promise<void>;
  /**
   * Entries live in this process's memory and die with it: whatever reads one was written by the same
   * code, so a reader may keep its values in a form of its own (the GET cache's answers as their UTF-8
   * bytes, query-api/get-cache.ts). Absent for a cache other processes or versions share (Redis).
   */
  readonly inProcess?: true;
  /**
   * Stores what `set(key, head + bytes.toString('latin1'), options)` stores, without making that string
   * (a cache of this process that keeps such values as bytes copies them in: the GET cache's answers
   * as their UTF-8, query-api/get-cache.ts). Optional: without it, the caller makes the string.
   */
  setLatin1?(key: string, head: string, bytes: Buffer, options: { ttlMs: number; tags?: string[] }): Promise<void>;
}
