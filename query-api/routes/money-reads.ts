import { z } from 'zod';
import { balanceOverdue } from '../../domain/order/order-money.ts';
import { orderStatuses } from '../../domain/order/events.ts';
import type { Money } from '../../domain/shared/money.ts';
import type { ViewDocument } from '../../domain/ports/view-store.ts';
import type { OrderMoneyView } from '../../projectors/order-money/projection.ts';
import { readRoute, type ReadRoute } from '../read-route.ts';

// GET /api/admin/money (issue 26 item 6; docs/payments.md "The back office's money"): the admin's
// money views over the orderMoney view — deposits taken, balances due with their due dates, overdue
// balances (due date passed, unpaid, order not canceled: order-money.ts's balanceOverdue at the read's
// time), refunds owed (not refunded yet) and refunded — each list newest or soonest first and the
// sums of each over every order, optionally of one artist. Every amount is the view's, which is the
// fold of the order's events; nothing is recomputed here but "overdue", which depends on now.
// Admins only: the right is update on order (infra/http/route-access.ts), which the read-only
// operator does not hold.

/** Rows answered per list; the sums count every order. */
export const MONEY_LIST_LIMIT = 100;

const MoneyAnswer = z.object({ amountMinor: z.number().int(), currency: z.literal('ILS') });
const Text = z.object({ he: z.string().optional(), en: z.string().optional() });
const MoneyRow = z.object({
  orderId: z.string(),
  vendorId: z.string(),
  vendorName: Text,
  customerId: z.string(),
  status: z.enum(orderStatuses),
  placedAt: z.string(),
  eventAt: z.string().nullable(),
  total: MoneyAnswer,
  depositPaid: MoneyAnswer,
  fullPaid: MoneyAnswer,
  balancePaid: MoneyAnswer,
  balanceDue: MoneyAnswer,
  balanceDueDate: z.string().nullable().describe('When the balance falls due (UTC ISO); null when nothing is due'),
  overdue: z.boolean().describe('The balance is due and unpaid past its due date'),
  refundsOwed: MoneyAnswer.describe('Owed back to the card and not refunded yet'),
  refunded: MoneyAnswer,
  depositAt: z.string().nullable(),
  lastRefundAt: z.string().nullable().describe('When the last refund was owed or, once made, made'),
});
export type MoneyRow = z.infer<typeof MoneyRow>;
const MoneyList = z.object({ items: z.array(MoneyRow), total: z.number().int(), sum: MoneyAnswer });

export const AdminMoneyAnswer = z.object({
  at: z.string().describe('The time "overdue" was judged at'),
  vendorId: z.string().nullable(),
  vendors: z.array(z.object({ vendorId: z.string(), name: Text })).describe('Every artist with money to show, for the filter'),
  depositsTaken: MoneyList,
  balancesDue: MoneyList.describe('Balances not yet due, soonest first'),
  overdueBalances: MoneyList.describe('Balances past their due date, longest overdue first'),
  refundsOwed: MoneyList,
  refunded: MoneyList,
  sums: z.object({ fullPaid: MoneyAnswer, balancesPaid: MoneyAnswer }).describe('Also taken: whole prices paid at once, and balances paid'),
});
export type AdminMoneyAnswer = z.infer<typeof AdminMoneyAnswer>;

const ils = (amountMinor: number): Money => ({ amountMinor, currency: 'ILS' });
const factsOf = (doc: OrderMoneyView) => ({ total: doc.total, terms: doc.terms ?? undefined, eventAt: doc.eventAt ?? undefined, payments: doc.payments });

/** Whether the order's balance is overdue at `at`: by the domain's rule, never for a canceled order. */
export const moneyOverdue = (doc: OrderMoneyView, at: string): boolean => doc.status !== 'canceled' && balanceOverdue(factsOf(doc), at);

