// Text search, the same on both sides: what a view stores (index tokens) and what a query looks for
// (terms, each with the spellings it may match). Case-, accent- and niqqud-insensitive; Hebrew final
// letters are folded; a Hebrew word is also indexed without its one-letter prefixes (ו ה ב ל מ ש כ and
// combinations such as וה, שב), so "בתל אביב" is found by "תל". A term matches a token it is the
// beginning of ("להק" finds "להקות"), and a term also tries its light stem ("להקה" → "להק",
// "weddings" → "wedding"), so singular and plural find each other.

/** One-letter Hebrew prefixes (conjunction, article, prepositions). */
const HEBREW_PREFIX_LETTERS = new Set(['ו', 'ה', 'ב', 'ל', 'מ', 'ש', 'כ']);
/** At most this many prefix letters are stripped (e.g. ושב). */
const MAX_PREFIX_LETTERS = 3;
/** What must remain of a word once prefixes or suffixes are stripped. */
const MIN_REST = 2;
/** Words of a query beyond this are ignored: every term costs a clause. */
export const MAX_QUERY_TERMS = 8;

const FINAL_LETTERS: Record<string, string> = { 'ך': 'כ', 'ם': 'מ', 'ן': 'נ', 'ף': 'פ', 'ץ': 'צ' };
const hebrewWord = /^[\u05D0-\u05EA]/;
// Apostrophes and the Hebrew geresh/gershayim belong inside words (Be'er, צ׳לו, צה״ל): dropped, not split on.
const inWordMarks = /['’‘`׳״"]/g;

/** Lower case, no accents or niqqud (combining marks), Hebrew final letters as their ordinary forms. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(inWordMarks, '')
    .replace(/[ךםןףץ]/g, (letter) => FINAL_LETTERS[letter]!);
}

/** The normalized words of a text (letters and digits; everything else separates). */
export function wordsOf(text: string): string[] {
  return wordsOfNormalized(normalizeText(text));
}
const wordsOfNormalized = (normalized: string): string[] => normalized.split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/** A Hebrew word without 1..3 leading prefix letters, while at least MIN_REST letters remain. */
function withoutHebrewPrefixes(word: string): string[] {
  if (!hebrewWord.test(word)) return [];
  const rests: string[] = [];
  for (let k = 1; k <= MAX_PREFIX_LETTERS && word.length - k >= MIN_REST; k++) {
    if (!HEBREW_PREFIX_LETTERS.has(word[k - 1]!)) break;
    rests.push(word.slice(k));
  }
  return rests;
}

/** Light stems of a (normalized) word: Hebrew plural/feminine endings, English plural s/es/ies. */
function stemsOf(word: string): string[] {
  const stems: string[] = [];
  if (hebrewWord.test(word)) {
    // Final letters are already folded: ים is ימ here.
    for (const ending of ['ות', 'ימ', 'ית']) if (word.endsWith(ending) && word.length - 2 >= MIN_REST) stems.push(word.slice(0, -2));
    for (const ending of ['ה', 'ת']) if (word.endsWith(ending) && word.length - 1 >= 3) stems.push(word.slice(0, -1));
  } else if (/^[a-z]+$/.test(word)) {
    if (word.endsWith('ies') && word.length > 4) stems.push(`${word.slice(0, -3)}y`);
    else if (word.endsWith('es') && word.length > 4) stems.push(word.slice(0, -2), word.slice(0, -1));
    else if (word.endsWith('s') && !word.endsWith('ss') && word.length - 1 >= MIN_REST) stems.push(word.slice(0, -1));
  }
  return stems;
}

/**
 * What a view stores for texts: every word, plus each Hebrew word without its prefixes. Joined
 * words of a hyphenated or slashed spelling are added too ("stand-up" → stand, up, standup).
 */
export function indexTokens(...texts: Array<string | null | undefined>): string[] {
  const tokens = new Set<string>();
  for (const text of texts) {
    if (!text) continue;
    // The texts' tokens in order, each text's new ones after the earlier texts': as one set over them all.
    for (const token of tokensOfText(text)) tokens.add(token);
  }
  return [...tokens];
}

/**
 * A text's own tokens, in the order indexTokens adds them. Remembered for up to TEXT_TOKENS_KEPT texts
 * of at most TEXT_TOKENS_KEPT_LENGTH characters: a replay meets the same texts again and again (a
 * product's name and intro text on every update, on its vendor's card and in its own view).
 */
function tokensOfText(text: string): readonly string[] {
  const known = textTokens.get(text);
  if (known) return known;
  const tokens = new Set<string>();
  // Normalized once for both splits.
  const normalized = normalizeText(text);
  for (const word of wordsOfNormalized(normalized)) {
    tokens.add(word);
    for (const rest of withoutHebrewPrefixes(word)) tokens.add(rest);
  }
  for (const joined of normalized.split(/\s+/)) {
    const glued = joined.replace(/[^\p{L}\p{N}]+/gu, '');
    if (glued && !tokens.has(glued) && /[-/]/.test(joined)) tokens.add(glued);
  }
  const list = [...tokens];
  if (text.length > TEXT_TOKENS_KEPT_LENGTH) return list;
  if (textTokens.size >= TEXT_TOKENS_KEPT) textTokens.clear();
  textTokens.set(text, list);
  return list;
}
const TEXT_TOKENS_KEPT = 4_096;
const TEXT_TOKENS_KEPT_LENGTH = 1_000;
const textTokens = new Map<string, readonly string[]>();

/** A word of the query with every spelling that may begin a matching token. */
export interface QueryTerm {
  word: string;
  variants: string[];
}

/** The terms of a query: its distinct words (at most MAX_QUERY_TERMS), each with its variants. */
export function queryTerms(text: string | null | undefined): QueryTerm[] {
  // No text (most searches): no words, without normalizing the empty text (~1 µs of regular expressions).
  if (!text) return [];
  const words = [...new Set(wordsOf(text))].slice(0, MAX_QUERY_TERMS);
  return words.map((word) => {
    const forms = [word, ...withoutHebrewPrefixes(word)];
    const variants = new Set<string>();
    for (const form of forms) {
      variants.add(form);
      for (const stem of stemsOf(form)) variants.add(stem);
    }
    return { word, variants: [...variants] };
  });
}

/** True when some variant of the term begins some token. */
export const termMatches = (term: QueryTerm, tokens: readonly string[]): boolean =>
  tokens.some((token) => term.variants.some((variant) => token.startsWith(variant)));

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * What a stored token matching the term begins with, as regular expressions for `$in`: one `^literal`
 * per variant and per marker stored in front of the tokens (`markers`, e.g. the field codes "n:", "p:").
 * A plain anchored literal is one range of an index; an alternation or a class (`^[np]:(?:a|b)`) is
 * not a prefix MongoDB recognises, and it scans the whole index. A variant that begins with another
 * adds nothing: the shorter one's range holds it.
 */
export function termPrefixPatterns(term: QueryTerm, markers: readonly string[] = ['']): RegExp[] {
  const variants = term.variants.filter((variant) => !term.variants.some((other) => other !== variant && variant.startsWith(other)));
  return markers.flatMap((marker) => variants.map((variant) => new RegExp(`^${escapeRegex(marker + variant)}`)));
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The text of an HTML fragment, for indexing: tags become spaces, common entities their characters. */
export function textOfHtml(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
      if (!name.startsWith('#')) return entities[name.toLowerCase()] ?? whole;
      const code = /^#x/i.test(name) ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
    });
}
