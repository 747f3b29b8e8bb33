import type { EventStore, RecordedEvent } from '../../domain/ports/event-store.ts';
import { VERSION_FIELD, type ViewDocument, type ViewStore } from '../../domain/ports/view-store.ts';
import { calendarDecider, reservedOrderIds } from '../../domain/calendar/decider.ts';
import { orderDecider, orderSlot, type OrderState } from '../../domain/order/decider.ts';
import { toDomainEvent } from '../../command-api/command-handler.ts';
import { allProjections } from '../../projectors/all-projections.ts';
import { rebuildViews } from '../../projectors/rebuild.ts';
import { SEEN_STATE_FIELDS } from '../../projectors/seen.ts';
import { createMemoryViewStore } from '../../infra/view-store/memory-view-store.ts';
import { noticesOf, notifiableEventTypes } from '../../notifications/recipients.ts';
import { DEAD_LETTERS_COLLECTION } from '../../process-managers/process-manager.ts';
import { SANDBOX_PAYMENT_STREAM_PREFIX } from '../../infra/payment/sandbox-payment-gateway.ts';
import type { Acknowledged } from './workload.ts';

// What the fault suite holds the deployment to once the faults are over and it has caught up: the log
// is the truth, and everything that follows from it is there exactly once.

/** Bookkeeping fields that record how a document was written, not what it says. */
/** The document without the runtime's bookkeeping, which depends on the feed it came by (lanes, floors). */
const BOOKKEEPING = new Set<string>([VERSION_FIELD, ...SEEN_STATE_FIELDS]);
const served = (doc: ViewDocument): Record<string, unknown> =>
  Object.fromEntries(Object.entries(doc).filter(([key]) => !BOOKKEEPING.has(key)));

export interface ViewComparison {
  collection: string;
  documents: number;
  missing: string[];
  extra: string[];
  different: string[];
}

/** Every view as the deployment built it through the faults, against a fold of the whole log. */
export async function compareWithFoldOfTheLog(eventStore: EventStore, views: ViewStore): Promise<ViewComparison[]> {
  const fold = createMemoryViewStore();
  await rebuildViews({ eventStore, viewStore: fold, projections: allProjections });
  const comparisons: ViewComparison[] = [];
  for (const collection of [...new Set(allProjections.map((projection) => projection.collection))].sort()) {
    const expected = new Map((await fold.collection(collection).find({})).map((doc) => [doc._id, JSON.stringify(sortedKeys(served(doc)))]));
    const actual = new Map((await views.collection(collection).find({})).map((doc) => [doc._id, JSON.stringify(sortedKeys(served(doc)))]));
    comparisons.push({
      collection,
      documents: expected.size,
      missing: [...expected.keys()].filter((id) => !actual.has(id)),
      extra: [...actual.keys()].filter((id) => !expected.has(id)),
      different: [...expected.keys()].filter((id) => actual.has(id) && actual.get(id) !== expected.get(id)),
    });
  }
  return comparisons;
}

function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]));
}

export interface NotificationCount {
  /** Notices the log calls for: one per (notifiable event, recipient). */
  expected: number;
  created: number;
  missing: number;
  duplicated: number;
}

/** Each notice the log calls for exists exactly once as a NotificationCreated. */
export async function countNotifications(eventStore: EventStore, log: RecordedEvent[]): Promise<NotificationCount> {
  const expected = new Set<string>();
  for (const event of log) {
    if (!notifiableEventTypes.has(event.type)) continue;
    for (const notice of await noticesOf(event, eventStore)) expected.add(`${event.id}/${notice.userId}`);
  }
  const created = new Map<string, number>();
  for (const event of log) {
    if (event.type !== 'NotificationCreated') continue;
    const data = event.data as { sourceEventId: string; userId: string };
    const key = `${data.sourceEventId}/${data.userId}`;
    created.set(key, (created.get(key) ?? 0) + 1);
  }
  return {
    expected: expected.size,
    created: [...created.values()].reduce((sum, count) => sum + count, 0),
    missing: [...expected].filter((key) => !created.has(key)).length,
    duplicated: [...created.values()].filter((count) => count > 1).length,
  };
}

export interface OrderFacts {
  orders: number;
  canceled: number;
  canceledWithSlot: number;
  /** Canceled orders whose slot the vendor's calendar still holds. */
  slotsStillHeld: number;
  /** Payments owed back (canceled paid orders, charges an order did not take). */
  refundsOwed: number;
  refunded: number;
  /** Owed payments with no OrderRefunded, or with more than one. */
  refundsMissing: number;
  refundsDuplicated: number;
  /** Gateway refunds per payment beyond one. */
  gatewayRefundsDuplicated: number;
}

