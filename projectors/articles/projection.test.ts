import { describe, expect, it } from 'vitest';
import { articlesProjection, type ArticleView } from './projection.ts';
import { fold, recorded } from '../testing/recorded-event.ts';

const article = (type: 'ContentCreated' | 'ContentUpdated', title: string, at: string) => recorded('article-a1', {
  type, data: { id: 'a1', at, fields: { entityType: 'article', title: { he: title }, alias: 'about-us', body: { he: '<p>שלום</p>' }, kind: 'page', categoryId: null, publishedAt: '2026-01-01T00:00:00.000Z' } },
});

describe('articles view', () => {
  it('keeps the latest article by alias, deletes it when deleted, and ignores other content', () => {
    const docs = fold<ArticleView>(articlesProjection, [
      article('ContentCreated', 'אודות', '2026-01-01T00:00:00.000Z'),
      article('ContentUpdated', 'עלינו', '2026-01-02T00:00:00.000Z'),
      recorded('category-c1', { type: 'ContentCreated', data: { id: 'c1', fields: { entityType: 'category', name: { he: 'x' }, alias: 'x' }, at: '2026-01-01T00:00:00.000Z' } }),
    ]);
    expect(Object.keys(docs)).toEqual(['a1']);
    expect(docs.a1).toMatchObject({ id: 'a1', alias: 'about-us', title: { he: 'עלינו' }, kind: 'page', excerpt: null, imageUrl: null, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-02T00:00:00.000Z' });
    const deleted = fold<ArticleView>(articlesProjection, [
      recorded('article-a1', { type: 'ContentDeleted', data: { id: 'a1', entityType: 'article', at: '2026-01-03T00:00:00.000Z' } }),
    ], docs);
    expect(deleted).toEqual({});
  });
});
