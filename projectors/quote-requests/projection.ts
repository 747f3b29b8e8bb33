import type { Money } from '../../domain/shared/money.ts';
import type { EventType } from '../../domain/shared/event-type.ts';
import type { QuotedProduct, QuoteOutcome } from '../../domain/quote-request/events.ts';
import type { QuoteRequestStatus, VendorQuoteStatus } from '../../domain/quote-request/decider.ts';
import type { ProjectedEvent, Projection, ViewDoc } from '../projection.ts';

// Quote requests (docs/quotes.md), two views of the same streams:
//   `quoteRequests` — the customer's: one document per request with every vendor's answer side by side;
//   `quoteInbox`    — the vendors': one document per request and vendor asked (`<requestId>:<vendorId>`),
//                     holding the request and that vendor's own answer only (a vendor never sees the
//                     others' prices).
// A quote whose validUntil passed reads as expired at once (the query API compares it with its clock);
// the expiry sweep then records QuoteExpired, which these views take as that status.

export interface QuoteRequestFacts {
  requestId: string;
  customerId: string;
  /** YYYY-MM-DD, Israel. */
  eventDate: string;
  city: string;
  eventType: EventType;
  guests: number;
  budget: Money | null;
  message: string;
  /** The request: open, accepted (one quote taken) or canceled by the customer. */
  requestStatus: QuoteRequestStatus;
  createdAt: string;
  updatedAt: string;
}

/** One vendor's answer to a request (a type, not an interface: answers read it as a loose object). */
export type VendorQuoteView = {
  vendorId: string;
  status: VendorQuoteStatus;
  price: Money | null;
  included: string | null;
  validUntil: string | null;
  product: QuotedProduct | null;
  declineReason: string | null;
  answeredAt: string | null;
};

export interface QuoteRequestView extends ViewDoc, QuoteRequestFacts {
  vendorIds: string[];
  quotes: VendorQuoteView[];
  /** The accepted quote and what it became: the contract to sign or the order to pay (outcomeId). */
  accepted: { vendorId: string; outcome: QuoteOutcome; outcomeId: string } | null;
}

export interface QuoteInboxView extends ViewDoc, QuoteRequestFacts, VendorQuoteView {
  /** Set when this vendor's quote was accepted: the contract or order it became. */
  outcome: { outcome: QuoteOutcome; outcomeId: string } | null;
}

type QuoteEvent = Extract<ProjectedEvent, { type: 'QuoteRequested' | 'QuoteSubmitted' | 'QuoteDeclined' | 'QuoteAccepted' | 'QuoteRequestCanceled' | 'QuoteExpired' }>;
const EVENT_TYPES = ['QuoteRequested', 'QuoteSubmitted', 'QuoteDeclined', 'QuoteAccepted', 'QuoteRequestCanceled', 'QuoteExpired'] as const;

const asked = (vendorId: string): VendorQuoteView => ({
  vendorId, status: 'asked', price: null, included: null, validUntil: null, product: null, declineReason: null, answeredAt: null,
});

/** A vendor's answer after an event of its request (the same in both views). */
function answerAfter(answer: VendorQuoteView, event: QuoteEvent): VendorQuoteView {
  switch (event.type) {
    case 'QuoteSubmitted': {
      if (event.data.vendorId !== answer.vendorId) return answer;
      const { price, included, validUntil, product, at } = event.data;
      return { ...answer, status: 'quoted', price, included, validUntil, product: product ?? null, answeredAt: at };
    }
    case 'QuoteDeclined':
      return event.data.vendorId === answer.vendorId ? { ...answer, status: 'declined', declineReason: event.data.reason ?? null, answeredAt: event.data.at } : answer;
    case 'QuoteExpired':
      return event.data.vendorId === answer.vendorId ? { ...answer, status: 'expired' } : answer;
    case 'QuoteAccepted':
      if (event.data.vendorId === answer.vendorId) return { ...answer, status: 'accepted' };
      return event.data.notChosen.includes(answer.vendorId) ? { ...answer, status: 'notChosen' } : answer;
    default:
      return answer;
  }
}

