import { Redis } from 'ioredis';
import type { IdempotencyRecord, IdempotencyStore, StoredAnswer } from '../../domain/ports/idempotency-store.ts';

// Idempotency records on Redis (REDIS_URL), shared by every command-API process. A record is a hash
// { v: version, s: status, f: fingerprint, t: startedAt, a: answer JSON } that expires `ttlSeconds`
// after its last change (default 7 days): a key retried later than that runs again — and since a keyed
// run's ids derive from the key (command-api/derived-ids.ts), it then finds the events of its first run
// and answers them (command-handler.ts) rather than writing twice. Each change is one Lua script that
// compares the version first, so concurrent claims of one key cannot both win.

// KEYS[1]; ARGV: expected version ('' = none), new status, fingerprint ('' = keep), startedAt ('' = keep), answer ('' = none), ttl seconds.
const SET_IF_VERSION = `
local v = redis.call('HGET', KEYS[1], 'v')
if (ARGV[1] == '' and v) or (ARGV[1] ~= '' and v ~= ARGV[1]) then return false end
local next = (tonumber(v) or 0) + 1
redis.call('HSET', KEYS[1], 'v', next, 's', ARGV[2])
if ARGV[3] ~= '' then redis.call('HSET', KEYS[1], 'f', ARGV[3]) end
if ARGV[4] ~= '' then redis.call('HSET', KEYS[1], 't', ARGV[4]) end
if ARGV[5] ~= '' then redis.call('HSET', KEYS[1], 'a', ARGV[5]) else redis.call('HDEL', KEYS[1], 'a') end
redis.call('EXPIRE', KEYS[1], ARGV[6])
return next`;

interface IdempotencyCommands {
  idempotencySet(numberOfKeys: 1, key: string, expected: string, status: string, fingerprint: string, startedAt: string, answer: string, ttl: number): Promise<number | null>;
}

export interface RedisIdempotencyStore extends IdempotencyStore {
  readonly redis: Redis;
}

export async function openRedisIdempotencyStore(options: { url: string; keyPrefix?: string; ttlSeconds?: number }): Promise<RedisIdempotencyStore> {
  const prefix = options.keyPrefix ?? 'idempotency:';
  const ttl = options.ttlSeconds ?? 7 * 24 * 3600;
  const redis = new Redis(options.url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1, retryStrategy: (times) => Math.min(100 * times, 2_000) });
  redis.on('error', () => {}); // reported to the caller through the rejected command
  redis.defineCommand('idempotencySet', { lua: SET_IF_VERSION });
  const commands = redis as unknown as Redis & IdempotencyCommands;
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`Redis idempotency store: cannot connect to ${options.url}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const keyOf = (key: string) => `${prefix}${key}`;
  const set = async (key: string, expected: number | null, status: IdempotencyRecord['status'], fields: { fingerprint?: string; startedAt?: string; answer?: StoredAnswer } = {}) => {
    const answer = fields.answer ? JSON.stringify({ status: fields.answer.status, body: fields.answer.body ?? null }) : '';
    const next = await commands.idempotencySet(1, keyOf(key), expected === null ? '' : String(expected), status, fields.fingerprint ?? '', fields.startedAt ?? '', answer, ttl);
    return next === null ? null : Number(next);
  };

  return {
    redis,
    async get(key) {
      const hash = await redis.hgetall(keyOf(key));
      if (!hash.v) return { status: 'free', version: null };
      const version = Number(hash.v);
      if (hash.s === 'started') return { status: 'started', version, fingerprint: hash.f ?? '', startedAt: hash.t ?? '' };
      if (hash.s === 'completed') return { status: 'completed', version, fingerprint: hash.f ?? '', answer: JSON.parse(hash.a ?? 'null') as StoredAnswer };
      return { status: 'free', version };
    },
    start: (key, claim, expected) => set(key, expected, 'started', claim),
    async complete(key, version, answer) {
      await set(key, version, 'completed', { answer });
    },
    async abandon(key, version) {
      await set(key, version, 'free');
    },
    async close() {
      try {
        await redis.quit();
      } catch {
        redis.disconnect();
      }
    },
  };
}
