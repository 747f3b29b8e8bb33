import { z } from 'zod';
import { FavoritesAnswer, VendorCardAnswer, VendorPageAnswer, pageOf } from '../answer-schemas.ts';
import type { Filter, ViewDocument } from '../../domain/ports/view-store.ts';
import { isAdmin, ownsVendor } from '../../domain/shared/actor.ts';
import { HttpProblem, problems } from '../../infra/http/problem.ts';
import { readRoute, type ReadRoute } from '../read-route.ts';
import { idList, pagingShape, sortParam } from '../paging.ts';
import { listPageText } from '../list-page.ts';
import { publicDocument, publicOmission } from '../public-document.ts';
import { rankByRelevance, resolveTerms, termFilter } from '../vendor-text-search.ts';
import { vendorsNotFreeOn } from '../vendor-availability.ts';
import { distancePageText, placeRings, type PlacePoint } from '../vendor-distance.ts';
import { responseFiguresFor, responsePageText, withResponseObjects, withResponseTexts } from '../vendor-responses.ts';
import type { Sort } from '../../domain/ports/view-store.ts';
import type { UserLocale } from '../../domain/user/commands.ts';
import { vendorStream } from '../../domain/vendor/decider.ts';
import { favoritesStream } from '../../domain/favorites/decider.ts';

// Vendor search, the vendor page and favorites (SPEC §7), over `vendorCards`, `vendorPages`,
// `favorites` (projectors/README.md).
const cardInternal = ['productPrices', 'shortestTimedServiceMinutes'];
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A day as yyyy-mm-dd').refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), 'Not a calendar day');
const invalidQuery = (field: string, message: string) => new HttpProblem(422, 'Validation failed', { code: 'validation', detail: 'One or more parameters are invalid.', errors: [{ field, message }] });
const vendorSorts = ['relevance', 'name', 'rating', 'price', 'distance', 'response', 'createdAt'] as const;

/**
 * The view-store sort of each sort but relevance and distance, written ascending; `-field` is its exact
 * reverse, so one declared index (projectors/vendor-cards/projection.ts), walked either way, serves both.
 * Rating: average, then number of reviews (`-rating`: best first, unrated last); price: the lowest
 * price of the live products (vendors without one after every price); both tie by the name in the
 * reader's language, then `_id`, so pages never overlap.
 */
export function vendorSortOf(sort: string, locale: UserLocale): Sort {
  // Made once per sort and language (a few dozen), frozen: every search asks one.
  const key = `${sort}\n${locale}`;
  let made = madeVendorSorts.get(key);
  if (!made) {
    made = Object.freeze(makeVendorSort(sort, locale));
    if (madeVendorSorts.size < 256) madeVendorSorts.set(key, made);
  }
  return made;
}

const madeVendorSorts = new Map<string, Sort>();

function makeVendorSort(sort: string, locale: UserLocale): Sort {
  const descending = sort.startsWith('-');
  const field = descending ? sort.slice(1) : sort;
  const name = locale === 'en-US' ? 'name.en' : 'name.he';
  const ascending: Record<string, Sort> = {
    name: { [name]: 1, _id: 1 },
    rating: { ratingAvg: 1, ratingCount: 1, [name]: -1, _id: -1 },
    price: { _priceOrder: 1, [name]: 1, _id: 1 },
    createdAt: { createdAt: 1, _id: 1 },
  };
  const keys = ascending[field] ?? ascending.name!;
  return descending ? Object.fromEntries(Object.entries(keys).map(([key, direction]) => [key, -direction])) as Sort : keys;
}

