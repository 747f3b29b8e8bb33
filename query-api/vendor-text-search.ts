import type { Filter, ViewDocument } from '../domain/ports/view-store.ts';
import { queryTerms, termMatches, termPrefixPatterns, type QueryTerm } from '../domain/shared/search-text.ts';
import { SEARCH_FIELD } from '../projectors/vendor-cards/projection.ts';
import type { ReadViews } from './tracked-views.ts';
import type { UserLocale } from '../domain/user/commands.ts';

// Text search over vendor cards (GET /api/ecommerce/vendor?text=): every word of the query must
// match somewhere — the card's own search document (name, products, intro/about, origin), one of its
// categories (tag names in both languages and aliases) or one of its places (geo location names) —
// and the matches are ranked. Words are resolved to category and place ids first, in the tags and
// geoLocations views (one query each), so the search itself is one query on vendorCards.

/** How much a match in each field counts: name > category > product > intro/about > place. */
const FIELD_WEIGHT = { name: 5, category: 4, product: 3, text: 2, place: 1 } as const;
type Field = keyof typeof FIELD_WEIGHT;
const fieldOfCode: Record<string, Field> = {
  [SEARCH_FIELD.name]: 'name', [SEARCH_FIELD.product]: 'product', [SEARCH_FIELD.text]: 'text', [SEARCH_FIELD.place]: 'place',
};
const fieldMarkers = Object.values(SEARCH_FIELD).map((code) => `${code}:`);

/** A query word with the categories and places it names. */
export interface ResolvedTerm extends QueryTerm {
  tagIds: string[];
  geoLocationIds: string[];
}

/** The filter of the documents whose tokens some term matches. */
export const anyTermFilter = (terms: QueryTerm[]): Filter => ({ searchTokens: { $in: terms.flatMap((term) => termPrefixPatterns(term)) } });

/** Ids of the documents of a small reference view (tags, geoLocations) whose tokens each term matches. */
async function idsPerTerm(views: ReadViews, collection: string, terms: QueryTerm[]): Promise<string[][]> {
  const docs = await views.find<ViewDocument & { searchTokens?: string[] }>(collection, anyTermFilter(terms));
  return terms.map((term) => docs.filter((doc) => termMatches(term, doc.searchTokens ?? [])).map((doc) => doc._id));
}

/** The words of the query, each with the category and place ids it names; empty without words. */
export async function resolveTerms(views: ReadViews, text: string | undefined): Promise<ResolvedTerm[]> {
  const terms = queryTerms(text);
  if (terms.length === 0) return [];
  const [tagIds, geoLocationIds] = await Promise.all([idsPerTerm(views, 'tags', terms), idsPerTerm(views, 'geoLocations', terms)]);
  return terms.map((term, index) => ({ ...term, tagIds: tagIds[index]!, geoLocationIds: geoLocationIds[index]! }));
}

/** The vendorCards filter of one word: its own tokens, or a category or a place it names. */
export function termFilter(term: ResolvedTerm): Filter {
  const anyOf: Filter[] = [{ searchTokens: { $in: termPrefixPatterns(term, fieldMarkers) } }];
  if (term.tagIds.length > 0) anyOf.push({ tagIds: { $in: term.tagIds } });
  if (term.geoLocationIds.length > 0) anyOf.push({ geoLocationIds: { $in: term.geoLocationIds } });
  return { $or: anyOf };
}

interface SearchableCard extends ViewDocument {
  searchTokens?: string[];
  tagIds?: string[];
  geoLocationIds?: string[];
  ratingAvg?: number | null;
  ratingCount?: number;
  name?: { he?: string; en?: string };
}

/** The fields a word matches on a card. */
function fieldsMatched(card: SearchableCard, term: ResolvedTerm): Set<Field> {
  const fields = new Set<Field>();
  for (const coded of card.searchTokens ?? []) {
    const field = fieldOfCode[coded.slice(0, 1)];
    if (field && !fields.has(field) && termMatches(term, [coded.slice(2)])) fields.add(field);
  }
  if ((card.tagIds ?? []).some((id) => term.tagIds.includes(id))) fields.add('category');
  if ((card.geoLocationIds ?? []).some((id) => term.geoLocationIds.includes(id))) fields.add('place');
  return fields;
}

/**
 * How well a card answers the query: per word, ten times the weight of its best field plus the
 * number of fields it matches, summed over the words. So a word in the name beats a word in the
 * intro, two words in the name beat one, and a word found in several fields beats one found once.
 */
export function relevanceOf(card: SearchableCard, terms: ResolvedTerm[]): number {
  let score = 0;
  for (const term of terms) {
    const fields = fieldsMatched(card, term);
    if (fields.size === 0) continue;
    score += 10 * Math.max(...[...fields].map((field) => FIELD_WEIGHT[field])) + fields.size;
  }
  return score;
}

/** Cards best first: relevance, then rating (unrated last), number of reviews, name in the reader's language. */
export function rankByRelevance<C extends SearchableCard>(cards: C[], terms: ResolvedTerm[], locale: UserLocale): C[] {
  const language = locale === 'en-US' ? 'en' : 'he';
  const collator = new Intl.Collator(locale);
  const scored = cards.map((card) => ({ card, score: relevanceOf(card, terms) }));
  scored.sort((a, b) =>
    b.score - a.score
    || (b.card.ratingAvg ?? -1) - (a.card.ratingAvg ?? -1)
    || (b.card.ratingCount ?? 0) - (a.card.ratingCount ?? 0)
    || collator.compare(a.card.name?.[language] ?? '', b.card.name?.[language] ?? '')
    || a.card._id.localeCompare(b.card._id));
  return scored.map((entry) => entry.card);
}
