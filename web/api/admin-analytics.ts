import type { ApiClient } from './client.ts';
import { orderStatuses } from '../../domain/order/events.ts';
import { text } from './adapters.ts';
import type { Text } from './view-models.ts';

// The admin Analytics screen's read (GET /api/admin/analytics, query-api/routes/analytics-reads.ts)
// and its view model. Kept beside the shared queries/adapters as a file of its own: one screen's
// data, read leniently like every adapter (a missing field becomes zero or empty, never a crash).

export const ANALYTICS_RANGES = [30, 90, 365] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const ORDER_STATUSES = orderStatuses;
export type AnalyticsStatus = (typeof ORDER_STATUSES)[number];

/** A histogram bin: [from, to), `to` null for the open last bin. */
export interface AnalyticsBin { from: number; to: number | null; orders: number }

export interface Analytics {
  range: { days: AnalyticsRange; from: string; to: string; bucket: 'day' | 'week' | 'month' };
  totals: { orders: number; paidOrders: number; canceled: number; revenueMinor: number };
  ordersOverTime: Array<{ start: string; counts: Record<AnalyticsStatus, number> }>;
  /** Money in per month by payment part, and what cancels owed back (agorot; issue 26). */
  revenueByMonth: Array<{ start: string; depositMinor: number; balanceMinor: number; fullMinor: number; refundedMinor: number }>;
  revenueByCategory: Array<{ categoryId: string | null; name: Text | null; revenueMinor: number; orders: number }>;
  leadTime: { bins: AnalyticsBin[]; orders: number };
  responseTime: { bins: AnalyticsBin[]; orders: number; medianMinutes: number | null };
  /** Null when the reader is not a super user (SPEC §6: source tracking is theirs). */
  sources: { items: Array<{ source: string; hits: number }>; otherSources: number; otherHits: number; hits: number } | null;
}

type Doc = Record<string, unknown>;
const asDoc = (value: unknown): Doc => (typeof value === 'object' && value !== null ? (value as Doc) : {});
const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const list = (value: unknown): Doc[] => (Array.isArray(value) ? value.map(asDoc) : []);
const strOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

export const analyticsRangeOf = (value: string | null): AnalyticsRange =>
  ANALYTICS_RANGES.find((range) => String(range) === value) ?? 30;

const binsFrom = (value: unknown): AnalyticsBin[] =>
  list(value).map((bin) => ({ from: num(bin.from), to: typeof bin.to === 'number' ? bin.to : null, orders: num(bin.orders) }));

export function analyticsFrom(value: unknown): Analytics {
  const doc = asDoc(value);
  const range = asDoc(doc.range);
  const totals = asDoc(doc.totals);
  const lead = asDoc(doc.leadTime);
  const response = asDoc(doc.responseTime);
  const sources = doc.sources === null || doc.sources === undefined ? null : asDoc(doc.sources);
  const bucket = range.bucket === 'week' || range.bucket === 'month' ? range.bucket : 'day';
  return {
    range: { days: analyticsRangeOf(String(range.days)), from: String(range.from ?? ''), to: String(range.to ?? ''), bucket },
    totals: { orders: num(totals.orders), paidOrders: num(totals.paidOrders), canceled: num(totals.canceled), revenueMinor: num(totals.revenueMinor) },
    ordersOverTime: list(doc.ordersOverTime).map((entry) => {
      const counts = asDoc(entry.counts);
      return { start: String(entry.start ?? ''), counts: Object.fromEntries(ORDER_STATUSES.map((status) => [status, num(counts[status])])) as Record<AnalyticsStatus, number> };
    }),
    revenueByMonth: list(doc.revenueByMonth).map((entry) => ({
      start: String(entry.start ?? ''), depositMinor: num(entry.depositMinor), balanceMinor: num(entry.balanceMinor), fullMinor: num(entry.fullMinor), refundedMinor: num(entry.refundedMinor),
    })),
    revenueByCategory: list(doc.revenueByCategory).map((entry) => ({
      categoryId: strOrNull(entry.categoryId), name: entry.name ? text(entry.name) : null, revenueMinor: num(entry.revenueMinor), orders: num(entry.orders),
    })),
    leadTime: { bins: binsFrom(lead.bins), orders: num(lead.orders) },
    responseTime: { bins: binsFrom(response.bins), orders: num(response.orders), medianMinutes: typeof response.medianMinutes === 'number' ? response.medianMinutes : null },
    sources: sources && {
      items: list(sources.items).map((item) => ({ source: String(item.source ?? ''), hits: num(item.hits) })),
      otherSources: num(sources.otherSources), otherHits: num(sources.otherHits), hits: num(sources.hits),
    },
  };
}

export async function adminAnalytics(api: ApiClient, days: AnalyticsRange): Promise<Analytics> {
  return analyticsFrom(await api.get('admin/analytics', { query: { days } }));
}
