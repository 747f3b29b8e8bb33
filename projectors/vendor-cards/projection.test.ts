import { describe, expect, it } from 'vitest';
import { vendorCardsProjection, type VendorCard } from './projection.ts';
import { fold, recorded } from '../testing/recorded-event.ts';
import { productDetails, vendorProfile } from '../testing/domain-fixtures.ts';

const at = '2026-02-01T09:00:00.000Z';

describe('vendor cards view', () => {
  it('shows a created vendor with its searchable names, tags and locations', () => {
    const docs = fold<VendorCard>(vendorCardsProjection, [
      recorded('vendor-v1', { type: 'VendorCreated', data: { vendorId: 'v1', ownerUserId: 'u1', profile: vendorProfile(), at } }),
    ]);
    expect(docs.v1).toMatchObject({
      vendorId: 'v1', visible: true, archived: false, name: { he: 'להקת הכוכבים', en: 'The Stars Band' },
      searchText: 'להקת הכוכבים the stars band', tagIds: ['tag-music'], geoLocationIds: ['geo-haifa'],
      ratingAvg: null, ratingCount: 0, priceFromMinor: null, productCount: 0, createdAt: at,
    });
  });

  it('derives price-from over live products and the rating over live reviews', () => {
    const docs = fold<VendorCard>(vendorCardsProjection, [
      recorded('vendor-v1', { type: 'VendorCreated', data: { vendorId: 'v1', ownerUserId: null, profile: vendorProfile(), at } }),
      recorded('product-p1', { type: 'ProductCreated', data: { productId: 'p1', vendorId: 'v1', details: productDetails({ price: { amountMinor: 90_000, currency: 'ILS' } }), at } }),
      recorded('product-p2', { type: 'ProductCreated', data: { productId: 'p2', vendorId: 'v1', details: productDetails({ price: { amountMinor: 50_000, currency: 'ILS' } }), at } }),
      recorded('product-p2', { type: 'ProductUpdated', data: { productId: 'p2', vendorId: 'v1', details: productDetails({ price: { amountMinor: 120_000, currency: 'ILS' } }), at } }),
      recorded('product-p3', { type: 'ProductCreated', data: { productId: 'p3', vendorId: 'v1', details: productDetails({ price: { amountMinor: 10_000, currency: 'ILS' } }), at } }),
      recorded('product-p3', { type: 'ProductRemoved', data: { productId: 'p3', vendorId: 'v1', at } }),
      recorded('review-o1', { type: 'ReviewPosted', data: { orderId: 'o1', vendorId: 'v1', customerId: 'c1', rating: 5, text: 'great', at } }),
      recorded('review-o2', { type: 'ReviewPosted', data: { orderId: 'o2', vendorId: 'v1', customerId: 'c2', rating: 4, text: 'good', at } }),
      recorded('review-o3', { type: 'ReviewPosted', data: { orderId: 'o3', vendorId: 'v1', customerId: 'c3', rating: 1, text: 'bad', at } }),
      recorded('review-o3', { type: 'ReviewRemoved', data: { orderId: 'o3', vendorId: 'v1', reason: 'abuse', at } }),
    ]);
    expect(docs.v1).toMatchObject({ priceFromMinor: 90_000, productCount: 2, ratingAvg: 4.5, ratingCount: 2 });
  });

  it('counts a review once even when applied twice (aggregate derived from per-order ratings)', () => {
    const review = recorded('review-o1', { type: 'ReviewPosted', data: { orderId: 'o1', vendorId: 'v1', customerId: 'c1', rating: 3, text: '', at } });
    const docs = fold<VendorCard>(vendorCardsProjection, [review, review]);
    expect(docs.v1).toMatchObject({ ratingCount: 1, ratingAvg: 3 });
  });

  it('keeps a card hidden until the vendor exists, and hides an archived vendor', () => {
    const early = fold<VendorCard>(vendorCardsProjection, [
      recorded('product-p9', { type: 'ProductCreated', data: { productId: 'p9', vendorId: 'v2', details: productDetails(), at } }),
    ]);
    expect(early.v2).toMatchObject({ visible: false, _profileKnown: false, priceFromMinor: 150_000 });
    const archived = fold<VendorCard>(vendorCardsProjection, [
      recorded('vendor-v2', { type: 'VendorCreated', data: { vendorId: 'v2', ownerUserId: null, profile: vendorProfile(), at } }),
      recorded('vendor-v2', { type: 'VendorArchived', data: { vendorId: 'v2', reason: 'left', at: '2026-03-01T00:00:00.000Z' } }),
    ], early);
    expect(archived.v2).toMatchObject({ visible: false, archived: true, priceFromMinor: 150_000, updatedAt: '2026-03-01T00:00:00.000Z' });
  });

  it('follows a profile update', () => {
    const docs = fold<VendorCard>(vendorCardsProjection, [
      recorded('vendor-v3', { type: 'VendorCreated', data: { vendorId: 'v3', ownerUserId: null, profile: vendorProfile(), at } }),
      recorded('vendor-v3', { type: 'VendorProfileUpdated', data: { vendorId: 'v3', profile: vendorProfile({ name: { en: 'Solo' }, tagIds: ['tag-magic', 'tag-kids'], geoLocationIds: [] }), at } }),
    ]);
    expect(docs.v3).toMatchObject({ name: { en: 'Solo' }, searchText: 'solo', tagIds: ['tag-magic', 'tag-kids'], geoLocationIds: [], createdAt: at });
  });
});
