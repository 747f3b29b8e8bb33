import { z } from 'zod';
import { OrderAnswer, pageOf } from '../answer-schemas.ts';
import type { Filter, ViewDocument } from '../../domain/ports/view-store.ts';
import { isAdmin, ownsVendor, partiesOf, type Actor } from '../../domain/shared/actor.ts';
import { OrderStatus, openOrderStatuses } from '../../domain/order/events.ts';
import { HttpProblem, problems } from '../../infra/http/problem.ts';
import { israelDayBounds } from '../israel-day.ts';
import { readRoute, type ReadRoute } from '../read-route.ts';
import { pagingShape, sortOf, sortParam } from '../paging.ts';
import { listPage } from '../list-page.ts';
import { publicDocument } from '../public-document.ts';
import type { ReadViews } from '../tracked-views.ts';
import { withParticipants } from '../participants.ts';
import { orderStream } from '../../domain/order/decider.ts';
import { actingParty } from '../../domain/order/may.ts';
import { balanceOverdue, cancellationRefund, type OrderMoneyFacts } from '../../domain/order/order-money.ts';
import type { OrderView } from '../../projectors/orders/projection.ts';

// Orders over the `orders` view. Authorization on reads: the customer, the order's vendor and admins.
// Decision: another user's order answers 404, exactly like an order that does not exist, so order
// ids cannot be probed (a 403 would confirm the order exists).
export const mayReadOrder = (actor: Actor, order: Record<string, unknown>): boolean =>
  partiesOf(actor, { customerId: String(order.customerId), vendorId: String(order.vendorId) }).length > 0;

const orderSorts = ['placedAt', 'updatedAt', 'total'] as const;
/** A calendar day written yyyy-mm-dd that exists (no 2025-02-30). */
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A day as yyyy-mm-dd')
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), 'Not a calendar day');
const orderListQuery = {
  ...pagingShape,
  status: OrderStatus.optional(),
  open: z.enum(['true', 'false']).optional().describe('true: only orders still in progress (new, payed, approved); false: only finished ones (completed, canceled).'),
  sort: sortParam(orderSorts, '-placedAt'),
};
const orderSort = (sort: string) => sortOf(sort, { total: 'total.amountMinor' });

/** The status part of a list filter: one status, the open or the finished ones, or both conditions. */
function statusFilter(query: { status?: string; open?: 'true' | 'false' }): Filter {
  const byOpen: Filter | null = query.open ? { status: { [query.open === 'true' ? '$in' : '$nin']: [...openOrderStatuses] } } : null;
  const byStatus: Filter | null = query.status ? { status: query.status } : null;
  if (byOpen && byStatus) return { $and: [byOpen, byStatus] };
  return byOpen ?? byStatus ?? {};
}

/** The order's money facts as the domain's functions take them (order-money.ts), from the view document. */
function moneyFactsOf(order: OrderView): OrderMoneyFacts {
  return { total: order.total, terms: order.terms ?? undefined, eventAt: order.eventAt ?? undefined, payments: order.payments ?? [] };
}

/**
 * What depends on the asker and the time (issue 26): whether the balance is overdue now, and what a
 * cancel by the asker now would refund (by the order's policy and their part in it: `cancellationRefund`),
 * null when they may not cancel it. Answered within the GET cache's 10 seconds.
 */
export function moneyNow(order: Record<string, unknown>, actor: Actor, at: string): { overdue: boolean; cancellationPreview: { percent: number; amount: OrderView['total'] } | null } {
  const view = order as unknown as OrderView;
  // A document from before version 4 of the view (a rebuild in progress) has no payments yet.
  if (!Array.isArray(view.payments)) return { overdue: false, cancellationPreview: null };
  const facts = moneyFactsOf(view);
  const overdue = view.status !== 'canceled' && balanceOverdue(facts, at);
  const party = actingParty('CancelOrder', view, actor);
  if (party === null) return { overdue, cancellationPreview: null };
  const byRole = party === 'admin' && actor.roles.includes('system') ? 'system' : party;
  const { percent, amount } = cancellationRefund(facts, byRole, at);
  return { overdue, cancellationPreview: { percent, amount } };
}

