import { z } from 'zod';
import { OrderAnswer, pageOf } from '../answer-schemas.ts';
import type { Filter, ViewDocument } from '../../domain/ports/view-store.ts';
import { isAdmin, type Actor } from '../../domain/shared/actor.ts';
import { OrderStatus } from '../../domain/order/events.ts';
import { problems } from '../../infra/http/problem.ts';
import { readRoute, type ReadRoute } from '../read-route.ts';
import { pagingShape, sortOf, sortParam } from '../paging.ts';
import { listPage } from '../list-page.ts';
import { publicDocument } from '../public-document.ts';

// Orders over the `orders` view. Authorization on reads: the customer, the order's vendor and admins.
// Decision: another user's order answers 404, exactly like an order that does not exist, so order
// ids cannot be probed (a 403 would confirm the order exists).
export const mayReadOrder = (actor: Actor, order: Record<string, unknown>): boolean =>
  isAdmin(actor) || (actor.userId !== null && order.customerId === actor.userId) || (actor.vendorId !== null && order.vendorId === actor.vendorId);

const orderSorts = ['placedAt', 'updatedAt', 'total'] as const;
const orderListQuery = {
  ...pagingShape,
  status: OrderStatus.optional(),
  sort: sortParam(orderSorts, '-placedAt'),
};
const orderSort = (sort: string) => sortOf(sort, { total: 'total.amountMinor' });

export const orderById = readRoute({
  path: '/api/orders/:id',
  response: OrderAnswer,
  summary: 'One order with its lifecycle timeline (the customer, the vendor or an admin)',
  tags: ['orders'],
  auth: 'user',
  params: { id: z.string().min(1).max(100) },
  documentOf: ({ id }) => ({ collection: 'orders', id, streamId: `order-${id}` }),
  async handle({ params, views, actor }) {
    const order = await views.byId('orders', params.id);
    if (!order || !mayReadOrder(actor, order)) throw problems.notFound('There is no such order.');
    return publicDocument(order);
  },
});

export const myOrders = readRoute({
  path: '/api/orders',
  response: pageOf(OrderAnswer),
  summary: "The caller's orders as a customer",
  tags: ['orders'],
  auth: 'user',
  query: orderListQuery,
  async handle({ query, views, actor }) {
    const filter: Filter = { customerId: actor.userId };
    if (query.status) filter.status = query.status;
    return listPage(views, 'orders', filter, { sort: orderSort(query.sort), start: query.start, limit: query.limit });
  },
});

export const vendorOrders = readRoute({
  path: '/api/vendor/orders',
  response: pageOf(OrderAnswer),
  summary: "Orders of the caller's vendor (an admin names the vendorId)",
  tags: ['orders'],
  auth: 'vendor',
  query: { ...orderListQuery, vendorId: z.string().min(1).max(100).optional() },
  async handle({ query, views, actor }) {
    const vendorId = query.vendorId ?? actor.vendorId;
    if (!vendorId) throw problems.forbidden('Name the vendorId.');
    if (vendorId !== actor.vendorId && !isAdmin(actor)) throw problems.forbidden("A vendor reads only its own vendor's orders.");
    const filter: Filter = { vendorId };
    if (query.status) filter.status = query.status;
    return listPage(views, 'orders', filter, { sort: orderSort(query.sort), start: query.start, limit: query.limit });
  },
});

export const adminOrders = readRoute({
  path: '/api/admin/orders',
  response: pageOf(OrderAnswer),
  summary: 'Every order, filtered by status, vendor or customer (admins)',
  tags: ['admin', 'orders'],
  auth: 'admin',
  query: {
    ...orderListQuery,
    vendorId: z.string().min(1).max(100).optional(),
    customerId: z.string().min(1).max(100).optional(),
  },
  async handle({ query, views }) {
    const filter: Filter = {};
    if (query.status) filter.status = query.status;
    if (query.vendorId) filter.vendorId = query.vendorId;
    if (query.customerId) filter.customerId = query.customerId;
    return listPage(views, 'orders', filter, { sort: orderSort(query.sort), start: query.start, limit: query.limit });
  },
});

export type OrderDocument = ViewDocument & { customerId: string; vendorId: string };
export const orderReads: ReadRoute[] = [orderById, myOrders, vendorOrders, adminOrders];
