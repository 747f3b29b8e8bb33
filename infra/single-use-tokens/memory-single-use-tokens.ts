import type { SingleUseTokens } from '../../domain/ports/single-use-tokens.ts';

// The embedded SingleUseTokens: a Map of used tokens to their expiry, in this process. Bounded: past
// `maxTokens` the oldest is dropped (a token dropped early could be used again, but only until its
// expiry, which the caller checks; the bound is far above what a few minutes of real use hold).
// A token is kept until its expiry: after it, the caller refuses the token for being expired.
export function createMemorySingleUseTokens(options: { maxTokens?: number; now?: () => number } = {}): SingleUseTokens {
  const maxTokens = options.maxTokens ?? 100_000;
  const now = options.now ?? Date.now;
  const used = new Map<string, number>();
  return {
    async use(token, expiresAt) {
      const at = now();
      const known = used.get(token);
      if (known !== undefined && known > at) return false;
      used.delete(token);
      used.set(token, expiresAt);
      // Map order is insertion order: the first entries are the oldest.
      for (const [key, until] of used) {
        if (used.size <= maxTokens && until > at) break;
        used.delete(key);
      }
      return true;
    },
    async close() {
      used.clear();
    },
  };
}
