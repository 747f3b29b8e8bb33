import { Redis } from 'ioredis';
import type { SingleUseTokens } from '../../domain/ports/single-use-tokens.ts';

// The distributed SingleUseTokens on Redis: `SET <prefix><token> 1 NX PX <ttl>`, atomic, so of two
// processes taking one token only one succeeds. The key expires with the token: after it, the caller
// refuses the token for being expired.
export interface RedisSingleUseTokens extends SingleUseTokens {
  readonly redis: Redis;
}

export async function openRedisSingleUseTokens(options: { url: string; keyPrefix?: string }): Promise<RedisSingleUseTokens> {
  const prefix = options.keyPrefix ?? 'single-use:';
  const redis = new Redis(options.url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1, retryStrategy: (times) => Math.min(100 * times, 2_000) });
  redis.on('error', () => {}); // reported to the caller through the rejected command
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`Redis single-use tokens: cannot connect to ${options.url}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return {
    redis,
    async use(token, expiresAt) {
      const ttl = Math.max(1, Math.ceil(expiresAt - Date.now()));
      return (await redis.set(`${prefix}${token}`, '1', 'PX', ttl, 'NX')) === 'OK';
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