export const vendorSearch = readRoute({
  path: '/api/ecommerce/vendor',
  response: pageOf(VendorCardAnswer),
  summary: 'Search vendors: by ids, text (ranked), category alias, geo location and a free day; paged and sorted; each card with its response figures',
  tags: ['vendors'],
  auth: 'public',
  query: {
    ...pagingShape,
    id: idList.describe('Only these vendor ids: id=a&id=b, id[]=a or id=a,b (the guest favorites page).'),
    text: z.string().max(200).optional().describe('Words, Hebrew or English, each matching the name, a category, a product, the intro or about text, or a place (prefixes and Hebrew one-letter prefixes welcome); ranked by where they match.'),
    category: z.string().max(200).optional().describe('Alias of an artist-categories child tag.'),
    geoLocation: z.string().max(100).optional().describe('Id of a geo location the vendor performs in.'),
    date: Day.optional().describe('A day (Israel time) with a free slot for the vendor: their shortest timed service fits between 10:00 and 21:00 without overlapping a busy window or reservation, and has not started yet.'),
    near: z.string().max(100).optional().describe('Id of a geo location: the place sort=distance measures from (needed by it).'),
    sort: sortParam(vendorSorts, 'relevance').describe('relevance (the default: best text matches first, then rating; by name without text), name, rating (-rating: best average first, then most reviews, unrated last), price (lowest price from first, vendors without a price last), distance (needs near: nearest of the vendor\'s places first, vendors without a located place last), response (fastest median time to the first reply over the last 90 days first, vendors without one — fewer than 3 answered — last) or createdAt; prefix with - for the exact reverse. Ties by name, then id.'),
  },
  // Its pages are the cards' texts without the internal keys (listPageText): the store may keep them.
  texts: [{ collection: 'vendorCards', omit: publicOmission(cardInternal) }],
  async handle({ query, views, locale, now }) {
    const byDistance = query.sort === 'distance' || query.sort === '-distance';
    if (byDistance && !query.near) throw invalidQuery('query.near', 'sort=distance needs the place to measure from (near).');
    const origin = byDistance ? await views.byId<PlacePoint & ViewDocument>('geoLocations', query.near!) : null;
    if (byDistance && !origin) throw invalidQuery('query.near', 'There is no such place.');
    const filter: Filter = { visible: true };
    const and: Filter[] = [];
    const terms = await resolveTerms(views, query.text);
    // Text with no word in it (only punctuation) matches nothing rather than everything.
    if (terms.length === 0 && query.text?.trim()) return { items: [], total: 0 };
    for (const term of terms) and.push(termFilter(term));
    if (query.id) and.push({ vendorId: { $in: query.id } });
    if (query.category) {
      const tag = await views.findOne('tags', { alias: query.category });
      if (!tag) return { items: [], total: 0 };
      and.push({ tagIds: tag._id });
    }
    if (query.geoLocation) and.push({ geoLocationIds: query.geoLocation });
    if (query.date) {
      const notFree = await vendorsNotFreeOn(views, query.date, now);
      if (notFree === 'everyone') return { items: [], total: 0 };
      if (notFree.length > 0) and.push({ vendorId: { $nin: notFree } });
    }
    if (and.length > 0) filter.$and = and;
    const byRelevance = query.sort === 'relevance' || query.sort === '-relevance';
    if (byRelevance && terms.length > 0) {
      // Ranking needs every match; a text query's matches are few, and the answer is cached.
      const ranked = rankByRelevance(await views.find<ViewDocument>('vendorCards', filter), terms, locale);
      if (query.sort === '-relevance') ranked.reverse();
      const items = ranked.slice(query.start, query.start + query.limit).map((card) => publicDocument(card, cardInternal));
      return { items: await withResponseObjects(items, views, now), total: ranked.length };
    }
    if (byDistance) {
      const rings = placeRings(origin!, await views.find<PlacePoint & ViewDocument>('geoLocations', {}));
      return distancePageText(views, 'vendorCards', filter, rings, {
        nameSort: vendorSortOf('name', locale), descending: query.sort === '-distance', start: query.start, limit: query.limit, omit: publicOmission(cardInternal),
        texts: (cards) => withResponseTexts(cards, views, now),
      });
    }
    if (query.sort === 'response' || query.sort === '-response') {
      return responsePageText(views, filter, {
        nameSort: vendorSortOf('name', locale), descending: query.sort === '-response', start: query.start, limit: query.limit, omit: publicOmission(cardInternal), now,
      });
    }
    const sort = vendorSortOf(byRelevance ? 'name' : query.sort, locale);
    return listPageText(views, 'vendorCards', filter, { sort, start: query.start, limit: query.limit, internal: cardInternal, texts: (cards) => withResponseTexts(cards, views, now) });
  },
});

/** The vendor page; an archived vendor only for its owner and admins. */
export const vendorPage = readRoute({
  path: '/api/ecommerce/vendor/:id',
  response: VendorPageAnswer,
  summary: 'A vendor page: profile, products, media, general info, reviews summary and response figures',
  tags: ['vendors'],
  auth: 'public',
  params: { id: z.string().min(1).max(100) },
  documentOf: ({ id }) => ({ collection: 'vendorPages', id, streamId: vendorStream(id) }),
  async handle({ params, views, actor, now }) {
    const page = await views.byId('vendorPages', params.id);
    if (!page || page.profile === null) throw problems.notFound('There is no such vendor.');
    if (page.archived && !isAdmin(actor) && !ownsVendor(actor, params.id)) throw problems.notFound('There is no such vendor.');
    // Who owns the vendor is an internal user id: only admins see it (the owner knows it from the token).
    const answer = publicDocument(page, isAdmin(actor) ? [] : ['ownerUserId']);
    const products = Object.values((page.products ?? {}) as Record<string, { featured?: boolean; productId: string }>);
    products.sort((a, b) => Number(Boolean(b.featured)) - Number(Boolean(a.featured)) || a.productId.localeCompare(b.productId));
    const response = (await responseFiguresFor(views, [params.id], now)).get(params.id) ?? null;
    return { ...answer, products, response };
  },
});

export const favoredByUser = readRoute({
  path: '/api/artists/vendor/favored/by-user',
  response: FavoritesAnswer,
  summary: "The caller's favorite vendors as vendor cards, in the order they were added",
  tags: ['favorites'],
  auth: 'user',
  query: { ...pagingShape, limit: pagingShape.limit.default(999) },
  documentOf: (_params, actor) => ({ collection: 'favorites', id: actor.userId ?? '', streamId: favoritesStream(actor.userId ?? '') }),
  async handle({ actor, views, query, now }) {
    const favorites = await views.byId('favorites', actor.userId!);
    const vendorIds = (favorites?.vendorIds ?? []) as string[];
    const productIds = (favorites?.productIds ?? []) as string[];
    const cards = await views.find<ViewDocument>('vendorCards', { _id: { $in: vendorIds }, visible: true });
    const byId = new Map(cards.map((card) => [card._id, card]));
    const ordered = vendorIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    const items = await withResponseObjects(ordered.slice(query.start, query.start + query.limit).map((card) => publicDocument(card, cardInternal)), views, now);
    return { items, total: ordered.length, vendorIds, productIds };
  },
});

export const vendorReads: ReadRoute[] = [vendorSearch, vendorPage, favoredByUser];
