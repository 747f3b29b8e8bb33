import { describe, expect, it } from 'vitest';
import { brandsProjection, type BrandView } from './projection.ts';
import { fold, recorded } from '../testing/recorded-event.ts';

const at = '2026-01-01T00:00:00.000Z';

describe('brands view', () => {
  it('keeps live brands only', () => {
    const brands = fold<BrandView>(brandsProjection, [
      recorded('category-c1', { type: 'ContentCreated', data: { id: 'c1', fields: { entityType: 'category', name: { en: 'News' }, alias: 'news' }, at } }),
      recorded('brand-b1', { type: 'ContentCreated', data: { id: 'b1', fields: { entityType: 'brand', name: { en: 'Acme' }, alias: 'acme' }, at } }),
      recorded('brand-b2', { type: 'ContentCreated', data: { id: 'b2', fields: { entityType: 'brand', name: { en: 'Gone' }, alias: 'gone' }, at } }),
      recorded('brand-b2', { type: 'ContentDeleted', data: { id: 'b2', entityType: 'brand', at } }),
    ]);
    expect(Object.keys(brands)).toEqual(['b1']);
    expect(brands.b1).toMatchObject({ id: 'b1', name: { en: 'Acme' }, alias: 'acme', createdAt: at, updatedAt: at });
  });
});
