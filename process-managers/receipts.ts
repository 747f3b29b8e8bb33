import { WrongExpectedRevision, type EventStore, type RecordedEvent } from '../domain/ports/event-store.ts';
import type { Money } from '../domain/shared/money.ts';
import { orderDecider, orderStream, type OrderState } from '../domain/order/decider.ts';
import type { OrderEvent } from '../domain/order/events.ts';
import { userDecider, userStream } from '../domain/user/decider.ts';
import { vendorDecider, vendorStream } from '../domain/vendor/decider.ts';
import { configEntryDecider, configEntryStream } from '../domain/config-entry/decider.ts';
import { receiptDecider, receiptStream, type ReceiptBook } from '../domain/receipt/decider.ts';
import type { IssueReceipt } from '../domain/receipt/commands.ts';
import type { ReceiptLanguage } from '../domain/receipt/events.ts';
import { VAT_CONFIG_KEY, vatBasisPointsOf } from '../domain/receipt/vat.ts';
import { loadFolded, toDomainEvent } from '../command-api/command-handler.ts';
import { foldedStateCacheOf } from '../command-api/folded-state-cache.ts';
import { LeastRecentlyUsed } from '../infra/least-recently-used.ts';
import { flowCommands } from './flow-commands.ts';
import type { FlowStep } from './process-manager.ts';

// Every payment and refund gets a receipt (issue 26 item 5, docs/payments.md "Receipts"): OrderPaid
// (the first payment: deposit or full), OrderBalancePaid and OrderRefunded → IssueReceipt on the
// vendor's receipt book, `receipts-<vendorId>`. The book's decider numbers it next, appended with the
// book's revision as the expected revision: two processes issuing at once conflict, the one behind
// decides again on the new book (command-handler.ts, and again here past its attempts), so the numbers
// stay gapless. Exactly once: the events' ids derive from this flow and the payment event, and the book
// decides nothing for a source it already receipted, so a step taken again (a crash before the
// checkpoint, a second process) issues nothing twice.
// What the receipt says is read at issue from the log: the customer's name and language (the user's
// locale), the vendor's name, the product's name as ordered, and the VAT rate configured now.
export const RECEIPT_FLOW = 'receipts';

/** Revision conflicts a step rides out before the page is retried (each attempt decides on the new book). */
const MAX_CONFLICTS = 50;

/** How many orders placed lately the flow keeps what a receipt needs of (about 200 bytes each). */
const PLACED_LATELY = 10_000;

type PaymentData = { orderId: string; paymentId: string; amount: Money; part?: 'full' | 'deposit'; instalments?: number; at: string };
/** What a receipt needs of an order, all set when it was placed. */
type PlacedOrder = { vendorId: string; customerId: string; productName: NonNullable<OrderState>['product']['name'] };
type RefundData = { orderId: string; paymentId: string; refundId: string; amount: Money; at: string };

/** The receipt's language: the customer's locale (he-IL → he, en-US → en); Hebrew, the site's default, when unknown. */
export const receiptLanguageOf = (locale: string | undefined): ReceiptLanguage => (locale?.startsWith('en') ? 'en' : 'he');

/** The VAT rate configured now (the `receipts.vatPercent` entry), in basis points; 18% when unset. */
export async function configuredVatBasisPoints(eventStore: EventStore): Promise<number> {
  const { state } = await loadFolded(eventStore, configEntryDecider, configEntryStream(VAT_CONFIG_KEY));
  return vatBasisPointsOf(state.status === 'present' ? state.fields.value : undefined);
}

