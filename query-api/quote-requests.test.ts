import { describe, expect, it } from 'vitest';
import { useQueryApiOnViews } from './testing/query-api-on-views.ts';
import { quoteInboxProjection, quoteRequestsProjection, type QuoteInboxView, type QuoteRequestView } from '../projectors/quote-requests/projection.ts';
import { fold, recorded } from '../projectors/testing/recorded-event.ts';
import { customerActor, vendorActor } from '../projectors/testing/domain-fixtures.ts';
import { TEST_SECRET, tokenFor } from '../test/tokens.ts';
import { pageOf, QuoteInboxAnswer, QuoteRequestAnswer } from './answer-schemas.ts';

// The quote reads (docs/quotes.md): the customer reads its requests with every artist's answer side by
// side, each artist named; an artist reads its own answer only, the customer named; a quote past its
// validUntil reads expired at once; anyone else is told there is no such request.
const price = { amountMinor: 490_000, currency: 'ILS' as const };
const at = '2026-11-21T10:00:00.000Z';
const past = '2020-01-01T00:00:00.000Z';
const future = '2099-01-01T00:00:00.000Z';
const events = [
  recorded('quoteRequest-r1', { type: 'QuoteRequested', data: { requestId: 'r1', customerId: 'c1', vendorIds: ['v1', 'v2', 'v3'], eventDate: '2027-03-14', city: 'Haifa', eventType: 'wedding', guests: 200, budget: price, message: 'Garden wedding', at } }, customerActor('c1')),
  recorded('quoteRequest-r1', { type: 'QuoteSubmitted', data: { requestId: 'r1', vendorId: 'v1', price, included: 'Two sets', validUntil: future, by: 'u-v1', at } }, vendorActor('u-v1', 'v1')),
  recorded('quoteRequest-r1', { type: 'QuoteSubmitted', data: { requestId: 'r1', vendorId: 'v2', price, included: 'One set', validUntil: past, by: 'u-v2', at } }, vendorActor('u-v2', 'v2')),
];

describe('quote reads', () => {
  const { client } = useQueryApiOnViews({
    async seed(viewStore) {
      for (const doc of Object.values(fold<QuoteRequestView>(quoteRequestsProjection, events))) await viewStore.collection('quoteRequests').replaceOne(doc);
      for (const doc of Object.values(fold<QuoteInboxView>(quoteInboxProjection, events))) await viewStore.collection('quoteInbox').replaceOne(doc);
      await viewStore.collection('vendorCards').replaceOne({ _id: 'v1', vendorId: 'v1', name: { he: 'נועה', en: 'Noa' }, logoImageUrl: null });
      await viewStore.collection('users').replaceOne({ _id: 'c1', userId: 'c1', fullName: 'Dana Levi' });
    },
  });
  const customer = tokenFor(TEST_SECRET, { userId: 'c1', roles: ['user'] });
  const stranger = tokenFor(TEST_SECRET, { userId: 'c2', roles: ['user'] });
  const artist = (n: number) => tokenFor(TEST_SECRET, { userId: `u-v${n}`, roles: ['user', 'vendor'], vendorId: `v${n}` });

  it('the customer reads its requests with the answers side by side, each artist named, a lapsed quote expired', async () => {
    const answer = await client.get('/api/quote-requests', customer);
    expect(answer.status).toBe(200);
    const page = pageOf(QuoteRequestAnswer).parse(answer.body);
    expect(page.total).toBe(1);
    expect(page.items[0]!.quotes.map((quote) => [quote.vendorId, quote.status, quote.vendorName.en ?? null])).toEqual([['v1', 'quoted', 'Noa'], ['v2', 'expired', null], ['v3', 'asked', null]]);
    const one = await client.get('/api/quote-requests/r1', customer);
    expect(one.status).toBe(200);
    expect(QuoteRequestAnswer.parse(one.body)).toMatchObject({ requestId: 'r1', requestStatus: 'open', budget: price });
    expect((await client.get('/api/quote-requests', stranger)).body.items).toEqual([]);
    expect((await client.get('/api/quote-requests/r1', stranger)).status).toBe(404);
    expect((await client.get('/api/quote-requests')).status).toBe(401);
  });

  it('an artist reads its own answer only, with the customer’s name; another artist’s quote stays hidden', async () => {
    const answer = await client.get('/api/vendor/quote-requests', artist(1));
    expect(answer.status).toBe(200);
    const [item] = pageOf(QuoteInboxAnswer).parse(answer.body).items;
    expect(item).toMatchObject({ requestId: 'r1', vendorId: 'v1', status: 'quoted', customerName: 'Dana Levi', price, included: 'Two sets' });
    expect(JSON.stringify(answer.body)).not.toContain('One set');
    expect((await client.get('/api/vendor/quote-requests/r1', artist(2))).body).toMatchObject({ vendorId: 'v2', status: 'expired' });
    expect((await client.get('/api/vendor/quote-requests/r1', artist(4))).status).toBe(404);
    expect((await client.get('/api/vendor/quote-requests', customer)).status).toBe(403);
    // An artist names only itself; an admin names any artist.
    expect((await client.get('/api/vendor/quote-requests?vendorId=v2', artist(1))).status).toBe(403);
    const admin = tokenFor(TEST_SECRET, { userId: 'u-admin', roles: ['user', 'admin'] });
    expect((await client.get('/api/vendor/quote-requests?vendorId=v2', admin)).body.items.map((item: { vendorId: string }) => item.vendorId)).toEqual(['v2']);
    expect((await client.get('/api/vendor/quote-requests', admin)).status).toBe(403);
  });
});
