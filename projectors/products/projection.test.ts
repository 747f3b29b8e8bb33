import { describe, expect, it } from 'vitest';
import { productsProjection, type ProductView } from './projection.ts';
import { fold, recorded } from '../testing/recorded-event.ts';
import { productDetails } from '../testing/domain-fixtures.ts';

describe('products view', () => {
  it('keeps the latest details of a product and its first creation time', () => {
    const docs = fold<ProductView>(productsProjection, [
      recorded('product-p1', { type: 'ProductCreated', data: { productId: 'p1', vendorId: 'v1', details: productDetails(), at: '2026-01-01T00:00:00.000Z' } }),
      recorded('product-p1', { type: 'ProductUpdated', data: { productId: 'p1', vendorId: 'v1', details: productDetails({ type: 'timedService', serviceDuration: 90, name: { en: 'Long show' } }), at: '2026-01-02T00:00:00.000Z' } }),
    ]);
    expect(docs.p1).toMatchObject({
      productId: 'p1', vendorId: 'v1', type: 'timedService', serviceDuration: 90, name: { en: 'Long show' }, introImage: null,
      featured: false, images: [], createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-02T00:00:00.000Z',
    });
  });

  it('deletes a removed product', () => {
    const docs = fold<ProductView>(productsProjection, [
      recorded('product-p2', { type: 'ProductCreated', data: { productId: 'p2', vendorId: 'v1', details: productDetails(), at: '2026-01-01T00:00:00.000Z' } }),
      recorded('product-p2', { type: 'ProductRemoved', data: { productId: 'p2', vendorId: 'v1', at: '2026-01-03T00:00:00.000Z' } }),
    ]);
    expect(docs.p2).toBeUndefined();
  });
});
