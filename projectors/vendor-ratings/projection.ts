import type { Projection, ViewDoc } from '../projection.ts';
import { noStars, starsAfter, summarizeStars, type RatingSummary } from '../rating-summary.ts';

// The rating aggregate per vendor (README: `vendorRatings`): the live reviews per star (`distribution`)
// and what follows from them (projectors/rating-summary.ts).
export interface VendorRating extends ViewDoc, RatingSummary {
  vendorId: string;
}

export const vendorRatingsProjection: Projection<VendorRating> = {
  name: 'vendor-ratings',
  version: 2,
  collection: 'vendorRatings',
  longLived: true,
  eventTypes: ['ReviewPosted', 'ReviewEdited', 'ReviewWithdrawn', 'ReviewRemoved'],
  keysOf: (event) => ('vendorId' in event.data ? [event.data.vendorId] : []),
  evolve(doc, event, id) {
    if (event.type !== 'ReviewPosted' && event.type !== 'ReviewEdited' && event.type !== 'ReviewWithdrawn' && event.type !== 'ReviewRemoved') return doc;
    return { _id: id, vendorId: id, ...summarizeStars(starsAfter(doc?.distribution ?? noStars(), event)) };
  },
  // Read by vendor id only (query-api/routes/review-reads.ts): no index beyond `_id`.
  indexes: [],
};
