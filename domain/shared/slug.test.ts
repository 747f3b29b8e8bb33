import { describe, expect, it } from 'vitest';
import { isUrlSafe, SLUG_MAX_LENGTH, toUrlSafe } from './slug.ts';

describe('toUrlSafe (SPEC §2 vendorDisplayName)', () => {
  it('lowercases and joins words with hyphens', () => {
    expect(toUrlSafe('DJ Tomer Levi')).toBe('dj-tomer-levi');
  });
  it('lowercases compatibility forms too', () => {
    expect(toUrlSafe('𝒜𝒷𝒸 Ｆｕｌｌ')).toBe('abc-full');
  });
  it('removes accents', () => {
    expect(toUrlSafe('Café Olé Señor Müller')).toBe('cafe-ole-senor-muller');
    expect(toUrlSafe('İstanbul Ørkestra')).toBe('istanbul-ørkestra'); // ø is a letter of its own, not an accented o
  });
  it('replaces every run of non-letters and non-digits with one hyphen, never at the ends', () => {
    expect(toUrlSafe('  --Tom & Jerry!!  2024-- ')).toBe('tom-jerry-2024');
    expect(toUrlSafe("Rock'n'Roll_Band")).toBe('rock-n-roll-band');
    expect(toUrlSafe('a/b?c=d#e')).toBe('a-b-c-d-e');
  });
  it('keeps Hebrew letters and removes niqqud', () => {
    expect(toUrlSafe('להקת הכוכבים')).toBe('להקת-הכוכבים');
    expect(toUrlSafe('שָׁלוֹם עוֹלָם')).toBe('שלום-עולם');
    expect(toUrlSafe('מקהלת "רננים" - 2')).toBe('מקהלת-רננים-2');
  });
  it('cuts at 200 characters and leaves no trailing hyphen after the cut', () => {
    expect(toUrlSafe('a'.repeat(250))).toBe('a'.repeat(SLUG_MAX_LENGTH));
    expect(toUrlSafe(`${'a'.repeat(199)} bcd`)).toBe('a'.repeat(199));
    expect(toUrlSafe(`${'a'.repeat(198)} bcd`)).toBe(`${'a'.repeat(198)}-b`);
  });
  it('counts letters outside the BMP as one character and never splits them', () => {
    const slug = toUrlSafe(`${'a'.repeat(199)}𠀀𠀀`);
    expect(Array.from(slug)).toHaveLength(200);
    expect(slug.endsWith('𠀀')).toBe(true);
    expect(slug.endsWith('\uD840')).toBe(false);
  });
  it('uses the fallback, by default "page", when nothing is left', () => {
    expect(toUrlSafe('!!! ???')).toBe('page');
    expect(toUrlSafe('')).toBe('page');
    expect(toUrlSafe('—', 'artist')).toBe('artist');
  });
  it('is idempotent', () => {
    for (const text of ['DJ Tomer', 'שָׁלוֹם עוֹלָם', 'Café  Olé', 'x'.repeat(300)]) {
      expect(toUrlSafe(toUrlSafe(text))).toBe(toUrlSafe(text));
    }
  });
});

describe('isUrlSafe', () => {
  it('holds for URL-safe forms only', () => {
    expect(isUrlSafe('dj-tomer')).toBe(true);
    expect(isUrlSafe('Dj-tomer')).toBe(false);
    expect(isUrlSafe('')).toBe(false);
    expect(isUrlSafe('page')).toBe(true);
  });
});