/**
 * What an order page shows beside the order document: both parties' names (participants.ts) and
 * the order's review (`reviews`, one per order: `{ rating, text, at, editedAt, reply, hidden }`, null
 * before one is written or after its customer withdrew it; `hidden` when an admin hid it).
 */
async function withPartiesAndReview(views: ReadViews, orders: Record<string, unknown>[], asker: { actor: Actor; at: string }): Promise<Record<string, unknown>[]> {
  if (orders.length === 0) return orders;
  const ids = orders.map((order) => String(order.orderId));
  const reviews = ids.length === 1
    ? await views.byId('reviews', ids[0]!).then((doc) => (doc ? [doc] : []))
    : await views.find('reviews', { _id: { $in: ids } });
  const reviewById = new Map(reviews.map((doc) => [doc._id, doc]));
  return (await withParticipants(views, orders)).map((order) => {
    const review = reviewById.get(String(order.orderId));
    return {
      ...order,
      ...moneyNow(order, asker.actor, asker.at),
      review: review
        ? {
          rating: review.rating, text: review.text, at: review.at, editedAt: typeof review.editedAt === 'string' ? review.editedAt : null,
          reply: review.reply ?? null, hidden: review.hidden ?? null,
        }
        : null,
    };
  });
}

async function pageWithPartiesAndReview(views: ReadViews, page: { items: Record<string, unknown>[]; total: number }, asker: { actor: Actor; at: string }) {
  return { ...page, items: await withPartiesAndReview(views, page.items, asker) };
}

export const orderById = readRoute({
  path: '/api/orders/:id',
  response: OrderAnswer,
  summary: 'One order with its lifecycle timeline (the customer, the vendor or an admin)',
  tags: ['orders'],
  auth: 'user',
  params: { id: z.string().min(1).max(100) },
  documentOf: ({ id }) => ({ collection: 'orders', id, streamId: orderStream(id) }),
  async handle({ params, views, actor, now }) {
    const order = await views.byId('orders', params.id);
    if (!order || !mayReadOrder(actor, order)) throw problems.notFound('There is no such order.');
    const [answer] = await withPartiesAndReview(views, [publicDocument(order)], { actor, at: now.toISOString() });
    return answer;
  },
});

export const myOrders = readRoute({
  path: '/api/orders',
  response: pageOf(OrderAnswer),
  summary: "The caller's orders as a customer",
  tags: ['orders'],
  auth: 'user',
  query: orderListQuery,
  async handle({ query, views, actor, now }) {
    const filter: Filter = { customerId: actor.userId, ...statusFilter(query) };
    return pageWithPartiesAndReview(views, await listPage(views, 'orders', filter, { sort: orderSort(query.sort), start: query.start, limit: query.limit }), { actor, at: now.toISOString() });
  },
});

export const vendorOrders = readRoute({
  path: '/api/vendor/orders',
  response: pageOf(OrderAnswer),
  summary: "Orders of the caller's vendor (an admin names the vendorId); eventFrom/eventTo and sort=eventAt give its events calendar",
  tags: ['orders'],
  auth: 'vendor',
  query: {
    ...orderListQuery,
    sort: sortParam([...orderSorts, 'eventAt'], '-placedAt'),
    vendorId: z.string().min(1).max(100).optional(),
    eventFrom: Day.optional().describe("First day (Israel time) of the events, included: the event's start (details' date or booked slot)."),
    eventTo: Day.optional().describe('Last day (Israel time) of the events, included.'),
  },
  answers: { 403: 'An admin names no vendorId, or a vendor names another vendor' },
  async handle({ query, views, actor, now }) {
    const vendorId = query.vendorId ?? actor.vendorId;
    if (!vendorId) throw problems.forbidden('Name the vendorId.');
    if (!ownsVendor(actor, vendorId) && !isAdmin(actor)) throw problems.forbidden("A vendor reads only its own vendor's orders.");
    const filter: Filter = { vendorId, ...statusFilter(query), ...eventRangeFilter(query) };
    return pageWithPartiesAndReview(views, await listPage(views, 'orders', filter, { sort: orderSort(query.sort), start: query.start, limit: query.limit }), { actor, at: now.toISOString() });
  },
});

