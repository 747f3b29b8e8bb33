import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { SingleUseTokens } from '../../domain/ports/single-use-tokens.ts';

// The one conformance suite of the SingleUseTokens port: the in-memory adapter and the Redis adapter
// both run it.
export function singleUseTokensConformance(name: string, make: () => SingleUseTokens | Promise<SingleUseTokens>): void {
  describe(`SingleUseTokens conformance: ${name}`, () => {
    const open: SingleUseTokens[] = [];
    const fresh = async () => {
      const tokens = await make();
      open.push(tokens);
      return tokens;
    };
    afterEach(async () => {
      await Promise.all(open.splice(0).map((tokens) => tokens.close()));
    });
    const later = () => Date.now() + 60_000;

    it('a token is taken once; every later use is refused', async () => {
      const tokens = await fresh();
      const token = randomUUID();
      expect(await tokens.use(token, later())).toBe(true);
      expect(await tokens.use(token, later())).toBe(false);
      expect(await tokens.use(token, later())).toBe(false);
      expect(await tokens.use(randomUUID(), later())).toBe(true);
    });

    it('of concurrent uses of one token exactly one wins', async () => {
      const tokens = await fresh();
      const token = randomUUID();
      const answers = await Promise.all(Array.from({ length: 20 }, () => tokens.use(token, later())));
      expect(answers.filter(Boolean)).toHaveLength(1);
    });

    it('forgets a token once it expired', async () => {
      const tokens = await fresh();
      const token = randomUUID();
      // Real time here: Redis expires keys by its own clock.
      expect(await tokens.use(token, Date.now() + 100)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(await tokens.use(token, Date.now() + 60_000)).toBe(true);
    });
  });
}
