import type { Translatable } from '../../domain/shared/translatable.ts';
import type { ViewDoc } from '../projection.ts';
import { contentEntityProjection } from '../content-entity-projection.ts';

// Articles (README: `articles`): found by alias; blog articles listed by publishedAt.
export interface ArticleView extends ViewDoc {
  id: string;
  title: Translatable;
  alias: string;
  body: Translatable;
  excerpt: Translatable | null;
  kind: 'blog' | 'page';
  categoryId: string | null;
  imageUrl: string | null;
  publishedAt: string;
  createdAt: string;
  updatedAt: string;
}

export const articlesProjection = contentEntityProjection<'article', ArticleView>({
  name: 'articles',
  collection: 'articles',
  entityType: 'article',
  toView: (fields, id) => ({
    id, title: fields.title, alias: fields.alias, body: fields.body, excerpt: fields.excerpt ?? null, kind: fields.kind,
    categoryId: fields.categoryId, imageUrl: fields.imageUrl ?? null, publishedAt: fields.publishedAt,
  }),
  indexes: [{ alias: 1 }, { kind: 1, publishedAt: -1 }, { categoryId: 1 }],
});