/**
 * The vendor's events from one Israel day to another, both included, on the event's start (`eventAt`:
 * the details' date or the booked slot); orders whose event is unknown drop out.
 */
function eventRangeFilter(query: { eventFrom?: string; eventTo?: string }): Filter {
  if (!query.eventFrom && !query.eventTo) return {};
  return dayRangeOn('eventAt', { from: query.eventFrom, to: query.eventTo }, { from: 'query.eventFrom', to: 'query.eventTo' });
}

/** Which date of an order a day range filters on: when it was placed, or its event (the booked slot). */
const orderDateFields = { placed: 'placedAt', event: 'slot.start' } as const;

/**
 * The day-range part of a list filter: Israel days `from` to `to`, both included, on the placing
 * time or on the event's start (orders without an event date then drop out).
 */
function dayRangeFilter(query: { dateField: keyof typeof orderDateFields; from?: string; to?: string }): Filter {
  return dayRangeOn(orderDateFields[query.dateField], query, { from: 'query.from', to: 'query.to' });
}

/** Israel days `from` to `to`, both included, on one date field of the order. */
function dayRangeOn(path: string, days: { from?: string | undefined; to?: string | undefined }, names: { from: string; to: string }): Filter {
  if (days.from && days.to && days.from > days.to) {
    throw new HttpProblem(422, 'Validation failed', { code: 'validation', detail: 'The range ends before it starts.', errors: [{ field: names.to, message: `Must not be before ${names.from.replace('query.', '')}` }] });
  }
  const range: Record<string, string> = {};
  if (days.from) range.$gte = israelDayBounds(days.from).start;
  if (days.to) range.$lt = israelDayBounds(days.to).end;
  return Object.keys(range).length ? { [path]: range } : {};
}

export const adminOrders = readRoute({
  path: '/api/admin/orders',
  response: pageOf(OrderAnswer),
  summary: 'Every order, filtered by status, vendor, customer and a range of placing or event days (admins)',
  tags: ['admin', 'orders'],
  auth: 'admin',
  query: {
    ...orderListQuery,
    sort: sortParam([...orderSorts, 'eventDate'], '-placedAt'),
    vendorId: z.string().min(1).max(100).optional(),
    customerId: z.string().min(1).max(100).optional(),
    dateField: z.enum(['placed', 'event']).default('placed').describe('Which date from and to filter on: when the order was placed, or its event (booked slot).'),
    from: Day.optional().describe('First day (Israel time), included.'),
    to: Day.optional().describe('Last day (Israel time), included.'),
  },
  async handle({ query, views, actor, now }) {
    const filter: Filter = { ...statusFilter(query), ...dayRangeFilter(query) };
    if (query.vendorId) filter.vendorId = query.vendorId;
    if (query.customerId) filter.customerId = query.customerId;
    const sort = sortOf(query.sort, { total: 'total.amountMinor', eventDate: 'slot.start' });
    return pageWithPartiesAndReview(views, await listPage(views, 'orders', filter, { sort, start: query.start, limit: query.limit }), { actor, at: now.toISOString() });
  },
});

/**
 * One order for the back office: whoever the access rules give `read` on order (an operator too),
 * where `/api/orders/:id` answers only its parties and admins.
 */
export const adminOrderById = readRoute({
  path: '/api/admin/orders/:id',
  response: OrderAnswer,
  summary: 'One order with its parties and review (the back office: read on order)',
  tags: ['admin', 'orders'],
  auth: 'admin',
  params: { id: z.string().min(1).max(100) },
  documentOf: ({ id }) => ({ collection: 'orders', id, streamId: orderStream(id) }),
  async handle({ params, views, actor, now }) {
    const order = await views.byId('orders', params.id);
    if (!order) throw problems.notFound('There is no such order.');
    const [answer] = await withPartiesAndReview(views, [publicDocument(order)], { actor, at: now.toISOString() });
    return answer;
  },
});

export type OrderDocument = ViewDocument & { customerId: string; vendorId: string };
export const orderReads: ReadRoute[] = [orderById, myOrders, vendorOrders, adminOrders, adminOrderById];
