import { describe, expect, it } from 'vitest';
import { MAX_HITS, customerJourneysProjection, type CustomerJourneyView } from './projection.ts';
import { ATTRIBUTION_DAYS, journeysOf } from './journeys.ts';
import { CONVERSION_DAYS, vendorInsightsOf } from './figures.ts';
import { ordersProjection, type OrderView } from '../orders/projection.ts';
import { conversationsProjection, type ConversationView } from '../conversations/projection.ts';
import { fold, recorded } from '../testing/recorded-event.ts';
import { customerActor } from '../testing/domain-fixtures.ts';
import type { ProjectedEvent } from '../projection.ts';

// Issue 27 item 5: the customer journeys (hits, orders, conversations) and the artist's figures made of them.
// Issue 24: the projection keeps only each customer's hits; orders and conversations are their own views'
// documents, joined to the hits when the figures are read (./journeys.ts), as GET /api/vendor/insights does.
const base = Date.parse('2026-09-01T08:00:00.000Z');
const DAY = 24 * 60;
const t = (minutes: number) => new Date(base + minutes * 60_000).toISOString();
const price = { amountMinor: 150_000, currency: 'ILS' as const };
let streams = 0;

const hit = (customerId: string | null, source: string, minute: number): ProjectedEvent =>
  recorded(`tracking-${source}`, { type: 'SourceHit', data: { source, userId: customerId, at: t(minute) } }, customerActor(customerId ?? 'guest'));

/** An order of `customerId` with `vendorId` placed at `minute`, taken to `status`. */
function order(customerId: string, vendorId: string, minute: number, status: 'new' | 'payed' | 'approved' | 'completed' | 'canceled' = 'payed'): ProjectedEvent[] {
  const orderId = `order-${++streams}`;
  const stream = `order-${orderId}`;
  const actor = customerActor(customerId);
  const events: ProjectedEvent[] = [recorded(stream, { type: 'OrderPlaced', data: {
    orderId, customerId, vendorId, product: { productId: `${vendorId}-p`, vendorId, type: 'default', name: { en: 'Show' }, price }, total: price, placedAt: t(minute),
  } }, actor)];
  const paid = recorded(stream, { type: 'OrderPaid', data: { orderId, paymentId: `pay-${orderId}`, amount: price, cardLast4: '4242', at: t(minute + 1) } }, actor);
  if (status === 'payed' || status === 'approved' || status === 'completed' || status === 'canceled') events.push(paid);
  if (status === 'approved' || status === 'completed') events.push(recorded(stream, { type: 'OrderApproved', data: { orderId, by: null, at: t(minute + 2) } }, actor));
  if (status === 'completed') events.push(recorded(stream, { type: 'OrderCompleted', data: { orderId, by: null, at: t(minute + 3) } }, actor));
  if (status === 'canceled') events.push(recorded(stream, { type: 'OrderCanceled', data: { orderId, reason: 'Moved', by: customerId, byRole: 'customer', at: t(minute + 2) } }, actor));
  return events;
}

const conversation = (customerId: string, vendorId: string, minute: number): ProjectedEvent => {
  const conversationId = `conv-${++streams}`;
  return recorded(`conversation-${conversationId}`, { type: 'ConversationOpened', data: { conversationId, customerId, vendorId, at: t(minute) } }, customerActor(customerId));
};

/** The three views the journeys are joined from, folded over the events. */
const viewsOf = (events: ProjectedEvent[]) => ({
  hits: fold<CustomerJourneyView>(customerJourneysProjection, events),
  orders: Object.values(fold<OrderView>(ordersProjection, events)),
  conversations: Object.values(fold<ConversationView>(conversationsProjection, events)),
});
/** The journeys of the customers who dealt with `vendorId`, read as the route reads them: the vendor's orders and conversations, their customers' hits. */
const journeys = (events: ProjectedEvent[], vendorId?: string) => {
  const { hits, orders, conversations } = viewsOf(events);
  const ofVendor = <D extends { vendorId: string }>(docs: D[]) => (vendorId === undefined ? docs : docs.filter((doc) => doc.vendorId === vendorId));
  return Object.fromEntries(journeysOf(ofVendor(orders), ofVendor(conversations), Object.values(hits)).map((journey) => [journey.customerId, journey]));
};
const insights = (events: ProjectedEvent[], vendorId = 'v1') => vendorInsightsOf(vendorId, Object.values(journeys(events, vendorId)));

