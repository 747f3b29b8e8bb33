import type { OrderStatus } from '../../domain/order/events.ts';
import type { OrderView } from '../orders/projection.ts';
import type { ConversationView } from '../conversations/projection.ts';
import { hitOrder, type CustomerJourneyView, type JourneyHit } from './projection.ts';

// Customers' journeys with an artist, joined when the artist's figures are read (./figures.ts,
// GET /api/vendor/insights): the artist's orders (`orders` view) and conversations (`conversations`
// view), each order attributed to a source from its customer's hits (`customerJourneys`, ./projection.ts).
//
// The attribution. The source of a visit is recorded on the source's stream (`tracking-<source>`), not on
// the order: an order is attributed to the customer's latest kept hit at or before it was placed and at
// most ATTRIBUTION_DAYS before (last touch); none → "direct" (null). Made from the documents as they are
// at the read, it is the same whatever order the projectors applied the streams in.

export const ATTRIBUTION_DAYS = 30;
const ATTRIBUTION_MS = ATTRIBUTION_DAYS * 24 * 3600_000;

/** What a journey reads of an order (an `orders` document). */
export type OrderFact = Pick<OrderView, 'orderId' | 'customerId' | 'vendorId' | 'placedAt' | 'status'>;
/** What a journey reads of a conversation (a `conversations` document). */
export type ConversationFact = Pick<ConversationView, 'conversationId' | 'customerId' | 'vendorId' | 'openedAt'>;
/** The fields a view type names (its index signature left out). */
type NamedFields<T> = keyof { [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K] } & string;
/** Fields of an `orders` document the join never reads, the large and growing ones: a read leaves them out (FindOptions.omit). */
export const orderFieldsUnread: readonly Exclude<NamedFields<OrderView>, keyof OrderFact>[] = ['product', 'timeline', 'payments', 'paymentDeclines', 'returnedPayments', 'cancellation', 'eventDetails', 'terms', 'paymentPlan'];
/** Likewise of a `conversations` document. */
export const conversationFieldsUnread: readonly Exclude<NamedFields<ConversationView>, keyof ConversationFact>[] = ['lastMessage', 'messageSides', 'readUpTo', 'unread'];

export interface JourneyOrder {
  orderId: string;
  vendorId: string;
  placedAt: string;
  status: OrderStatus;
  /** The attributed utm_source (lower case), null for a direct order. */
  source: string | null;
}

export interface JourneyConversation { conversationId: string; vendorId: string; openedAt: string }

export interface Journey {
  customerId: string;
  /** Ordered by placedAt, then orderId. */
  orders: JourneyOrder[];
  /** Ordered by openedAt, then conversationId. */
  conversations: JourneyConversation[];
}

/** The source an order placed at `placedAt` is attributed to: the latest hit in [placedAt − ATTRIBUTION_DAYS, placedAt]. */
export function attributedSource(hits: readonly JourneyHit[], placedAt: string): string | null {
  const placed = Date.parse(placedAt);
  let found: JourneyHit | null = null;
  for (const hit of hits) {
    const at = Date.parse(hit.at);
    if (at <= placed && at >= placed - ATTRIBUTION_MS && (found === null || hitOrder(found, hit) < 0)) found = hit;
  }
  return found?.source ?? null;
}

/** The customers the orders and conversations name: whose hits the journeys need. */
export const customersOf = (orders: readonly OrderFact[], conversations: readonly ConversationFact[]): string[] =>
  [...new Set([...orders.map((order) => order.customerId), ...conversations.map((conversation) => conversation.customerId)])].sort();

const byTime = (a: string, b: string, ta: string, tb: string) => (ta < tb ? -1 : ta > tb ? 1 : a < b ? -1 : a > b ? 1 : 0);

/** One journey per customer the orders and conversations name, in customer order, its orders attributed from `hits` (the customers' `customerJourneys` documents). */
export function journeysOf(orders: readonly OrderFact[], conversations: readonly ConversationFact[], hits: readonly Pick<CustomerJourneyView, 'customerId' | 'hits'>[]): Journey[] {
  const hitsOf = new Map(hits.map((doc) => [doc.customerId, doc.hits]));
  const journeys = new Map(customersOf(orders, conversations).map((customerId): [string, Journey] => [customerId, { customerId, orders: [], conversations: [] }]));
  for (const { orderId, customerId, vendorId, placedAt, status } of orders) {
    journeys.get(customerId)!.orders.push({ orderId, vendorId, placedAt, status, source: attributedSource(hitsOf.get(customerId) ?? [], placedAt) });
  }
  for (const { conversationId, customerId, vendorId, openedAt } of conversations) {
    journeys.get(customerId)!.conversations.push({ conversationId, vendorId, openedAt });
  }
  for (const journey of journeys.values()) {
    journey.orders.sort((a, b) => byTime(a.orderId, b.orderId, a.placedAt, b.placedAt));
    journey.conversations.sort((a, b) => byTime(a.conversationId, b.conversationId, a.openedAt, b.openedAt));
  }
  return [...journeys.values()];
}
