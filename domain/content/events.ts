import { z } from 'zod';
import { event } from '../shared/event-schema.ts';
import { Id, IsoTime } from '../shared/ids.ts';
import { Money } from '../shared/money.ts';
import { translatable } from '../shared/translatable.ts';

// Content entities (SPEC §2 admin-entity-entityType): brand, category, tag, article, and the service
// contract templates of the admin side nav (SPEC §2 "service contract (entity type serviceContract)").
// Stream `<entityType>-<id>`, e.g. `tag-…`, `article-…`. Aliases are URL-safe slugs (SPEC §5).
export const ContentEntityType = z.enum(['brand', 'category', 'tag', 'article', 'serviceContract']);
export type ContentEntityType = z.infer<typeof ContentEntityType>;

const Alias = z.string().min(1).max(200).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Must be a URL-safe slug');

export const Brand = z.strictObject({ entityType: z.literal('brand'), name: translatable({ max: 200 }), alias: Alias });
export const Category = z.strictObject({
  entityType: z.literal('category'), name: translatable({ max: 200 }), alias: Alias, description: translatable({ max: 2000, required: false }).optional(),
});
export const Tag = z.strictObject({
  entityType: z.literal('tag'),
  name: translatable({ max: 200 }),
  alias: Alias,
  /** 0 for a root such as `artist-categories`, 1 for its children, and so on. */
  level: z.number().int().nonnegative(),
  order: z.number().int(),
  parentId: Id.nullable(),
});
export const Article = z.strictObject({
  entityType: z.literal('article'),
  title: translatable({ max: 300 }),
  alias: Alias,
  /** Rich text (HTML), sanitized when rendered. */
  body: translatable({ max: 200_000 }),
  excerpt: translatable({ max: 500, required: false }).optional(),
  /** blog: listed in the blog; page: about, contact, terms and other general articles. */
  kind: z.enum(['blog', 'page']),
  categoryId: Id.nullable(),
  imageUrl: z.string().max(2000).optional(),
  publishedAt: z.iso.datetime({ offset: true }),
});
/** A service contract template: the terms an artist's contract starts from, and its usual price. */
export const ServiceContractTemplate = z.strictObject({
  entityType: z.literal('serviceContract'),
  title: translatable({ max: 200 }),
  alias: Alias,
  /** The contract's terms as plain text, one paragraph per line. */
  text: translatable({ max: 20_000 }),
  price: Money,
});
export const ContentFields = z.discriminatedUnion('entityType', [Brand, Category, Tag, Article, ServiceContractTemplate]);
export type ContentFields = z.infer<typeof ContentFields>;

export const ContentCreated = event('ContentCreated', z.strictObject({ id: Id, fields: ContentFields, at: IsoTime }));
export const ContentUpdated = event('ContentUpdated', z.strictObject({ id: Id, fields: ContentFields, at: IsoTime }));
export const ContentDeleted = event('ContentDeleted', z.strictObject({ id: Id, entityType: ContentEntityType, at: IsoTime }));

export const ContentEvent = z.discriminatedUnion('type', [ContentCreated, ContentUpdated, ContentDeleted]);
export type ContentEvent = z.infer<typeof ContentEvent>;
