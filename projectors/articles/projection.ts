import type { Translatable } from '../../domain/shared/translatable.ts';
import type { ViewDoc } from '../projection.ts';
import { contentEntityProjection } from '../content-entity-projection.ts';
import { indexTokens, textOfHtml } from '../../domain/shared/search-text.ts';

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
  /** The words of its title, excerpt and body in both languages, for the text search. */
  searchTokens: string[];
}

export const articlesProjection = contentEntityProjection<'article', ArticleView>({
  name: 'articles',
  collection: 'articles',
  entityType: 'article',
  toView: (fields, id) => ({
    id, title: fields.title, alias: fields.alias, body: fields.body, excerpt: fields.excerpt ?? null, kind: fields.kind,
    categoryId: fields.categoryId, imageUrl: fields.imageUrl ?? null, publishedAt: fields.publishedAt,
    searchTokens: indexTokens(fields.title.he, fields.title.en, fields.excerpt?.he, fields.excerpt?.en, textOfHtml(fields.body.he ?? ''), textOfHtml(fields.body.en ?? '')),
  }),
  indexes: [{ alias: 1 }, { publishedAt: -1, _id: -1 }, { kind: 1, publishedAt: -1, _id: -1 }, { categoryId: 1, publishedAt: -1, _id: -1 }, { searchTokens: 1 }],
  // 2: searchTokens.
  version: 2,
});
