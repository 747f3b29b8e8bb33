import type { Filter, Sort, ViewDocument } from '../domain/ports/view-store.ts';
import type { ReadViews } from './tracked-views.ts';
import type { Page } from './paging.ts';
import { publicDocument, publicOmission } from './public-document.ts';
import { JsonText, pageText } from './json-text.ts';
import { escapeRegex } from '../projectors/seen.ts';
import { queryTerms, termPrefixPatterns } from '../domain/shared/search-text.ts';

/** One page of a collection with the total of the filter: the `{ items, total }` of every list. */
export async function listPage(
  views: ReadViews,
  collection: string,
  filter: Filter,
  options: { sort: Sort; start: number; limit: number; internal?: readonly string[] },
): Promise<Page<Record<string, unknown>>> {
  const [total, docs] = await pageAndTotal(
    () => views.find<ViewDocument>(collection, filter, { sort: options.sort, skip: options.start, limit: options.limit, omit: publicOmission(options.internal).keys }),
    () => views.count(collection, filter), options,
  );
  return { items: docs.map((doc) => publicDocument(doc, options.internal)), total };
}

/**
 * A page and the filter's total. A first page with room left holds every match: its length is the
 * total, and no count is asked (a vendor page's reviews and calendar: a third of their reads).
 * Past the first page, the count first: a store that keeps a listing's order once its pages cost enough
 * (the sqlite one) only keeps track of listings whose count it knows.
 */
async function pageAndTotal<T extends { length: number }>(page: () => Promise<T>, count: () => Promise<number>, options: { start: number; limit: number }): Promise<[number, T]> {
  if (options.start > 0) return Promise.all([count(), page()]);
  const items = await page();
  return [items.length < options.limit ? items.length : await count(), items];
}

/**
 * listPage as JSON text, each document as the view store hands it over without its internal keys
 * (`publicDocument`'s rule), never parsed: the same bytes as JSON.stringify of listPage's answer.
 */
export async function listPageText(
  views: ReadViews,
  collection: string,
  filter: Filter,
  options: { sort: Sort; start: number; limit: number; internal?: readonly string[]; texts?: (items: string[]) => Promise<string[]> },
): Promise<JsonText> {
  const [total, items] = await pageAndTotal(
    () => views.findTexts(collection, filter, { sort: options.sort, skip: options.start, limit: options.limit }, publicOmission(options.internal)),
    () => views.count(collection, filter), options,
  );
  // `texts`: what becomes of the page's documents, still as text (the vendor search adds response figures).
  const served = options.texts ? await options.texts(items) : items;
  return pageText(served, total);
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
  return { $and: terms.map((term) => ({ searchTokens: { $in: termPrefixPatterns(term) } })) };
}
