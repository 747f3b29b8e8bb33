import { expect } from 'vitest';
import type { Actor } from '../../domain/shared/actor.ts';
import { orderDecider, orderStream } from '../../domain/order/decider.ts';
import { orderedProductOf } from '../../domain/order/ordered-product.ts';
import { productDecider, productStream, type ProductState } from '../../domain/product/decider.ts';
import type { ProductEvent } from '../../domain/product/events.ts';
import { DEMO, apiCall, signIn, type TestMarketplace } from './marketplace.ts';

// Orders of the demo customer for the demo artist's timed show, paid and approved, for the browser
// tests of completion (an order completes only once its event is over, issue 22 item 3).

const CARD = '4242424242424242';

interface Parties { customerToken: string; vendorToken: string; customerId: string; productId: string }

async function partiesOf(market: TestMarketplace): Promise<Parties> {
  const customerToken = (await signIn(market.url, DEMO.customer)).token;
  const vendorToken = (await signIn(market.url, DEMO.vendor)).token;
  const customerId = (await apiCall<{ uuid: string }>(market.url, 'GET', 'user/current', customerToken)).body.uuid;
  const vendorId = (await apiCall<{ Vendor: { id: string } }>(market.url, 'GET', 'user/current', vendorToken)).body.Vendor.id;
  const products = await apiCall<{ items: { productId: string }[] }>(market.url, 'GET', `ecommerce/product?vendorId=${vendorId}&type=timedService`, null);
  return { customerToken, vendorToken, customerId, productId: products.body.items[0]!.productId };
}

async function payAndApprove(market: TestMarketplace, parties: Parties, orderId: string): Promise<string> {
  expect((await apiCall(market.url, 'POST', `orders/${orderId}/pay`, parties.customerToken, { cardNumber: CARD })).status).toBe(200);
  expect((await apiCall(market.url, 'POST', `orders/${orderId}/approve`, parties.vendorToken, {})).status).toBe(200);
  return orderId;
}

/** Booked now through the API for `start`, paid and approved: an event still to come. Answers the order id. */
export async function bookedFor(market: TestMarketplace, start: string): Promise<string> {
  const parties = await partiesOf(market);
  const placed = await apiCall<{ id: string }>(market.url, 'POST', 'orders', parties.customerToken, { productId: parties.productId, start });
  expect(placed.status).toBe(201);
  return payAndApprove(market, parties, placed.body.id);
}

/**
 * Booked three weeks ago for a performance that ends `endsInMs` from now (negative: it has ended): the
 * booking is decided as it was then, by the order decider at that time, and written to the log as
 * older data (the API books only times still to come); then the customer pays and the artist approves
 * it through the API, as they would have before the event. Answers the order id.
 */
export async function bookedWeeksAgo(market: TestMarketplace, endsInMs: number): Promise<string> {
  const parties = await partiesOf(market);
  const productEvents = await market.eventStore.readStream(productStream(parties.productId));
  const product = orderedProductOf(productEvents.reduce<ProductState>((state, event) => productDecider.evolve(state, event as unknown as ProductEvent), productDecider.initialState))!;
  const start = new Date(Date.now() + endsInMs - product.serviceDuration! * 60_000).toISOString();
  const at = new Date(Date.now() - 21 * 86_400_000).toISOString();
  const actor: Actor = { userId: parties.customerId, roles: ['user'], groups: [], vendorId: null };
  const orderId = crypto.randomUUID();
  const [placed] = orderDecider.decide({ type: 'PlaceOrder', actor, at, orderId, customerId: parties.customerId, product, start }, null);
  // Paid back then within the slot's 15-minute hold (issue 26): the payment is made through the API now,
  // so the order is written without the hold, which would have run out weeks ago.
  const { holdUntil: _heldUntil, ...data } = placed!.data as Extract<typeof placed, { type: 'OrderPlaced' }>['data'];
  await market.eventStore.append(orderStream(orderId), [{
    id: crypto.randomUUID(), type: placed!.type, data, metadata: { actor, correlationId: crypto.randomUUID(), causationId: null, at, schemaVersion: 1 },
  }], 'no_stream');
  return payAndApprove(market, parties, orderId);
}

/** The order's slot end as the API answers it. */
export async function slotEndOf(market: TestMarketplace, orderId: string): Promise<string> {
  const vendorToken = (await signIn(market.url, DEMO.vendor)).token;
  return (await apiCall<{ slot: { end: string } }>(market.url, 'GET', `orders/${orderId}`, vendorToken)).body.slot.end;
}
