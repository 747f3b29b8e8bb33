import { Redis } from 'ioredis';
import type { AttemptLimiter } from '../../domain/ports/attempt-limiter.ts';

// The distributed AttemptLimiter on Redis, so every command-API process counts the same attempts.
// A key is a hash { c: count, w: wait-until (ms) } with an expiry (the policy's forgetAfterMs past
// its delay). Checking every key and counting on all of them is one Lua script: atomic, so a burst
// of concurrent guesses cannot slip in between the check and the count. The backoff formula is the
// port's `backoffDelayMs`, repeated here in Lua.
//
// Redis down: a sign-in must not be let through unthrottled, nor every sign-in refused; `attempt`
// rejects and the command API answers 500 for that request, and ioredis reconnects by itself.

// KEYS the limited keys; ARGV[1] now, then per key: freeAttempts, baseDelayMs, maxDelayMs, forgetAfterMs.
const ATTEMPT = `
local now = tonumber(ARGV[1])
local wait = 0
for i = 1, #KEYS do
  local untilMs = tonumber(redis.call('HGET', KEYS[i], 'w') or '0')
  if untilMs - now > wait then wait = untilMs - now end
end
if wait > 0 then return wait end
for i = 1, #KEYS do
  local o = 1 + (i - 1) * 4
  local free, base, max, forget = tonumber(ARGV[o + 1]), tonumber(ARGV[o + 2]), tonumber(ARGV[o + 3]), tonumber(ARGV[o + 4])
  local count = redis.call('HINCRBY', KEYS[i], 'c', 1)
  local delay = 0
  if count >= free then delay = math.floor(math.min(base * 2 ^ math.min(count - free, 40), max)) end
  if delay > 0 then redis.call('HSET', KEYS[i], 'w', now + delay) else redis.call('HDEL', KEYS[i], 'w') end
  redis.call('PEXPIRE', KEYS[i], delay + forget)
end
return 0`;

// KEYS: takes one attempt back from each existing key, never below 0.
const REFUND = `
for i = 1, #KEYS do
  if tonumber(redis.call('HGET', KEYS[i], 'c') or '0') > 0 then redis.call('HINCRBY', KEYS[i], 'c', -1) end
end
return 1`;

interface LimiterCommands {
  limiterAttempt(numberOfKeys: number, ...keysAndArgs: Array<string | number>): Promise<number>;
  limiterRefund(numberOfKeys: number, ...keys: string[]): Promise<number>;
}

export interface RedisAttemptLimiter extends AttemptLimiter {
  readonly redis: Redis;
}

export async function openRedisAttemptLimiter(options: { url: string; keyPrefix?: string }): Promise<RedisAttemptLimiter> {
  const prefix = options.keyPrefix ?? 'attempts:';
  const redis = new Redis(options.url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1, retryStrategy: (times) => Math.min(100 * times, 2_000) });
  redis.on('error', () => {}); // reported to the caller through the rejected command
  redis.defineCommand('limiterAttempt', { lua: ATTEMPT });
  redis.defineCommand('limiterRefund', { lua: REFUND });
  const commands = redis as unknown as Redis & LimiterCommands;
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`Redis attempt limiter: cannot connect to ${options.url}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const keyOf = (key: string) => `${prefix}${key}`;

  return {
    redis,
    async attempt(keys, now) {
      if (keys.length === 0) return 0;
      const args = keys.flatMap(({ policy }) => [policy.freeAttempts, policy.baseDelayMs, policy.maxDelayMs, policy.forgetAfterMs]);
      return Number(await commands.limiterAttempt(keys.length, ...keys.map(({ key }) => keyOf(key)), Math.floor(now), ...args));
    },
    async refund(keys) {
      if (keys.length > 0) await commands.limiterRefund(keys.length, ...keys.map(keyOf));
    },
    async forget(keys) {
      if (keys.length > 0) await redis.del(...keys.map(keyOf));
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
