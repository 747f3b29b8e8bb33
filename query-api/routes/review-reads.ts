import { z } from 'zod';
import { readRoute, type ReadRoute } from '../read-route.ts';
import { pagingShape, sortOf, sortParam } from '../paging.ts';
import { listPage } from '../list-page.ts';

// Reviews of a vendor over `reviews`, with the rating aggregate of `vendorRatings`.
export const vendorReviews = readRoute({
  path: '/api/ecommerce/vendor/:vendorId/reviews',
  summary: "A vendor's reviews with the rating summary",
  tags: ['reviews'],
  auth: 'public',
  params: { vendorId: z.string().min(1).max(100) },
  query: { ...pagingShape, sort: sortParam(['at', 'rating'] as const, '-at') },
  async handle({ params, query, views }) {
    const [page, rating] = await Promise.all([
      listPage(views, 'reviews', { vendorId: params.vendorId }, { sort: sortOf(query.sort), start: query.start, limit: query.limit }),
      views.byId('vendorRatings', params.vendorId),
    ]);
    const summary = rating
      ? { count: rating.count, avg: rating.avg, distribution: rating.distribution }
      : { count: 0, avg: null, distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } };
    return { ...page, summary };
  },
});

export const myReviews = readRoute({
  path: '/api/reviews',
  summary: 'Reviews the caller wrote',
  tags: ['reviews'],
  auth: 'user',
  query: { ...pagingShape },
  async handle({ query, views, actor }) {
    return listPage(views, 'reviews', { customerId: actor.userId }, { sort: { at: -1, _id: 1 }, start: query.start, limit: query.limit });
  },
});

export const reviewReads: ReadRoute[] = [vendorReviews, myReviews];
