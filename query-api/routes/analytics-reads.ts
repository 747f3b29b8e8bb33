import { z } from 'zod';
import type { ViewDocument } from '../../domain/ports/view-store.ts';
import { isSuperUser } from '../../domain/shared/actor.ts';
import { orderStatuses } from '../../domain/order/events.ts';
import type { AnalyticsOrderFact } from '../../projectors/analytics-orders/projection.ts';
import { israelDay } from '../../projectors/analytics-orders/israel-day.ts';
import { israelDayBounds } from '../israel-day.ts';
import { readRoute, type ReadRoute } from '../read-route.ts';
import { sourceHitsByDay } from '../tracking-source-days.ts';

// GET /api/admin/analytics: what the admin Analytics screen plots for the last 30, 90 or 365 days
// (Israel calendar days, today included), from the analytics-orders view (one fact per order placed
// in the period) and the tracking-sources view. Only sums here: the facts already carry each order's
// day, status, net payment, lead time and response time (projectors/analytics-orders).
//
// - orders per period bucket (a day for 30 days, a Sunday-started week for 90, a month for 365), by
//   the status each order has now;
// - revenue in ILS (paid minus refunded, agorot) per category: the vendor's main category, its
//   highest-level tag as on its page (lowest level, then order); vendors without one under `null`;
// - booking lead time: orders with an event date, by days from placing to the event;
// - vendor response time: paid orders the vendor approved, by time from payment to approval, and the
//   median over them;
// - revenue by month split by payment part (issue 26): deposits, balances and full payments (an order
//   without a deposit pays the whole price at once: neither a deposit nor a balance, so a series of its
//   own rather than counted as a deposit), each by the Israel day the money came in, and the refunds
//   cancels owed, by the cancel's day. Money of the period counts whenever its order was placed, so an
//   order placed earlier whose balance came in now is read too (its `lastMoneyAt`);
// - visits per utm_source (SPEC §9 source key), for super users only (SPEC §6: source tracking is a
//   superUsers item); `null` for other admins. Tracking days are UTC days (the tracking view's).

export const ANALYTICS_RANGES = ['30', '90', '365'] as const;
export type AnalyticsBucket = 'day' | 'week' | 'month';
const BUCKET_OF: Record<(typeof ANALYTICS_RANGES)[number], AnalyticsBucket> = { 30: 'day', 90: 'week', 365: 'month' };
const STATUSES = orderStatuses;
/** Lower bounds (inclusive) of the lead-time bins, in days; the last bin is open. */
export const LEAD_TIME_BINS_DAYS = [0, 7, 14, 30, 60, 90, 180] as const;
/** Lower bounds (inclusive) of the response-time bins, in minutes: 1 h, 3 h, 12 h, 1 day, 2 days, 7 days. */
export const RESPONSE_BINS_MINUTES = [0, 60, 180, 720, 1440, 2880, 10080] as const;
const TOP_SOURCES = 10;

const Text = z.object({ he: z.string().optional(), en: z.string().optional() });
const Bin = z.object({ from: z.number().int(), to: z.number().int().nullable().describe('Exclusive; null for the open last bin'), orders: z.number().int() });
export const AnalyticsAnswer = z.object({
  range: z.object({ days: z.number().int(), from: z.string(), to: z.string(), bucket: z.enum(['day', 'week', 'month']) }),
  totals: z.object({ orders: z.number().int(), paidOrders: z.number().int(), canceled: z.number().int(), revenueMinor: z.number().int(), currency: z.literal('ILS') }),
  ordersOverTime: z.array(z.object({ start: z.string().describe('First day of the bucket, YYYY-MM-DD'), counts: z.record(z.enum(STATUSES), z.number().int()) })),
  revenueByMonth: z.array(z.object({
    start: z.string().describe('First day of the month, YYYY-MM-01'),
    depositMinor: z.number().int().describe('Deposits paid in the month (agorot)'),
    balanceMinor: z.number().int().describe('Balances paid in the month (agorot)'),
    fullMinor: z.number().int().describe('Whole prices paid at once in the month, by orders without a deposit (agorot)'),
    refundedMinor: z.number().int().describe('Owed back by cancels of the month (agorot)'),
  })).describe('Every month of the period, in order, empty ones too'),
  revenueByCategory: z.array(z.object({ categoryId: z.string().nullable(), alias: z.string().nullable(), name: Text.nullable(), revenueMinor: z.number().int(), orders: z.number().int() })),
  leadTime: z.object({ unit: z.literal('days'), bins: z.array(Bin), orders: z.number().int() }),
  responseTime: z.object({ unit: z.literal('minutes'), bins: z.array(Bin), orders: z.number().int(), medianMinutes: z.number().nullable() }),
  sources: z.object({ items: z.array(z.object({ source: z.string(), hits: z.number().int() })), otherSources: z.number().int(), otherHits: z.number().int(), hits: z.number().int() })
    .nullable().describe('Visits per utm_source; null unless the caller is in the superUsers group'),
});
export type AnalyticsAnswer = z.infer<typeof AnalyticsAnswer>;

