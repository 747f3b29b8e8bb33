import type { OrderStatus } from '../../domain/order/events.ts';
import type { Projection, ProjectedEvent, ViewDoc } from '../projection.ts';

// Where each customer came from and what they did with which artists (README: `customerJourneys`,
// issue 27 item 5; docs/vendor-calendar-and-products.md ("Repeat and referral facts")): the raw facts behind the artist's "repeat and referral"
// figures (./figures.ts), one document per customer (`_id` = the customer's user id):
//  - `hits`: the customer's own source hits (SourceHit with their userId: a landing with a utm_source
//    while signed in), the newest MAX_HITS of them;
//  - `orders`: every order they placed, with its vendor, time, current status and the source it is
//    attributed to (below);
//  - `conversations`: every conversation they opened, with its vendor and time.
//
// The join. The source of a visit is recorded on the source's stream (`tracking-<source>`), not on the
// order: an order is attributed to the customer's latest hit at or before it was placed and at most
// ATTRIBUTION_DAYS before (last touch); none → "direct" (null). The document is keyed by customer
// because that is all a hit and an order share — a hit names no vendor, and comes before the customer
// ever meets one. The attribution is recomputed from the kept hits after every event, so the document
// is a function of the set of events it saw, whatever the order of the streams (rebuild equals live;
// projectors/runtime.test.ts scrambles the streams): the kept hits are the newest MAX_HITS by time, the
// same whichever arrived first. Event times only, never the clock.
//
// A vendor's figures add up the documents naming it (`vendorIds`) when they are read
// (query-api/routes/vendor-customer-reads.ts, GET /api/vendor/insights).

export const ATTRIBUTION_DAYS = 30;
/** A customer landing from campaigns again and again keeps the newest ones: older orders lose their source past it. */
export const MAX_HITS = 100;
const ATTRIBUTION_MS = ATTRIBUTION_DAYS * 24 * 3600_000;

export interface JourneyHit { source: string; at: string }

export interface JourneyOrder {
  orderId: string;
  vendorId: string;
  placedAt: string;
  status: OrderStatus;
  /** The attributed utm_source (lower case), null for a direct order. */
  source: string | null;
}

export interface JourneyConversation { conversationId: string; vendorId: string; openedAt: string }

export interface CustomerJourneyView extends ViewDoc {
  customerId: string;
  /** Ordered by time, then source. */
  hits: JourneyHit[];
  /** Ordered by placedAt, then orderId. */
  orders: JourneyOrder[];
  /** Ordered by openedAt, then conversationId. */
  conversations: JourneyConversation[];
  /** The vendors of the orders and conversations, sorted: what a vendor's figures are read by. */
  vendorIds: string[];
  /** The order ids, for their later events (which name only the order). */
  _orderIds: string[];
}

const byTime = (a: string, b: string, ta: string, tb: string) => (ta < tb ? -1 : ta > tb ? 1 : a < b ? -1 : a > b ? 1 : 0);
const hitOrder = (a: JourneyHit, b: JourneyHit) => byTime(a.source, b.source, a.at, b.at);

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

const emptyDoc = (customerId: string): CustomerJourneyView => ({ _id: customerId, customerId, hits: [], orders: [], conversations: [], vendorIds: [], _orderIds: [] });

/**
 * The document with each order's source recomputed and the vendor list brought up to date. What did not
 * change stays the same object (an order, the lists, the document), so the runtime need not walk it
 * again to check it is JSON (event-applier.ts).
 */
function settled(doc: CustomerJourneyView): CustomerJourneyView {
  let changed = false;
  const orders = doc.orders.map((order) => {
    const source = attributedSource(doc.hits, order.placedAt);
    if (source === order.source) return order;
    changed = true;
    return { ...order, source };
  });
  const vendorIds = [...new Set([...orders.map((order) => order.vendorId), ...doc.conversations.map((conversation) => conversation.vendorId)])].sort();
  const sameVendors = vendorIds.length === doc.vendorIds.length && vendorIds.every((vendorId, index) => vendorId === doc.vendorIds[index]);
  if (!changed && sameVendors) return doc;
  return { ...doc, orders: changed ? orders : doc.orders, vendorIds: sameVendors ? doc.vendorIds : vendorIds };
}

const statusAfter: Partial<Record<ProjectedEvent['type'], OrderStatus>> = {
  OrderPaid: 'payed', OrderApproved: 'approved', OrderCompleted: 'completed', OrderCanceled: 'canceled',
};

function evolveJourney(doc: CustomerJourneyView, event: ProjectedEvent): CustomerJourneyView {
  switch (event.type) {
    case 'SourceHit': {
      const hit = { source: event.data.source.toLowerCase(), at: event.data.at };
      if (doc.hits.some((known) => hitOrder(known, hit) === 0)) return doc;
      const hits = [...doc.hits, hit].sort(hitOrder);
      return { ...doc, hits: hits.length > MAX_HITS ? hits.slice(hits.length - MAX_HITS) : hits };
    }
    case 'OrderPlaced': {
      const { orderId, vendorId, placedAt } = event.data;
      if (doc._orderIds.includes(orderId)) return doc;
      const orders = [...doc.orders, { orderId, vendorId, placedAt, status: 'new' as const, source: null }]
        .sort((a, b) => byTime(a.orderId, b.orderId, a.placedAt, b.placedAt));
      return { ...doc, orders, _orderIds: [...doc._orderIds, orderId].sort() };
    }
    case 'OrderPaid': case 'OrderApproved': case 'OrderCompleted': case 'OrderCanceled': {
      const status = statusAfter[event.type]!;
      return { ...doc, orders: doc.orders.map((order) => (order.orderId === event.data.orderId ? { ...order, status } : order)) };
    }
    case 'ConversationOpened': {
      const { conversationId, vendorId, at } = event.data;
      if (doc.conversations.some((known) => known.conversationId === conversationId)) return doc;
      const conversations = [...doc.conversations, { conversationId, vendorId, openedAt: at }]
        .sort((a, b) => byTime(a.conversationId, b.conversationId, a.openedAt, b.openedAt));
      return { ...doc, conversations };
    }
    default:
      return doc;
  }
}

export const customerJourneysProjection: Projection<CustomerJourneyView> = {
  name: 'customer-journeys',
  collection: 'customerJourneys',
  privateFields: ['_orderIds'],
  eventTypes: ['SourceHit', 'OrderPlaced', 'OrderPaid', 'OrderApproved', 'OrderCompleted', 'OrderCanceled', 'ConversationOpened'],
  keysOf(event) {
    switch (event.type) {
      // A guest's hit names nobody: it cannot be joined to an order (docs/vendor-calendar-and-products.md ("Repeat and referral facts")).
      case 'SourceHit': return event.data.userId ? [event.data.userId] : [];
      case 'OrderPlaced': return [event.data.customerId];
      case 'ConversationOpened': return [event.data.customerId];
      default: return [];
    }
  },
  alsoMatching(event) {
    if (event.type === 'OrderPaid' || event.type === 'OrderApproved' || event.type === 'OrderCompleted' || event.type === 'OrderCanceled') return { _orderIds: event.data.orderId };
    return null;
  },
  evolve(doc, event, id) {
    return settled(evolveJourney(doc ?? emptyDoc(id), event));
  },
  indexes: [{ vendorIds: 1 }, { _orderIds: 1 }],
};
