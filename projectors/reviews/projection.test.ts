import { describe, expect, it } from 'vitest';
import { reviewsProjection, type ReviewView } from './projection.ts';
import { fold, recorded } from '../testing/recorded-event.ts';

const at = '2026-04-01T00:00:00.000Z';
const events = () => [
  recorded('review-o1', { type: 'ReviewPosted', data: { orderId: 'o1', vendorId: 'v1', customerId: 'c1', rating: 5, text: 'Wonderful', at } }),
  recorded('review-o2', { type: 'ReviewPosted', data: { orderId: 'o2', vendorId: 'v1', customerId: 'c2', rating: 3, text: 'OK', at } }),
  recorded('review-o3', { type: 'ReviewPosted', data: { orderId: 'o3', vendorId: 'v2', customerId: 'c2', rating: 4, text: '', at } }),
  recorded('review-o2', { type: 'ReviewRemoved', data: { orderId: 'o2', vendorId: 'v1', reason: 'spam', at } }),
];

describe('reviews view', () => {
  it('keeps one review per order, verified, and keeps a removed one marked hidden with its reason', () => {
    const docs = fold<ReviewView>(reviewsProjection, events());
    expect(Object.keys(docs).sort()).toEqual(['o1', 'o2', 'o3']);
    expect(docs.o1).toMatchObject({ vendorId: 'v1', customerId: 'c1', rating: 5, text: 'Wonderful', at, verified: true, reply: null, hidden: null });
    expect(docs.o2).toMatchObject({ rating: 3, hidden: { reason: 'spam', at } });
  });

  it("keeps the vendor's reply under the review", () => {
    const later = '2026-04-03T09:00:00.000Z';
    const docs = fold<ReviewView>(reviewsProjection, [
      ...events(),
      recorded('review-o1', { type: 'ReviewReplied', data: { orderId: 'o1', vendorId: 'v1', customerId: 'c1', text: 'Thank you!', by: 'vendor', at: later } }),
    ]);
    expect(docs.o1).toMatchObject({ rating: 5, text: 'Wonderful', reply: { text: 'Thank you!', at: later, by: 'vendor' } });
  });

  it('an edit changes rating and text and records when; a withdrawn review is deleted', () => {
    const later = '2026-04-02T08:00:00.000Z';
    const docs = fold<ReviewView>(reviewsProjection, [
      recorded('review-e1', { type: 'ReviewPosted', data: { orderId: 'e1', vendorId: 'v1', customerId: 'c1', rating: 2, text: 'Late', at } }),
      recorded('review-e1', { type: 'ReviewEdited', data: { orderId: 'e1', vendorId: 'v1', customerId: 'c1', rating: 4, text: 'Late, but great', at: later } }),
      recorded('review-e2', { type: 'ReviewPosted', data: { orderId: 'e2', vendorId: 'v1', customerId: 'c1', rating: 5, text: 'Gone', at } }),
      recorded('review-e2', { type: 'ReviewWithdrawn', data: { orderId: 'e2', vendorId: 'v1', customerId: 'c1', at: later } }),
    ]);
    expect(docs.e1).toMatchObject({ rating: 4, text: 'Late, but great', at, editedAt: later });
    expect(docs.e2).toBeUndefined();
  });
});
