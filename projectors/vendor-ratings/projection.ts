import type { Projection, ViewDoc } from '../projection.ts';
import { summarizeRatings, type RatingSummary } from '../rating-summary.ts';

// The rating aggregate per vendor (README: `vendorRatings`), derived from per-order ratings kept in the
// document, so a duplicated review event cannot count twice.
export interface VendorRating extends ViewDoc, RatingSummary {
  vendorId: string;
  ratings: Record<string, number>;
}

export const vendorRatingsProjection: Projection<VendorRating> = {
  name: 'vendor-ratings',
  collection: 'vendorRatings',
  eventTypes: ['ReviewPosted', 'ReviewEdited', 'ReviewWithdrawn', 'ReviewRemoved'],
  keysOf: (event) => ('vendorId' in event.data ? [event.data.vendorId] : []),
  evolve(doc, event, id) {
    let ratings = doc?.ratings ?? {};
    if (event.type === 'ReviewPosted' || event.type === 'ReviewEdited') ratings = { ...ratings, [event.data.orderId]: event.data.rating };
    else if (event.type === 'ReviewRemoved' || event.type === 'ReviewWithdrawn') {
      const { [event.data.orderId]: _removed, ...rest } = ratings;
      ratings = rest;
    }
    return { _id: id, _seen: doc?._seen ?? {}, vendorId: id, ratings, ...summarizeRatings(ratings) };
  },
  indexes: [{ avg: -1 }],
};
