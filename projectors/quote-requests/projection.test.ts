import { describe, expect, it } from 'vitest';
import { quoteInboxProjection, quoteRequestsProjection, type QuoteInboxView, type QuoteRequestView } from './projection.ts';
import { fold, recorded } from '../testing/recorded-event.ts';
import { customerActor, vendorActor } from '../testing/domain-fixtures.ts';
import type { AnyDomainEvent } from '../../domain/events.ts';

const price = { amountMinor: 490_000, currency: 'ILS' as const };
const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T10:00:00.000Z`;
const details = { eventDate: '2027-03-14', city: 'Haifa', eventType: 'wedding' as const, guests: 200, message: 'A garden wedding' };
const pkg = { productId: 'p-pkg', type: 'contractService' as const, name: { en: 'Full event package' } };

function history(last: AnyDomainEvent) {
  const stream = `quoteRequest-r-${Math.random().toString(36).slice(2)}`;
  const requestId = stream.slice('quoteRequest-'.length);
  const withId = <E extends AnyDomainEvent>(event: E): E => ({ ...event, data: { ...event.data, requestId } });
  return {
    requestId,
    events: [
      recorded(stream, withId({ type: 'QuoteRequested', data: { requestId, customerId: 'c1', vendorIds: ['v1', 'v2', 'v3'], ...details, at: at(1) } }), customerActor('c1')),
      recorded(stream, withId({ type: 'QuoteSubmitted', data: { requestId, vendorId: 'v1', price, included: 'Two sets', validUntil: at(20), product: pkg, by: 'u-v1', at: at(2) } }), vendorActor('u-v1', 'v1')),
      recorded(stream, withId({ type: 'QuoteDeclined', data: { requestId, vendorId: 'v2', reason: 'Busy', by: 'u-v2', at: at(3) } }), vendorActor('u-v2', 'v2')),
      recorded(stream, withId(last), customerActor('c1')),
    ],
  };
}

describe('quote request views', () => {
  it('the customer’s view holds every answer side by side; accepting closes it and marks the others not chosen', () => {
    const { requestId, events } = history({ type: 'QuoteAccepted', data: { requestId: 'x', customerId: 'c1', vendorId: 'v1', price, included: 'Two sets', product: pkg, eventDate: '2027-03-14', outcome: 'contract', outcomeId: 'k-1', notChosen: ['v3'], at: at(4) } });
    const docs = fold<QuoteRequestView>(quoteRequestsProjection, events);
    expect(docs[requestId]).toMatchObject({
      customerId: 'c1', ...details, budget: null, requestStatus: 'accepted', vendorIds: ['v1', 'v2', 'v3'],
      accepted: { vendorId: 'v1', outcome: 'contract', outcomeId: 'k-1' }, createdAt: at(1), updatedAt: at(4),
    });
    expect(docs[requestId]?.quotes.map((quote) => [quote.vendorId, quote.status])).toEqual([['v1', 'accepted'], ['v2', 'declined'], ['v3', 'notChosen']]);
    expect(docs[requestId]?.quotes[0]).toMatchObject({ price, included: 'Two sets', validUntil: at(20), product: pkg, answeredAt: at(2) });
  });

  it('each vendor’s inbox holds the request and its own answer only; the accepted one names the contract it became', () => {
    const { requestId, events } = history({ type: 'QuoteAccepted', data: { requestId: 'x', customerId: 'c1', vendorId: 'v1', price, included: 'Two sets', product: pkg, eventDate: '2027-03-14', outcome: 'contract', outcomeId: 'k-1', notChosen: ['v3'], at: at(4) } });
    const docs = fold<QuoteInboxView>(quoteInboxProjection, events);
    expect(Object.keys(docs).sort()).toEqual([`${requestId}:v1`, `${requestId}:v2`, `${requestId}:v3`]);
    expect(docs[`${requestId}:v1`]).toMatchObject({ vendorId: 'v1', status: 'accepted', price, requestStatus: 'accepted', outcome: { outcome: 'contract', outcomeId: 'k-1' } });
    expect(docs[`${requestId}:v2`]).toMatchObject({ vendorId: 'v2', status: 'declined', declineReason: 'Busy', price: null, outcome: null, requestStatus: 'accepted' });
    expect(docs[`${requestId}:v3`]).toMatchObject({ vendorId: 'v3', status: 'notChosen', price: null, city: 'Haifa', guests: 200 });
  });

  it('a canceled request reaches every inbox; an expired quote reads as expired', () => {
    const canceled = history({ type: 'QuoteRequestCanceled', data: { requestId: 'x', at: at(5) } });
    const inbox = fold<QuoteInboxView>(quoteInboxProjection, canceled.events);
    expect(Object.values(inbox).map((doc) => doc.requestStatus)).toEqual(['canceled', 'canceled', 'canceled']);
    const expired = history({ type: 'QuoteExpired', data: { requestId: 'x', vendorId: 'v1', validUntil: at(20), at: at(21) } });
    expect(fold<QuoteRequestView>(quoteRequestsProjection, expired.events)[expired.requestId]?.quotes[0]).toMatchObject({ status: 'expired', price, validUntil: at(20) });
    expect(fold<QuoteInboxView>(quoteInboxProjection, expired.events)[`${expired.requestId}:v1`]).toMatchObject({ status: 'expired', requestStatus: 'open' });
  });
});
