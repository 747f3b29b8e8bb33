import { z } from 'zod';
import { ProductAnswer, pageOf } from '../answer-schemas.ts';
import type { Filter } from '../../domain/ports/view-store.ts';
import { ProductType } from '../../domain/product/events.ts';
import { problems } from '../../infra/http/problem.ts';
import { readRoute, type ReadRoute } from '../read-route.ts';
import { idList, pagingShape, sortOf, sortParam } from '../paging.ts';
import { listPage, tokensFilter } from '../list-page.ts';
import { publicDocument } from '../public-document.ts';
import { productStream } from '../../domain/product/decider.ts';
import { isStaff } from '../../domain/acl/access.ts';
import { ownsVendor } from '../../domain/shared/actor.ts';

/** Back office staff see archived products (asked for by `archived`); the storefront never does. */

// Products (SPEC §7 `ecommerce/product`), over the `products` view.
const booleanParam = z.enum(['true', 'false']).transform((value) => value === 'true');

export const productList = readRoute({
  path: '/api/ecommerce/product',
  response: pageOf(ProductAnswer),
  summary: "Products, e.g. a vendor's, by type; paged and sorted",
  tags: ['products'],
  auth: 'public',
  query: {
    ...pagingShape,
    id: idList.describe('Only these product ids: id=a&id=b, id[]=a or id=a,b (the favorite products).'),
    vendorId: z.string().min(1).max(100).optional(),
    type: ProductType.optional(),
    featured: booleanParam.optional(),
    text: z.string().trim().max(100).optional().describe('Words the product must hold (name, intro, information; either language): every word begins one of its words.'),
    archived: z.enum(['include', 'only']).optional().describe('Back office staff only: include the archived products, or only them (ignored for anyone else).'),
    sort: sortParam(['name', 'price', 'createdAt'] as const, 'name'),
  },
  async handle({ query, views, locale, actor }) {
    const filter: Filter = {};
    const archived = isStaff(actor) ? query.archived : undefined;
    if (archived === 'only') filter.archived = true;
    else if (archived !== 'include') filter.archived = { $ne: true };
    if (query.id) filter._id = { $in: query.id };
    if (query.vendorId) filter.vendorId = query.vendorId;
    if (query.type) filter.type = query.type;
    if (query.featured !== undefined) filter.featured = query.featured;
    Object.assign(filter, tokensFilter(query.text));
    const sort = sortOf(query.sort, { name: locale === 'en-US' ? 'name.en' : 'name.he', price: 'price.amountMinor' });
    return listPage(views, 'products', filter, { sort, start: query.start, limit: query.limit });
  },
});

export const productById = readRoute({
  path: '/api/ecommerce/product/:id',
  response: ProductAnswer,
  summary: 'One product (an archived one for back office staff and its vendor only)',
  tags: ['products'],
  auth: 'public',
  params: { id: z.string().min(1).max(100) },
  documentOf: ({ id }) => ({ collection: 'products', id, streamId: productStream(id) }),
  async handle({ params, views, actor }) {
    const product = await views.byId('products', params.id);
    if (!product || (product.archived === true && !isStaff(actor) && !ownsVendor(actor, String(product.vendorId)))) throw problems.notFound('There is no such product.');
    return publicDocument(product);
  },
});

export const productReads: ReadRoute[] = [productList, productById];
