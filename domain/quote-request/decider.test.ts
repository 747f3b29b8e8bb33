import { describe, expect, it } from 'vitest';
import { spec } from '../shared/decider-spec.ts';
import type { Actor } from '../shared/actor.ts';
import { systemActor } from '../shared/actor.ts';
import { ils } from '../shared/money.ts';
import { QuoteRequestEvent } from './events.ts';
import type { QuoteRequestCommand, RequestQuotes, SubmitQuote } from './commands.ts';
import { outcomeOf, quoteRequestDecider } from './decider.ts';

const at = '2026-11-21T10:00:00.000Z';
const later = '2026-12-01T10:00:00.000Z';
const validUntil = '2026-11-28T22:00:00.000Z';
const customer: Actor = { userId: 'u-customer', roles: ['user'], groups: [], vendorId: null };
const noa: Actor = { userId: 'u-noa', roles: ['user', 'vendor'], groups: [], vendorId: 'v-noa' };
const dan: Actor = { userId: 'u-dan', roles: ['user', 'vendor'], groups: [], vendorId: 'v-dan' };
const stranger: Actor = { userId: 'u-stranger', roles: ['user', 'vendor'], groups: [], vendorId: 'v-other' };
const contractPackage = { productId: 'p-package', type: 'contractService' as const, name: { en: 'Full event package' } };
const fixedShow = { productId: 'p-show', type: 'default' as const, name: { he: 'מופע', en: 'Show' } };

const details = { eventDate: '2027-03-14', city: 'Haifa', eventType: 'wedding' as const, guests: 200, budget: ils(8000), message: 'A wedding in a garden.' };
const request = (fields: Partial<RequestQuotes> = {}): QuoteRequestCommand => ({
  type: 'RequestQuotes', actor: customer, at, requestId: 'q-1', customerId: 'u-customer', vendorIds: ['v-noa', 'v-dan'], ...details, ...fields,
});
const quote = (actor: Actor = noa, fields: Partial<SubmitQuote> = {}): QuoteRequestCommand => ({
  type: 'SubmitQuote', actor, at, requestId: 'q-1', vendorId: actor.vendorId ?? 'v-noa', price: ils(4900), included: ' Two sets and a DJ ', validUntil, product: contractPackage, ...fields,
});
const decline = (actor: Actor = dan): QuoteRequestCommand => ({ type: 'DeclineQuoteRequest', actor, at, requestId: 'q-1', vendorId: actor.vendorId ?? 'v-dan', reason: 'Booked that day' });
const accept = (vendorId = 'v-noa', when = at, actor: Actor = customer): QuoteRequestCommand => ({ type: 'AcceptQuote', actor, at: when, requestId: 'q-1', vendorId, outcomeId: 'k-1' });
const cancel = (actor: Actor = customer): QuoteRequestCommand => ({ type: 'CancelQuoteRequest', actor, at, requestId: 'q-1' });
const expire = (vendorId = 'v-noa', when = later): QuoteRequestCommand => ({ type: 'ExpireQuote', actor: systemActor, at: when, requestId: 'q-1', vendorId });

const requested: QuoteRequestEvent = { type: 'QuoteRequested', data: { requestId: 'q-1', customerId: 'u-customer', vendorIds: ['v-noa', 'v-dan'], ...details, at } };
const noaQuoted: QuoteRequestEvent = { type: 'QuoteSubmitted', data: { requestId: 'q-1', vendorId: 'v-noa', price: ils(4900), included: 'Two sets and a DJ', validUntil, product: contractPackage, by: 'u-noa', at } };
const danQuoted: QuoteRequestEvent = { type: 'QuoteSubmitted', data: { requestId: 'q-1', vendorId: 'v-dan', price: ils(3000), included: 'One set', validUntil, product: fixedShow, by: 'u-dan', at } };
const danDeclined: QuoteRequestEvent = { type: 'QuoteDeclined', data: { requestId: 'q-1', vendorId: 'v-dan', reason: 'Booked that day', by: 'u-dan', at } };
const noaAccepted: QuoteRequestEvent = {
  type: 'QuoteAccepted',
  data: { requestId: 'q-1', customerId: 'u-customer', vendorId: 'v-noa', price: ils(4900), included: 'Two sets and a DJ', product: contractPackage, eventDate: '2027-03-14', outcome: 'contract', outcomeId: 'k-1', notChosen: ['v-dan'], at },
};
const canceled: QuoteRequestEvent = { type: 'QuoteRequestCanceled', data: { requestId: 'q-1', at } };
const noaExpired: QuoteRequestEvent = { type: 'QuoteExpired', data: { requestId: 'q-1', vendorId: 'v-noa', validUntil, at: later } };

