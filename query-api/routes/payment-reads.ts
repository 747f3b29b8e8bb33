import { z } from 'zod';
import type { ViewDocument } from '../../domain/ports/view-store.ts';
import type { Money } from '../../domain/shared/money.ts';
import type { OrderView } from '../../projectors/orders/projection.ts';
import { PaymentEntryAnswer, PaymentsAnswer } from '../answer-schemas.ts';
import { readRoute, type ReadRoute } from '../read-route.ts';
import { pagingShape } from '../paging.ts';

// The customer's payments (user-dashboard-payments), derived from the `orders` view: the payment
// facts live in the order documents. Each payment an order took is a charge — the first (the deposit,
// or the whole price) and the balance (issue 26), each with its card instalments; a canceled order adds
// a refund per payment of what the cancellation owes back of it (by the order's policy: maybe a part,
// maybe nothing), to the same card. A charge the order did not take (returnedPayments) is a charge and
// its refund.
export type PaymentEntry = z.infer<typeof PaymentEntryAnswer>;

const ils = (amountMinor: number): Money => ({ amountMinor, currency: 'ILS' });

/** The payments of a document (a document from before version 4 of the view knows only its first). */
function paymentsOf(order: OrderView): OrderView['payments'] {
  if (Array.isArray(order.payments)) return order.payments;
  if (!order.payment) return [];
  const refund = order.cancellation?.refund ?? null;
  return [{ ...order.payment, part: 'full', instalments: 1, refund: refund ? { amount: refund.amount, refundId: refund.refundId, refundedAt: refund.refundedAt } : null }];
}

/** The charges and refunds of paid orders, newest first (a refund before its charge at the same time). */
export function paymentEntriesOf(orders: OrderView[], vendorNames: Map<string, PaymentEntry['vendorName']>): PaymentEntry[] {
  const entries: PaymentEntry[] = [];
  for (const order of orders) {
    const common = {
      orderId: order.orderId, orderStatus: order.status, vendorId: order.vendorId, vendorName: vendorNames.get(order.vendorId) ?? {},
      product: { productId: order.product.productId, name: order.product.name, type: order.product.type },
    };
    for (const payment of paymentsOf(order)) {
      const { paymentId, cardLast4, part, instalments } = payment;
      entries.push({ ...common, cardLast4, part, instalments, kind: 'charge', paymentId, amount: payment.amount, at: payment.at });
      if (payment.refund && payment.refund.amount.amountMinor > 0) {
        entries.push({ ...common, cardLast4, part, instalments, kind: 'refund', paymentId, amount: payment.refund.amount, at: order.cancellation?.at ?? payment.refund.refundedAt ?? payment.at });
      }
    }
    for (const returned of order.returnedPayments ?? []) {
      entries.push({ ...common, cardLast4: returned.cardLast4, part: null, instalments: 1, kind: 'charge', paymentId: returned.paymentId, amount: returned.amount, at: returned.at });
      entries.push({ ...common, cardLast4: returned.cardLast4, part: null, instalments: 1, kind: 'refund', paymentId: returned.paymentId, amount: returned.amount, at: returned.at });
    }
  }
  return entries.sort((a, b) => b.at.localeCompare(a.at) || (a.kind === b.kind ? a.orderId.localeCompare(b.orderId) || a.paymentId.localeCompare(b.paymentId) : a.kind === 'refund' ? -1 : 1));
}

export const myPayments = readRoute({
  path: '/api/payments',
  response: PaymentsAnswer,
  summary: "The caller's card charges (deposits, balances, whole prices) and refunds (what a cancel gave back of each payment, by the order's policy), newest first, with totals",
  tags: ['orders', 'payments'],
  auth: 'user',
  query: { ...pagingShape },
  async handle({ query, views, actor }) {
    const orders = await views.find<ViewDocument>('orders', { customerId: actor.userId, $or: [{ payment: { $ne: null } }, { 'returnedPayments.0': { $exists: true } }] }) as unknown as OrderView[];
    const vendorIds = [...new Set(orders.map((order) => order.vendorId))];
    const cards = vendorIds.length ? await views.find<ViewDocument>('vendorCards', { _id: { $in: vendorIds } }) : [];
    const vendorNames = new Map(cards.map((card) => [card._id, (card.name ?? {}) as PaymentEntry['vendorName']]));
    const entries = paymentEntriesOf(orders, vendorNames);
    const sum = (kind: PaymentEntry['kind']) => entries.filter((entry) => entry.kind === kind).reduce((total, entry) => total + entry.amount.amountMinor, 0);
    const charged = sum('charge');
    const refunded = sum('refund');
    return {
      items: entries.slice(query.start, query.start + query.limit),
      total: entries.length,
      totals: { charged: ils(charged), refunded: ils(refunded), net: ils(charged - refunded) },
    };
  },
});

export const paymentReads: ReadRoute[] = [myPayments];
