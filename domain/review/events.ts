import { z } from 'zod';
import { event } from '../shared/event-schema.ts';
import { Id, IsoTime } from '../shared/ids.ts';

// Stream `review-<orderId>`: at most one review per order, by its customer, once it is completed.
export const ReviewPosted = event('ReviewPosted', z.strictObject({
  orderId: Id, vendorId: Id, customerId: Id, rating: z.number().int().min(1).max(5), text: z.string().max(5000), at: IsoTime,
}));
export const ReviewEdited = event('ReviewEdited', z.strictObject({
  orderId: Id, vendorId: Id, customerId: Id, rating: z.number().int().min(1).max(5), text: z.string().max(5000), at: IsoTime,
}));
/** The customer deleted their own review; unlike a moderator's removal, the order may be reviewed again. */
export const ReviewWithdrawn = event('ReviewWithdrawn', z.strictObject({ orderId: Id, vendorId: Id, customerId: Id, at: IsoTime }));
export const ReviewRemoved = event('ReviewRemoved', z.strictObject({ orderId: Id, vendorId: Id, reason: z.string().max(500), at: IsoTime }));

export const ReviewEvent = z.discriminatedUnion('type', [ReviewPosted, ReviewEdited, ReviewWithdrawn, ReviewRemoved]);
export type ReviewEvent = z.infer<typeof ReviewEvent>;