export function receiptFlow(options: { eventStore: EventStore }): FlowStep {
  const { eventStore } = options;
  const commands = flowCommands(eventStore, RECEIPT_FLOW);

  const cache = foldedStateCacheOf(eventStore);
  // The orders placed lately, as the feed brought their OrderPlaced: a payment usually follows its order
  // closely in the log, so its step finds the order here without a read.
  const placedLately = new LeastRecentlyUsed<string, PlacedOrder>(PLACED_LATELY);

  const placedOf = (order: NonNullable<OrderState>): PlacedOrder => ({ vendorId: order.vendorId, customerId: order.customerId, productName: order.product.name });

  /**
   * What a receipt needs of the order: its vendor, customer and product, all set by OrderPlaced (the
   * stream's first event) and never changed after. From the orders placed lately or the order's cached
   * fold (a payment just taken folded it), else from that one event: a flow catching up over a long log
   * reads at most one row per payment, not the whole order, and leaves the cache to the streams it reads again.
   */
  async function placedOrder(orderId: string): Promise<PlacedOrder | null> {
    const lately = placedLately.peek(orderId);
    if (lately) return lately;
    const streamId = orderStream(orderId);
    const cached = cache.get(streamId, orderDecider)?.state as OrderState | undefined;
    if (cached) return placedOf(cached);
    const [placed] = await eventStore.readStream(streamId, { maxCount: 1 });
    const order = placed?.type === 'OrderPlaced' ? orderDecider.evolve(null, toDomainEvent<OrderEvent>(placed)) : null;
    return order ? placedOf(order) : null;
  }

  /**
   * Keeps what a receipt needs of a placed order, for its payments (the last PLACED_LATELY orders). An
   * event without them (not one the product wrote) is passed: a payment of that order reads it as before.
   */
  function rememberPlaced(event: RecordedEvent): void {
    const { orderId, vendorId, customerId, product } = event.data as Partial<Extract<OrderEvent, { type: 'OrderPlaced' }>['data']>;
    if (typeof orderId !== 'string' || typeof vendorId !== 'string' || typeof customerId !== 'string' || !product?.name) return;
    placedLately.set(orderId, { vendorId, customerId, productName: product.name });
  }

  /**
   * Whether the vendor's book has receipted the source. A book only grows, so its cached fold, however
   * late, that has the source answers without reading the store; otherwise the book is read up to now.
   */
  async function receipted(vendorId: string, sourceId: string): Promise<boolean> {
    const streamId = receiptStream(vendorId);
    if ((cache.get(streamId, receiptDecider)?.state as ReceiptBook | undefined)?.sources.has(sourceId)) return true;
    return (await loadFolded(eventStore, receiptDecider, streamId)).state.sources.has(sourceId);
  }

  /** The IssueReceipt for the event, or null when its order is unknown or its receipt already issued. */
  async function commandFor(event: RecordedEvent): Promise<Omit<IssueReceipt, 'actor' | 'at'> | null> {
    const { orderId } = event.data as { orderId: string };
    const order = await placedOrder(orderId);
    if (!order) return null;
    // Already receipted (a step taken again, or a first start over a log whose payments have their
    // receipts): the book says so, without reading the customer, the vendor and the VAT rate for nothing.
    const sourceId = event.type === 'OrderRefunded' ? (event.data as RefundData).refundId : (event.data as PaymentData).paymentId;
    if (await receipted(order.vendorId, sourceId)) return null;
    const [user, vendor, vatBasisPoints] = await Promise.all([
      loadFolded(eventStore, userDecider, userStream(order.customerId)).then((folded) => folded.state),
      loadFolded(eventStore, vendorDecider, vendorStream(order.vendorId)).then((folded) => folded.state),
      configuredVatBasisPoints(eventStore),
    ]);
    const common = {
      type: 'IssueReceipt' as const, vendorId: order.vendorId, orderId, customerId: order.customerId,
      customerName: user.status === 'absent' ? '' : user.fullName,
      vendorName: vendor.status === 'absent' ? {} : vendor.profile.name,
      productName: order.productName,
      vatBasisPoints, language: receiptLanguageOf(user.status === 'absent' ? undefined : user.locale),
    };
    if (event.type === 'OrderRefunded') {
      const data = event.data as RefundData;
      return { ...common, kind: 'refund', sourceId: data.refundId, paymentId: data.paymentId, amount: data.amount, paidAt: data.at };
    }
    const data = event.data as PaymentData;
    return {
      ...common, kind: 'payment', sourceId: data.paymentId, paymentId: data.paymentId, amount: data.amount, paidAt: data.at,
      part: event.type === 'OrderBalancePaid' ? 'balance' : (data.part ?? 'full'), instalments: data.instalments ?? 1,
    };
  }

  return {
    name: RECEIPT_FLOW,
    eventTypes: new Set(['OrderPlaced', 'OrderPaid', 'OrderBalancePaid', 'OrderRefunded']),
    async handle(event) {
      if (event.type === 'OrderPlaced') {
        rememberPlaced(event);
        return false;
      }
      const command = await commandFor(event);
      // Receipted before (or no such order): nothing to do, and no checkpoint due for it.
      if (!command) return false;
      for (let conflicts = 0; ; conflicts++) {
        try {
          const outcome = await commands.execute(receiptDecider, receiptStream(command.vendorId), command, event);
          return outcome.events.length > 0 && !outcome.earlier;
        } catch (error) {
          if (!(error instanceof WrongExpectedRevision) || conflicts >= MAX_CONFLICTS) throw error;
        }
      }
    },
  };
}
