import { Redis } from 'ioredis';
import type { Cache } from '../../domain/ports/cache.ts';

// The distributed Cache adapter (DESIGN §2, SPEC §9: GET answers for 10 s) on Redis via ioredis.
// An entry is a string key with a PX expiry; each tag is a Redis set of the entry keys carrying it,
// expiring no earlier than its longest-lived entry, so tags never outlive what they point at for long.
// Writing an entry with its tags, and purging a tag with its entries, are each one Lua script: atomic,
// so an entry tagged while a purge runs is either purged or tagged after it, never orphaned.
//
// Redis down: the cache is an optimisation, so get answers a miss and set does nothing (both report to
// onError), while the query API keeps answering from the views. purgeTags and delete reject instead,
// so a caller knows stale answers may live until their TTL. ioredis reconnects by itself; commands do
// not queue while it is away (they fail at once), so nothing waits on a dead Redis.

export interface RedisCacheOptions {
  /** redis:// URL (REDIS_URL). */
  url: string;
  /** Prefix of every key, to share a Redis between apps or tests; default 'cache:'. */
  keyPrefix?: string;
  /** Told of connection and command errors that the cache absorbs. */
  onError?: (error: Error) => void;
}

// KEYS[1] entry key, KEYS[2..] tag sets; ARGV[1] value, ARGV[2] TTL in ms.
const SET_WITH_TAGS = `
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
local ttl = tonumber(ARGV[2])
for i = 2, #KEYS do
  redis.call('SADD', KEYS[i], KEYS[1])
  if redis.call('PTTL', KEYS[i]) < ttl then redis.call('PEXPIRE', KEYS[i], ttl) end
end
return 1`;

// KEYS tag sets: deletes every entry each set names, then the set.
const PURGE_TAGS = `
local purged = 0
for i = 1, #KEYS do
  local members = redis.call('SMEMBERS', KEYS[i])
  for j = 1, #members, 500 do
    purged = purged + redis.call('DEL', unpack(members, j, math.min(j + 499, #members)))
  end
  redis.call('DEL', KEYS[i])
end
return purged`;

interface CacheCommands {
  cacheSetWithTags(numberOfKeys: number, ...keysAndArgs: Array<string | number>): Promise<number>;
  cachePurgeTags(numberOfKeys: number, ...keys: string[]): Promise<number>;
}

export interface RedisCache extends Cache {
  /** The connection, for tests and health checks. */
  readonly redis: Redis;
}

/** Connects (rejecting when Redis does not answer) and returns the cache. */
export async function openRedisCache(options: RedisCacheOptions): Promise<RedisCache> {
  const prefix = options.keyPrefix ?? 'cache:';
  const onError = options.onError ?? (() => {});
  const redis = new Redis(options.url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    retryStrategy: (times) => Math.min(100 * times, 2_000),
  });
  redis.on('error', (error: Error) => onError(error));
  redis.defineCommand('cacheSetWithTags', { lua: SET_WITH_TAGS });
  redis.defineCommand('cachePurgeTags', { lua: PURGE_TAGS });
  const commands = redis as unknown as Redis & CacheCommands;
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`Redis cache: cannot connect to ${options.url}: ${error instanceof Error ? error.message : String(error)}`);
  }

  const entryKey = (key: string) => `${prefix}v:${key}`;
  const tagKey = (tag: string) => `${prefix}t:${tag}`;
  const absorb = (error: unknown) => onError(error instanceof Error ? error : new Error(String(error)));

  return {
    redis,
    async get(key) {
      try {
        return (await redis.get(entryKey(key))) ?? undefined;
      } catch (error) {
        absorb(error);
        return undefined;
      }
    },
    async set(key, value, { ttlMs, tags = [] }) {
      try {
        if (ttlMs <= 0) {
          await redis.del(entryKey(key));
          return;
        }
        const tagKeys = [...new Set(tags)].map(tagKey);
        await commands.cacheSetWithTags(1 + tagKeys.length, entryKey(key), ...tagKeys, value, Math.ceil(ttlMs));
      } catch (error) {
        absorb(error);
      }
    },
    async purgeTags(tags) {
      if (tags.length === 0) return;
      const tagKeys = [...new Set(tags)].map(tagKey);
      await commands.cachePurgeTags(tagKeys.length, ...tagKeys);
    },
    async delete(key) {
      await redis.del(entryKey(key));
    },
    async close() {
      try {
        await redis.quit();
      } catch {
        redis.disconnect(); // not connected: nothing to say goodbye to
      }
    },
  };
}
