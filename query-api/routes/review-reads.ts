import { createHash } from 'node:crypto';
import { z } from 'zod';
import { MyReviewAnswer, PublicReviewAnswer, VendorOwnReviewsAnswer, VendorReviewsAnswer } from '../answer-schemas.ts';
import { readRoute, type ReadRoute } from '../read-route.ts';
import { pageOf, pagingShape, sortOf, sortParam } from '../paging.ts';
import { listPage } from '../list-page.ts';
import type { ReadViews } from '../tracked-views.ts';
import { problems } from '../../infra/http/problem.ts';
import { isAdmin, ownsVendor } from '../../domain/shared/actor.ts';
import { editableUntil } from '../../domain/review/decider.ts';

// Reviews of a vendor over `reviews`, with the rating aggregate of `vendorRatings`.
// Public answers carry only what a visitor reads: no customer id and no order id (together they would
// link one customer's reviews across vendors). A review is named there by `reviewId`, a digest of its
// order id that is stable but tells nothing. The author lists their own, with order ids, at /api/reviews;
// the vendor its own, with order ids (to reply), at /api/vendor/reviews. A review an admin hid is in
// neither public nor vendor list, nor in the rating; its author still sees it, marked hidden.
export const publicReviewId = (orderId: string): string => createHash('sha256').update(`review:${orderId}`).digest('base64url').slice(0, 22);

type Reply = z.infer<typeof PublicReviewAnswer>['reply'];
const replyOf = (doc: Record<string, unknown>): Reply => {
  const reply = doc.reply as { text?: unknown; at?: unknown; by?: unknown } | null | undefined;
  return reply && typeof reply.text === 'string' ? { text: reply.text, at: String(reply.at), by: reply.by === 'admin' ? 'admin' : 'vendor' } : null;
};

function publicReview(doc: Record<string, unknown>): z.infer<typeof PublicReviewAnswer> {
  return {
    reviewId: publicReviewId(String(doc.orderId ?? doc._id)),
    vendorId: String(doc.vendorId),
    rating: Number(doc.rating),
    text: String(doc.text ?? ''),
    at: String(doc.at),
    editedAt: typeof doc.editedAt === 'string' ? doc.editedAt : null,
    // Every review is of a completed order (the review decider accepts no other); views built before
    // `verified` was recorded are rebuilt (projection version 2).
    verified: doc.verified !== false,
    reply: replyOf(doc),
  };
}

/** The page of a vendor's shown reviews (not hidden) and its rating summary. */
async function shownReviews(views: ReadViews, vendorId: string, query: { sort: string; start: number; limit: number }) {
  const [page, rating] = await Promise.all([
    listPage(views, 'reviews', { vendorId, hidden: null }, { sort: sortOf(query.sort), start: query.start, limit: query.limit }),
    views.byId('vendorRatings', vendorId),
  ]);
  const summary = rating
    ? { count: rating.count, avg: rating.avg, distribution: rating.distribution }
    : { count: 0, avg: null, distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } };
  return { page, summary };
}

export const vendorReviews = readRoute({
  path: '/api/ecommerce/vendor/:vendorId/reviews',
  summary: "A vendor's reviews with the rating summary (hidden reviews left out)",
  tags: ['reviews'],
  auth: 'public',
  response: VendorReviewsAnswer,
  params: { vendorId: z.string().min(1).max(100) },
  query: { ...pagingShape, sort: sortParam(['at', 'rating'] as const, '-at') },
  async handle({ params, query, views }) {
    const { page, summary } = await shownReviews(views, params.vendorId, query);
    return { items: page.items.map(publicReview), total: page.total, summary };
  },
});

export const ownVendorReviews = readRoute({
  path: '/api/vendor/reviews',
  summary: "The caller's vendor's reviews with their orders, to reply to them (an admin names the vendorId); hidden reviews left out",
  tags: ['reviews'],
  auth: 'vendor',
  response: VendorOwnReviewsAnswer,
  query: { ...pagingShape, sort: sortParam(['at', 'rating'] as const, '-at'), vendorId: z.string().min(1).max(100).optional() },
  answers: { 403: 'An admin names no vendorId, or a vendor names another vendor' },
  async handle({ query, views, actor }) {
    const vendorId = query.vendorId ?? actor.vendorId;
    if (!vendorId) throw problems.forbidden('Name the vendorId.');
    if (!ownsVendor(actor, vendorId) && !isAdmin(actor)) throw problems.forbidden("A vendor reads only its own vendor's reviews.");
    const { page, summary } = await shownReviews(views, vendorId, query);
    return { items: page.items.map((doc) => ({ ...publicReview(doc), orderId: String(doc.orderId) })), total: page.total, summary };
  },
});

export const myReviews = readRoute({
  path: '/api/reviews',
  response: pageOf(MyReviewAnswer),
  summary: 'Reviews the caller wrote, with the order of each, the reply, until when each may be edited, and whether an admin hid it',
  tags: ['reviews'],
  auth: 'user',
  query: { ...pagingShape },
  async handle({ query, views, actor }) {
    const page = await listPage(views, 'reviews', { customerId: actor.userId }, { sort: { at: -1, _id: -1 }, start: query.start, limit: query.limit });
    return {
      ...page,
      items: page.items.map((doc) => ({
        ...doc, verified: doc.verified !== false, reply: replyOf(doc), hidden: doc.hidden ?? null, editableUntil: editableUntil(String(doc.at)),
      })),
    };
  },
});

export const reviewReads: ReadRoute[] = [vendorReviews, ownVendorReviews, myReviews];
