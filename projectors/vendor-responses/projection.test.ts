import { describe, expect, it } from 'vitest';
import { MAX_SAMPLES, vendorResponsesProjection, type VendorResponsesView } from './projection.ts';
import { MIN_RESPONSE_SAMPLES, responseFiguresOf, withinOf } from './figures.ts';
import { fold, recorded } from '../testing/recorded-event.ts';
import { customerActor, vendorActor } from '../testing/domain-fixtures.ts';
import type { AnyDomainEvent } from '../../domain/events.ts';
import type { ProjectedEvent } from '../projection.ts';

const base = Date.parse('2026-09-01T08:00:00.000Z');
const t = (minutes: number) => new Date(base + minutes * 60_000).toISOString();
const DAY = 24 * 60;
const price = { amountMinor: 150_000, currency: 'ILS' as const };
const details = { eventDate: '2027-01-10', city: 'Haifa', eventType: 'wedding' as const, guests: 100, message: 'A wedding' };
let streams = 0;

/** A conversation with vendor v1: the customer writes at `asked`, the vendor at each of `replies`. */
function conversation(asked: number, replies: number[], vendorId = 'v1', opened = asked): ProjectedEvent[] {
  const conversationId = `conv-${++streams}`;
  const stream = `conversation-${conversationId}`;
  const customer = customerActor(`c-${streams}`);
  const post = (side: 'customer' | 'vendor', minute: number, n: number): AnyDomainEvent =>
    ({ type: 'MessagePosted', data: { conversationId, messageId: `${conversationId}-m${n}`, authorId: side === 'customer' ? `c-${streams}` : 'u-v1', side, text: 'hi', at: t(minute) } });
  return [
    recorded(stream, { type: 'ConversationOpened', data: { conversationId, customerId: `c-${streams}`, vendorId, at: t(opened) } }, customer),
    recorded(stream, post('customer', asked, 0), customer),
    // A second customer message before the reply: the wait counts from the first.
    recorded(stream, post('customer', asked + 1, 1), customer),
    ...replies.map((minute, n) => recorded(stream, post('vendor', minute, n + 2), vendorActor('u-v1', vendorId))),
  ];
}

/** A quote request to the vendors; `answers` per vendor: [minute, 'quote' | 'decline']. */
function quoteRequest(asked: number, vendorIds: string[], answers: Array<[string, number, 'quote' | 'decline']>, close?: { at: number; accepted?: string }) {
  const requestId = `req-${++streams}`;
  const stream = `quoteRequest-${requestId}`;
  const events: ProjectedEvent[] = [recorded(stream, { type: 'QuoteRequested', data: { requestId, customerId: 'c1', vendorIds, ...details, at: t(asked) } }, customerActor('c1'))];
  for (const [vendorId, minute, kind] of answers) {
    events.push(recorded(stream, kind === 'quote'
      ? { type: 'QuoteSubmitted', data: { requestId, vendorId, price, included: 'A set', validUntil: t(asked + 30 * DAY), by: 'u', at: t(minute) } }
      : { type: 'QuoteDeclined', data: { requestId, vendorId, by: 'u', at: t(minute) } }, vendorActor('u', vendorId)));
  }
  if (close?.accepted) {
    const notChosen = vendorIds.filter((id) => id !== close.accepted && !answers.some(([answered]) => answered === id));
    events.push(recorded(stream, { type: 'QuoteAccepted', data: { requestId, customerId: 'c1', vendorId: close.accepted, price, included: 'A set', eventDate: details.eventDate, outcome: 'contract', outcomeId: `k-${requestId}`, notChosen, at: t(close.at) } }, customerActor('c1')));
  } else if (close) {
    events.push(recorded(stream, { type: 'QuoteRequestCanceled', data: { requestId, at: t(close.at) } }, customerActor('c1')));
  }
  return events;
}

