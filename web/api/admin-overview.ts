import type { ApiClient } from './client.ts';
import { orderStatuses } from '../../domain/order/events.ts';
import { orderFrom, pageFrom, text } from './adapters.ts';
import type { Order, OrderStatus, Page, Text } from './view-models.ts';

// The admin home's and the admin order list's reads (GET /api/admin/counts, /api/admin/jobs/failed,
// /api/admin/orders, /api/admin/vendors) as view props.
type Doc = Record<string, unknown>;
const asDoc = (value: unknown): Doc => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Doc) : {});
const int = (value: unknown): number => (typeof value === 'number' && Number.isInteger(value) ? value : 0);
const counts = <K extends string>(value: unknown, keys: readonly K[]): Record<K, number> =>
  Object.fromEntries(keys.map((key) => [key, int(asDoc(value)[key])])) as Record<K, number>;

export const ORDER_STATUSES: readonly OrderStatus[] = orderStatuses;
export const PRODUCT_TYPES = ['default', 'timedService', 'contractService'] as const;

export interface AdminCounts {
  vendors: { total: number; archived: number };
  products: { total: number; byType: Record<(typeof PRODUCT_TYPES)[number], number> };
  users: { total: number; active: number; vendors: number };
  orders: { total: number; byStatus: Record<OrderStatus, number> };
  conversations: { total: number; unread: number };
}

export function adminCountsFrom(value: unknown): AdminCounts {
  const doc = asDoc(value);
  const vendors = asDoc(doc.vendors), products = asDoc(doc.products), users = asDoc(doc.users), orders = asDoc(doc.orders), conversations = asDoc(doc.conversations);
  return {
    vendors: { total: int(vendors.total), archived: int(vendors.archived) },
    products: { total: int(products.total), byType: counts(products.byType, PRODUCT_TYPES) },
    users: { total: int(users.total), active: int(users.active), vendors: int(users.vendors) },
    orders: { total: int(orders.total), byStatus: counts(orders.byStatus, ORDER_STATUSES) },
    conversations: { total: int(conversations.total), unread: int(conversations.unread) },
  };
}

export async function adminCounts(api: ApiClient): Promise<AdminCounts> {
  return adminCountsFrom(await api.get('admin/counts', { fresh: true }));
}

export interface FailedJob { id: string; name: string; failedReason: string; failedAt: string; attemptsMade: number }

/** Notification jobs that failed every attempt (newest first) and how many there are in all. */
export async function failedJobs(api: ApiClient, limit = 5): Promise<{ items: FailedJob[]; total: number }> {
  const answer = asDoc(await api.get('admin/jobs/failed', { query: { limit }, fresh: true, silent: true }));
  const items = (Array.isArray(answer.items) ? answer.items : []).map((item) => {
    const job = asDoc(item);
    return {
      id: String(job.id ?? ''), name: String(job.name ?? ''), failedReason: String(job.failedReason ?? ''),
      failedAt: String(job.failedAt ?? ''), attemptsMade: int(job.attemptsMade),
    };
  });
  return { items, total: int(answer.total) };
}

/** The admin order list's filters; days are yyyy-mm-dd in Israel time, both ends included. */
export interface AdminOrderFilters {
  status?: OrderStatus;
  vendorId?: string;
  dateField: 'placed' | 'event';
  from?: string;
  to?: string;
}

export async function adminOrders(api: ApiClient, filters: AdminOrderFilters, start: number, limit: number): Promise<Page<Order>> {
  const answer = await api.get('admin/orders', {
    query: {
      status: filters.status, vendorId: filters.vendorId, from: filters.from, to: filters.to,
      dateField: filters.from || filters.to ? filters.dateField : undefined,
      sort: filters.dateField === 'event' ? '-eventDate' : '-placedAt', start, limit,
    },
    fresh: true,
  });
  return pageFrom(answer, orderFrom);
}

/** One order as the back office reads it (read on order: an operator too), as of the write `minRevision` when given. */
export async function adminOrder(api: ApiClient, orderId: string, minRevision?: number): Promise<Order> {
  return orderFrom(await api.get(`admin/orders/${encodeURIComponent(orderId)}`, { query: { minRevision }, fresh: true }));
}

export interface VendorChoice { id: string; name: Text; archived: boolean }

/** Every vendor (archived ones too) by name, for choosing one in a filter. */
export async function vendorChoices(api: ApiClient): Promise<VendorChoice[]> {
  const answer = await api.get('admin/vendors', { query: { limit: 999, sort: 'name' } });
  return pageFrom(answer, (value) => {
    const doc = asDoc(value);
    return { id: String(doc.vendorId ?? doc._id ?? ''), name: text(doc.name), archived: doc.archived === true };
  }).items;
}
