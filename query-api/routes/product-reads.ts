import { z } from 'zod';
import { ProductAnswer, pageOf } from '../answer-schemas.ts';
import type { Filter } from '../../domain/ports/view-store.ts';
import { ProductType } from '../../domain/product/events.ts';
import { problems } from '../../infra/http/problem.ts';
import { readRoute, type ReadRoute } from '../read-route.ts';
import { idList, pagingShape, sortOf, sortParam } from '../paging.ts';
import { listPage } from '../list-page.ts';
import { publicDocument } from '../public-document.ts';
import { productStream } from '../../domain/product/decider.ts';

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
    sort: sortParam(['name', 'price', 'createdAt'] as const, 'name'),
  },
  async handle({ query, views, locale }) {
    const filter: Filter = {};
    if (query.id) filter._id = { $in: query.id };
    if (query.vendorId) filter.vendorId = query.vendorId;
    if (query.type) filter.type = query.type;
    if (query.featured !== undefined) filter.featured = query.featured;
    const sort = sortOf(query.sort, { name: locale === 'en-US' ? 'name.en' : 'name.he', price: 'price.amountMinor' });
    return listPage(views, 'products', filter, { sort, start: query.start, limit: query.limit });
  },
});

export const productById = readRoute({
  path: '/api/ecommerce/product/:id',
  response: ProductAnswer,
  summary: 'One product',
  tags: ['products'],
  auth: 'public',
  params: { id: z.string().min(1).max(100) },
  documentOf: ({ id }) => ({ collection: 'products', id, streamId: productStream(id) }),
  async handle({ params, views }) {
    const product = await views.byId('products', params.id);
    if (!product) throw problems.notFound('There is no such product.');
    return publicDocument(product);
  },
});

export const productReads: ReadRoute[] = [productList, productById];