function rowOf(doc: OrderMoneyView, names: Map<string, z.infer<typeof Text>>, at: string): MoneyRow {
  const refundTimes = doc.refunds.map((refund) => refund.refundedAt ?? refund.owedAt).sort();
  return {
    orderId: doc.orderId, vendorId: doc.vendorId, vendorName: names.get(doc.vendorId) ?? {}, customerId: doc.customerId, status: doc.status,
    placedAt: doc.placedAt, eventAt: doc.eventAt, total: doc.total,
    depositPaid: ils(doc.depositPaidMinor), fullPaid: ils(doc.fullPaidMinor), balancePaid: ils(doc.balancePaidMinor),
    balanceDue: ils(doc.balanceDueMinor), balanceDueDate: doc.balanceDueDate, overdue: moneyOverdue(doc, at),
    refundsOwed: ils(doc.refundsOwedMinor), refunded: ils(doc.refundedMinor),
    depositAt: doc.payments.find((payment) => payment.part === 'deposit')?.at ?? null,
    lastRefundAt: refundTimes.at(-1) ?? null,
  };
}

function listOf(rows: MoneyRow[], amount: (row: MoneyRow) => number, order: (a: MoneyRow, b: MoneyRow) => number): z.infer<typeof MoneyList> {
  return {
    items: [...rows].sort(order).slice(0, MONEY_LIST_LIMIT),
    total: rows.length,
    sum: ils(rows.reduce((sum, row) => sum + amount(row), 0)),
  };
}

const newest = (key: 'depositAt' | 'lastRefundAt') => (a: MoneyRow, b: MoneyRow) => (b[key] ?? '').localeCompare(a[key] ?? '') || a.orderId.localeCompare(b.orderId);
const soonestDue = (a: MoneyRow, b: MoneyRow) => (a.balanceDueDate ?? '').localeCompare(b.balanceDueDate ?? '') || a.orderId.localeCompare(b.orderId);

export const adminMoney = readRoute({
  path: '/api/admin/money',
  summary: "The back office's money: deposits taken, balances due (with due dates), overdue balances, refunds owed and refunded, with sums, optionally of one artist",
  tags: ['admin', 'orders', 'payments'],
  auth: 'admin',
  query: {
    vendorId: z.string().min(1).max(100).optional().describe("Only this artist's orders"),
  },
  response: AdminMoneyAnswer,
  async handle({ query, views, now }): Promise<AdminMoneyAnswer> {
    const at = now.toISOString();
    const docs = await views.find<OrderMoneyView>('orderMoney', {
      $or: [{ paidMinor: { $gt: 0 } }, { refundsOwedMinor: { $gt: 0 } }, { refundedMinor: { $gt: 0 } }],
    });
    const vendorIds = [...new Set(docs.map((doc) => doc.vendorId))];
    const cards = vendorIds.length === 0 ? [] : await views.find<ViewDocument>('vendorCards', { _id: { $in: vendorIds } });
    const names = new Map(cards.map((card) => [card._id, (card.name ?? {}) as z.infer<typeof Text>]));
    const rows = docs.filter((doc) => !query.vendorId || doc.vendorId === query.vendorId).map((doc) => rowOf(doc, names, at));
    const due = rows.filter((row) => row.balanceDue.amountMinor > 0);
    return {
      at,
      vendorId: query.vendorId ?? null,
      vendors: vendorIds.map((vendorId) => ({ vendorId, name: names.get(vendorId) ?? {} }))
        .sort((a, b) => (a.name.he ?? a.name.en ?? a.vendorId).localeCompare(b.name.he ?? b.name.en ?? b.vendorId) || a.vendorId.localeCompare(b.vendorId)),
      depositsTaken: listOf(rows.filter((row) => row.depositPaid.amountMinor > 0), (row) => row.depositPaid.amountMinor, newest('depositAt')),
      balancesDue: listOf(due.filter((row) => !row.overdue), (row) => row.balanceDue.amountMinor, soonestDue),
      overdueBalances: listOf(due.filter((row) => row.overdue), (row) => row.balanceDue.amountMinor, soonestDue),
      refundsOwed: listOf(rows.filter((row) => row.refundsOwed.amountMinor > 0), (row) => row.refundsOwed.amountMinor, newest('lastRefundAt')),
      refunded: listOf(rows.filter((row) => row.refunded.amountMinor > 0), (row) => row.refunded.amountMinor, newest('lastRefundAt')),
      sums: {
        fullPaid: ils(rows.reduce((sum, row) => sum + row.fullPaid.amountMinor, 0)),
        balancesPaid: ils(rows.reduce((sum, row) => sum + row.balancePaid.amountMinor, 0)),
      },
    };
  },
});

export const moneyReads: ReadRoute[] = [adminMoney];