const addDays = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The first day of the bucket holding `day`. */
export function bucketStart(day: string, bucket: AnalyticsBucket): string {
  if (bucket === 'day') return day;
  if (bucket === 'month') return `${day.slice(0, 7)}-01`;
  return addDays(day, -new Date(`${day}T00:00:00Z`).getUTCDay());
}

function histogram(values: number[], lowerBounds: readonly number[]) {
  const bins = lowerBounds.map((from, index) => ({ from, to: lowerBounds[index + 1] ?? null, orders: 0 }));
  for (const value of values) {
    let index = lowerBounds.length - 1;
    while (index > 0 && value < lowerBounds[index]!) index -= 1;
    bins[index]!.orders += 1;
  }
  return bins;
}

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

interface TagDoc extends ViewDocument { name: { he?: string; en?: string }; alias: string; level: number; order: number }
interface VendorCardDoc extends ViewDocument { tagIds: string[] }

export const adminAnalytics = readRoute({
  path: '/api/admin/analytics',
  summary: 'Admin analytics for the last 30, 90 or 365 days: orders per day/week/month by status, revenue by month split into deposits, balances and full payments, revenue per category, booking lead time, vendor response time, visits per utm_source (super users)',
  tags: ['admin', 'analytics'],
  auth: 'admin',
  query: {
    days: z.enum(ANALYTICS_RANGES).default('30').describe('The period: the last 30, 90 or 365 days, today included (Israel days)'),
  },
  response: AnalyticsAnswer,
  async handle({ query, views, now, actor }): Promise<AnalyticsAnswer> {
    const days = Number(query.days);
    const bucket = BUCKET_OF[query.days];
    const to = israelDay(now.toISOString());
    const from = addDays(to, -(days - 1));

    const since = israelDayBounds(from).start;
    const facts = await views.find<AnalyticsOrderFact>('analyticsOrders', { $or: [{ placedAt: { $gte: since } }, { lastMoneyAt: { $gte: since } }] });

    // Revenue by month: the money that came in (or was owed back) on a day of the period.
    const months = new Map<string, AnalyticsAnswer['revenueByMonth'][number]>();
    for (let day = from; day <= to; day = addDays(day, 1)) {
      const start = bucketStart(day, 'month');
      if (!months.has(start)) months.set(start, { start, depositMinor: 0, balanceMinor: 0, fullMinor: 0, refundedMinor: 0 });
    }
    const monthOf = (day: string) => (day >= from && day <= to ? months.get(bucketStart(day, 'month')) : undefined);
    for (const fact of facts) {
      for (const payment of fact.payments ?? []) {
        const month = monthOf(payment.day);
        if (month) month[`${payment.part}Minor`] += payment.amountMinor;
      }
      for (const refund of fact.refunds ?? []) {
        const month = monthOf(refund.day);
        if (month) month.refundedMinor += refund.amountMinor;
      }
    }

    // Orders over time: every bucket of the period, empty ones too, so the bars keep their places.
    const buckets = new Map<string, Record<(typeof STATUSES)[number], number>>();
    for (let day = from; day <= to; day = addDays(day, 1)) {
      const start = bucketStart(day, bucket);
      if (!buckets.has(start)) buckets.set(start, { new: 0, payed: 0, approved: 0, completed: 0, canceled: 0 });
    }
    const revenueByVendor = new Map<string, { revenueMinor: number; orders: number }>();
    const leadDays: number[] = [];
    const responseMinutes: number[] = [];
    const totals = { orders: 0, paidOrders: 0, canceled: 0, revenueMinor: 0, currency: 'ILS' as const };
    for (const fact of facts) {
      if (fact.placedDay < from) continue; // read for its money of the period only
      const counts = buckets.get(bucketStart(fact.placedDay, bucket));
      if (!counts) continue; // placed after today (a clock ahead of this one) or before the period's Israel day
      counts[fact.status] += 1;
      totals.orders += 1;
      if (fact.status === 'canceled') totals.canceled += 1;
      if (fact.leadDays !== null) leadDays.push(fact.leadDays);
      if (fact.responseMinutes !== null) responseMinutes.push(fact.responseMinutes);
      if (fact.paidMinor > 0) {
        const net = fact.paidMinor - fact.refundedMinor;
        const vendor = revenueByVendor.get(fact.vendorId) ?? { revenueMinor: 0, orders: 0 };
        vendor.revenueMinor += net;
        vendor.orders += 1;
        revenueByVendor.set(fact.vendorId, vendor);
        totals.paidOrders += 1;
        totals.revenueMinor += net;
      }
    }

    // Revenue per category: each vendor's main category.
    const cards = revenueByVendor.size === 0 ? [] : await views.find<VendorCardDoc>('vendorCards', { _id: { $in: [...revenueByVendor.keys()] } });
    const tagIds = [...new Set(cards.flatMap((card) => card.tagIds ?? []))];
    const tags = new Map((tagIds.length === 0 ? [] : await views.find<TagDoc>('tags', { _id: { $in: tagIds } })).map((tag) => [tag._id, tag]));
    const mainCategory = new Map(cards.map((card) => {
      const own = (card.tagIds ?? []).map((id) => tags.get(id)).filter((tag): tag is TagDoc => Boolean(tag));
      own.sort((a, b) => a.level - b.level || a.order - b.order);
      return [card._id, own[0] ?? null] as const;
    }));
    const categories = new Map<string, AnalyticsAnswer['revenueByCategory'][number]>();
    for (const [vendorId, revenue] of revenueByVendor) {
      const tag = mainCategory.get(vendorId) ?? null;
      const key = tag?._id ?? '';
      const entry = categories.get(key) ?? { categoryId: tag?._id ?? null, alias: tag?.alias ?? null, name: tag?.name ?? null, revenueMinor: 0, orders: 0 };
      entry.revenueMinor += revenue.revenueMinor;
      entry.orders += revenue.orders;
      categories.set(key, entry);
    }

    let sources: AnalyticsAnswer['sources'] = null;
    if (isSuperUser(actor)) {
      const counted = [...(await sourceHitsByDay(views, from, to))]
        .map(([source, byDay]) => ({ source, hits: Object.values(byDay).reduce((sum, hits) => sum + hits, 0) }))
        .filter((item) => item.hits > 0)
        .sort((a, b) => b.hits - a.hits || a.source.localeCompare(b.source));
      const rest = counted.slice(TOP_SOURCES);
      sources = {
        items: counted.slice(0, TOP_SOURCES), otherSources: rest.length, otherHits: rest.reduce((sum, item) => sum + item.hits, 0),
        hits: counted.reduce((sum, item) => sum + item.hits, 0),
      };
    }

    return {
      range: { days, from, to, bucket },
      totals,
      ordersOverTime: [...buckets].map(([start, counts]) => ({ start, counts })),
      revenueByMonth: [...months.values()],
      revenueByCategory: [...categories.values()].sort((a, b) => b.revenueMinor - a.revenueMinor || (a.alias ?? '~').localeCompare(b.alias ?? '~')),
      leadTime: { unit: 'days', bins: histogram(leadDays, LEAD_TIME_BINS_DAYS), orders: leadDays.length },
      responseTime: { unit: 'minutes', bins: histogram(responseMinutes, RESPONSE_BINS_MINUTES), orders: responseMinutes.length, medianMinutes: median(responseMinutes) },
      sources,
    };
  },
});

export const analyticsReads: ReadRoute[] = [adminAnalytics];
