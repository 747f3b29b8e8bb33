import { describe, expect, it } from 'vitest';
import { HttpProblem } from './problem.ts';
import { assertQueryIsUtf8 } from './query-text.ts';

const refused = (url: string): boolean => {
  try {
    assertQueryIsUtf8(url);
    return false;
  } catch (error) {
    if (error instanceof HttpProblem && error.problem.status === 400) return true;
    throw error;
  }
};

describe('assertQueryIsUtf8', () => {
  it('refuses a query with a percent-escape that is not UTF-8, in a name or a value, whatever the other parts', () => {
    for (const url of ['/a?text=%FF', '/a?limit=24&text=%ED%A0%80', '/a?%E0=1', '/a?x=1&y=%', '/a?y=%4', '/a?y=%G0&z=2', '/a?q=+%C3']) expect(refused(url), url).toBe(true);
  });

  it('takes a query of UTF-8 escapes, or without any escape (raw characters, a path with % before the query)', () => {
    for (const url of ['/a', '/a?', '/a?limit=24&start=0&sort=-name', '/a?text=%D7%A9%D7%9C%D7%95%D7%9D', '/a?text=a+b&x=%20', '/a?text=שלום', '/100%?x=1', '/a?text=%F0%9F%8E%B7&y=ok'])
      expect(refused(url), url).toBe(false);
  });
});
