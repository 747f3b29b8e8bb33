import { createHash } from 'node:crypto';
import { z } from 'zod';
import { MyReviewAnswer, PublicReviewAnswer, VendorReviewsAnswer } from '../answer-schemas.ts';
import { readRoute, type ReadRoute } from '../read-route.ts';
import { pageOf, pagingShape, sortOf, sortParam } from '../paging.ts';
import { listPage } from '../list-page.ts';

// Reviews of a vendor over `reviews`, with the rating aggregate of `vendorRatings`.
// Public answers carry only what a visitor reads: no customer id and no order id (together they would
// link one customer's reviews across vendors). A review is named there by `reviewId`, a digest of its
// order id that is stable but tells nothing. The author lists their own, with order ids, at /api/reviews.
export const publicReviewId = (orderId: string): string => createHash('sha256').update(`review:${orderId}`).digest('base64url').slice(0, 22);

function publicReview(doc: Record<string, unknown>): z.infer<typeof PublicReviewAnswer> {
  return {
    reviewId: publicReviewId(String(doc.orderId ?? doc._id)),
    vendorId: String(doc.vendorId),
    rating: Number(doc.rating),
    text: String(doc.text ?? ''),
    at: String(doc.at),
    editedAt: typeof doc.editedAt === 'string' ? doc.editedAt : null,
  };
}
export const vendorReviews = readRoute({
  path: '/api/ecommerce/vendor/:vendorId/reviews',
  summary: "A vendor's reviews with the rating summary",
  tags: ['reviews'],
  auth: 'public',
  response: VendorReviewsAnswer,
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
    return { items: page.items.map(publicReview), total: page.total, summary };
  },
});

export const myReviews = readRoute({
  path: '/api/reviews',
  response: pageOf(MyReviewAnswer),
  summary: 'Reviews the caller wrote, with the order of each',
  tags: ['reviews'],
  auth: 'user',
  query: { ...pagingShape },
  async handle({ query, views, actor }) {
    return listPage(views, 'reviews', { customerId: actor.userId }, { sort: { at: -1, _id: -1 }, start: query.start, limit: query.limit });
  },
});

export const reviewReads: ReadRoute[] = [vendorReviews, myReviews];