/** Canceled orders have given their slots back, and what is owed back was refunded once. */
export async function checkOrders(eventStore: EventStore, log: RecordedEvent[]): Promise<OrderFacts> {
  const orders = new Map<string, RecordedEvent[]>();
  const calendars = new Map<string, RecordedEvent[]>();
  const gatewayRefunds = new Map<string, number>();
  for (const event of log) {
    if (event.streamId.startsWith('order-')) orders.set(event.streamId, [...(orders.get(event.streamId) ?? []), event]);
    if (event.streamId.startsWith('calendar-')) calendars.set(event.streamId, [...(calendars.get(event.streamId) ?? []), event]);
    if (event.streamId.startsWith(SANDBOX_PAYMENT_STREAM_PREFIX) && event.type === 'SandboxRefundIssued') gatewayRefunds.set(event.streamId, (gatewayRefunds.get(event.streamId) ?? 0) + 1);
  }
  const held = new Set<string>();
  for (const events of calendars.values()) {
    const state = events.reduce((folded, event) => calendarDecider.evolve(folded, toDomainEvent(event)), calendarDecider.initialState);
    for (const orderId of reservedOrderIds(state)) held.add(orderId);
  }
  const facts: OrderFacts = { orders: orders.size, canceled: 0, canceledWithSlot: 0, slotsStillHeld: 0, refundsOwed: 0, refunded: 0, refundsMissing: 0, refundsDuplicated: 0, gatewayRefundsDuplicated: 0 };
  for (const events of orders.values()) {
    const state = events.reduce((folded: OrderState, event) => orderDecider.evolve(folded, toDomainEvent(event)), orderDecider.initialState);
    if (!state || state.status !== 'canceled') {
      for (const paymentId of Object.keys(state?.refunds ?? {})) countRefund(facts, events, paymentId);
      continue;
    }
    facts.canceled += 1;
    const slot = orderSlot(state);
    if (slot) {
      facts.canceledWithSlot += 1;
      if (held.has(slot.orderId)) facts.slotsStillHeld += 1;
    }
    for (const paymentId of Object.keys(state.refunds ?? {})) countRefund(facts, events, paymentId);
  }
  facts.gatewayRefundsDuplicated = [...gatewayRefunds.values()].filter((count) => count > 1).length;
  return facts;
}

function countRefund(facts: OrderFacts, events: RecordedEvent[], paymentId: string): void {
  facts.refundsOwed += 1;
  const refunds = events.filter((event) => event.type === 'OrderRefunded' && (event.data as { paymentId: string }).paymentId === paymentId).length;
  if (refunds === 0) facts.refundsMissing += 1;
  else facts.refunded += 1;
  if (refunds > 1) facts.refundsDuplicated += 1;
}

export interface AcknowledgedFacts {
  ordersAcknowledged: number;
  ordersLost: number;
  paymentsLost: number;
  cancelsLost: number;
  messagesLost: number;
  /** Keyed intents that wrote twice: two orders for one key would show as an order nobody was told of. */
  ordersNobodyWasToldOf: number;
}

/** Every write a client was told had happened is in the log, once. */
export function checkAcknowledged(log: RecordedEvent[], acknowledged: Acknowledged, customerIds: Set<string>): AcknowledgedFacts {
  const placed = new Map<string, RecordedEvent>();
  const paid = new Set<string>();
  const canceled = new Set<string>();
  const messages = new Set<string>();
  for (const event of log) {
    const data = event.data as { orderId?: string; messageId?: string; customerId?: string };
    if (event.type === 'OrderPlaced') placed.set(data.orderId!, event);
    if (event.type === 'OrderPaid') paid.add(data.orderId!);
    if (event.type === 'OrderCanceled') canceled.add(data.orderId!);
    if (event.type === 'MessagePosted') messages.add(data.messageId!);
  }
  const loadOrders = [...placed.values()].filter((event) => customerIds.has((event.data as { customerId: string }).customerId));
  return {
    ordersAcknowledged: acknowledged.orders.size,
    ordersLost: [...acknowledged.orders.keys()].filter((orderId) => !placed.has(orderId)).length,
    paymentsLost: [...acknowledged.paid].filter((orderId) => !paid.has(orderId)).length,
    cancelsLost: [...acknowledged.canceled].filter((orderId) => !canceled.has(orderId)).length,
    messagesLost: [...acknowledged.messages].filter((messageId) => !messages.has(messageId)).length,
    ordersNobodyWasToldOf: loadOrders.filter((event) => !acknowledged.orders.has((event.data as { orderId: string }).orderId)).length,
  };
}

export async function deadLetters(views: ViewStore): Promise<number> {
  return views.collection(DEAD_LETTERS_COLLECTION).count();
}
