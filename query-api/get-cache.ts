import type { Cache } from '../domain/ports/cache.ts';
import type { ProjectionsProgress, QueryApiLogger } from './ports.ts';
import { tagsOfChange } from './cache-tags.ts';
import { utf8Bytes } from './utf8-bytes.ts';

// The GET cache (SPEC §9: TTL 10 s). Keys are URL + caller identity + locale; entries carry the tags
// of what they hold and are purged on every projection change that touches them. A purge generation
// guards the race "read the view, the view changes and the purge runs, then the stale answer is
// stored": an answer computed across a purge is not stored. An entry keeps its tags beside the answer
// (a first line of JSON), so a page built from cached answers is tagged like them (web/guest-page-cache.ts).
//
// In a cache of this process (Cache.inProcess), an answer stored with the UTF-8 HTTP sent keeps those
// bytes, one character per byte (a latin1 string, BYTES_MARK before its tags line): half the heap of the
// two-byte text of an answer holding Hebrew (~12,700 against ~24,300 bytes a 24-card search page), which
// a cache miss otherwise carries through two scavenges into old space; a hit sends them by a copy rather
// than encoding the text again. Another process's cache (Redis) keeps the text: a version that does
// not know the mark may read its entries.
export interface CachedAnswer {
  /** The JSON text. */
  text(): string;
  /** Its UTF-8, as HTTP sends it (a Buffer of its own). */
  bytes(): Buffer;
  tags(): string[];
}

export interface GetCache {
  get(key: string): Promise<CachedAnswer | undefined>;
  /**
   * Stores unless a purge happened since `generation` was taken. `bytes`: the value's UTF-8 when the
   * caller made it (to send it), which a cache of this process keeps instead of the text.
   */
  set(key: string, value: string, tags: Iterable<string>, generation: number, bytes?: Buffer): Promise<void>;
  generation(): number;
  /** Resolves when the purges started so far have finished (tests, shutdown). */
  settled(): Promise<void>;
  stop(): void;
}

/** First character of an entry that keeps the answer's UTF-8 as latin1 (a tags line begins with `[`). */
const BYTES_MARK = 'b';

export function createGetCache(cache: Cache, projections: ProjectionsProgress, options: { ttlMs: number; logger: QueryApiLogger }): GetCache {
  let generation = 0;
  let purging: Promise<void> = Promise.resolve();
  const unsubscribe = projections.onChange((change) => {
    generation += 1;
    const tags = tagsOfChange(change);
    purging = purging.then(() => cache.purgeTags(tags)).catch((error) => options.logger.error(error, 'GET cache purge failed'));
  });
  return {
    async get(key) {
      try {
        const entry = await cache.get(key);
        const newline = entry?.indexOf('\n') ?? -1;
        // An entry without its tags line (written by an older version) counts as a miss.
        if (entry === undefined || newline < 0) return undefined;
        const body = entry.slice(newline + 1);
        if (entry.startsWith(BYTES_MARK)) {
          return { text: () => Buffer.from(body, 'latin1').toString('utf8'), bytes: () => Buffer.from(body, 'latin1'), tags: () => JSON.parse(entry.slice(1, newline)) as string[] };
        }
        return { text: () => body, bytes: () => utf8Bytes(body), tags: () => JSON.parse(entry.slice(0, newline)) as string[] };
      } catch (error) {
        options.logger.error(error, 'GET cache read failed; answering from the views');
        return undefined;
      }
    },
    async set(key, value, tags, taken, bytes) {
      if (taken !== generation) return;
      try {
        const list = [...tags];
        // JSON.stringify of strings never holds a raw newline, so the first one ends the tags.
        const stored = { ttlMs: options.ttlMs, tags: list };
        if (bytes && cache.inProcess) {
          const head = `${BYTES_MARK}${JSON.stringify(list)}\n`;
          // The bytes copied in as they are (a cache that keeps them so), else the string of them.
          if (cache.setLatin1) await cache.setLatin1(key, head, bytes, stored);
          else await cache.set(key, `${head}${bytes.toString('latin1')}`, stored);
        } else await cache.set(key, `${JSON.stringify(list)}\n${value}`, stored);
        // A purge that started while storing may have missed this entry.
        if (taken !== generation) await cache.delete(key);
      } catch (error) {
        options.logger.error(error, 'GET cache write failed');
      }
    },
    generation: () => generation,
    settled: () => purging,
    stop: () => unsubscribe?.(),
  };
}
