import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useMarketplaceOn } from '../command-api/testing/marketplace.ts';
import { registerAndSignIn, type SignedInUser } from '../command-api/client/accounts.ts';
import { SANDBOX_CARDS } from '../infra/payment/sandbox-payment-gateway.ts';
import { startFullStack } from '../test/full-stack.ts';
import { CONVERSION_DAYS } from '../projectors/customer-journeys/figures.ts';

// GET /api/vendor/insights (issue 27 item 5): the artist's repeat customers, bookings by source and the
// conversion of conversations, from the journeys of its customers; its own vendor's, or any for an admin.
const eventually = (assertion: () => unknown | Promise<unknown>) => vi.waitFor(assertion, { timeout: 10_000, interval: 25 });

describe('an artist’s repeat and referral figures over HTTP', () => {
  const { app: stack, m: market } = useMarketplaceOn(startFullStack);
  let browser: SignedInUser;

  beforeAll(async () => {
    browser = await registerAndSignIn(stack.api, stack.mailer, { email: 'browser-vi@example.com', fullName: 'Boaz Browser' });
  });

  const book = async (customer: SignedInUser) => {
    const placed = await stack.api.post('/api/orders', { productId: market.products.default }, customer.token);
    expect(placed.status).toBe(201);
    expect((await stack.api.post(`/api/orders/${placed.body.id}/pay`, { cardNumber: SANDBOX_CARDS.accepted }, customer.token)).status).toBe(200);
  };

  it('answers the vendor its own figures: a repeat customer, bookings by source, conversations that led to an order', async () => {
    const empty = await stack.api.get('/api/vendor/insights', market.otherVendor.token);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({
      vendorId: market.otherVendor.vendorId, bookings: 0, bookedCustomers: 0, repeatCustomers: 0, sources: [],
      conversations: 0, convertedConversations: 0, conversionRate: null, conversionDays: CONVERSION_DAYS,
    });

    // The customer lands from a newsletter link while signed in, writes to the artist, then books it twice.
    expect((await stack.api.post('/api/tracking/source/hit/newsletter', {}, market.customer.token)).status).toBe(200);
    expect((await stack.api.post('/api/conversations', { vendorId: market.vendor.vendorId, text: 'Free in June?' }, market.customer.token)).status).toBe(201);
    await book(market.customer);
    await book(market.customer);
    // Another customer only writes; a third books without a source, and leaves an unpaid order.
    expect((await stack.api.post('/api/conversations', { vendorId: market.vendor.vendorId, text: 'Hello' }, browser.token)).status).toBe(201);
    const stranger = await registerAndSignIn(stack.api, stack.mailer, { email: 'stranger-vi@example.com' });
    await book(stranger);
    expect((await stack.api.post('/api/orders', { productId: market.products.default }, stranger.token)).status).toBe(201);

    const expected = {
      vendorId: market.vendor.vendorId, bookings: 3, bookedCustomers: 2, repeatCustomers: 1,
      sources: [{ source: 'newsletter', bookings: 2 }, { source: 'direct', bookings: 1 }],
      conversations: 2, convertedConversations: 1, conversionRate: 0.5, conversionDays: CONVERSION_DAYS,
    };
    await eventually(async () => expect((await stack.api.get('/api/vendor/insights', market.vendor.token)).body).toEqual(expected));
    // An admin names the vendor; another vendor and a customer may not read it.
    expect((await stack.api.get(`/api/vendor/insights?vendorId=${market.vendor.vendorId}`, market.admin.token)).body).toEqual(expected);
    expect((await stack.api.get('/api/vendor/insights', market.admin.token)).status).toBe(403);
    expect((await stack.api.get(`/api/vendor/insights?vendorId=${market.vendor.vendorId}`, market.otherVendor.token)).status).toBe(403);
    expect((await stack.api.get('/api/vendor/insights', market.customer.token)).status).toBe(403);
    expect((await stack.api.get('/api/vendor/insights')).status).toBe(401);
  });
});
