import { idsOf, type Projection, type ViewDoc } from '../projection.ts';

// Reviews (README: `reviews`): one document per reviewed order; an edit changes rating and text (and
// sets `editedAt`, `at` stays the posting time); the reviewed vendor's one reply is kept as `reply`.
// A review an admin removed ("hidden") stays, marked `hidden` with the reason, so its customer and the
// back office still see it; public reads leave hidden reviews out (query-api/routes/review-reads.ts)
// and the rating views no longer count them. A withdrawn review is deleted (the order may be reviewed again).
// `verified`: the review is of a completed order, the only kind the review decider accepts.
export interface ReviewView extends ViewDoc {
  orderId: string;
  vendorId: string;
  customerId: string;
  rating: number;
  text: string;
  at: string;
  editedAt: string | null;
  verified: boolean;
  reply: { text: string; at: string; by: 'vendor' | 'admin' } | null;
  hidden: { reason: string; at: string } | null;
}

export const reviewsProjection: Projection<ReviewView> = {
  name: 'reviews',
  // 2: hidden reviews kept (marked), the vendor's reply, `verified`.
  version: 2,
  collection: 'reviews',
  eventTypes: ['ReviewPosted', 'ReviewEdited', 'ReviewWithdrawn', 'ReviewRemoved', 'ReviewReplied'],
  keysOf: (event) => idsOf('orderId' in event.data && event.data.orderId),
  evolve(doc, event, id) {
    switch (event.type) {
      case 'ReviewPosted': {
        const { vendorId, customerId, rating, text, at } = event.data;
        return { _id: id, orderId: id, vendorId, customerId, rating, text, at, editedAt: null, verified: true, reply: null, hidden: null };
      }
      case 'ReviewEdited':
        return doc ? { ...doc, rating: event.data.rating, text: event.data.text, editedAt: event.data.at } : null;
      case 'ReviewReplied':
        return doc ? { ...doc, reply: { text: event.data.text, at: event.data.at, by: event.data.by } } : null;
      case 'ReviewRemoved':
        return doc ? { ...doc, hidden: { reason: event.data.reason, at: event.data.at } } : null;
      case 'ReviewWithdrawn':
        return null;
      default:
        return doc;
    }
  },
  indexes: [
    { vendorId: 1, at: -1, _id: -1 }, { vendorId: 1, rating: -1, _id: -1 }, { customerId: 1, at: -1, _id: -1 },
    // The public lists: a vendor's reviews not hidden.
    { vendorId: 1, hidden: 1, at: -1, _id: -1 }, { vendorId: 1, hidden: 1, rating: -1, _id: -1 },
  ],
};
