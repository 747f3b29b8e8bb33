import type { OrderStatus } from '../../domain/order/events.ts';
import type { ProductType } from '../../domain/product/events.ts';
import type { Projection, ViewDoc } from '../projection.ts';
import { daysBetween, israelDay } from './israel-day.ts';

// Analytics facts (README: `analyticsOrders`): one small document per order with what the admin
// Analytics screen plots, worked out as the order's events arrive: the Israel day it was placed and
// its status (orders per day by status), the net amount paid (revenue), the days from placing to the
// event (booking lead time) and the minutes from payment to the vendor's approval (response time).
// Every event of an order is in its own stream and names the order, so each event touches one
// document by id: cheap to replay, and safe on a per-stream feed. The query API sums the facts of a
// period (query-api/routes/analytics-reads.ts).
// Issue 26: an order takes a deposit then a balance, or the whole price at once ('full'), and a cancel
// owes back a part of each payment; `payments` keeps each one's part, amount and Israel day, and
// `refunds` what each cancel owed back and on which day, so the screen plots revenue by month split
// into deposits, balances and full payments (version 2: paidMinor counts the balance too, and
// refundedMinor the policy's refunds of every payment).
export interface AnalyticsOrderFact extends ViewDoc {
  orderId: string;
  vendorId: string;
  productType: ProductType;
  placedAt: string;
  /** Israel calendar day of placing (YYYY-MM-DD). */
  placedDay: string;
  status: OrderStatus;
  /** Amount paid, in agorot (0 until paid): the first payment and the balance. */
  paidMinor: number;
  /** Amount owed back on cancellation, in agorot. */
  refundedMinor: number;
  /** Each payment: its part, amount (agorot) and Israel day (YYYY-MM-DD). */
  payments: Array<{ part: 'full' | 'deposit' | 'balance'; amountMinor: number; day: string }>;
  /** What a cancel owed back (agorot), on its Israel day. */
  refunds: Array<{ amountMinor: number; day: string }>;
  /** The last time money moved (a payment or a cancel's refund), so a period's read finds orders placed before it. */
  lastMoneyAt: string | null;
  paidAt: string | null;
  approvedAt: string | null;
  /** Minutes from payment to approval; null until both happened. */
  responseMinutes: number | null;
  /** When the booked event starts (a timed service's slot); null for services without a date. */
  eventStart: string | null;
  /** Israel calendar days from placing to the event; null without an event date. */
  leadDays: number | null;
}

const minutesBetween = (from: string, to: string): number => Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 60_000));

export const analyticsOrdersProjection: Projection<AnalyticsOrderFact> = {
  name: 'analytics-orders',
  collection: 'analyticsOrders',
  version: 2,
  eventTypes: ['OrderPlaced', 'OrderPaid', 'OrderBalancePaid', 'OrderApproved', 'OrderCompleted', 'OrderCanceled'],
  keysOf: (event) => ('orderId' in event.data && typeof event.data.orderId === 'string' ? [event.data.orderId] : []),
  evolve(doc, event, id) {
    if (event.type === 'OrderPlaced') {
      const { vendorId, product, start, placedAt } = event.data;
      const placedDay = israelDay(placedAt);
      return {
        _id: id, orderId: id, vendorId, productType: product.type, placedAt, placedDay, status: 'new',
        paidMinor: 0, refundedMinor: 0, payments: [], refunds: [], lastMoneyAt: null, paidAt: null, approvedAt: null, responseMinutes: null,
        eventStart: start ?? null, leadDays: start ? Math.max(0, daysBetween(placedDay, israelDay(start))) : null,
      };
    }
    // Every later event of an order follows its OrderPlaced in the same stream.
    if (!doc) return null;
    switch (event.type) {
      case 'OrderPaid': {
        const { amount, part, at } = event.data;
        return {
          ...doc, status: 'payed', paidMinor: doc.paidMinor + amount.amountMinor, paidAt: at, lastMoneyAt: at,
          payments: [...doc.payments, { part: part ?? 'full', amountMinor: amount.amountMinor, day: israelDay(at) }],
        };
      }
      case 'OrderBalancePaid': {
        const { amount, at } = event.data;
        return {
          ...doc, paidMinor: doc.paidMinor + amount.amountMinor, lastMoneyAt: at,
          payments: [...doc.payments, { part: 'balance', amountMinor: amount.amountMinor, day: israelDay(at) }],
        };
      }
      case 'OrderApproved':
        return {
          ...doc, status: 'approved', approvedAt: event.data.at,
          responseMinutes: doc.paidAt === null ? null : minutesBetween(doc.paidAt, event.data.at),
        };
      case 'OrderCompleted':
        return { ...doc, status: 'completed' };
      case 'OrderCanceled': {
        const { refund, refunds, at } = event.data;
        const owed = [...(refund ? [refund] : []), ...(refunds ?? [])].reduce((sum, each) => sum + each.amount.amountMinor, 0);
        return {
          ...doc, status: 'canceled', refundedMinor: doc.refundedMinor + owed,
          ...(owed > 0 ? { refunds: [...doc.refunds, { amountMinor: owed, day: israelDay(at) }], lastMoneyAt: at } : {}),
        };
      }
      default:
        return doc;
    }
  },
  indexes: [{ placedAt: 1 }, { lastMoneyAt: 1 }],
};
