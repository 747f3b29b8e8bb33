import type { EventStore, RecordedEvent } from '../../domain/ports/event-store.ts';
import { OrderStatus } from '../../domain/order/events.ts';
import { AdminCountsAnswer, LatestEventsAnswer } from '../answer-schemas.ts';
import { readRoute, type ReadRoute } from '../read-route.ts';
import { queryInteger } from '../paging.ts';
import type { ReadViews } from '../tracked-views.ts';
import { auditedEvents } from './admin-actors.ts';

// The admin home (SPEC §2 admin dashboard): how much there is — counted on the views, never by
// scanning the log — and what happened last, straight from the event store.

const PRODUCT_TYPES = ['default', 'timedService', 'contractService'] as const;

async function countsBy<K extends string>(views: ReadViews, collection: string, field: string, values: readonly K[]): Promise<Record<K, number>> {
  const counts = await Promise.all(values.map((value) => views.count(collection, { [field]: value })));
  return Object.fromEntries(values.map((value, index) => [value, counts[index]!])) as Record<K, number>;
}

export const adminCounts = readRoute({
  path: '/api/admin/counts',
  response: AdminCountsAnswer,
  summary: 'How many artists, products, users, orders (by status) and conversations there are, from the views (admins)',
  tags: ['admin'],
  auth: 'admin',
  async handle({ views }) {
    const [vendors, archivedVendors, products, productsByType, users, activeUsers, vendorUsers, orders, ordersByStatus, conversations, unreadConversations] = await Promise.all([
      views.count('vendorCards'),
      views.count('vendorCards', { archived: true }),
      views.count('products'),
      countsBy(views, 'products', 'type', PRODUCT_TYPES),
      views.count('users'),
      views.count('users', { active: true }),
      views.count('users', { vendorId: { $ne: null } }),
      views.count('orders'),
      countsBy(views, 'orders', 'status', OrderStatus.options),
      views.count('conversations'),
      views.count('conversations', { $or: [{ 'unread.customer': { $gt: 0 } }, { 'unread.vendor': { $gt: 0 } }] }),
    ]);
    return {
      vendors: { total: vendors, archived: archivedVendors },
      products: { total: products, byType: productsByType },
      users: { total: users, active: activeUsers, vendors: vendorUsers },
      orders: { total: orders, byStatus: ordersByStatus },
      conversations: { total: conversations, unread: unreadConversations },
    };
  },
});

/**
 * The last `limit` events of the whole log, newest first: read backwards from the head, since no
 * position before it can be made up (EventStoreDB's positions are byte offsets it alone hands out).
 */
export async function latestEvents(eventStore: EventStore, limit: number): Promise<{ events: RecordedEvent[]; headPosition: number }> {
  const events = await eventStore.readAll({ direction: 'backwards', maxCount: limit });
  return { events, headPosition: events[0]?.position ?? -1 };
}

export const adminLatestEvents = readRoute({
  path: '/api/admin/events/latest',
  response: LatestEventsAnswer,
  summary: 'The last events of the whole log, newest first, each with its actor named (admins)',
  tags: ['admin', 'audit'],
  auth: 'admin',
  query: { limit: queryInteger({ min: 1, max: 100 }).default(20).describe('How many events, 1 to 100.') },
  cache: false,
  async handle({ query, eventStore, views }) {
    const { events, headPosition } = await latestEvents(eventStore, query.limit);
    return { items: await auditedEvents(views, events), headPosition };
  },
});

export const adminDashboardReads: ReadRoute[] = [adminCounts, adminLatestEvents];