const view = (events: ProjectedEvent[], vendorId = 'v1') => fold<VendorResponsesView>(vendorResponsesProjection, events)[vendorId]!;
const figuresAt = (events: ProjectedEvent[], minute: number, vendorId = 'v1') => responseFiguresOf(view(events, vendorId).samples, new Date(base + minute * 60_000));

describe('vendor responses view', () => {
  it('a conversation counts from the customer’s first message to the vendor’s first reply after it', () => {
    const doc = view(conversation(0, [45, 50, 300]));
    expect(doc.samples).toEqual([{ kind: 'conversation', ref: expect.any(String), askedAt: t(0), repliedAt: t(45), closedAt: null }]);
    // Answered: its later messages no longer reach the document.
    expect(doc._waiting).toEqual([]);
  });

  it('a quote request counts for each vendor asked until its quote or decline; a cancelation closes the ones still waiting', () => {
    const events = quoteRequest(0, ['v1', 'v2', 'v3'], [['v1', 30, 'quote'], ['v2', 120, 'decline']], { at: 60 * 24 });
    const docs = fold<VendorResponsesView>(vendorResponsesProjection, events);
    expect(docs.v1!.samples[0]).toMatchObject({ kind: 'quote', askedAt: t(0), repliedAt: t(30), closedAt: null });
    expect(docs.v2!.samples[0]).toMatchObject({ repliedAt: t(120), closedAt: null });
    expect(docs.v3!.samples[0]).toMatchObject({ repliedAt: null, closedAt: t(60 * 24) });
    expect(Object.values(docs).map((doc) => doc._waiting)).toEqual([[], [], []]);
    const accepted = fold<VendorResponsesView>(vendorResponsesProjection, quoteRequest(0, ['v1', 'v4'], [['v1', 30, 'quote']], { at: 100, accepted: 'v1' }));
    expect(accepted.v4!.samples[0]).toMatchObject({ repliedAt: null, closedAt: t(100) });
    expect(accepted.v1!.samples[0]).toMatchObject({ repliedAt: t(30), closedAt: null });
  });

  it('the figures: medians per kind and together, the reply rate, and the badge', () => {
    const events = [
      ...conversation(0, [20]), ...conversation(DAY, [DAY + 40]), ...conversation(2 * DAY, [2 * DAY + 90]),
      ...quoteRequest(3 * DAY, ['v1'], [['v1', 3 * DAY + 10, 'quote']]), ...quoteRequest(4 * DAY, ['v1'], [['v1', 4 * DAY + 30, 'decline']]),
      ...quoteRequest(5 * DAY, ['v1'], [['v1', 5 * DAY + 600, 'quote']]),
      // Never answered: counts against the rate once 48 hours have passed.
      ...quoteRequest(6 * DAY, ['v1'], []),
    ];
    // Minutes: conversations 20, 40, 90; quotes 10, 30, 600 → together 10 20 30 40 90 600.
    expect(figuresAt(events, 6 * DAY + 60)).toEqual({
      within: 'hour', medianMinutes: 35, conversationMedianMinutes: 40, quoteMedianMinutes: 30, replyRate: 1, answered: 6, counted: 6,
    });
    expect(figuresAt(events, 8 * DAY)).toMatchObject({ replyRate: 0.86, answered: 6, counted: 7 });
  });

  it('a request the customer closed before 48 hours without an answer counts for neither side; closed later, it is unanswered', () => {
    const events = [
      ...quoteRequest(0, ['v1'], [['v1', 10, 'quote']]), ...quoteRequest(DAY, ['v1'], [['v1', DAY + 10, 'quote']]),
      ...quoteRequest(2 * DAY, ['v1'], [['v1', 2 * DAY + 10, 'quote']]),
      ...quoteRequest(3 * DAY, ['v1', 'v2'], [['v2', 3 * DAY + 5, 'quote']], { at: 3 * DAY + 60, accepted: 'v2' }),
      ...quoteRequest(4 * DAY, ['v1'], [], { at: 7 * DAY }),
    ];
    expect(figuresAt(events, 10 * DAY)).toMatchObject({ answered: 3, counted: 4, replyRate: 0.75 });
  });

  it(`shows nothing with fewer than ${MIN_RESPONSE_SAMPLES} samples; a rate without a median when few were answered`, () => {
    expect(figuresAt([...conversation(0, [20]), ...conversation(10, [30])], DAY)).toBeNull();
    const silent = [...quoteRequest(0, ['v1'], []), ...quoteRequest(10, ['v1'], []), ...quoteRequest(20, ['v1'], [['v1', 50, 'quote']])];
    expect(figuresAt(silent, 5 * DAY)).toEqual({ within: null, medianMinutes: null, conversationMedianMinutes: null, quoteMedianMinutes: null, replyRate: 0.33, answered: 1, counted: 3 });
    expect([withinOf(60), withinOf(61), withinOf(360), withinOf(361), withinOf(1440), withinOf(1441)]).toEqual(['hour', 'hours', 'hours', 'day', 'day', null]);
  });

  it('the last 90 days are those before the time of reading: old samples stop counting as time passes', () => {
    const events = [...conversation(0, [10]), ...conversation(10, [20]), ...conversation(20, [30]), ...conversation(60 * DAY, [60 * DAY + 300])];
    expect(figuresAt(events, 61 * DAY)).toMatchObject({ answered: 4, medianMinutes: 10 });
    // Day 91: the first three are more than 90 days old, and one sample is too few.
    expect(figuresAt(events, 91 * DAY)).toBeNull();
    // Read in the past, a reply given later is not known yet.
    expect(figuresAt(events, 10)).toBeNull();
  });

  it('keeps only the samples of the 90 days before its latest event, and forgets the waiting ones it dropped', () => {
    const old = conversation(0, []);
    const events = [...old, ...conversation(100 * DAY, [100 * DAY + 5])];
    const doc = view(events);
    expect(doc.samples.map((sample) => sample.askedAt)).toEqual([t(100 * DAY)]);
    expect(doc.latestAt).toBe(t(100 * DAY + 5));
    expect(doc._waiting).toEqual([]);
    // A late reply in the forgotten conversation changes nothing.
    const late = recorded(old[0]!.streamId, { type: 'MessagePosted', data: { conversationId: (old[0]!.data as { conversationId: string }).conversationId, messageId: 'late', authorId: 'u-v1', side: 'vendor', text: 'sorry', at: t(101 * DAY) } });
    expect(view([...events, late]).samples).toEqual(doc.samples);
  });

  it(`keeps the newest ${MAX_SAMPLES} samples`, () => {
    const events: ProjectedEvent[] = [];
    for (let n = 0; n < MAX_SAMPLES + 2; n++) events.push(...quoteRequest(n, ['v1'], [['v1', n + 1, 'quote']]));
    const doc = view(events);
    expect(doc.samples).toHaveLength(MAX_SAMPLES);
    expect(doc.samples[0]!.askedAt).toBe(t(2));
  });

  it('the same events in another order between streams make the same document', () => {
    const a = conversation(0, [30]);
    const b = quoteRequest(5, ['v1', 'v2'], [['v2', 6, 'quote']], { at: 70 });
    const c = conversation(100 * DAY, [100 * DAY + 1]);
    const interleaved = [a[0]!, b[0]!, c[0]!, a[1]!, b[1]!, c[1]!, a[2]!, b[2]!, c[2]!, a[3]!, c[3]!];
    const strip = (doc: VendorResponsesView) => ({ ...doc, _waiting: [...doc._waiting].sort() });
    expect(strip(view(interleaved))).toEqual(strip(view([...c, ...a, ...b])));
    expect(strip(view(interleaved, 'v2'))).toEqual(strip(view([...b, ...a, ...c], 'v2')));
  });
});
