import type { Filter, Sort, ViewDocument } from '../domain/ports/view-store.ts';
import type { ReadViews } from './tracked-views.ts';
import type { Page } from './paging.ts';
import { publicDocument, publicOmission } from './public-document.ts';
import { JsonText } from './json-text.ts';
import { escapeRegex } from '../projectors/seen.ts';
import { queryTerms, termPattern } from '../domain/shared/search-text.ts';

/** One page of a collection with the total of the filter: the `{ items, total }` of every list. */
export async function listPage(
  views: ReadViews,
  collection: string,
  filter: Filter,
  options: { sort: Sort; start: number; limit: number; internal?: readonly string[] },
): Promise<Page<Record<string, unknown>>> {
  // The count first: a store that keeps a listing's order once its pages cost enough (the sqlite one)
  // only keeps track of listings whose count it knows, so the first page then counts too.
  const [total, docs] = await Promise.all([
    views.count(collection, filter),
    views.find<ViewDocument>(collection, filter, { sort: options.sort, skip: options.start, limit: options.limit }),
  ]);
  return { items: docs.map((doc) => publicDocument(doc, options.internal)), total };
}

/**
 * listPage as JSON text, each document as the view store hands it over without its internal keys
 * (`publicDocument`'s rule), never parsed: the same bytes as JSON.stringify of listPage's answer.
 */
export async function listPageText(
  views: ReadViews,
  collection: string,
  filter: Filter,
  options: { sort: Sort; start: number; limit: number; internal?: readonly string[] },
): Promise<JsonText> {
  // The count first, as in listPage.
  const [total, items] = await Promise.all([
    views.count(collection, filter),
    views.findTexts(collection, filter, { sort: options.sort, skip: options.start, limit: options.limit }, publicOmission(options.internal)),
  ]);
  return new JsonText(`{"items":[${items.join(',')}],"total":${total}}`);
}

/** The filter of a free-text search on a view's lower-cased `searchText`. */
export const textFilter = (text: string | undefined): Filter =>
  text && text.trim() ? { searchText: { $regex: escapeRegex(text.trim().toLowerCase()) } } : {};

/**
 * The filter of a word search on a view's normalised `searchTokens` (domain/shared/search-text.ts):
 * every word must begin a token, Hebrew prefixes, final letters and niqqud handled. Text without a
 * word in it matches nothing.
 */
export function tokensFilter(text: string | undefined): Filter {
  if (!text || !text.trim()) return {};
  const terms = queryTerms(text);
  if (terms.length === 0) return { _id: { $in: [] } };
  return { $and: terms.map((term) => ({ searchTokens: { $regex: termPattern(term) } })) };
}
