// URL-safe slugs (SPEC §2 vendorDisplayName, SPEC §5 URL-safe string): accents removed, lowercase,
// every run of characters that are neither letters nor digits replaced by one hyphen, at most 200
// characters.
//
// Decision: letters of every script stay, so a Hebrew vendor name gives a readable Hebrew slug
// ("להקת הכוכבים" -> "להקת-הכוכבים"); browsers show such paths as typed and percent-encode them
// on the wire. Combining marks are removed after NFKD decomposition: Latin accents (é -> e) and
// Hebrew niqqud and cantillation (שָׁלוֹם -> שלום) alike. Hyphens never lead, trail or repeat.

export const SLUG_MAX_LENGTH = 200;
export const DEFAULT_SLUG = 'page';

const combiningMarks = /\p{M}+/gu;
const notLetterOrDigit = /[^\p{L}\p{Nd}]+/gu;

/** The URL-safe form of `text`, or `fallback` when nothing URL-safe is left (e.g. only punctuation). */
export function toUrlSafe(text: string, fallback: string = DEFAULT_SLUG): string {
  // Lowercase after decomposing too: compatibility forms such as 𝒜 decompose to an uppercase A.
  const hyphenated = text
    .normalize('NFKD')
    .toLowerCase()
    .normalize('NFKD')
    .replace(combiningMarks, '')
    .replace(notLetterOrDigit, '-')
    .replace(/^-+|-+$/g, '');
  // Cut by code points, not UTF-16 units, so a letter outside the BMP is never split in half.
  const cut = Array.from(hyphenated).slice(0, SLUG_MAX_LENGTH).join('').replace(/-+$/, '');
  return cut === '' ? fallback : cut;
}

/** True when `text` is already its own URL-safe form (SPEC §5 "URL-safe string"). */
export const isUrlSafe = (text: string): boolean => text === toUrlSafe(text, '') && text !== '';