describe('customer journeys', () => {
  it(`keeps a signed-in customer’s own hits, lower-cased, the newest ${MAX_HITS}; a guest’s hit names nobody`, () => {
    const docs = fold<CustomerJourneyView>(customerJourneysProjection, [
      ...Array.from({ length: MAX_HITS + 5 }, (_, n) => hit('c1', 'Google', n)), hit(null, 'facebook', 5),
    ]);
    expect(Object.keys(docs)).toEqual(['c1']);
    expect(docs.c1!.hits).toHaveLength(MAX_HITS);
    expect(docs.c1!.hits[0]).toEqual({ source: 'google', at: t(5) });
  });

  it('an order or a conversation writes no journey document: a customer’s document stays its hits, however many orders', () => {
    const events = [hit('c1', 'facebook', 0), ...Array.from({ length: 50 }, (_, n) => order('c1', 'v1', 10 + n, 'completed')).flat(), conversation('c1', 'v1', 5)];
    expect(fold(customerJourneysProjection, events)).toEqual({ c1: { _id: 'c1', customerId: 'c1', hits: [{ source: 'facebook', at: t(0) }] } });
    expect(fold(customerJourneysProjection, events.filter((event) => event.type !== 'SourceHit'))).toEqual({});
  });

  it('attributes an order to the customer’s latest source hit before it, within the attribution window; none is direct', () => {
    const found = journeys([
      hit('c1', 'facebook', 0), hit('c1', 'Newsletter', 60), ...order('c1', 'v1', 120),
      // Placed more than ATTRIBUTION_DAYS after the last hit: direct.
      ...order('c1', 'v1', 60 + (ATTRIBUTION_DAYS + 1) * DAY),
      // A hit after an order does not count for it; a guest's hit names nobody.
      ...order('c2', 'v1', 0), hit('c2', 'instagram', 10), hit(null, 'facebook', 5),
    ]);
    expect(found.c1!.orders.map((o) => [o.source, o.status])).toEqual([['newsletter', 'payed'], [null, 'payed']]);
    expect(found.c2!.orders.map((o) => o.source)).toEqual([null]);
    expect(Object.keys(found).sort()).toEqual(['c1', 'c2']);
  });

  it('follows each order’s status through its later events, which name only the order', () => {
    const found = journeys([
      ...order('c1', 'v1', 0, 'new'), ...order('c1', 'v1', 10, 'approved'), ...order('c1', 'v2', 20, 'completed'), ...order('c1', 'v1', 30, 'canceled'),
    ]);
    expect(found.c1!.orders.map((o) => [o.vendorId, o.status])).toEqual([['v1', 'new'], ['v1', 'approved'], ['v2', 'completed'], ['v1', 'canceled']]);
  });

  it('the same events with the streams in another order make the same documents and journeys', () => {
    const events = [
      hit('c1', 'facebook', 0), ...order('c1', 'v1', 60), conversation('c1', 'v1', 30), hit('c1', 'google', 2 * DAY), ...order('c1', 'v1', 3 * DAY, 'completed'),
      ...Array.from({ length: MAX_HITS }, (_, n) => hit('c1', 'tiktok', 10 * DAY + n)),
    ];
    const byStream = new Map<string, ProjectedEvent[]>();
    for (const event of events) byStream.set(event.streamId, [...(byStream.get(event.streamId) ?? []), event]);
    const reversed = [...byStream.values()].reverse().flat();
    expect(fold(customerJourneysProjection, reversed)).toEqual(fold(customerJourneysProjection, events));
    expect(journeys(reversed)).toEqual(journeys(events));
    // The old hits were pushed out by the newer ones: the first orders lost their source either way.
    expect(journeys(reversed).c1!.orders.map((o) => o.source)).toEqual([null, null]);
  });
});

describe('an artist’s repeat and referral figures', () => {
  it('counts repeat customers, bookings by source and the conversion of conversations', () => {
    const figures = insights([
      // c1: two bookings (one from facebook, one direct after the window), a conversation that led to the first.
      hit('c1', 'facebook', 0), conversation('c1', 'v1', 30), ...order('c1', 'v1', 60, 'completed'), ...order('c1', 'v1', 60 * DAY, 'approved'),
      // c2: a booking from the newsletter, and a canceled one that is no booking.
      hit('c2', 'newsletter', 0), ...order('c2', 'v1', 10), ...order('c2', 'v1', 20, 'canceled'),
      // c3: three orders, only one of them paid; a conversation followed by an unpaid order still converts.
      conversation('c3', 'v1', 0), ...order('c3', 'v1', 5, 'new'), ...order('c3', 'v1', 6, 'new'), ...order('c3', 'v1', 7),
      // c4: a conversation never followed by an order, and one followed too late.
      conversation('c4', 'v1', 0), conversation('c5', 'v1', 0), ...order('c5', 'v1', (CONVERSION_DAYS + 1) * DAY, 'new'),
      // Another artist's facts count for that artist only.
      conversation('c1', 'v2', 0), ...order('c1', 'v2', 10), ...order('c1', 'v2', 20),
    ]);
    expect(figures).toEqual({
      vendorId: 'v1', bookings: 4, bookedCustomers: 3, repeatCustomers: 1,
      sources: [{ source: 'direct', bookings: 2 }, { source: 'facebook', bookings: 1 }, { source: 'newsletter', bookings: 1 }],
      conversations: 4, convertedConversations: 2, conversionRate: 0.5, conversionDays: CONVERSION_DAYS,
    });
    expect(insights([conversation('c1', 'v2', 0), ...order('c1', 'v2', 10), ...order('c1', 'v2', 20)], 'v2')).toMatchObject({ repeatCustomers: 1, bookings: 2, conversionRate: 1 });
  });

  it('an artist nobody dealt with has zeros and no rate', () => {
    expect(vendorInsightsOf('v9', [])).toEqual({
      vendorId: 'v9', bookings: 0, bookedCustomers: 0, repeatCustomers: 0, sources: [], conversations: 0, convertedConversations: 0, conversionRate: null, conversionDays: CONVERSION_DAYS,
    });
  });
});