describe('quote request: asking', () => {
  it('the customer asks several vendors at once; each is asked', () => {
    const [event] = spec(quoteRequestDecider).given([]).when(request({ city: ' Haifa ', message: ' A wedding in a garden. ' })).then([requested]);
    expect(QuoteRequestEvent.parse(event)).toEqual(event);
    expect(spec(quoteRequestDecider).given([requested]).state).toMatchObject({ status: 'open', vendors: { 'v-noa': { status: 'asked' }, 'v-dan': { status: 'asked' } } });
  });
  it('only for oneself, not one’s own artist, each artist once, not twice, not for a past day', () => {
    spec(quoteRequestDecider).given([]).when(request({ customerId: 'u-someone' })).thenRefused('quote.forbidden');
    expect(spec(quoteRequestDecider).given([]).when(request({ actor: { ...customer, vendorId: 'v-dan' } })).thenRefused('quote.own-vendor').kind).toBe('forbidden');
    expect(spec(quoteRequestDecider).given([]).when(request({ vendorIds: ['v-noa', 'v-noa'] })).thenRefused('quote.vendors-repeated').kind).toBe('invalid');
    spec(quoteRequestDecider).given([requested]).when(request()).thenRefused('quote.already-requested');
    expect(spec(quoteRequestDecider).given([]).when(request({ eventDate: '2026-11-20' })).thenRefused('quote.date-in-past').kind).toBe('invalid');
    // Today (in Israel) is still to come.
    spec(quoteRequestDecider).given([]).when(request({ eventDate: '2026-11-21' })).then([{ ...requested, data: { ...requested.data, eventDate: '2026-11-21' } } as QuoteRequestEvent]);
  });
  it('any command on a missing request is not found', () => {
    for (const command of [quote(), decline(), accept(), cancel(), expire()]) spec(quoteRequestDecider).given([]).when(command).thenRefused('quote.not-found');
  });
});

describe('quote request: answering', () => {
  it('an asked vendor quotes (price, included, valid until, product) or declines, once', () => {
    spec(quoteRequestDecider).given([requested]).when(quote()).then([noaQuoted]);
    spec(quoteRequestDecider).given([requested]).when(decline()).then([danDeclined]);
    expect(spec(quoteRequestDecider).given([requested, noaQuoted]).when(quote()).thenRefused('quote.already-answered').kind).toBe('conflict');
    spec(quoteRequestDecider).given([requested, danDeclined]).when(quote(dan)).thenRefused('quote.already-answered');
    expect(spec(quoteRequestDecider).given([requested, noaQuoted]).state?.vendors['v-noa']).toMatchObject({ status: 'quoted', quote: { price: ils(4900), validUntil } });
  });
  it('an admin may answer for an artist asked, as it drafts contracts for one', () => {
    const admin: Actor = { userId: 'u-admin', roles: ['user', 'admin'], groups: [], vendorId: null };
    spec(quoteRequestDecider).given([requested]).when(decline(admin)).then([{ ...danDeclined, data: { ...danDeclined.data, by: 'u-admin' } } as QuoteRequestEvent]);
  });
  it('only the vendor asked answers for itself', () => {
    spec(quoteRequestDecider).given([requested]).when(quote(noa, { vendorId: 'v-dan' })).thenRefused('quote.forbidden');
    spec(quoteRequestDecider).given([requested]).when(quote(customer, { vendorId: 'v-noa' })).thenRefused('quote.forbidden');
    expect(spec(quoteRequestDecider).given([requested]).when(quote(stranger)).thenRefused('quote.not-asked').kind).toBe('not_found');
  });
  it('a quote must hold until a time to come and say what it includes', () => {
    spec(quoteRequestDecider).given([requested]).when(quote(noa, { validUntil: at })).thenRefused('quote.valid-until-past');
    spec(quoteRequestDecider).given([requested]).when(quote(noa, { included: '   ' })).thenRefused('quote.included-required');
  });
  it('nobody answers a closed request', () => {
    spec(quoteRequestDecider).given([requested, noaQuoted, noaAccepted]).when(decline()).thenRefused('quote.request-closed');
    expect(spec(quoteRequestDecider).given([requested, canceled]).when(quote()).thenRefused('quote.request-closed').reason).toMatch(/canceled/);
  });
});

