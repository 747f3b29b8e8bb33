import { z } from 'zod';
import { ArticleAnswer, ArticlePageAnswer, BrandAnswer, CategoryAnswer, TagAnswer, pageOf } from '../answer-schemas.ts';
import type { Filter } from '../../domain/ports/view-store.ts';
import { problems } from '../../infra/http/problem.ts';
import { readRoute, type ReadRoute } from '../read-route.ts';
import { pagingShape, queryInteger, sortOf, sortParam } from '../paging.ts';
import { listPage, textFilter, tokensFilter } from '../list-page.ts';
import { publicDocument } from '../public-document.ts';

// Content (SPEC §2 admin-entity-entityType): tags (the artist categories tree), articles (blog and
// general pages), categories and brands, over `tags`, `articles`, `categories`, `brands`.
const Alias = z.string().min(1).max(200);

export const tagChildren = readRoute({
  path: '/api/tag/alias/:alias/children',
  response: pageOf(TagAnswer),
  summary: 'Children of a tag, e.g. the artist categories (alias artist-categories); text filter',
  tags: ['content'],
  auth: 'public',
  params: { alias: Alias },
  query: { ...pagingShape, limit: pagingShape.limit.default(999), text: z.string().max(200).optional().describe('Words (or their beginnings) of the tag name in Hebrew or English, or of its alias: category suggestions as you type.') },
  async handle({ params, query, views }) {
    const parent = await views.findOne('tags', { alias: params.alias });
    if (!parent) throw problems.notFound(`There is no tag ${params.alias}.`);
    return listPage(views, 'tags', { parentId: parent._id, ...tokensFilter(query.text) }, { sort: { order: 1, _id: 1 }, start: query.start, limit: query.limit });
  },
});

export const tagByAlias = readRoute({
  path: '/api/tag/alias/:alias',
  response: TagAnswer,
  summary: 'One tag by alias',
  tags: ['content'],
  auth: 'public',
  params: { alias: Alias },
  async handle({ params, views }) {
    const tag = await views.findOne('tags', { alias: params.alias });
    if (!tag) throw problems.notFound(`There is no tag ${params.alias}.`);
    return publicDocument(tag);
  },
});

export const tagList = readRoute({
  path: '/api/entity/tag',
  response: pageOf(TagAnswer),
  summary: 'Tags, by parent or level; text filter',
  tags: ['content'],
  auth: 'public',
  query: {
    ...pagingShape,
    parentId: z.string().min(1).max(100).optional(),
    level: queryInteger({ min: 0 }).optional(),
    text: z.string().max(200).optional(),
  },
  async handle({ query, views }) {
    const filter: Filter = textFilter(query.text);
    if (query.parentId) filter.parentId = query.parentId;
    if (query.level !== undefined) filter.level = query.level;
    return listPage(views, 'tags', filter, { sort: { level: 1, order: 1, _id: 1 }, start: query.start, limit: query.limit });
  },
});

export const articleList = readRoute({
  path: '/api/entity/article',
  response: pageOf(ArticleAnswer),
  summary: 'Articles: the blog (kind=blog) or general pages, by category; newest first',
  tags: ['content'],
  auth: 'public',
  query: {
    ...pagingShape,
    kind: z.enum(['blog', 'page']).optional(),
    category: Alias.optional().describe('Alias of a blog category.'),
    text: z.string().trim().max(100).optional().describe('Words the article must hold (title, excerpt, body; either language): every word begins one of its words.'),
    sort: sortParam(['publishedAt'] as const, '-publishedAt'),
  },
  async handle({ query, views, now }) {
    // Articles with a future publishedAt are scheduled, not yet public.
    const filter: Filter = { publishedAt: { $lte: now.toISOString() } };
    if (query.kind) filter.kind = query.kind;
    Object.assign(filter, tokensFilter(query.text));
    if (query.category) {
      const category = await views.findOne('categories', { alias: query.category });
      if (!category) return { items: [], total: 0 };
      filter.categoryId = category._id;
    }
    return listPage(views, 'articles', filter, { sort: sortOf(query.sort), start: query.start, limit: query.limit, internal: ['body'] });
  },
});

export const articleByAlias = readRoute({
  path: '/api/entity/article/alias/:alias',
  response: ArticlePageAnswer,
  summary: 'One article by alias (blog post or general page such as about, contact, terms)',
  tags: ['content'],
  auth: 'public',
  params: { alias: Alias },
  async handle({ params, views }) {
    const article = await views.findOne('articles', { alias: params.alias });
    if (!article) throw problems.notFound(`There is no article ${params.alias}.`);
    return publicDocument(article);
  },
});

export const categoryList = readRoute({
  path: '/api/entity/category',
  response: pageOf(CategoryAnswer),
  summary: 'Blog categories',
  tags: ['content'],
  auth: 'public',
  query: { ...pagingShape, limit: pagingShape.limit.default(999) },
  async handle({ query, views }) {
    return listPage(views, 'categories', {}, { sort: { alias: 1, _id: 1 }, start: query.start, limit: query.limit });
  },
});

export const categoryByAlias = readRoute({
  path: '/api/entity/category/alias/:alias',
  response: CategoryAnswer,
  summary: 'One blog category by alias',
  tags: ['content'],
  auth: 'public',
  params: { alias: Alias },
  async handle({ params, views }) {
    const category = await views.findOne('categories', { alias: params.alias });
    if (!category) throw problems.notFound(`There is no category ${params.alias}.`);
    return publicDocument(category);
  },
});

export const brandList = readRoute({
  path: '/api/entity/brand',
  response: pageOf(BrandAnswer),
  summary: 'Brands',
  tags: ['content'],
  auth: 'public',
  query: { ...pagingShape, limit: pagingShape.limit.default(999) },
  async handle({ query, views }) {
    return listPage(views, 'brands', {}, { sort: { alias: 1, _id: 1 }, start: query.start, limit: query.limit });
  },
});

export const contentReads: ReadRoute[] = [tagChildren, tagByAlias, tagList, articleList, articleByAlias, categoryList, categoryByAlias, brandList];
