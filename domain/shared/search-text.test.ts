import { describe, expect, it } from 'vitest';
import { indexTokens, MAX_QUERY_TERMS, normalizeText, queryTerms, termMatches, termPrefixPatterns, textOfHtml, wordsOf } from './search-text.ts';

const finds = (query: string, ...texts: string[]): boolean => {
  const tokens = indexTokens(...texts);
  return queryTerms(query).every((term) => termMatches(term, tokens));
};

describe('search text', () => {
  it('normalizes case, accents, niqqud and Hebrew final letters', () => {
    expect(normalizeText('Café DÉJÀ')).toBe('cafe deja');
    expect(normalizeText('שָׁלוֹם')).toBe('שלומ');
    expect(normalizeText('ךםןףץ')).toBe('כמנפצ');
    expect(wordsOf("Be'er Sheva, צה״ל / stand-up!")).toEqual(['beer', 'sheva', 'צהל', 'stand', 'up']);
  });

  it('indexes Hebrew words with and without their one-letter prefixes', () => {
    const tokens = indexTokens('ובתל אביב');
    expect(tokens).toEqual(expect.arrayContaining(['ובתל', 'בתל', 'תל', 'אביב']));
    // Only prefix letters are stripped, and at least two letters stay.
    expect(indexTokens('גן')).toEqual(['גנ']);
    expect(indexTokens('של')).toEqual(['של']);
    expect(indexTokens('stand-up')).toEqual(['stand', 'up', 'standup']);
  });

  it('finds Hebrew with prefixes on either side, final letters and singular/plural', () => {
    expect(finds('להקה', 'להקות')).toBe(true);
    expect(finds('להק', 'להקות')).toBe(true);
    expect(finds('הלהקה', 'להקת הכוכבים')).toBe(true);
    expect(finds('והלהקות', 'להקה')).toBe(true);
    expect(finds('תל אביב', 'הופעות בתל אביב')).toBe(true);
    expect(finds('שבתל', 'תל אביב')).toBe(true);
    expect(finds('קוסם', 'קוסמים')).toBe(true);
    expect(finds('קוסמים', 'קוסם/ת לאירועים')).toBe(true);
    expect(finds('חתונה', 'מופיעים לחתונות')).toBe(true);
    expect(finds('שָׁלוֹם', 'שלום')).toBe(true);
    expect(finds('ירושלים', 'תל אביב')).toBe(false);
  });

  it('finds English case-insensitively, accent-insensitively and by plural or prefix', () => {
    expect(finds('wedding band', 'Band for weddings and events')).toBe(true);
    expect(finds('BANDS', 'A band')).toBe(true);
    expect(finds('dj', 'DJs')).toBe(true);
    expect(finds('djs', 'Our DJ')).toBe(true);
    expect(finds('magician', 'Magicians')).toBe(true);
    expect(finds('cafe', 'Café concerts')).toBe(true);
    expect(finds('parties', 'party band')).toBe(true);
    expect(finds('wedding choir', 'Band for weddings')).toBe(false);
  });

  it('keeps distinct words of a query, at most MAX_QUERY_TERMS', () => {
    expect(queryTerms('Band band  BAND').map((term) => term.word)).toEqual(['band']);
    expect(queryTerms('a b c d e f g h i j k')).toHaveLength(MAX_QUERY_TERMS);
    expect(queryTerms('  ')).toEqual([]);
    expect(queryTerms(undefined)).toEqual([]);
  });

  it('builds one anchored, escaped literal prefix per variant and marker', () => {
    const [term] = queryTerms('a.b');
    expect(term!.word).toBe('a');
    const [regexLike] = queryTerms('להקה');
    const patterns = termPrefixPatterns(regexLike!, ['n:', 'p:']);
    const matches = (token: string) => patterns.some((pattern) => pattern.test(token));
    expect(matches('n:להקות')).toBe(true);
    expect(matches('p:להקות')).toBe(true);
    expect(matches('t:להקות')).toBe(false);
    expect(matches('n:הלהקות')).toBe(false);
    // "להקה" also tries its stem "להק", whose range holds it.
    expect(patterns.map(String)).toContain('/^n:להק/');
    expect(patterns.map(String)).not.toContain('/^n:להקה/');
    expect(termPrefixPatterns({ word: '(', variants: ['(', '.*'] }).map(String)).toEqual(['/^\\(/', '/^\\.\\*/']);
    expect(termPrefixPatterns({ word: '(', variants: ['.*'] })[0]!.test('abc')).toBe(false);
  });

  it('matches exactly the tokens termMatches finds, with or without a marker', () => {
    const tokens = indexTokens('להקות הכוכבים בתל אביב', 'Wedding parties, DJs & a.b c++ magicians', 'שבתל קוסם/ת');
    for (const query of ['להקה', 'והלהקות', 'שבתל', 'תל', 'weddings', 'party', 'dj', 'a.b', 'c', 'magic', 'קוסמים', 'ירושלים']) {
      for (const term of queryTerms(query)) {
        for (const token of tokens) {
          const expected = termMatches(term, [token]);
          expect(termPrefixPatterns(term).some((pattern) => pattern.test(token)), `${query} ~ ${token}`).toBe(expected);
          expect(termPrefixPatterns(term, ['n:', 'l:']).some((pattern) => pattern.test(`l:${token}`)), `${query} ~ l:${token}`).toBe(expected);
          expect(termPrefixPatterns(term, ['n:', 'l:']).some((pattern) => pattern.test(`p:${token}`))).toBe(false);
        }
      }
    }
  });

  it('reads the text of HTML', () => {
    expect(textOfHtml('<p><strong>Noa</strong> sings&nbsp;&amp; plays</p><script>x()</script>&#1488;&#x5d1;&bogus;&#99999999;').replace(/\s+/g, ' ').trim())
      .toBe('Noa sings & plays אב&bogus;');
  });
});
