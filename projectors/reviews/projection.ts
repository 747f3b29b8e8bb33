import { idsOf, type Projection, type ViewDoc } from '../projection.ts';

// Reviews (README: `reviews`): one document per reviewed order; an edit changes rating and text (and
// sets `editedAt`, `at` stays the posting time); a removed or withdrawn review is deleted.
export interface ReviewView extends ViewDoc {
  orderId: string;
  vendorId: string;
  customerId: string;
  rating: number;
  text: string;
  at: string;
  editedAt: string | null;
}

export const reviewsProjection: Projection<ReviewView> = {
  name: 'reviews',
  collection: 'reviews',
  eventTypes: ['ReviewPosted', 'ReviewEdited', 'ReviewWithdrawn', 'ReviewRemoved'],
  keysOf: (event) => idsOf('orderId' in event.data && event.data.orderId),
  evolve(doc, event, id) {
    switch (event.type) {
      case 'ReviewPosted': {
        const { vendorId, customerId, rating, text, at } = event.data;
        return { _id: id, orderId: id, vendorId, customerId, rating, text, at, editedAt: null };
      }
      case 'ReviewEdited':
        return doc ? { ...doc, rating: event.data.rating, text: event.data.text, editedAt: event.data.at } : null;
      case 'ReviewWithdrawn':
      case 'ReviewRemoved':
        return null;
      default:
        return doc;
    }
  },
  indexes: [{ vendorId: 1, at: -1, _id: -1 }, { vendorId: 1, rating: -1, _id: -1 }, { customerId: 1, at: -1, _id: -1 }],
};
