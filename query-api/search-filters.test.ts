import { describe, expect, it } from 'vitest';
import type { Filter } from '../domain/ports/view-store.ts';
import { indexTokens, queryTerms } from '../domain/shared/search-text.ts';
import { tokensFilter } from './list-page.ts';
import { anyTermFilter, termFilter } from './vendor-text-search.ts';

// The word searches' filters on `searchTokens` are `$in` lists of anchored literal prefixes: MongoDB
// answers each as one range of the index, where `^[nptl]:(?:a|b)` made it scan the whole index.

/** `^` and a literal (escaped metacharacters only), no flags: what an index takes as a prefix range. */
const isAnchoredLiteralPrefix = (pattern: RegExp): boolean =>
  pattern.flags === '' && /^\^(?:[^.*+?^${}()|[\]\\]|\\[^A-Za-z0-9])+$/.test(pattern.source);

/** Every regular expression in a filter; a `$regex` clause fails the test (it is a string, not a prefix list). */
function patternsIn(filter: unknown): RegExp[] {
  if (filter instanceof RegExp) return [filter];
  if (Array.isArray(filter)) return filter.flatMap(patternsIn);
  if (filter === null || typeof filter !== 'object') return [];
  return Object.entries(filter).flatMap(([key, value]) => {
    expect(key, 'a $regex clause').not.toBe('$regex');
    return patternsIn(value);
  });
}

const QUERIES = ['להקות לחתונה', 'והלהקה', 'wedding DJs', 'a.b (c) [d]', 'stand-up שבתל', 'x*y+z?'];

describe('word search filters', () => {
  it('tells a literal prefix from the patterns an index cannot take as one range', () => {
    expect(isAnchoredLiteralPrefix(/^n:abc/)).toBe(true);
    expect(isAnchoredLiteralPrefix(/^n:a\.b\(/)).toBe(true);
    expect(isAnchoredLiteralPrefix(/^[nptl]:(?:a|b)/)).toBe(false);
    expect(isAnchoredLiteralPrefix(/^n:(?:ab)/)).toBe(false);
    expect(isAnchoredLiteralPrefix(/n:abc/)).toBe(false);
    expect(isAnchoredLiteralPrefix(/^n:a.c/)).toBe(false);
    expect(isAnchoredLiteralPrefix(/^n:abc/i)).toBe(false);
    expect(isAnchoredLiteralPrefix(/^n:\d/)).toBe(false);
  });

  it('every pattern of every word search filter is an anchored literal prefix', () => {
    for (const query of QUERIES) {
      const terms = queryTerms(query);
      const resolved = terms.map((term) => ({ ...term, tagIds: ['t1'], geoLocationIds: ['g1'] }));
      const filters: Filter[] = [tokensFilter(query), anyTermFilter(terms), ...resolved.map(termFilter)];
      const patterns = filters.flatMap(patternsIn);
      expect(patterns.length, query).toBeGreaterThan(0);
      for (const pattern of patterns) expect(isAnchoredLiteralPrefix(pattern), `${query}: ${pattern}`).toBe(true);
    }
  });

  it('a vendor card word matches the tokens the field-coded alternation matched', () => {
    const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const tokens = ['n', 'p', 't', 'l', 'x'].flatMap((code) => indexTokens('להקות הכוכבים בתל אביב', 'Wedding DJs a.b c++').map((token) => `${code}:${token}`));
    for (const query of QUERIES) {
      for (const term of queryTerms(query)) {
        const alternation = new RegExp(`^[nptl]:(?:${term.variants.map(escape).join('|')})`);
        const { $or } = termFilter({ ...term, tagIds: [], geoLocationIds: [] }) as { $or: Array<{ searchTokens: { $in: RegExp[] } }> };
        const prefixes = $or[0]!.searchTokens.$in;
        for (const token of tokens) expect(prefixes.some((prefix) => prefix.test(token)), `${term.word} ~ ${token}`).toBe(alternation.test(token));
      }
    }
  });
});
