import { describe, expect, it } from 'vitest';
import { useTestMarketplace } from './testing/marketplace.ts';
import { productDetails } from './testing/fixtures.ts';

// Quote requests over HTTP (docs/quotes.md): ask, quote or decline, accept (→ a contract to sign or an
// order to pay, made by the quote-acceptance flow beside the API), cancel; a contract package is not
// ordered directly.
const money = (shekels: number) => ({ amountMinor: shekels * 100, currency: 'ILS' });
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);
const day = (days: number) => inDays(days).toISOString().slice(0, 10);
const ask = (vendorIds: string[]) => ({ vendorIds, eventDate: day(60), city: 'Haifa', eventType: 'wedding', guests: 180, budget: money(8000), message: 'A garden wedding, two sets please.' });

describe('quote requests over HTTP', () => {
  const { app, m } = useTestMarketplace();
  const typesOf = async (streamId: string) => (await app.eventStore.readStream(streamId)).map((e) => e.type);

  it('refuses a request with bad fields (422 naming them), an unknown artist, or one’s own artist', async () => {
    const bad = await app.api.post('/api/quote-requests', { ...ask([]), guests: 0, eventType: 'rave', city: ' ' }, m.customer.token);
    expect(bad.status).toBe(422);
    expect(bad.headers.get('content-type')).toMatch(/problem\+json/);
    expect(bad.body.errors.map((error: { field: string }) => error.field).sort()).toEqual(['city', 'eventType', 'guests', 'vendorIds']);
    expect((await app.api.post('/api/quote-requests', ask(['no-such-vendor']), m.customer.token)).body.errors[0].field).toBe('vendorIds');
    const own = await app.api.post('/api/quote-requests', ask([m.vendor.vendorId]), m.vendor.token);
    expect([own.status, own.body.code]).toEqual([403, 'quote.own-vendor']);
    const past = await app.api.post('/api/quote-requests', { ...ask([m.vendor.vendorId]), eventDate: '2020-01-01' }, m.customer.token);
    expect([past.status, past.body.code]).toEqual([422, 'quote.date-in-past']);
    expect((await app.api.post('/api/quote-requests', ask([m.vendor.vendorId]))).status).toBe(401);
  });

  it('asks two artists; one quotes its contract package, the other declines; the accepted quote becomes a contract sent to sign at the quoted price', async () => {
    const requested = await app.api.post('/api/quote-requests', ask([m.vendor.vendorId, m.otherVendor.vendorId]), m.customer.token);
    expect(requested.status).toBe(201);
    const id = requested.body.id as string;
    const quote = { price: money(4900), included: 'Two sets, sound and lights.', validUntil: inDays(7).toISOString(), productId: m.products.contractService };
    // Only an artist asked answers, for itself, with one of its own contract packages or fixed services.
    expect((await app.api.post(`/api/quote-requests/${id}/quote`, { ...quote, vendorId: m.vendor.vendorId }, m.otherVendor.token)).status).toBe(403);
    expect((await app.api.post(`/api/quote-requests/${id}/quote`, quote, m.customer.token)).status).toBe(403);
    const timed = await app.api.post(`/api/quote-requests/${id}/quote`, { ...quote, productId: m.products.timedService }, m.vendor.token);
    expect([timed.status, timed.body.errors?.[0]?.field]).toEqual([422, 'productId']);
    const lapsed = await app.api.post(`/api/quote-requests/${id}/quote`, { ...quote, validUntil: inDays(-1).toISOString() }, m.vendor.token);
    expect([lapsed.status, lapsed.body.code]).toEqual([422, 'quote.valid-until-past']);
    expect((await app.api.post(`/api/quote-requests/${id}/quote`, quote, m.vendor.token)).status).toBe(200);
    expect((await app.api.post(`/api/quote-requests/${id}/quote`, quote, m.vendor.token)).body.code).toBe('quote.already-answered');
    expect((await app.api.post(`/api/quote-requests/${id}/decline`, { reason: 'Booked that day' }, m.otherVendor.token)).status).toBe(200);
    // The artist cannot accept; the customer cannot accept a decline.
    expect((await app.api.post(`/api/quote-requests/${id}/accept`, { vendorId: m.vendor.vendorId }, m.vendor.token)).status).toBe(403);
    expect((await app.api.post(`/api/quote-requests/${id}/accept`, { vendorId: m.otherVendor.vendorId }, m.customer.token)).body.code).toBe('quote.no-quote');
    expect((await app.api.post(`/api/quote-requests/${id}/accept`, { vendorId: m.vendor.vendorId }, m.customer.token)).status).toBe(200);
    const closed = await app.api.post(`/api/quote-requests/${id}/cancel`, {}, m.customer.token);
    expect([closed.status, closed.body.code]).toEqual([409, 'quote.request-closed']);
    expect(await typesOf(`quoteRequest-${id}`)).toEqual(['QuoteRequested', 'QuoteSubmitted', 'QuoteDeclined', 'QuoteAccepted']);
    const [accepted] = (await app.eventStore.readStream(`quoteRequest-${id}`)).filter((event) => event.type === 'QuoteAccepted');
    const { outcome, outcomeId } = accepted!.data as { outcome: string; outcomeId: string };
    expect(outcome).toBe('contract');
    await expect.poll(() => typesOf(`contract-${outcomeId}`), { timeout: 10_000 }).toEqual(['ContractDrafted', 'ContractSent']);
    const [drafted] = await app.eventStore.readStream(`contract-${outcomeId}`);
    expect(drafted!.data).toMatchObject({ customerId: m.customer.userId, vendorId: m.vendor.vendorId, productId: m.products.contractService, price: money(4900), terms: 'Two sets, sound and lights.' });
    // The customer signs it as any contract.
    expect((await app.api.post(`/api/contracts/${outcomeId}/sign`, { fullName: 'Dana Levi', agree: true }, m.customer.token)).status).toBe(200);
  });

  it('a quote for a fixed service becomes an order to pay at the quoted price; a canceled request takes no answers', async () => {
    const id = (await app.api.post('/api/quote-requests', ask([m.vendor.vendorId]), m.customer.token)).body.id as string;
    expect((await app.api.post(`/api/quote-requests/${id}/quote`, { price: money(2750), included: 'One hour set.', validUntil: inDays(3).toISOString(), productId: m.products.default }, m.vendor.token)).status).toBe(200);
    expect((await app.api.post(`/api/quote-requests/${id}/accept`, { vendorId: m.vendor.vendorId }, m.customer.token)).status).toBe(200);
    const [accepted] = (await app.eventStore.readStream(`quoteRequest-${id}`)).filter((event) => event.type === 'QuoteAccepted');
    const { outcome, outcomeId } = accepted!.data as { outcome: string; outcomeId: string };
    expect(outcome).toBe('order');
    await expect.poll(() => typesOf(`order-${outcomeId}`), { timeout: 10_000 }).toEqual(['OrderPlaced']);
    const [placed] = await app.eventStore.readStream(`order-${outcomeId}`);
    expect(placed!.data).toMatchObject({ customerId: m.customer.userId, vendorId: m.vendor.vendorId, total: money(2750), product: { productId: m.products.default, price: money(2750) } });
    expect((await app.api.post(`/api/orders/${outcomeId}/pay`, { cardNumber: '4242424242424242' }, m.customer.token)).status).toBe(200);

    const other = (await app.api.post('/api/quote-requests', ask([m.vendor.vendorId]), m.customer.token)).body.id as string;
    expect((await app.api.post(`/api/quote-requests/${other}/cancel`, { reason: 'Plans changed' }, m.vendor.token)).status).toBe(403);
    expect((await app.api.post(`/api/quote-requests/${other}/cancel`, { reason: 'Plans changed' }, m.customer.token)).status).toBe(200);
    expect((await app.api.post(`/api/quote-requests/${other}/decline`, {}, m.vendor.token)).body.code).toBe('quote.request-closed');
  });

  it('a contract package is not ordered directly (409 problem+json naming the way); other products are', async () => {
    const direct = await app.api.post('/api/orders', { productId: m.products.contractService }, m.customer.token);
    expect(direct.status).toBe(409);
    expect(direct.headers.get('content-type')).toMatch(/problem\+json/);
    expect(direct.body).toMatchObject({ code: 'order.quote-required', detail: expect.stringMatching(/quote/) });
    expect((await app.api.post('/api/orders', { productId: m.products.default }, m.customer.token)).status).toBe(201);
    const created = await app.api.post('/api/vendor/products', { details: productDetails('contractService', 9000) }, m.otherVendor.token);
    expect((await app.api.post('/api/orders', { productId: created.body.id }, m.customer.token)).body.code).toBe('order.quote-required');
  });
});
