import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useMarketplaceOn } from '../command-api/testing/marketplace.ts';
import { registerAndSignIn, type SignedInUser } from '../command-api/client/accounts.ts';
import { startFullStack } from '../test/full-stack.ts';

// The reads behind the customer's own dashboard screens: payments, favorite products,
// and reviews the customer edits or deletes, over real HTTP on the embedded stack.
const eventually = (assertion: () => unknown | Promise<unknown>) => vi.waitFor(assertion, { timeout: 10_000, interval: 25 });
const CARD = '4242424242424242';

describe('account reads: payments, favorite products, my reviews', () => {
  const { app: stack, m: market } = useMarketplaceOn(startFullStack);
  let stranger: SignedInUser;

  beforeAll(async () => {
    stranger = await registerAndSignIn(stack.api, stack.mailer, { email: 'account-reads-stranger@example.com' });
  });

  async function paidOrder(productId = market.products.default): Promise<string> {
    const placed = await stack.api.post('/api/orders', { productId }, market.customer.token);
    expect(placed.status).toBe(201);
    expect((await stack.api.post(`/api/orders/${placed.body.id}/pay`, { cardNumber: CARD }, market.customer.token)).status).toBe(200);
    return placed.body.id;
  }

  it('lists every charge and the refund of a paid order canceled later, newest first, with totals', async () => {
    const kept = await paidOrder();
    const canceled = await paidOrder();
    const unpaid = (await stack.api.post('/api/orders', { productId: market.products.default }, market.customer.token)).body.id;
    expect((await stack.api.post(`/api/orders/${canceled}/cancel`, { reason: 'Date moved' }, market.customer.token)).status).toBe(200);

    let body: any;
    await eventually(async () => {
      const answer = await stack.api.get('/api/payments', market.customer.token);
      expect(answer.status).toBe(200);
      body = answer.body;
      expect(body.total).toBe(3);
    });
    expect(body.items.map((entry: any) => [entry.kind, entry.orderId])).toEqual([['refund', canceled], ['charge', canceled], ['charge', kept]]);
    expect(body.items.some((entry: any) => entry.orderId === unpaid)).toBe(false);
    const [refund, charge] = body.items;
    expect(charge).toMatchObject({
      kind: 'charge', cardLast4: '4242', orderStatus: 'canceled', vendorId: market.vendor.vendorId, vendorName: { en: expect.any(String) },
      product: { productId: market.products.default, type: 'default' }, amount: { amountMinor: expect.any(Number), currency: 'ILS' },
    });
    expect(refund).toMatchObject({ kind: 'refund', cardLast4: '4242', amount: charge.amount });
    expect(Date.parse(refund.at)).toBeGreaterThanOrEqual(Date.parse(charge.at));
    const price = charge.amount.amountMinor;
    expect(body.totals).toEqual({
      charged: { amountMinor: 2 * price, currency: 'ILS' }, refunded: { amountMinor: price, currency: 'ILS' }, net: { amountMinor: price, currency: 'ILS' },
    });

    const page = await stack.api.get('/api/payments?start=1&limit=1', market.customer.token);
    expect(page.body.items.map((entry: any) => entry.kind)).toEqual(['charge']);
    expect(page.body).toMatchObject({ total: 3, totals: body.totals });
    expect((await stack.api.get('/api/payments', stranger.token)).body).toMatchObject({ items: [], total: 0, totals: { net: { amountMinor: 0 } } });
    expect((await stack.api.get('/api/payments')).status).toBe(401);
  });

  it('keeps favorite products: saved by id, read back as products by id', async () => {
    const { timedService, contractService } = market.products;
    for (const productId of [timedService, contractService]) {
      expect((await stack.api.post(`/api/store/product/${productId}/favored/by-user`, undefined, market.customer.token)).status).toBe(200);
    }
    expect((await stack.api.delete(`/api/store/product/${timedService}/favored/by-user`, market.customer.token)).status).toBe(200);
    await eventually(async () => {
      const favorites = await stack.api.get('/api/artists/vendor/favored/by-user', market.customer.token);
      expect(favorites.body.productIds).toEqual([contractService]);
    });
    const products = await stack.api.get(`/api/ecommerce/product?id=${contractService},no-such-product`);
    expect(products.body.items.map((item: any) => item.productId)).toEqual([contractService]);
    expect((await stack.api.get(`/api/ecommerce/product?id[]=${timedService}&id[]=${contractService}`)).body.total).toBe(2);
  });

  it("shows the customer's edited review in their list and the vendor's reviews; a deleted one leaves both", async () => {
    const orderId = await paidOrder();
    await stack.api.post(`/api/orders/${orderId}/approve`, {}, market.vendor.token);
    await stack.api.post(`/api/orders/${orderId}/complete`, {}, market.vendor.token);
    expect((await stack.api.post(`/api/orders/${orderId}/review`, { rating: 2, text: 'Too loud' }, market.customer.token)).status).toBe(201);
    expect((await stack.api.put(`/api/orders/${orderId}/review`, { rating: 5, text: 'Loud, and the guests loved it' }, market.customer.token)).status).toBe(200);

    await eventually(async () => {
      const mine = await stack.api.get('/api/reviews', market.customer.token);
      expect(mine.body.items).toContainEqual(expect.objectContaining({ orderId, vendorId: market.vendor.vendorId, rating: 5, text: 'Loud, and the guests loved it', editedAt: expect.any(String) }));
      const ofVendor = await stack.api.get(`/api/ecommerce/vendor/${market.vendor.vendorId}/reviews`);
      expect(ofVendor.body.items.map((review: any) => review.text)).toContain('Loud, and the guests loved it');
      expect(ofVendor.body.summary).toMatchObject({ count: 1, avg: 5 });
    });
    expect((await stack.api.get('/api/reviews', stranger.token)).body.items).toEqual([]);

    expect((await stack.api.delete(`/api/orders/${orderId}/review`, market.customer.token)).status).toBe(200);
    await eventually(async () => {
      expect((await stack.api.get('/api/reviews', market.customer.token)).body.items.some((review: any) => review.orderId === orderId)).toBe(false);
      expect((await stack.api.get(`/api/ecommerce/vendor/${market.vendor.vendorId}/reviews`)).body.summary).toMatchObject({ count: 0, avg: null });
    });
  });

  it("shows the vendor's reply under the review everywhere; a hidden review leaves the public list and the rating, marked for its author", async () => {
    const completed = async (rating: number, text: string) => {
      const orderId = await paidOrder();
      await stack.api.post(`/api/orders/${orderId}/approve`, {}, market.vendor.token);
      await stack.api.post(`/api/orders/${orderId}/complete`, {}, market.vendor.token);
      expect((await stack.api.post(`/api/orders/${orderId}/review`, { rating, text }, market.customer.token)).status).toBe(201);
      return orderId;
    };
    const answered = await completed(5, 'Magical evening');
    const hidden = await completed(1, 'Rude words here');
    expect((await stack.api.post(`/api/orders/${answered}/review/reply`, { text: 'Thank you for having us!' }, market.vendor.token)).status).toBe(201);
    expect((await stack.api.call('DELETE', `/api/orders/${hidden}/review`, { token: market.admin.token, body: { reason: 'Insulting language' } })).status).toBe(200);

    await eventually(async () => {
      const ofVendor = (await stack.api.get(`/api/ecommerce/vendor/${market.vendor.vendorId}/reviews`)).body;
      expect(ofVendor.items.map((review: any) => review.text)).not.toContain('Rude words here');
      const shown = ofVendor.items.find((review: any) => review.text === 'Magical evening');
      expect(shown).toMatchObject({ verified: true, reply: { text: 'Thank you for having us!', by: 'vendor' } });
      expect(ofVendor.summary.distribution['1']).toBe(0);
      expect(ofVendor.summary.distribution['5']).toBeGreaterThanOrEqual(1);
    });
    // The vendor's own list names the orders, to reply; not another vendor's, unless an admin names it.
    const own = (await stack.api.get('/api/vendor/reviews', market.vendor.token)).body;
    expect(own.items).toContainEqual(expect.objectContaining({ orderId: answered, reply: expect.objectContaining({ text: 'Thank you for having us!' }) }));
    expect(own.items.some((review: any) => review.orderId === hidden)).toBe(false);
    expect((await stack.api.get(`/api/vendor/reviews?vendorId=${market.vendor.vendorId}`, market.admin.token)).status).toBe(200);
    expect((await stack.api.get('/api/vendor/reviews', market.admin.token)).status).toBe(403);
    // Its author still sees the hidden review, marked, and until when each may be edited.
    const mine = (await stack.api.get('/api/reviews', market.customer.token)).body.items;
    expect(mine.find((review: any) => review.orderId === hidden)).toMatchObject({ hidden: { reason: 'Insulting language' } });
    const reviewed = mine.find((review: any) => review.orderId === answered);
    expect(Date.parse(reviewed.editableUntil) - Date.parse(reviewed.at)).toBe(14 * 24 * 3600_000);
  });
});
