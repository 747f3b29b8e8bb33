import { describe, expect, it } from 'vitest';
import { createMemoryViewStore } from '../../infra/view-store/memory-view-store.ts';
import { createEventApplier } from '../event-applier.ts';
import { silentLog } from '../projector-log.ts';
import { vendorRatingsProjection, type VendorRating } from './projection.ts';
import { fold, recorded } from '../testing/recorded-event.ts';

const at = '2026-04-01T00:00:00.000Z';
const events = () => [
  recorded('review-o1', { type: 'ReviewPosted', data: { orderId: 'o1', vendorId: 'v1', customerId: 'c1', rating: 5, text: 'Wonderful', at } }),
  recorded('review-o2', { type: 'ReviewPosted', data: { orderId: 'o2', vendorId: 'v1', customerId: 'c2', rating: 3, text: 'OK', at } }),
  recorded('review-o3', { type: 'ReviewPosted', data: { orderId: 'o3', vendorId: 'v2', customerId: 'c2', rating: 4, text: '', at } }),
  recorded('review-o2', { type: 'ReviewRemoved', data: { orderId: 'o2', vendorId: 'v1', previousRating: 3, reason: 'spam', at } }),
];

describe('vendor ratings view', () => {
  it('aggregates live reviews per vendor', () => {
    const docs = fold<VendorRating>(vendorRatingsProjection, events());
    expect(docs.v1).toMatchObject({ count: 1, avg: 5, distribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 1 } });
    expect(docs.v2).toMatchObject({ count: 1, avg: 4 });
  });

  it('keeps counts per star, not each order’s rating', () => {
    const docs = fold<VendorRating>(vendorRatingsProjection, events());
    expect(Object.keys(docs.v1!).sort()).toEqual(['_id', 'avg', 'count', 'distribution', 'vendorId']);
  });

  it('does not count a duplicated review twice (the runtime applies each stream revision once)', async () => {
    const viewStore = createMemoryViewStore();
    const applier = createEventApplier({ viewStore, projections: [vendorRatingsProjection], log: silentLog });
    const review = recorded('review-o9', { type: 'ReviewPosted', data: { orderId: 'o9', vendorId: 'v9', customerId: 'c1', rating: 2, text: '', at } });
    await applier.apply(review);
    await applier.apply(review);
    expect(await viewStore.collection('vendorRatings').findOne({ _id: 'v9' })).toMatchObject({ count: 1, avg: 2 });
  });

  it('follows an edited rating and drops a withdrawn one', () => {
    const docs = fold<VendorRating>(vendorRatingsProjection, [
      recorded('review-w1', { type: 'ReviewPosted', data: { orderId: 'w1', vendorId: 'v7', customerId: 'c1', rating: 2, text: '', at } }),
      recorded('review-w2', { type: 'ReviewPosted', data: { orderId: 'w2', vendorId: 'v7', customerId: 'c2', rating: 3, text: '', at } }),
      recorded('review-w1', { type: 'ReviewEdited', data: { orderId: 'w1', vendorId: 'v7', customerId: 'c1', rating: 5, previousRating: 2, text: 'better', at } }),
      recorded('review-w2', { type: 'ReviewWithdrawn', data: { orderId: 'w2', vendorId: 'v7', customerId: 'c2', previousRating: 3, at } }),
    ]);
    expect(docs.v7).toMatchObject({ count: 1, avg: 5, distribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 1 } });
  });

  it('leaves the counts as they were for an older edit or withdrawal that does not name the stars it replaces', () => {
    const docs = fold<VendorRating>(vendorRatingsProjection, [
      recorded('review-x1', { type: 'ReviewPosted', data: { orderId: 'x1', vendorId: 'v6', customerId: 'c1', rating: 2, text: '', at } }),
      recorded('review-x2', { type: 'ReviewPosted', data: { orderId: 'x2', vendorId: 'v6', customerId: 'c2', rating: 3, text: '', at } }),
      recorded('review-x1', { type: 'ReviewEdited', data: { orderId: 'x1', vendorId: 'v6', customerId: 'c1', rating: 5, text: 'better', at } }),
      recorded('review-x2', { type: 'ReviewWithdrawn', data: { orderId: 'x2', vendorId: 'v6', customerId: 'c2', at } }),
    ]);
    expect(docs.v6).toMatchObject({ count: 2, avg: 2.5, distribution: { '1': 0, '2': 1, '3': 1, '4': 0, '5': 0 } });
  });

  it('the rating breakdown counts live reviews per star; a hidden review leaves the breakdown and the average; a reply changes nothing', () => {
    const posted = (orderId: string, rating: number) =>
      recorded(`review-${orderId}`, { type: 'ReviewPosted', data: { orderId, vendorId: 'v5', customerId: `c-${orderId}`, rating, text: '', at } });
    const docs = fold<VendorRating>(vendorRatingsProjection, [
      posted('b1', 5), posted('b2', 5), posted('b3', 4), posted('b4', 2), posted('b5', 1),
      recorded('review-b1', { type: 'ReviewReplied', data: { orderId: 'b1', vendorId: 'v5', customerId: 'c-b1', text: 'Thanks', by: 'vendor', at } }),
      recorded('review-b5', { type: 'ReviewRemoved', data: { orderId: 'b5', vendorId: 'v5', previousRating: 1, reason: 'Insults the artist', at } }),
    ]);
    expect(docs.v5).toMatchObject({ count: 4, avg: 4, distribution: { '1': 0, '2': 1, '3': 0, '4': 1, '5': 2 } });
  });
});
