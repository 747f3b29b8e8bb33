import type { Filter, Sort, TextOmission, ViewDocument } from '../domain/ports/view-store.ts';
import type { ReadViews } from './tracked-views.ts';
import { JsonText, pageText } from './json-text.ts';
import { withoutOmitted } from './public-document.ts';
import { isoTimeOf } from './iso-time.ts';
import { RESPONSE_WINDOW_DAYS, type ResponseSample } from '../projectors/vendor-responses/projection.ts';
import { responseFiguresOf, type ResponseFigures } from '../projectors/vendor-responses/figures.ts';

// The response badges of the vendor search and the vendor page (docs/storefront.md, "Response badges"): the
// figures of the last 90 days are computed at the time of the read from the samples of `vendorResponses`
// (projectors/vendor-responses), never stored, so they stay true as time passes without events.
//
// sort=response (fastest median first, vendors without a median last): the vendors with a median are
// the few with enough answered samples in the window — read, ranked in memory by median, then name,
// then `_id` — and the others follow by name, read from the store page by page. `-response` is the
// exact reverse.

type Figures = Map<string, ResponseFigures | null>;
interface ResponsesDoc extends ViewDocument { vendorId: string; samples: ResponseSample[] }

const windowStart = (now: Date) => isoTimeOf(now.getTime() - RESPONSE_WINDOW_DAYS * 24 * 3600_000);

/**
 * The figures of these vendors at `now`: null, or no entry, for a vendor without enough samples (the
 * map holds only the vendors read: most of a page has none).
 */
export async function responseFiguresFor(views: ReadViews, vendorIds: readonly string[], now: Date): Promise<Figures> {
  const figures: Figures = new Map();
  if (vendorIds.length === 0) return figures;
  // The ids as given: a page's are distinct, and `$in` reads a repeated one as once (a Set of a page's
  // ids, hashing each, and its copy cost ~3 µs a cache miss of the vendor search).
  const docs = await views.find<ResponsesDoc>('vendorResponses', { _id: { $in: vendorIds as string[] }, latestAt: { $gte: windowStart(now) } });
  for (const doc of docs) figures.set(doc.vendorId, responseFiguresOf(doc.samples, now));
  return figures;
}

const VENDOR_ID = /"vendorId":"([A-Za-z0-9_-]+)"/;
const VENDOR_ID_KEY = '"vendorId":"';
const isIdCharacter = (code: number): boolean => (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 45 || code === 95;

/**
 * A card's vendorId (a card's text always names it; ids are letters, digits, - and _): VENDOR_ID's
 * match, read without the RegExp where its first `"vendorId":"` is followed by an id and a quote (a
 * card's text begins with it), which is then the RegExp's match too.
 */
export function vendorIdOf(card: string): string {
  // Where a card's text has it, checked in place: indexOf sets up a search for its 12-character key at
  // every call (~200 ns a card of two-byte text, against ~50 ns).
  const key = card.startsWith(VENDOR_ID_KEY, 1) ? 1 : card.indexOf(VENDOR_ID_KEY);
  if (key < 0) return '';
  const start = key + VENDOR_ID_KEY.length;
  let end = start;
  while (end < card.length && isIdCharacter(card.charCodeAt(end))) end++;
  if (end > start && card.charCodeAt(end) === 34) return card.slice(start, end);
  return VENDOR_ID.exec(card)?.[1] ?? '';
}

/** A card's JSON text with `response` first. */
function withResponseText(card: string, vendorId: string, figures: Figures): string {
  // No figures (most pages: few vendors have enough samples): no lookup, which would hash the id.
  const figure = figures.size === 0 ? undefined : figures.get(vendorId);
  return `{"response":${figure ? JSON.stringify(figure) : 'null'},${card.slice(1)}`;
}

/** Card texts (findTexts) with each card's response figures, unparsed. */
export async function withResponseTexts(cards: string[], views: ReadViews, now: Date): Promise<string[]> {
  const vendorIds = cards.map(vendorIdOf);
  const figures = await responseFiguresFor(views, vendorIds, now);
  return cards.map((card, at) => withResponseText(card, vendorIds[at]!, figures));
}

/** Cards as objects with their response figures. */
export async function withResponseObjects(cards: Array<Record<string, unknown>>, views: ReadViews, now: Date): Promise<Array<Record<string, unknown>>> {
  const figures = await responseFiguresFor(views, cards.map((card) => String(card.vendorId)), now);
  return cards.map((card) => ({ response: figures.get(String(card.vendorId)) ?? null, ...card }));
}

/**
 * One page of the vendor cards matching `filter` in response order, as JSON text with each card's figures.
 * `nameSort`: the name in the reader's language, then `_id`, ascending.
 */
export async function responsePageText(
  views: ReadViews,
  filter: Filter,
  options: { nameSort: Sort; descending: boolean; start: number; limit: number; omit: TextOmission; now: Date },
): Promise<JsonText> {
  const { start, limit, now } = options;
  const docs = await views.find<ResponsesDoc>('vendorResponses', { latestAt: { $gte: windowStart(now) } });
  const figures: Figures = new Map();
  for (const doc of docs) figures.set(doc.vendorId, responseFiguresOf(doc.samples, now));
  const withMedian = [...figures].filter(([, figure]) => figure?.medianMinutes != null).map(([id]) => id);
  const ranked = withMedian.length === 0 ? [] : await views.find<ViewDocument>('vendorCards', { $and: [filter, { vendorId: { $in: withMedian } }] });
  const nameKeys = Object.keys(options.nameSort).filter((key) => key !== '_id');
  const nameOf = (card: ViewDocument) => nameKeys.reduce<unknown>((value, key) => value ?? key.split('.').reduce<unknown>((inner, part) => (inner as Record<string, unknown> | undefined)?.[part], card), undefined);
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  ranked.sort((a, b) => (figures.get(a._id)!.medianMinutes! - figures.get(b._id)!.medianMinutes!) || byCode(text(nameOf(a)), text(nameOf(b))) || byCode(a._id, b._id));
  const rest: Filter = withMedian.length === 0 ? filter : { $and: [filter, { vendorId: { $nin: withMedian } }] };
  const restSort: Sort = Object.fromEntries(Object.entries(options.nameSort).map(([key, direction]) => [key, options.descending ? (-direction as 1 | -1) : direction]));
  const rankedTexts = (from: number, to: number) => {
    const ordered = options.descending ? [...ranked].reverse() : ranked;
    return ordered.slice(from, to).map((card) => JSON.stringify(withoutOmitted(card, options.omit)));
  };
  const items: string[] = [];
  const restTotal = await views.count('vendorCards', rest);
  if (!options.descending) {
    items.push(...rankedTexts(start, start + limit));
    if (items.length < limit) items.push(...await views.findTexts('vendorCards', rest, { sort: restSort, skip: Math.max(0, start - ranked.length), limit: limit - items.length }, options.omit));
  } else {
    if (start < restTotal) items.push(...await views.findTexts('vendorCards', rest, { sort: restSort, skip: start, limit }, options.omit));
    if (items.length < limit) items.push(...rankedTexts(Math.max(0, start - restTotal), Math.max(0, start - restTotal) + limit - items.length));
  }
  const withFigures = items.map((card) => withResponseText(card, vendorIdOf(card), figures));
  return pageText(withFigures, ranked.length + restTotal);
}
