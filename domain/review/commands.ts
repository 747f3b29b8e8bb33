import { z } from 'zod';
import { Actor } from '../shared/actor.ts';
import { Id, IsoTime } from '../shared/ids.ts';
import { OrderStatus } from '../order/events.ts';

// Commands of a review (stream `review-<orderId>`): one review per order, by its customer, once completed.

/** Facts about the reviewed order that the handler loaded from `order-<orderId>`; null when there is no such order. */
export const ReviewedOrder = z.strictObject({ status: OrderStatus, customerId: Id, vendorId: Id });
export type ReviewedOrder = z.infer<typeof ReviewedOrder>;

export const PostReview = z.strictObject({
  type: z.literal('PostReview'),
  actor: Actor,
  at: IsoTime,
  orderId: Id,
  rating: z.number().int().min(1).max(5),
  text: z.string().trim().max(5000),
  order: ReviewedOrder.nullable(),
});
export type PostReview = z.infer<typeof PostReview>;

/** Moderation: an admin takes a review down. */
export const RemoveReview = z.strictObject({
  type: z.literal('RemoveReview'),
  actor: Actor,
  at: IsoTime,
  orderId: Id,
  reason: z.string().trim().max(500),
});
export type RemoveReview = z.infer<typeof RemoveReview>;

export const ReviewCommand = z.discriminatedUnion('type', [PostReview, RemoveReview]);
export type ReviewCommand = z.infer<typeof ReviewCommand>;
