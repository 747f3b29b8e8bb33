import { partiesOf, type Actor } from '../../domain/shared/actor.ts';
import type { Money } from '../../domain/shared/money.ts';
import type { OrderStatus } from '../../domain/order/events.ts';
import type { z } from 'zod';
import type { OrderedProduct } from '../../domain/order/events.ts';
import { idsOf, type Projection, type ViewDoc } from '../projection.ts';
import { changedEventDetailFields, type EventDetailField, type HeldEventDetails } from '../../domain/order/event-details.ts';
import type { PaymentPart } from '../../domain/order/events.ts';
import type { OrderTerms } from '../../domain/order/payment-terms.ts';
import { amountPaid, balanceDue, balanceDueDate, firstPaymentAmount, firstPaymentPart } from '../../domain/order/order-money.ts';
import { balanceDueAt } from '../../domain/order/payment-terms.ts';

// Orders (README: `orders`): one document per order with both parties, so a customer lists theirs by
// customerId and a vendor by vendorId, and the lifecycle timeline: what happened, who did it, when.
export type TimelineRole = 'customer' | 'vendor' | 'admin' | 'system';

/** A payment owed back to the card, with the gateway's refund once it is made. */
export type OwedBack = {
  paymentId: string;
  amount: Money;
  refundId: string | null;
};

/** A refund of (a part of) a payment: owed once the order is canceled, refunded once the gateway made it. */
export type PaymentRefund = { amount: Money; refundId: string | null; refundedAt: string | null };

/** A payment the order took (issue 26): the first (the deposit, or the whole price) or the balance, with its card instalments and what of it is owed back. */
export type OrderPaymentView = {
  paymentId: string;
  part: PaymentPart;
  amount: Money;
  instalments: number;
  cardLast4: string;
  at: string;
  /** What a cancel owes back of this payment (by the policy, maybe a part), with the gateway's refund once made; null while nothing is owed. */
  refund: PaymentRefund | null;
};

/** One field of the event's details a change touched: its value before (null when the order had none) and after. */
export type EventDetailChange = { field: EventDetailField; before: string | number | null; after: string | number };

export type OrderTimelineEntry = {
  event: string;
  status: OrderStatus;
  by: string | null;
  role: TimelineRole;
  at: string;
  /** OrderPlaced with details: the event's details as placed (from a quote, maybe without address and phone). */
  eventDetails?: HeldEventDetails;
  /** OrderEventDetailsChanged: what changed, field by field. */
  changes?: EventDetailChange[];
};

export interface OrderView extends ViewDoc {
  orderId: string;
  customerId: string;
  vendorId: string;
  status: OrderStatus;
  product: z.infer<typeof OrderedProduct>;
  total: Money;
  slot: { start: string; end: string } | null;
  notes: string | null;
  /** The event the artist is booked for (issue 22 item 1), as last changed; null when the customer gave none; from a quote, without address and phone until the customer completes them. */
  eventDetails: HeldEventDetails | null;
  /** When the event starts (UTC ISO): the details' date, else a timed order's slot start; null when unknown. The vendor's events calendar reads it. */
  eventAt: string | null;
  /** The money terms the order was sold under (deposit amount, balance due days, cancellation policy, most instalments); null on orders placed before terms (paid and refunded in full). */
  terms: OrderTerms | null;
  /** A customer's timed order holds its slot unpaid until then; null when it holds none. */
  holdUntil: string | null;
  /** The first payment (the deposit, or the whole price); null while unpaid. */
  payment: { paymentId: string; amount: Money; cardLast4: string; at: string } | null;
  /** Every payment the order took, in order: the first, then the balance (issue 26). */
  payments: OrderPaymentView[];
  /** The sum of the payments (domain/order/order-money.ts `amountPaid`). */
  paid: Money;
  /** What is still to pay after the first payment (`balanceDue`); nothing before the first payment. */
  balanceDue: Money;
  /** When the balance falls due (`balanceDueDate`); null when nothing is due or the event has no time. */
  balanceDueAt: string | null;
  /**
   * How the order is paid, as its terms give it before any payment: the first payment (`firstPaymentAmount`,
   * the deposit or the whole price), the balance after it and when that falls due (null: no event time, or no balance).
   */
  paymentPlan: { part: 'deposit' | 'full'; first: Money; balance: Money; balanceDueAt: string | null };
  paymentDeclines: Array<{ reason: string; cardLast4: string; at: string; part: PaymentPart }>;
  cancellation: {
    reason: string; by: string | null; byRole: TimelineRole;
    /** What the cancel owes back, per payment (latest first), with the gateway's refund once made; empty when nothing. */
    refunds: Array<OwedBack & { refundedAt: string | null }>;
    /** The first of `refunds` (the latest payment's), or null: as readers before issue 26 know it. */
    refund: (OwedBack & { refundedAt: string | null }) | null;
    /** The percent of what was paid the cancel refunds; null on cancels recorded before policies. */
    refundPercent: number | null;
    at: string;
  } | null;
  /** Charges the order did not take (paid twice at once, or canceled while the card was charged): owed back. */
  returnedPayments: Array<OwedBack & { cardLast4: string; reason: string; at: string; refundedAt: string | null }>;
  timeline: OrderTimelineEntry[];
  placedAt: string;
  updatedAt: string;
}