describe('quote request: accepting', () => {
  it('the customer accepts one valid quote: the request is closed and the others are not chosen', () => {
    const events = spec(quoteRequestDecider).given([requested, noaQuoted, danQuoted]).when(accept()).then([noaAccepted]);
    const state = spec(quoteRequestDecider).given([requested, noaQuoted, danQuoted, ...events]).state;
    expect(state).toMatchObject({ status: 'accepted', accepted: { vendorId: 'v-noa', outcome: 'contract', outcomeId: 'k-1' }, vendors: { 'v-noa': { status: 'accepted' }, 'v-dan': { status: 'notChosen' } } });
  });
  it('a contract package (or a quote without a product) becomes a contract to sign; a fixed service an order to pay', () => {
    expect([outcomeOf(contractPackage), outcomeOf(undefined), outcomeOf(fixedShow)]).toEqual(['contract', 'contract', 'order']);
    const [accepted] = spec(quoteRequestDecider).given([requested, danQuoted]).when(accept('v-dan')).then([{
      type: 'QuoteAccepted',
      data: { requestId: 'q-1', customerId: 'u-customer', vendorId: 'v-dan', price: ils(3000), included: 'One set', product: fixedShow, eventDate: '2027-03-14', outcome: 'order', outcomeId: 'k-1', notChosen: ['v-noa'], at },
    }]);
    expect(accepted?.type).toBe('QuoteAccepted');
  });
  it('a quote is not accepted from its validUntil on, whether or not its expiry was recorded', () => {
    expect(spec(quoteRequestDecider).given([requested, noaQuoted]).when(accept('v-noa', validUntil)).thenRefused('quote.expired').kind).toBe('conflict');
    spec(quoteRequestDecider).given([requested, noaQuoted, noaExpired]).when(accept('v-noa', at)).thenRefused('quote.expired');
    spec(quoteRequestDecider).given([requested, noaQuoted]).when(accept('v-noa', '2026-11-28T21:59:59.999Z')).then([noaAccepted].map((event) => ({ ...event, data: { ...event.data, at: '2026-11-28T21:59:59.999Z' } })) as QuoteRequestEvent[]);
  });
  it('a vendor that declined is not among those not chosen', () => {
    spec(quoteRequestDecider).given([requested, noaQuoted, danDeclined]).when(accept()).then([{ ...noaAccepted, data: { ...noaAccepted.data, notChosen: [] } } as QuoteRequestEvent]);
  });
  it('only the customer accepts, only a quote sent, only once', () => {
    spec(quoteRequestDecider).given([requested, noaQuoted]).when(accept('v-noa', at, noa)).thenRefused('quote.forbidden');
    spec(quoteRequestDecider).given([requested, danDeclined]).when(accept('v-dan')).thenRefused('quote.no-quote');
    spec(quoteRequestDecider).given([requested]).when(accept('v-noa')).thenRefused('quote.no-quote');
    spec(quoteRequestDecider).given([requested, noaQuoted]).when(accept('v-other')).thenRefused('quote.not-asked');
    spec(quoteRequestDecider).given([requested, noaQuoted, danQuoted, noaAccepted]).when(accept('v-dan')).thenRefused('quote.request-closed');
  });
});

describe('quote request: canceling and expiry', () => {
  it('the customer cancels an open request; nobody else, not twice', () => {
    spec(quoteRequestDecider).given([requested, noaQuoted]).when(cancel()).then([canceled]);
    spec(quoteRequestDecider).given([requested]).when(cancel(noa)).thenRefused('quote.forbidden');
    spec(quoteRequestDecider).given([requested, canceled]).when(cancel()).thenRefused('quote.request-closed');
    spec(quoteRequestDecider).given([requested, canceled]).when(accept()).thenRefused('quote.request-closed');
  });
  it('the system records an expired quote once; nothing before validUntil, nothing on a closed request', () => {
    spec(quoteRequestDecider).given([requested, noaQuoted]).when(expire()).then([noaExpired]);
    spec(quoteRequestDecider).given([requested, noaQuoted]).when(expire('v-noa', at)).then([]);
    spec(quoteRequestDecider).given([requested, noaQuoted, noaExpired]).when(expire()).then([]);
    spec(quoteRequestDecider).given([requested, noaQuoted, canceled]).when(expire()).then([]);
    spec(quoteRequestDecider).given([requested]).when(expire('v-dan')).then([]);
    spec(quoteRequestDecider).given([requested, noaQuoted]).when({ ...expire(), actor: customer } as QuoteRequestCommand).thenRefused('quote.forbidden');
    expect(spec(quoteRequestDecider).given([requested, noaQuoted, noaExpired]).state?.vendors['v-noa']).toMatchObject({ status: 'expired', quote: { validUntil } });
  });
});
