import type { OrderEvent, OrderStatus } from '../../domain/order/events.ts';
import { orderDecider, type Order } from '../../domain/order/decider.ts';
import { amountPaid, balanceDue, balanceDueDate, type OrderPayment } from '../../domain/order/order-money.ts';
import type { OrderTerms } from '../../domain/order/payment-terms.ts';
import type { Money } from '../../domain/shared/money.ts';
import { israelDay } from '../analytics-orders/israel-day.ts';
import type { Projection, ProjectedEvent, ViewDoc } from '../projection.ts';

// The money of each order (README: `orderMoney`; issue 26, docs/payments.md "The back office's money"):
// what it costs, what was paid as deposit, in full or as balance and in which Israel month, what is
// still due and by when, what is owed back and what was refunded. The view folds the order's events
// with the order decider's own evolve and derives every amount with domain/order/order-money.ts, so
// the numbers are the fold's, whatever the order page shows. The admin's money screen
// (GET /api/admin/money) sums it; the balance reminders (process-managers/balance-reminders.ts)
// sweep it, and it learns from the log that a reminder went out (the NotificationCreated of the
// reminder's kind names the order), so a sweep does not queue it again.

/** The notification kinds of the balance reminders, each sent once per order. */
export const BALANCE_REMINDER_KINDS = { dueSoon: 'order.balanceDueSoon', overdue: 'order.balanceOverdue' } as const;
type ReminderKey = keyof typeof BALANCE_REMINDER_KINDS;

export interface MoneyPayment extends OrderPayment {
  /** The Israel calendar month of the payment (YYYY-MM). */
  month: string;
}

/** A payment owed back to its card: by a cancel's policy, or a charge the order did not take. */
export interface MoneyRefund {
  paymentId: string;
  amount: Money;
  /** When it became owed. */
  owedAt: string;
  /** The gateway's refund, once made. */
  refundId: string | null;
  refundedAt: string | null;
}

export interface OrderMoneyView extends ViewDoc {
  orderId: string;
  vendorId: string;
  customerId: string;
  status: OrderStatus;
  placedAt: string;
  total: Money;
  /** The terms it was sold under; null on orders placed before terms (paid and refunded in full). */
  terms: OrderTerms | null;
  /** When the event starts (the details' date, else the slot's start); null when unknown. */
  eventAt: string | null;
  /** Every payment taken, in order: the first ('deposit' or 'full'), then the 'balance'. */
  payments: MoneyPayment[];
  refunds: MoneyRefund[];
  /** Sums in agorot, by the fold. */
  paidMinor: number;
  depositPaidMinor: number;
  fullPaidMinor: number;
  balancePaidMinor: number;
  /** What is still to pay (0 before the first payment, and once the balance is paid). */
  balanceDueMinor: number;
  /** When the balance falls due (UTC ISO); null when nothing is due or the event has no time. */
  balanceDueDate: string | null;
  /** Owed back and not refunded yet. */
  refundsOwedMinor: number;
  refundedMinor: number;
  canceledAt: string | null;
  /** The balance reminders already written to the recipients' notifications. */
  reminded: Record<ReminderKey, boolean>;
}

const sumOf = (payments: readonly OrderPayment[], part: OrderPayment['part']): number =>
  payments.filter((payment) => payment.part === part).reduce((sum, payment) => sum + payment.amount.amountMinor, 0);

/** The decider's state of the order as far as money goes (the view keeps no product or event details). */
function orderOf(doc: OrderMoneyView): Order {
  return {
    orderId: doc.orderId, customerId: doc.customerId, vendorId: doc.vendorId, total: doc.total, status: doc.status,
    product: undefined as unknown as Order['product'],
    ...(doc.eventAt ? { eventAt: doc.eventAt } : {}), ...(doc.terms ? { terms: doc.terms } : {}),
    payments: doc.payments.map(({ month: _month, ...payment }) => payment),
    refunds: Object.fromEntries(doc.refunds.map((refund) => [refund.paymentId, { amount: refund.amount, refundId: refund.refundId }])),
  };
}

