import type { Projection, ProjectedEvent, ViewDoc } from '../projection.ts';
import { laterOf } from '../later-of.ts';

// How quickly each vendor answers (README: `vendorResponses`, issue 27 item 3): the raw samples behind
// the response badge, one per conversation and per quote request the vendor was asked in. A sample is
// when the customer asked (`askedAt`: the customer's first message in the conversation, or the
// QuoteRequested), when the vendor first answered (`repliedAt`: the vendor's first message after it, or
// that vendor's QuoteSubmitted/QuoteDeclined) and when a request closed before this vendor answered
// (`closedAt`: canceled, or another artist's quote accepted).
//
// The figures of "the last 90 days" are never stored: they depend on the time they are read at, so the
// query API computes them from the samples with its `now` (./figures.ts). The document keeps only what
// can count: samples asked within RESPONSE_WINDOW_DAYS of the latest event the document has seen (event
// times, never the clock, so a rebuild makes the same document), at most MAX_SAMPLES of them (the newest).
//
// Conversation events do not name the vendor: ConversationOpened puts the conversation on the vendor's
// `_waiting` list, and the conversation's later messages reach the document through it (alsoMatching)
// until the vendor's first reply takes it off; a quote request stays there until this vendor answers or
// it closes, so its cancelation (which names no vendor) reaches the vendors still asked.

export const RESPONSE_WINDOW_DAYS = 90;
/** A vendor flooded with requests keeps the newest ones: the figures are those of its latest 500. */
export const MAX_SAMPLES = 500;
const WINDOW_MS = RESPONSE_WINDOW_DAYS * 24 * 3600_000;

export type ResponseKind = 'conversation' | 'quote';

export interface ResponseSample {
  kind: ResponseKind;
  /** The conversation or quote request. */
  ref: string;
  askedAt: string;
  repliedAt: string | null;
  closedAt: string | null;
}

export interface VendorResponsesView extends ViewDoc {
  vendorId: string;
  /** Ordered by askedAt, then kind and ref. */
  samples: ResponseSample[];
  /** The latest event time seen: what the window of the kept samples ends at. */
  latestAt: string | null;
  /** `c:<conversationId>` of conversations not answered yet, `q:<requestId>` of requests awaiting this vendor. */
  _waiting: string[];
}

const conversationKey = (conversationId: string) => `c:${conversationId}`;
const requestKey = (requestId: string) => `q:${requestId}`;

const emptyDoc = (vendorId: string): VendorResponsesView => ({ _id: vendorId, vendorId, samples: [], latestAt: null, _waiting: [] });

const sampleOrder = (a: ResponseSample, b: ResponseSample) =>
  a.askedAt < b.askedAt ? -1 : a.askedAt > b.askedAt ? 1 : a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : a.ref < b.ref ? -1 : a.ref > b.ref ? 1 : 0;

/** Whether a time is too old to count at the document's latest event time (and so at any read after it). */
const outOfWindow = (at: string, latestAt: string | null) => latestAt !== null && Date.parse(at) < Date.parse(latestAt) - WINDOW_MS;

/**
 * The document with its latest time moved to `at`, the samples out of the window or beyond the newest
 * MAX_SAMPLES dropped, and the waiting entries of dropped samples with them (their later answers no longer count).
 */
function pruned(doc: VendorResponsesView, at: string): VendorResponsesView {
  const latestAt = laterOf(doc.latestAt, at);
  const inWindow = doc.samples.filter((sample) => !outOfWindow(sample.askedAt, latestAt));
  const samples = inWindow.length > MAX_SAMPLES ? inWindow.slice(inWindow.length - MAX_SAMPLES) : inWindow;
  if (samples.length === doc.samples.length) return { ...doc, latestAt };
  const kept = new Set(samples.map((sample) => `${sample.kind === 'conversation' ? 'c' : 'q'}:${sample.ref}`));
  const dropped = new Set(doc.samples.map((sample) => `${sample.kind === 'conversation' ? 'c' : 'q'}:${sample.ref}`).filter((key) => !kept.has(key)));
  return { ...doc, latestAt, samples, _waiting: doc._waiting.filter((key) => !dropped.has(key)) };
}

function withSample(doc: VendorResponsesView, sample: ResponseSample, waitingKey: string): VendorResponsesView {
  if (doc.samples.some((known) => known.kind === sample.kind && known.ref === sample.ref)) return doc;
  if (outOfWindow(sample.askedAt, doc.latestAt)) return { ...doc, _waiting: doc._waiting.filter((key) => key !== waitingKey) };
  const waiting = doc._waiting.includes(waitingKey) ? doc._waiting : [...doc._waiting, waitingKey];
  return { ...doc, samples: [...doc.samples, sample].sort(sampleOrder), _waiting: waiting };
}

