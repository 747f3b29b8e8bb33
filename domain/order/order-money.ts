import type { Money } from '../shared/money.ts';
import type { PaymentPart } from './events.ts';
import { balanceDueAt, policyRefundPercent, type OrderTerms } from './payment-terms.ts';

// An order's money as the fold of its events (issue 26): what it costs, what was paid, what is due and
// by when, and what a cancel now would refund. The decider decides with these; the views and pages show
// the same numbers from the same functions, so every amount on a page equals the fold. Integer agorot.

/** A payment the order took. */
export interface OrderPayment {
  paymentId: string;
  amount: Money;
  part: PaymentPart;
  instalments: number;
  at: string;
}

export interface OrderMoneyFacts {
  total: Money;
  /** Absent on orders placed before terms: paid in full at once, refunded in full. */
  terms?: OrderTerms | undefined;
  /** When the event starts (UTC ISO). */
  eventAt?: string | undefined;
  payments: readonly OrderPayment[];
}

const ils = (amountMinor: number): Money => ({ amountMinor, currency: 'ILS' });

export const amountPaid = (order: OrderMoneyFacts): Money => ils(order.payments.reduce((sum, payment) => sum + payment.amount.amountMinor, 0));

/** What the first payment takes: the recorded deposit, or the whole price on an order without terms. */
export const firstPaymentAmount = (order: OrderMoneyFacts): Money => order.terms?.deposit ?? order.total;

/** Whether the first payment is a deposit (a balance follows) or the whole price. */
export const firstPaymentPart = (order: OrderMoneyFacts): 'deposit' | 'full' =>
  firstPaymentAmount(order).amountMinor < order.total.amountMinor ? 'deposit' : 'full';

/** What is still to pay once the first payment is made: the price less what was paid (nothing before the first payment counts as a balance). */
export function balanceDue(order: OrderMoneyFacts): Money {
  if (order.payments.length === 0) return ils(0);
  return ils(Math.max(0, order.total.amountMinor - amountPaid(order).amountMinor));
}

/** When the balance falls due (UTC ISO), or null when none is due or the event has no time. */
export function balanceDueDate(order: OrderMoneyFacts): string | null {
  if (!order.terms || balanceDue(order).amountMinor === 0) return null;
  return balanceDueAt(order.terms, order.eventAt);
}

/** A balance is overdue from its due date on while unpaid. */
export function balanceOverdue(order: OrderMoneyFacts, at: string): boolean {
  const due = balanceDueDate(order);
  return due !== null && Date.parse(at) >= Date.parse(due);
}

export type CancelingRole = 'customer' | 'vendor' | 'admin' | 'system';

export interface CancellationRefund {
  /** The percent of what was paid that comes back. */
  percent: number;
  /** In all. */
  amount: Money;
  /** Per payment, latest first (each refunded on its own card charge); only payments with something to refund. */
  refunds: { paymentId: string; amount: Money }[];
}

/**
 * What a cancel at `at` by `byRole` refunds: a customer's by the policy recorded on the order (by the
 * days left before the event); a vendor's in full, unless the customer left the balance unpaid past its
 * due date, when the policy applies as if the customer had canceled; an admin's or the system's in full.
 * An order without terms refunds in full. The sum is split over the payments latest first, so a
 * balance is returned before the deposit.
 */
export function cancellationRefund(order: OrderMoneyFacts, byRole: CancelingRole, at: string): CancellationRefund {
  const paid = amountPaid(order).amountMinor;
  const byPolicy = byRole === 'customer' || (byRole === 'vendor' && balanceOverdue(order, at));
  const percent = order.terms && byPolicy ? policyRefundPercent(order.terms.cancellationPolicy, order.eventAt, at) : 100;
  let left = Math.floor((paid * percent) / 100);
  const amount = ils(left);
  const refunds: CancellationRefund['refunds'] = [];
  for (const payment of [...order.payments].reverse()) {
    if (left === 0) break;
    const part = Math.min(left, payment.amount.amountMinor);
    refunds.push({ paymentId: payment.paymentId, amount: ils(part) });
    left -= part;
  }
  return { percent, amount, refunds };
}
