import type { Projection, ViewDoc } from '../projection.ts';

// Where each customer came from (README: `customerJourneys`, issue 27 item 5; docs/vendor-calendar-and-products.md
// ("Repeat and referral facts")): the part of a customer's journey no other view keeps, one document per
// customer (`_id` = the customer's user id) holding their own source hits (SourceHit with their userId: a
// landing with a utm_source while signed in), the newest MAX_HITS of them.
//
// The rest of the journey is in views of its own, one small document per fact: the orders (`orders`,
// `_id` = orderId: customerId, vendorId, placedAt, status) and the conversations (`conversations`,
// `_id` = conversationId: customerId, vendorId, openedAt). The join — an order attributed to the
// customer's latest hit before it — is made when an artist's figures are read (./journeys.ts,
// query-api/routes/vendor-customer-reads.ts): an order event writes nothing here, and a hit rewrites a
// document of MAX_HITS entries at most, whatever the customer did before.
//
// The kept hits are the newest MAX_HITS by time, the same whichever arrived first, so the document is a
// function of the set of hits it saw, whatever the order of the streams (rebuild equals live;
// projectors/runtime.test.ts scrambles the streams). Event times only, never the clock.

/** A customer landing from campaigns again and again keeps the newest ones: older orders lose their source past it. */
export const MAX_HITS = 100;

export interface JourneyHit { source: string; at: string }

export interface CustomerJourneyView extends ViewDoc {
  customerId: string;
  /** Ordered by time, then source. */
  hits: JourneyHit[];
}

/** Hits in time order, then by source: the newest is the last. */
export const hitOrder = (a: JourneyHit, b: JourneyHit): number =>
  (a.at < b.at ? -1 : a.at > b.at ? 1 : a.source < b.source ? -1 : a.source > b.source ? 1 : 0);

export const customerJourneysProjection: Projection<CustomerJourneyView> = {
  name: 'customer-journeys',
  // 2: orders and conversations left the document (read from their own views, joined at read time).
  version: 2,
  collection: 'customerJourneys',
  eventTypes: ['SourceHit'],
  // A guest's hit names nobody: it cannot be joined to an order (docs/vendor-calendar-and-products.md ("Repeat and referral facts")).
  keysOf: (event) => (event.type === 'SourceHit' && event.data.userId ? [event.data.userId] : []),
  evolve(doc, event, id) {
    const current = doc ?? { _id: id, customerId: id, hits: [] };
    if (event.type !== 'SourceHit') return current;
    const hit = { source: event.data.source.toLowerCase(), at: event.data.at };
    if (current.hits.some((known) => hitOrder(known, hit) === 0)) return current;
    const hits = [...current.hits, hit].sort(hitOrder);
    return { ...current, hits: hits.length > MAX_HITS ? hits.slice(hits.length - MAX_HITS) : hits };
  },
};
