import { describe, expect, it } from 'vitest';
import { singleUseTokensConformance } from './single-use-tokens.conformance.ts';
import { createMemorySingleUseTokens } from './memory-single-use-tokens.ts';

singleUseTokensConformance('memory', () => createMemorySingleUseTokens());

describe('memory single-use tokens', () => {
  it('keeps at most maxTokens, dropping the oldest', async () => {
    const tokens = createMemorySingleUseTokens({ maxTokens: 2 });
    const later = Date.now() + 60_000;
    await tokens.use('a', later);
    await tokens.use('b', later);
    await tokens.use('c', later);
    expect(await tokens.use('c', later)).toBe(false);
    expect(await tokens.use('b', later)).toBe(false);
  });
});
