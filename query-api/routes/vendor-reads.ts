import { z } from 'zod';
import { VendorCardAnswer, VendorPageAnswer, pageOf } from '../answer-schemas.ts';
import type { Filter, ViewDocument } from '../../domain/ports/view-store.ts';
import { isAdmin, ownsVendor } from '../../domain/shared/actor.ts';
import { problems } from '../../infra/http/problem.ts';
import { readRoute, type ReadRoute } from '../read-route.ts';
import { idList, pagingShape, sortOf, sortParam } from '../paging.ts';
import { listPage, textFilter } from '../list-page.ts';
import { publicDocument } from '../public-document.ts';
import { israelDayBounds } from '../israel-day.ts';
import type { ReadViews } from '../tracked-views.ts';

// Vendor search, the vendor page and favorites (SPEC §7), over `vendorCards`, `vendorPages`,
// `favorites` (projectors/README.md).
const cardInternal = ['productPrices', 'ratings'];
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A day as yyyy-mm-dd').refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), 'Not a calendar day');
const vendorSorts = ['name', 'rating', 'price', 'createdAt'] as const;

/** Vendor ids with a busy window or a reservation overlapping the Israeli day. */
async function vendorsBusyOn(views: ReadViews, day: string): Promise<string[]> {
  const { start, end } = israelDayBounds(day);
  const entries = await views.find('calendarEntries', { start: { $lt: end }, end: { $gt: start } });
  return [...new Set(entries.map((entry) => entry.vendorId as string))];
}

export const vendorSearch = readRoute({
  path: '/api/ecommerce/vendor',
  response: pageOf(VendorCardAnswer),
  summary: 'Search vendors: by ids, text, category alias, geo location and a free day; paged and sorted',
  tags: ['vendors'],
  auth: 'public',
  query: {
    ...pagingShape,
    id: idList.describe('Only these vendor ids: id=a&id=b, id[]=a or id=a,b (the guest favorites page).'),
    text: z.string().max(200).optional().describe('Words of the vendor name, Hebrew or English.'),
    category: z.string().max(200).optional().describe('Alias of an artist-categories child tag.'),
    geoLocation: z.string().max(100).optional().describe('Id of a geo location the vendor performs in.'),
    date: Day.optional().describe('A day (Israel time) on which the vendor has no busy window or reservation.'),
    sort: sortParam(vendorSorts, 'name'),
  },
  async handle({ query, views, locale }) {
    const filter: Filter = { visible: true, ...textFilter(query.text) };
    const and: Filter[] = [];
    if (query.id) and.push({ vendorId: { $in: query.id } });
    if (query.category) {
      const tag = await views.findOne('tags', { alias: query.category });
      if (!tag) return { items: [], total: 0 };
      and.push({ tagIds: tag._id });
    }
    if (query.geoLocation) and.push({ geoLocationIds: query.geoLocation });
    if (query.date) and.push({ vendorId: { $nin: await vendorsBusyOn(views, query.date) } });
    if (and.length > 0) filter.$and = and;
    const sort = sortOf(query.sort, {
      name: locale === 'en-US' ? 'name.en' : 'name.he',
      rating: 'ratingAvg',
      price: 'priceFromMinor',
    });
    return listPage(views, 'vendorCards', filter, { sort, start: query.start, limit: query.limit, internal: cardInternal });
  },
});

/** The vendor page; an archived vendor only for its owner and admins. */
export const vendorPage = readRoute({
  path: '/api/ecommerce/vendor/:id',
  response: VendorPageAnswer,
  summary: 'A vendor page: profile, products, media, general info and reviews summary',
  tags: ['vendors'],
  auth: 'public',
  params: { id: z.string().min(1).max(100) },
  documentOf: ({ id }) => ({ collection: 'vendorPages', id, streamId: `vendor-${id}` }),
  async handle({ params, views, actor }) {
    const page = await views.byId('vendorPages', params.id);
    if (!page || page.profile === null) throw problems.notFound('There is no such vendor.');
    if (page.archived && !isAdmin(actor) && !ownsVendor(actor, params.id)) throw problems.notFound('There is no such vendor.');
    const answer = publicDocument(page, ['ratings']);
    const products = Object.values((page.products ?? {}) as Record<string, { featured?: boolean; productId: string }>);
    products.sort((a, b) => Number(Boolean(b.featured)) - Number(Boolean(a.featured)) || a.productId.localeCompare(b.productId));
    return { ...answer, products };
  },
});

export const favoredByUser = readRoute({
  path: '/api/artists/vendor/favored/by-user',
  response: pageOf(VendorCardAnswer).extend({ vendorIds: z.array(z.string()), productIds: z.array(z.string()) }),
  summary: "The caller's favorite vendors as vendor cards, in the order they were added",
  tags: ['favorites'],
  auth: 'user',
  query: { ...pagingShape, limit: pagingShape.limit.default(999) },
  documentOf: (_params, actor) => ({ collection: 'favorites', id: actor.userId ?? '', streamId: `favorites-${actor.userId ?? ''}` }),
  async handle({ actor, views, query }) {
    const favorites = await views.byId('favorites', actor.userId!);
    const vendorIds = (favorites?.vendorIds ?? []) as string[];
    const productIds = (favorites?.productIds ?? []) as string[];
    const cards = await views.find<ViewDocument>('vendorCards', { _id: { $in: vendorIds }, visible: true });
    const byId = new Map(cards.map((card) => [card._id, card]));
    const ordered = vendorIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    const items = ordered.slice(query.start, query.start + query.limit).map((card) => publicDocument(card, cardInternal));
    return { items, total: ordered.length, vendorIds, productIds };
  },
});

export const vendorReads: ReadRoute[] = [vendorSearch, vendorPage, favoredByUser];