function factsOf(event: Extract<QuoteEvent, { type: 'QuoteRequested' }>): QuoteRequestFacts {
  const { requestId, customerId, eventDate, city, eventType, guests, budget, message, at } = event.data;
  return { requestId, customerId, eventDate, city, eventType, guests, budget: budget ?? null, message, requestStatus: 'open', createdAt: at, updatedAt: at };
}

function requestStatusAfter(status: QuoteRequestStatus, event: QuoteEvent): QuoteRequestStatus {
  if (event.type === 'QuoteAccepted') return 'accepted';
  if (event.type === 'QuoteRequestCanceled') return 'canceled';
  return status;
}

export const quoteRequestsProjection: Projection<QuoteRequestView> = {
  name: 'quoteRequests',
  collection: 'quoteRequests',
  eventTypes: [...EVENT_TYPES],
  keysOf: (event) => [(event as QuoteEvent).data.requestId],
  evolve(doc, projected, id) {
    const event = projected as QuoteEvent;
    if (event.type === 'QuoteRequested') {
      return { _id: id, ...factsOf(event), vendorIds: event.data.vendorIds, quotes: event.data.vendorIds.map(asked), accepted: null };
    }
    if (!doc) return null;
    const { vendorId, outcome, outcomeId } = event.type === 'QuoteAccepted' ? event.data : { vendorId: '', outcome: null, outcomeId: '' };
    return {
      ...doc,
      requestStatus: requestStatusAfter(doc.requestStatus, event),
      quotes: doc.quotes.map((answer) => answerAfter(answer, event)),
      accepted: outcome ? { vendorId, outcome, outcomeId } : doc.accepted,
      updatedAt: event.data.at,
    };
  },
  indexes: [{ customerId: 1, updatedAt: -1, _id: -1 }],
};

/** The id of a vendor's inbox document for a request. */
export const inboxId = (requestId: string, vendorId: string): string => `${requestId}:${vendorId}`;

export const quoteInboxProjection: Projection<QuoteInboxView> = {
  name: 'quoteInbox',
  collection: 'quoteInbox',
  eventTypes: [...EVENT_TYPES],
  keysOf(projected) {
    const event = projected as QuoteEvent;
    switch (event.type) {
      case 'QuoteRequested': return event.data.vendorIds.map((vendorId) => inboxId(event.data.requestId, vendorId));
      case 'QuoteAccepted': return [event.data.vendorId, ...event.data.notChosen].map((vendorId) => inboxId(event.data.requestId, vendorId));
      case 'QuoteRequestCanceled': return [];
      default: return [inboxId(event.data.requestId, event.data.vendorId)];
    }
  },
  // A cancel names no vendors, and an acceptance closes the request for a vendor that declined too:
  // every inbox document of the request.
  alsoMatching: (event) => (event.type === 'QuoteRequestCanceled' || event.type === 'QuoteAccepted' ? { requestId: event.data.requestId } : null),
  evolve(doc, projected, id) {
    const event = projected as QuoteEvent;
    if (event.type === 'QuoteRequested') {
      const vendorId = id.slice(event.data.requestId.length + 1);
      return { _id: id, ...factsOf(event), ...asked(vendorId), outcome: null };
    }
    if (!doc) return null;
    const mine = event.type === 'QuoteAccepted' && event.data.vendorId === doc.vendorId;
    return {
      ...doc,
      ...answerAfter(doc, event),
      requestStatus: requestStatusAfter(doc.requestStatus, event),
      outcome: mine ? { outcome: event.data.outcome, outcomeId: event.data.outcomeId } : doc.outcome,
      updatedAt: event.data.at,
    };
  },
  indexes: [{ vendorId: 1, updatedAt: -1, _id: -1 }, { requestId: 1 }, { requestStatus: 1, status: 1, validUntil: 1 }],
};