/** The part the actor played in this order, from the event metadata. */
export function roleIn(order: Pick<OrderView, 'customerId' | 'vendorId'>, actor: Actor): TimelineRole {
  const parties = partiesOf(actor, order);
  if (parties.includes('customer')) return 'customer';
  if (parties.includes('vendor')) return 'vendor';
  if (actor.roles.includes('system') || actor.userId === null) return 'system';
  return 'admin';
}

/** The money of the order as the domain folds it (order-money.ts): paid, the balance due and its date. */
function withMoney(doc: OrderView): OrderView {
  const facts = { total: doc.total, terms: doc.terms ?? undefined, eventAt: doc.eventAt ?? undefined, payments: doc.payments };
  const first = firstPaymentAmount(facts);
  const balance = { amountMinor: doc.total.amountMinor - first.amountMinor, currency: doc.total.currency };
  const paymentPlan = {
    part: firstPaymentPart(facts), first, balance,
    balanceDueAt: doc.terms && balance.amountMinor > 0 ? balanceDueAt(doc.terms, doc.eventAt ?? undefined) : null,
  };
  return { ...doc, paid: amountPaid(facts), balanceDue: balanceDue(facts), balanceDueAt: balanceDueDate(facts), paymentPlan };
}

/** Marks the refund of one payment made, wherever the order owes it. */
function refunded(doc: OrderView, paymentId: string, refundId: string, at: string): OrderView {
  const made = <T extends { paymentId: string; refundId: string | null; refundedAt: string | null }>(entry: T): T => (entry.paymentId === paymentId ? { ...entry, refundId, refundedAt: at } : entry);
  const cancellation = doc.cancellation ? { ...doc.cancellation, refunds: doc.cancellation.refunds.map(made) } : null;
  return {
    ...doc, updatedAt: at,
    cancellation: cancellation ? { ...cancellation, refund: cancellation.refunds[0] ?? null } : null,
    payments: doc.payments.map((payment) => (payment.paymentId === paymentId && payment.refund ? { ...payment, refund: { ...payment.refund, refundId, refundedAt: at } } : payment)),
    returnedPayments: doc.returnedPayments.map(made),
  };
}

