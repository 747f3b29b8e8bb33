import { describe, expect, it } from 'vitest';
import { tagsProjection, type TagView } from './projection.ts';
import { fold, recorded } from '../testing/recorded-event.ts';

const at = '2026-01-01T00:00:00.000Z';
const tag = (id: string, alias: string, parentId: string | null, order = 0, type: 'ContentCreated' | 'ContentUpdated' = 'ContentCreated') =>
  recorded(`tag-${id}`, { type, data: { id, fields: { entityType: 'tag', name: { he: alias, en: alias }, alias, level: parentId ? 1 : 0, order, parentId }, at } });

describe('tags view', () => {
  it('builds the artist-categories tree with children counts', () => {
    const docs = fold<TagView>(tagsProjection, [
      tag('root', 'artist-categories', null),
      tag('music', 'music', 'root', 2),
      tag('magic', 'magic', 'root', 1),
      tag('other-root', 'blog-tags', null),
    ]);
    expect(docs.root).toMatchObject({ alias: 'artist-categories', level: 0, parentId: null, childIds: ['music', 'magic'], childrenCount: 2 });
    expect(docs.magic).toMatchObject({ alias: 'magic', level: 1, order: 1, parentId: 'root', childrenCount: 0, searchText: 'magic magic magic' });
    expect(docs['other-root']?.childrenCount).toBe(0);
  });

  it('moves a child between parents and forgets a deleted one', () => {
    const start = fold<TagView>(tagsProjection, [tag('a', 'a', null), tag('b', 'b', null), tag('x', 'x', 'a'), tag('y', 'y', 'a')]);
    const moved = fold<TagView>(tagsProjection, [
      tag('x', 'x', 'b', 0, 'ContentUpdated'),
      recorded('tag-y', { type: 'ContentDeleted', data: { id: 'y', entityType: 'tag', at } }),
    ], start);
    expect(moved.a).toMatchObject({ childIds: [], childrenCount: 0 });
    expect(moved.b).toMatchObject({ childIds: ['x'], childrenCount: 1 });
    expect(moved.x?.parentId).toBe('b');
    expect(moved.y).toBeUndefined();
  });

  it('ignores content that is not a tag', () => {
    const docs = fold<TagView>(tagsProjection, [
      recorded('brand-b1', { type: 'ContentCreated', data: { id: 'b1', fields: { entityType: 'brand', name: { en: 'Brand' }, alias: 'brand' }, at } }),
    ]);
    expect(docs).toEqual({});
  });
});
