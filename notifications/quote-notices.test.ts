import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore, RecordedEvent } from '../domain/ports/event-store.ts';
import { appendEvent } from './testing/append-event.ts';
import { openSqliteEventStore } from '../infra/event-store/sqlite-event-store.ts';
import { noticesOf } from './recipients.ts';

// Who hears of a quote request (docs/quotes.md): every artist asked of the request and of its cancel;
// the customer of each quote, decline and expiry; the artist chosen and the others "not chosen" of the
// customer's choice. Each notice names the request, the artist, its reader's part and the revision.
const at = '2026-11-21T10:00:00.000Z';
const price = { amountMinor: 490_000, currency: 'ILS' };

describe('quote notices', () => {
  let store: EventStore;
  const append = (streamId: string, type: string, data: unknown): Promise<RecordedEvent> => appendEvent(store, streamId, type, data, at);
  const summary = (notices: Awaited<ReturnType<typeof noticesOf>>) => notices.map((n) => [n.userId, n.kind, n.subject.audience, n.subject.vendorId, n.subject.revision]);

  beforeAll(async () => {
    store = await openSqliteEventStore({ path: ':memory:' });
    await append('user-dana', 'UserRegistered', { userId: 'dana', email: 'dana@example.com', fullName: 'Dana Levi', passwordHash: 'x', locale: 'he-IL', activationTokenHash: 'x', at });
    await append('vendor-v1', 'VendorCreated', { vendorId: 'v1', ownerUserId: 'noa', profile: { name: { he: 'נועה כהן', en: 'Noa Cohen' } }, at });
    await append('vendor-v2', 'VendorCreated', { vendorId: 'v2', ownerUserId: 'dan', profile: { name: { en: 'Dan' } }, at });
  });
  afterAll(async () => store.close());

  it('tells the artists asked, then the customer of each answer, then each artist of the choice', async () => {
    const requested = await append('quoteRequest-r1', 'QuoteRequested', { requestId: 'r1', customerId: 'dana', vendorIds: ['v1', 'v2'], eventDate: '2027-03-14', city: 'Haifa', eventType: 'wedding', guests: 200, message: 'Hi', at });
    expect(summary(await noticesOf(requested, store))).toEqual([['noa', 'quote.requested', 'vendor', 'v1', '0'], ['dan', 'quote.requested', 'vendor', 'v2', '0']]);
    expect((await noticesOf(requested, store))[0]!.params).toMatchObject({ requestId: 'r1', customerName: 'Dana Levi', city: 'Haifa', eventDate: '14.03.2027' });

    const quoted = await append('quoteRequest-r1', 'QuoteSubmitted', { requestId: 'r1', vendorId: 'v1', price, included: 'Two sets', validUntil: '2026-12-01T00:00:00.000Z', by: 'noa', at });
    const [toCustomer] = await noticesOf(quoted, store);
    expect(summary([toCustomer!])).toEqual([['dana', 'quote.submitted', 'customer', 'v1', '1']]);
    expect(toCustomer!.params).toMatchObject({ vendorNameHe: 'נועה כהן', vendorNameEn: 'Noa Cohen', amount: '4,900' });

    const declined = await append('quoteRequest-r1', 'QuoteDeclined', { requestId: 'r1', vendorId: 'v2', by: 'dan', at });
    expect(summary(await noticesOf(declined, store))).toEqual([['dana', 'quote.declined', 'customer', 'v2', '2']]);

    const accepted = await append('quoteRequest-r1', 'QuoteAccepted', {
      requestId: 'r1', customerId: 'dana', vendorId: 'v1', price, included: 'Two sets', eventDate: '2027-03-14', outcome: 'contract', outcomeId: 'k1', notChosen: ['v2'], at,
    });
    expect(summary(await noticesOf(accepted, store))).toEqual([['noa', 'quote.accepted', 'vendor', 'v1', '3'], ['dan', 'quote.notChosen', 'vendor', 'v2', '3']]);
  });

  it('tells the customer and the artist of an expired quote, and every artist asked of a cancel', async () => {
    await append('quoteRequest-r2', 'QuoteRequested', { requestId: 'r2', customerId: 'dana', vendorIds: ['v1', 'v2'], eventDate: '2027-03-14', city: 'Haifa', eventType: 'wedding', guests: 20, message: 'Hi', at });
    const expired = await append('quoteRequest-r2', 'QuoteExpired', { requestId: 'r2', vendorId: 'v1', validUntil: at, at });
    expect(summary(await noticesOf(expired, store))).toEqual([['dana', 'quote.expired', 'customer', 'v1', '1'], ['noa', 'quote.expired', 'vendor', 'v1', '1']]);
    const canceled = await append('quoteRequest-r2', 'QuoteRequestCanceled', { requestId: 'r2', at });
    expect(summary(await noticesOf(canceled, store)).map(([userId, kind]) => [userId, kind])).toEqual([['noa', 'quote.canceled'], ['dan', 'quote.canceled']]);
  });
});
