import { describe, expect, it } from 'vitest';
import { favoritesProjection, type FavoritesView } from './projection.ts';
import { fold, recorded } from '../testing/recorded-event.ts';

describe('favorites view', () => {
  it('keeps favorite vendors and products in the order added, without duplicates', () => {
    const docs = fold<FavoritesView>(favoritesProjection, [
      recorded('favorites-u1', { type: 'VendorFavorited', data: { userId: 'u1', vendorId: 'v1' } }),
      recorded('favorites-u1', { type: 'VendorFavorited', data: { userId: 'u1', vendorId: 'v2' } }),
      recorded('favorites-u1', { type: 'VendorFavorited', data: { userId: 'u1', vendorId: 'v1' } }),
      recorded('favorites-u1', { type: 'ProductFavorited', data: { userId: 'u1', productId: 'p1' } }),
      recorded('favorites-u1', { type: 'VendorUnfavorited', data: { userId: 'u1', vendorId: 'v1' } }),
      recorded('favorites-u1', { type: 'VendorFavorited', data: { userId: 'u1', vendorId: 'v3' } }),
      recorded('favorites-u1', { type: 'ProductUnfavorited', data: { userId: 'u1', productId: 'p9' } }),
    ]);
    expect(docs.u1).toMatchObject({ userId: 'u1', vendorIds: ['v2', 'v3'], productIds: ['p1'] });
  });
});