function answered(doc: VendorResponsesView, kind: ResponseKind, ref: string, at: string, waitingKey: string): VendorResponsesView {
  const samples = doc.samples.map((sample) => (sample.kind === kind && sample.ref === ref && sample.repliedAt === null && sample.closedAt === null ? { ...sample, repliedAt: at } : sample));
  return { ...doc, samples, _waiting: doc._waiting.filter((key) => key !== waitingKey) };
}

function closed(doc: VendorResponsesView, requestId: string, at: string): VendorResponsesView {
  const samples = doc.samples.map((sample) => (sample.kind === 'quote' && sample.ref === requestId && sample.repliedAt === null && sample.closedAt === null ? { ...sample, closedAt: at } : sample));
  return { ...doc, samples, _waiting: doc._waiting.filter((key) => key !== requestKey(requestId)) };
}

function evolveResponses(doc: VendorResponsesView, event: ProjectedEvent, id: string): VendorResponsesView {
  switch (event.type) {
    case 'ConversationOpened': {
      const key = conversationKey(event.data.conversationId);
      return doc._waiting.includes(key) || doc.samples.some((sample) => sample.kind === 'conversation' && sample.ref === event.data.conversationId)
        ? doc : { ...doc, _waiting: [...doc._waiting, key] };
    }
    case 'MessagePosted': {
      const { conversationId, side, at } = event.data;
      const key = conversationKey(conversationId);
      if (!doc._waiting.includes(key)) return doc;
      const asked = doc.samples.some((sample) => sample.kind === 'conversation' && sample.ref === conversationId);
      if (side === 'customer') return asked ? doc : withSample(doc, { kind: 'conversation', ref: conversationId, askedAt: at, repliedAt: null, closedAt: null }, key);
      // The vendor's first reply; a vendor writing before the customer ever did leaves nothing to measure.
      return asked ? answered(doc, 'conversation', conversationId, at, key) : { ...doc, _waiting: doc._waiting.filter((waiting) => waiting !== key) };
    }
    case 'QuoteRequested':
      return withSample(doc, { kind: 'quote', ref: event.data.requestId, askedAt: event.data.at, repliedAt: null, closedAt: null }, requestKey(event.data.requestId));
    case 'QuoteSubmitted':
    case 'QuoteDeclined':
      return answered(doc, 'quote', event.data.requestId, event.data.at, requestKey(event.data.requestId));
    case 'QuoteAccepted':
      // The chosen vendor had answered (it was their quote); the others asked can answer no more.
      return id === event.data.vendorId ? doc : closed(doc, event.data.requestId, event.data.at);
    case 'QuoteRequestCanceled':
      return closed(doc, event.data.requestId, event.data.at);
    default:
      return doc;
  }
}

export const vendorResponsesProjection: Projection<VendorResponsesView> = {
  name: 'vendor-responses',
  collection: 'vendorResponses',
  longLived: true,
  privateFields: ['_waiting'],
  eventTypes: ['ConversationOpened', 'MessagePosted', 'QuoteRequested', 'QuoteSubmitted', 'QuoteDeclined', 'QuoteAccepted', 'QuoteRequestCanceled'],
  keysOf(event) {
    switch (event.type) {
      case 'ConversationOpened': return [event.data.vendorId];
      case 'QuoteRequested': return [...event.data.vendorIds];
      case 'QuoteSubmitted': case 'QuoteDeclined': return [event.data.vendorId];
      case 'QuoteAccepted': return [event.data.vendorId, ...event.data.notChosen];
      default: return [];
    }
  },
  alsoMatching(event) {
    if (event.type === 'MessagePosted') return { _waiting: conversationKey(event.data.conversationId) };
    if (event.type === 'QuoteRequestCanceled' || event.type === 'QuoteAccepted') return { _waiting: requestKey(event.data.requestId) };
    return null;
  },
  evolve(doc, event, id) {
    const current = doc ?? emptyDoc(id);
    const at = 'at' in event.data && typeof event.data.at === 'string' ? event.data.at : null;
    const next = evolveResponses(current, event, id);
    return at === null ? next : pruned(next, at);
  },
  indexes: [{ _waiting: 1 }, { latestAt: -1 }],
};
