import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useMarketplaceOn } from '../command-api/testing/marketplace.ts';
import { registerAndSignIn, type SignedInUser } from '../command-api/client/accounts.ts';
import { startFullStack } from '../test/full-stack.ts';

// GET /api/vendor/customers: who a vendor already deals with (orders, conversations, contracts), by
// name, for choosing the customer of a new service contract.
const eventually = (assertion: () => unknown | Promise<unknown>) => vi.waitFor(assertion, { timeout: 10_000, interval: 25 });

describe('a vendor\'s customers over HTTP', () => {
  const { app: stack, m: market } = useMarketplaceOn(startFullStack);
  let chatter: SignedInUser;
  let stranger: SignedInUser;

  beforeAll(async () => {
    chatter = await registerAndSignIn(stack.api, stack.mailer, { email: 'chatter@example.com', fullName: 'Chen Chatter' });
    stranger = await registerAndSignIn(stack.api, stack.mailer, { email: 'stranger-vc@example.com', fullName: 'Sara Stranger' });
  });

  it('lists the customers of its orders and conversations with their names, only to that vendor', async () => {
    expect((await stack.api.post('/api/orders', { productId: market.products.default }, market.customer.token)).status).toBe(201);
    expect((await stack.api.post('/api/conversations', { vendorId: market.vendor.vendorId, text: 'Free in June?' }, chatter.token)).status).toBe(201);
    await stack.api.post('/api/conversations', { vendorId: market.otherVendor.vendorId, text: 'Hello' }, stranger.token);

    await eventually(async () => expect((await stack.api.get('/api/vendor/customers', market.vendor.token)).body.total).toBe(2));
    const { body } = await stack.api.get('/api/vendor/customers', market.vendor.token);
    const byId = new Map(body.items.map((item: { userId: string }) => [item.userId, item]));
    expect(byId.get(market.customer.userId)).toMatchObject({ fullName: market.customer.email.split('@')[0], orderCount: 1, hasConversation: false, contractCount: 0 });
    expect(byId.get(chatter.userId)).toMatchObject({ fullName: 'Chen Chatter', orderCount: 0, hasConversation: true });
    expect(JSON.stringify(body)).not.toContain('@example.com');
    // The latest dealings first: the conversation came after the order.
    expect(body.items[0].userId).toBe(chatter.userId);

    // The stranger's conversation was appended after those waited for above: it may still be on its way to the view.
    await eventually(async () => expect((await stack.api.get('/api/vendor/customers', market.otherVendor.token)).body.items.map((item: { userId: string }) => item.userId)).toEqual([stranger.userId]));
    expect((await stack.api.get(`/api/vendor/customers?vendorId=${market.vendor.vendorId}`, market.otherVendor.token)).status).toBe(403);
    expect((await stack.api.get('/api/vendor/customers', market.customer.token)).status).toBe(403);
    expect((await stack.api.get(`/api/vendor/customers?vendorId=${market.vendor.vendorId}`, market.admin.token)).body.total).toBe(2);
  });
});
