import type { Cache } from '../domain/ports/cache.ts';
import type { ProjectionsProgress, QueryApiLogger } from './ports.ts';
import { tagsOfChange } from './cache-tags.ts';

// The GET cache (SPEC §9: TTL 10 s). Keys are URL + caller identity + locale; entries carry the tags
// of what they hold and are purged on every projection change that touches them. A purge generation
// guards the race "read the view, the view changes and the purge runs, then the stale answer is
// stored": an answer computed across a purge is not stored.
export interface GetCache {
  get(key: string): Promise<string | undefined>;
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
        return await cache.get(key);
      } catch (error) {
        options.logger.error(error, 'GET cache read failed; answering from the views');
        return undefined;
      }
    },
    async set(key, value, tags, taken) {
      if (taken !== generation) return;
      try {
        await cache.set(key, value, { ttlMs: options.ttlMs, tags: [...tags] });
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
