import { z } from 'zod';
import { command } from '../shared/command-schema.ts';
import { Id } from '../shared/ids.ts';
import { OrderStatus } from '../order/events.ts';
import { REVIEW_REPLY_MAX } from './events.ts';

// Commands of a review (stream `review-<orderId>`): one review per order, by its customer, once completed.

/** Facts about the reviewed order that the handler loaded from `order-<orderId>`; null when there is no such order. */
export const ReviewedOrder = z.strictObject({ status: OrderStatus, customerId: Id, vendorId: Id });
export type ReviewedOrder = z.infer<typeof ReviewedOrder>;

export const PostReview = command('PostReview', {
  orderId: Id,
  rating: z.number().int().min(1).max(5),
  text: z.string().trim().max(5000),
  order: ReviewedOrder.nullable(),
});
export type PostReview = z.infer<typeof PostReview>;

/** The review's customer changes the rating or the text. */
export const EditReview = command('EditReview', {
  orderId: Id,
  rating: z.number().int().min(1).max(5),
  text: z.string().trim().max(5000),
});
export type EditReview = z.infer<typeof EditReview>;

/** The review's customer deletes their own review (they may post a new one later). */
export const WithdrawReview = command('WithdrawReview', { orderId: Id });
export type WithdrawReview = z.infer<typeof WithdrawReview>;

/** Moderation: an admin hides a review, with a reason (required). */
export const RemoveReview = command('RemoveReview', { orderId: Id, reason: z.string().trim().max(500) });
export type RemoveReview = z.infer<typeof RemoveReview>;

/** The reviewed vendor answers a review, once: its owner, or an admin on its behalf. */
export const ReplyToReview = command('ReplyToReview', { orderId: Id, text: z.string().trim().min(1).max(REVIEW_REPLY_MAX) });
export type ReplyToReview = z.infer<typeof ReplyToReview>;

export const ReviewCommand = z.discriminatedUnion('type', [PostReview, EditReview, WithdrawReview, RemoveReview, ReplyToReview]);
export type ReviewCommand = z.infer<typeof ReviewCommand>;
