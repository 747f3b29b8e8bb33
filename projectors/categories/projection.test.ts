import { describe, expect, it } from 'vitest';
import { categoriesProjection, type CategoryView } from './projection.ts';
import { fold, recorded } from '../testing/recorded-event.ts';

const at = '2026-01-01T00:00:00.000Z';

describe('categories view', () => {
  it('keeps only categories', () => {
    const events = [
      recorded('category-c1', { type: 'ContentCreated', data: { id: 'c1', fields: { entityType: 'category', name: { en: 'News' }, alias: 'news' }, at } }),
      recorded('brand-b1', { type: 'ContentCreated', data: { id: 'b1', fields: { entityType: 'brand', name: { en: 'Acme' }, alias: 'acme' }, at } }),
      recorded('brand-b2', { type: 'ContentCreated', data: { id: 'b2', fields: { entityType: 'brand', name: { en: 'Gone' }, alias: 'gone' }, at } }),
      recorded('brand-b2', { type: 'ContentDeleted', data: { id: 'b2', entityType: 'brand', at } }),
    ];
    expect(fold<CategoryView>(categoriesProjection, events)).toEqual({
      c1: expect.objectContaining({ id: 'c1', name: { en: 'News' }, alias: 'news', description: null }),
    });
  });
});