/** The document of an order state: its facts, and every sum derived by the domain's functions. */
function viewOf(order: Order, before: OrderMoneyView | null, event: ProjectedEvent, id: string): OrderMoneyView {
  const at = typeof (event.data as { at?: unknown }).at === 'string' ? (event.data as { at: string }).at : event.metadata.at;
  const facts = { total: order.total, terms: order.terms, eventAt: order.eventAt, payments: order.payments };
  const months = new Map((before?.payments ?? []).map((payment) => [payment.paymentId, payment.month]));
  const earlier = new Map((before?.refunds ?? []).map((refund) => [refund.paymentId, refund]));
  const refunds = Object.entries(order.refunds ?? {}).map(([paymentId, owed]): MoneyRefund => {
    const known = earlier.get(paymentId);
    return {
      paymentId, amount: owed.amount, owedAt: known?.owedAt ?? at, refundId: owed.refundId,
      refundedAt: owed.refundId === null ? null : known?.refundedAt ?? at,
    };
  });
  const refundedMinor = refunds.filter((refund) => refund.refundId !== null).reduce((sum, refund) => sum + refund.amount.amountMinor, 0);
  const owedMinor = refunds.reduce((sum, refund) => sum + refund.amount.amountMinor, 0);
  return {
    _id: id, orderId: order.orderId, vendorId: order.vendorId, customerId: order.customerId, status: order.status,
    placedAt: before?.placedAt ?? at,
    total: order.total, terms: order.terms ?? null, eventAt: order.eventAt ?? null,
    payments: order.payments.map((payment) => ({ ...payment, month: months.get(payment.paymentId) ?? israelDay(payment.at).slice(0, 7) })),
    refunds,
    paidMinor: amountPaid(facts).amountMinor,
    depositPaidMinor: sumOf(order.payments, 'deposit'),
    fullPaidMinor: sumOf(order.payments, 'full'),
    balancePaidMinor: sumOf(order.payments, 'balance'),
    // A canceled order owes no balance: what it owes is the other way, its refunds.
    balanceDueMinor: order.status === 'canceled' ? 0 : balanceDue(facts).amountMinor,
    balanceDueDate: order.status === 'canceled' ? null : balanceDueDate(facts),
    refundsOwedMinor: owedMinor - refundedMinor,
    refundedMinor,
    canceledAt: event.type === 'OrderCanceled' ? event.data.at : before?.canceledAt ?? null,
    reminded: before?.reminded ?? { dueSoon: false, overdue: false },
  };
}

const reminderKeyOf = (kind: string): ReminderKey | null =>
  kind === BALANCE_REMINDER_KINDS.dueSoon ? 'dueSoon' : kind === BALANCE_REMINDER_KINDS.overdue ? 'overdue' : null;

export const orderMoneyProjection: Projection<OrderMoneyView> = {
  name: 'order-money',
  collection: 'orderMoney',
  eventTypes: [
    'OrderPlaced', 'OrderPaid', 'OrderBalancePaid', 'OrderApproved', 'OrderCompleted', 'OrderCanceled', 'OrderPaymentReturned',
    'OrderRefunded', 'OrderEventDetailsChanged', 'NotificationCreated',
  ],
  keysOf(event) {
    if (event.type === 'NotificationCreated') {
      const orderId = event.data.subject.orderId;
      return reminderKeyOf(event.data.kind) && orderId ? [orderId] : [];
    }
    return 'orderId' in event.data && typeof event.data.orderId === 'string' ? [event.data.orderId] : [];
  },
  evolve(doc, event, id) {
    if (event.type === 'NotificationCreated') {
      const key = reminderKeyOf(event.data.kind);
      return doc && key ? { ...doc, reminded: { ...doc.reminded, [key]: true } } : doc;
    }
    if (event.type === 'OrderPlaced') {
      const order = orderDecider.evolve(null, event);
      return order ? { ...viewOf(order, null, event, id), placedAt: event.data.placedAt } : null;
    }
    // Every later event of an order follows its OrderPlaced in the same stream.
    if (!doc) return null;
    const order = orderDecider.evolve(orderOf(doc), event as unknown as OrderEvent);
    return order ? viewOf(order, doc, event, id) : doc;
  },
  // The balance reminders' due balances (process-managers/balance-reminders.ts). The back office's money
  // reads every paid or refunded order and picks a vendor's in memory (query-api/routes/money-reads.ts):
  // no read asks by vendor or sorts by placing time, so neither has an index to keep at every write.
  indexes: [{ balanceDueDate: 1 }],
};