export const ordersProjection: Projection<OrderView> = {
  name: 'orders',
  version: 5,
  collection: 'orders',
  eventTypes: ['OrderPlaced', 'OrderPaymentDeclined', 'OrderPaid', 'OrderBalancePaid', 'OrderApproved', 'OrderCompleted', 'OrderCanceled', 'OrderPaymentReturned', 'OrderRefunded', 'OrderEventDetailsChanged'],
  keysOf: (event) => idsOf('orderId' in event.data && event.data.orderId),
  evolve(doc, event, id) {
    if (event.type === 'OrderPlaced') {
      const { customerId, vendorId, product, total, start, end, notes, eventDetails, terms, holdUntil, placedAt } = event.data;
      return withMoney({
        _id: id, orderId: id, customerId, vendorId, status: 'new', product, total,
        slot: start && end ? { start, end } : null, notes: notes ?? null,
        eventDetails: eventDetails ?? null, eventAt: eventDetails?.date ?? start ?? null,
        terms: terms ?? null, holdUntil: holdUntil ?? null,
        payment: null, payments: [], paid: { amountMinor: 0, currency: total.currency }, balanceDue: { amountMinor: 0, currency: total.currency }, balanceDueAt: null,
        paymentDeclines: [], cancellation: null, returnedPayments: [],
        timeline: [{ event: event.type, status: 'new', by: event.metadata.actor.userId ?? customerId, role: 'customer', at: placedAt, ...(eventDetails ? { eventDetails } : {}) }],
        placedAt, updatedAt: placedAt,
        paymentPlan: { part: 'full', first: total, balance: { amountMinor: 0, currency: total.currency }, balanceDueAt: null },
      });
    }
    // Every later event of an order follows its OrderPlaced in the same stream.
    if (!doc) return null;
    const by = event.metadata.actor.userId;
    const step = (status: OrderStatus, at: string, role: TimelineRole = roleIn(doc, event.metadata.actor), who: string | null = by): OrderView => ({
      ...doc, status, updatedAt: at, timeline: [...doc.timeline, { event: event.type, status, by: who, role, at }],
    });
    switch (event.type) {
      case 'OrderPaymentDeclined': {
        const { reason, cardLast4, part, at } = event.data;
        return { ...step(doc.status, at), paymentDeclines: [...doc.paymentDeclines, { reason, cardLast4, at, part: part ?? (doc.payments.length ? 'balance' : doc.paymentPlan.part) }] };
      }
      case 'OrderPaid': {
        const { paymentId, amount, cardLast4, part, instalments, at } = event.data;
        const paid = { paymentId, part: part ?? 'full', amount, instalments: instalments ?? 1, cardLast4, at, refund: null };
        return withMoney({ ...step('payed', at), payment: { paymentId, amount, cardLast4, at }, payments: [...doc.payments, paid] });
      }
      case 'OrderBalancePaid': {
        // Not a step of the lifecycle (the status stays), but a fact of the order's history.
        const { paymentId, amount, cardLast4, instalments, at } = event.data;
        const paid = { paymentId, part: 'balance' as const, amount, instalments, cardLast4, at, refund: null };
        return withMoney({
          ...doc, updatedAt: at, payments: [...doc.payments, paid],
          timeline: [...doc.timeline, { event: event.type, status: doc.status, by, role: roleIn(doc, event.metadata.actor), at }],
        });
      }
      case 'OrderApproved':
        return step('approved', event.data.at, roleIn(doc, event.metadata.actor), event.data.by ?? by);
      case 'OrderCompleted':
        return step('completed', event.data.at, roleIn(doc, event.metadata.actor), event.data.by ?? by);
      case 'OrderCanceled': {
        const { reason, by: canceledBy, byRole, refund, refunds: owed, refundPercent, at } = event.data;
        // Cancels before policies owed one refund (`refund`), in full; since, one per payment (`refunds`).
        const refunds = [...(refund ? [refund] : []), ...(owed ?? [])].filter((entry) => entry.amount.amountMinor > 0)
          .map((entry) => ({ paymentId: entry.paymentId, amount: entry.amount, refundId: null, refundedAt: null }));
        const owedOf = new Map(refunds.map((entry) => [entry.paymentId, entry.amount]));
        return {
          ...step('canceled', at, byRole, canceledBy),
          payments: doc.payments.map((payment) => {
            const amount = owedOf.get(payment.paymentId);
            return amount ? { ...payment, refund: { amount, refundId: null, refundedAt: null } } : payment;
          }),
          cancellation: { reason, by: canceledBy, byRole, refunds, refund: refunds[0] ?? null, refundPercent: refundPercent ?? (refund ? 100 : null), at },
        };
      }
      case 'OrderPaymentReturned': {
        const { paymentId, amount, cardLast4, reason, at } = event.data;
        return { ...doc, updatedAt: at, returnedPayments: [...doc.returnedPayments, { paymentId, amount, cardLast4, reason, at, refundId: null, refundedAt: null }] };
      }
      case 'OrderEventDetailsChanged': {
        const { eventDetails, by: changedBy, at } = event.data;
        const before = doc.eventDetails ?? undefined;
        const changes = changedEventDetailFields(before, eventDetails).map((field): EventDetailChange => ({ field, before: before?.[field] ?? null, after: eventDetails[field] }));
        return withMoney({
          ...doc, eventDetails, eventAt: eventDetails.date, updatedAt: at,
          timeline: [...doc.timeline, { event: event.type, status: doc.status, by: changedBy ?? by, role: roleIn(doc, event.metadata.actor), at, changes }],
        });
      }
      case 'OrderRefunded': {
        const { paymentId, refundId, at } = event.data;
        return refunded(doc, paymentId, refundId, at);
      }
      default:
        return doc;
    }
  },
  // One per list and sort (query-api/routes/order-reads.ts), `_id` last as the sorts end
  // (query-api/paging.ts): a page walks the index, either way, instead of sorting every match.
  indexes: [
    { customerId: 1, placedAt: -1, _id: -1 }, { customerId: 1, updatedAt: -1, _id: -1 }, { customerId: 1, 'total.amountMinor': -1, _id: -1 },
    { vendorId: 1, placedAt: -1, _id: -1 }, { vendorId: 1, updatedAt: -1, _id: -1 }, { vendorId: 1, 'total.amountMinor': -1, _id: -1 },
    // The vendor's events calendar and upcoming events: its orders by the event's start.
    { vendorId: 1, eventAt: 1, _id: 1 },
    { placedAt: -1, _id: -1 }, { updatedAt: -1, _id: -1 }, { 'total.amountMinor': -1, _id: -1 }, { 'slot.start': -1, _id: -1 },
    { status: 1 },
  ],
};
