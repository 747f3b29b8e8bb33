import type { Cache } from '../domain/ports/cache.ts';
import type { ProjectionsProgress, QueryApiLogger } from './ports.ts';
import { tagsOfChange } from './cache-tags.ts';

// The GET cache (SPEC §9: TTL 10 s). Keys are URL + caller identity + locale; entries carry the tags
// of what they hold and are purged on every projection change that touches them. A purge generation
// guards the race "read the view, the view changes and the purge runs, then the stale answer is
// stored": an answer computed across a purge is not stored. An entry keeps its tags beside the answer
// (a first line of JSON), so a page built from cached answers is tagged like them (web/guest-page-cache.ts).
export interface CachedAnswer {
  answer: string;
  tags(): string[];
}

export interface GetCache {
  get(key: string): Promise<CachedAnswer | undefined>;
  /** Stores unless a purge happened since `generation` was taken. */
  set(key: string, value: string, tags: Iterable<string>, generation: number): Promise<void>;
  generation(): number;
  /** Resolves when the purges started so far have finished (tests, shutdown). */
  settled(): Promise<void>;
  stop(): void;
}

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
        return { answer: entry.slice(newline + 1), tags: () => JSON.parse(entry.slice(0, newline)) as string[] };
      } catch (error) {
        options.logger.error(error, 'GET cache read failed; answering from the views');
        return undefined;
      }
    },
    async set(key, value, tags, taken) {
      if (taken !== generation) return;
      try {
        const list = [...tags];
        // JSON.stringify of strings never holds a raw newline, so the first one ends the tags.
        await cache.set(key, `${JSON.stringify(list)}\n${value}`, { ttlMs: options.ttlMs, tags: list });
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
