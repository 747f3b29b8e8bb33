import { beforeAll, describe, expect, it } from 'vitest';
import { useMarketplaceOn } from '../command-api/testing/marketplace.ts';
import { registerAndSignIn, type SignedInUser } from '../command-api/client/accounts.ts';
import { startFullStack } from '../test/full-stack.ts';

// What the order screens read beside each order: both parties' names (current, from `users` and
// `vendorCards`), the order's review, and the open/finished split of the lists.
const CARD = '4242424242424242';

describe('order answers for the order screens (over HTTP)', () => {
  const { app: stack, m: market } = useMarketplaceOn(startFullStack);
  let customer: SignedInUser;
  const orders: Record<'open' | 'completed' | 'canceled', string> = { open: '', completed: '', canceled: '' };

  async function settle(orderId: string, write: { body: { streamId: string; revision: number } }) {
    expect((await stack.runtime.waitFor('orders', orderId, write.body.streamId, write.body.revision, 5_000)).reached).toBe(true);
  }

  beforeAll(async () => {
    customer = await registerAndSignIn(stack.api, stack.mailer, { email: 'dana@example.com', fullName: 'Dana Levi' });
    const place = async () => (await stack.api.post('/api/orders', { productId: market.products.default }, customer.token)).body.id as string;
    orders.completed = await place();
    await stack.api.post(`/api/orders/${orders.completed}/pay`, { cardNumber: CARD }, customer.token);
    await stack.api.post(`/api/orders/${orders.completed}/approve`, {}, market.vendor.token);
    await stack.api.post(`/api/orders/${orders.completed}/complete`, {}, market.vendor.token);
    const reviewed = await stack.api.post(`/api/orders/${orders.completed}/review`, { rating: 5, text: 'Everyone danced' }, customer.token);
    expect(reviewed.status).toBe(201);
    expect((await stack.runtime.waitFor('reviews', orders.completed, reviewed.body.streamId, reviewed.body.revision, 5_000)).reached).toBe(true);
    orders.canceled = await place();
    const canceled = await stack.api.post(`/api/orders/${orders.canceled}/cancel`, { reason: 'Date moved' }, customer.token);
    await settle(orders.canceled, canceled);
    orders.open = await place();
    const paid = await stack.api.post(`/api/orders/${orders.open}/pay`, { cardNumber: CARD }, customer.token);
    await settle(orders.open, paid);
    await stack.queryApi.cache.settled();
  });

  it('names the customer and the vendor on every order, to both sides', async () => {
    const asCustomer = await stack.api.get(`/api/orders/${orders.open}`, customer.token);
    expect(asCustomer.body).toMatchObject({ customerName: 'Dana Levi', vendorName: { en: 'Band 1', he: 'להקת Band 1' }, review: null });
    const asVendor = await stack.api.get('/api/vendor/orders?limit=999', market.vendor.token);
    expect(asVendor.body.items.map((order: { customerName: string }) => order.customerName)).toEqual(['Dana Levi', 'Dana Levi', 'Dana Levi']);
  });

  it('carries the review of a reviewed order', async () => {
    const answer = await stack.api.get(`/api/orders/${orders.completed}`, market.vendor.token);
    expect(answer.body.review).toMatchObject({ rating: 5, text: 'Everyone danced', editedAt: null });
  });

  it('lists open orders (new, payed, approved) or finished ones (completed, canceled) on request', async () => {
    const idsOf = (answer: { body: { items: { orderId: string }[] } }) => answer.body.items.map((order) => order.orderId).sort();
    expect(idsOf(await stack.api.get('/api/orders?open=true', customer.token))).toEqual([orders.open]);
    expect(idsOf(await stack.api.get('/api/orders?open=false', customer.token))).toEqual([orders.completed, orders.canceled].sort());
    expect(idsOf(await stack.api.get('/api/vendor/orders?open=true', market.vendor.token))).toEqual([orders.open]);
    expect(idsOf(await stack.api.get('/api/vendor/orders?open=false&status=canceled', market.vendor.token))).toEqual([orders.canceled]);
    expect(idsOf(await stack.api.get('/api/vendor/orders?open=true&status=canceled', market.vendor.token))).toEqual([]);
    expect((await stack.api.get('/api/orders?open=maybe', customer.token)).status).toBe(422);
  });

  it('shows a new name at once after the customer renames themselves', async () => {
    const renamed = await stack.api.put('/api/user/profile', { fullName: 'Dana Mizrahi', locale: 'he-IL' }, customer.token);
    expect(renamed.status).toBeLessThan(300);
    await stack.runtime.waitFor('users', customer.userId, `user-${customer.userId}`, renamed.body.revision, 5_000);
    await stack.queryApi.cache.settled();
    const answer = await stack.api.get(`/api/vendor/orders?open=true`, market.vendor.token);
    expect(answer.body.items[0].customerName).toBe('Dana Mizrahi');
  });
});
