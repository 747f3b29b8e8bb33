import { z } from 'zod';
import { event } from '../shared/event-schema.ts';
import { Id, IsoTime } from '../shared/ids.ts';
import { REVIEW_REPLY_MAX } from './limits.ts';

export { REVIEW_EDIT_DAYS, REVIEW_REPLY_MAX } from './limits.ts';

// Stream `review-<orderId>`: at most one review per order, by its customer, once it is completed.
export const ReviewPosted = event('ReviewPosted', z.strictObject({
  orderId: Id, vendorId: Id, customerId: Id, rating: z.number().int().min(1).max(5), text: z.string().max(5000), at: IsoTime,
}));
/**
 * The stars a review had before this event (`previousRating`), so a view that keeps counts per star can
 * move or take out the review without remembering every order's rating. Optional only so that events
 * written before it was recorded can still be read (how views count those: projectors/rating-summary.ts).
 */
const previousRating = z.number().int().min(1).max(5).optional();
export const ReviewEdited = event('ReviewEdited', z.strictObject({
  orderId: Id, vendorId: Id, customerId: Id, rating: z.number().int().min(1).max(5), previousRating, text: z.string().max(5000), at: IsoTime,
}));
/** The customer deleted their own review; unlike a moderator's removal, the order may be reviewed again. */
export const ReviewWithdrawn = event('ReviewWithdrawn', z.strictObject({ orderId: Id, vendorId: Id, customerId: Id, previousRating, at: IsoTime }));
/**
 * Moderation: an admin hides the review with a reason. The event stays in the log (the review's history,
 * the admin's audit); the review is no longer shown publicly nor counted in the rating, and the order
 * cannot be reviewed again. Older removals may carry an empty reason (before one was required).
 */
export const ReviewRemoved = event('ReviewRemoved', z.strictObject({ orderId: Id, vendorId: Id, previousRating, reason: z.string().max(500), at: IsoTime }));
/** The reviewed vendor answers the review, once (by its owner, or an admin on its behalf: `by`). */
export const ReviewReplied = event('ReviewReplied', z.strictObject({
  orderId: Id, vendorId: Id, customerId: Id, text: z.string().min(1).max(REVIEW_REPLY_MAX), by: z.enum(['vendor', 'admin']), at: IsoTime,
}));

export const ReviewEvent = z.discriminatedUnion('type', [ReviewPosted, ReviewEdited, ReviewWithdrawn, ReviewRemoved, ReviewReplied]);
export type ReviewEvent = z.infer<typeof ReviewEvent>;
