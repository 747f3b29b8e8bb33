import { describe, expect, it } from 'vitest';
import { vendorRatingsProjection, type VendorRating } from './projection.ts';
import { fold, recorded } from '../testing/recorded-event.ts';

const at = '2026-04-01T00:00:00.000Z';
const events = () => [
  recorded('review-o1', { type: 'ReviewPosted', data: { orderId: 'o1', vendorId: 'v1', customerId: 'c1', rating: 5, text: 'Wonderful', at } }),
  recorded('review-o2', { type: 'ReviewPosted', data: { orderId: 'o2', vendorId: 'v1', customerId: 'c2', rating: 3, text: 'OK', at } }),
  recorded('review-o3', { type: 'ReviewPosted', data: { orderId: 'o3', vendorId: 'v2', customerId: 'c2', rating: 4, text: '', at } }),
  recorded('review-o2', { type: 'ReviewRemoved', data: { orderId: 'o2', vendorId: 'v1', reason: 'spam', at } }),
];

describe('vendor ratings view', () => {
  it('aggregates live reviews per vendor', () => {
    const docs = fold<VendorRating>(vendorRatingsProjection, events());
    expect(docs.v1).toMatchObject({ count: 1, avg: 5, distribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 1 } });
    expect(docs.v2).toMatchObject({ count: 1, avg: 4 });
  });

  it('does not count a duplicated review twice', () => {
    const review = recorded('review-o9', { type: 'ReviewPosted', data: { orderId: 'o9', vendorId: 'v9', customerId: 'c1', rating: 2, text: '', at } });
    expect(fold<VendorRating>(vendorRatingsProjection, [review, review]).v9).toMatchObject({ count: 1, avg: 2 });
  });

  it('follows an edited rating and drops a withdrawn one', () => {
    const docs = fold<VendorRating>(vendorRatingsProjection, [
      recorded('review-w1', { type: 'ReviewPosted', data: { orderId: 'w1', vendorId: 'v7', customerId: 'c1', rating: 2, text: '', at } }),
      recorded('review-w2', { type: 'ReviewPosted', data: { orderId: 'w2', vendorId: 'v7', customerId: 'c2', rating: 3, text: '', at } }),
      recorded('review-w1', { type: 'ReviewEdited', data: { orderId: 'w1', vendorId: 'v7', customerId: 'c1', rating: 5, text: 'better', at } }),
      recorded('review-w2', { type: 'ReviewWithdrawn', data: { orderId: 'w2', vendorId: 'v7', customerId: 'c2', at } }),
    ]);
    expect(docs.v7).toMatchObject({ count: 1, avg: 5, distribution: { '2': 0, '3': 0, '5': 1 } });
  });
});
