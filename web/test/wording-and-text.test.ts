import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, DEMO, page, signIn, startTestMarketplace, type TestMarketplace } from './marketplace.ts';

// The after-payment page says what happened, and a declined card is an entry of
// the order's history of its own instead of a second "Awaiting payment". A product card keeps its
// type and price apart, and names set in sentences are isolated for bidi.
let market: TestMarketplace;
let customer: string;
let productId: string;
let vendorId: string;

const count = (html: string, text: string) => html.split(text).length - 1;
const progressOf = (html: string) => /<ol class="order-steps"[\s\S]*?<\/ol>/.exec(html)?.[0] ?? '';

beforeAll(async () => {
  market = await startTestMarketplace();
  customer = (await signIn(market.url, DEMO.customer)).token;
  const { token } = await signIn(market.url, DEMO.vendor);
  vendorId = (await apiCall<{ Vendor: { id: string } }>(market.url, 'GET', 'user/current', token)).body.Vendor.id;
  const products = await apiCall<{ items: { productId: string; type: string }[] }>(market.url, 'GET', `ecommerce/product?vendorId=${vendorId}`, null);
  productId = products.body.items.find((item) => item.type === 'default')!.productId;
}, 120_000);

afterAll(async () => {
  await market?.close();
});

describe('payment wording', () => {
  it('after a declined card and a paid one: "Payment received", and the history lists the decline once', async () => {
    const placed = await apiCall<{ id: string }>(market.url, 'POST', 'orders', customer, { productId });
    expect(placed.status).toBe(201);
    const declined = await apiCall(market.url, 'POST', `orders/${placed.body.id}/pay`, customer, { cardNumber: '4000000000000002' });
    expect(declined.status).toBe(402);
    const paid = await apiCall<{ revision: number }>(market.url, 'POST', `orders/${placed.body.id}/pay`, customer, { cardNumber: '4242424242424242' });
    expect(paid.status).toBe(200);

    const english = await page(market.url, `/en/order/${placed.body.id}/complete?rev=${paid.body.revision}`, customer);
    expect(english.html).toMatch(/<h1[^>]*>Payment received<\/h1>/);
    expect(english.html).toContain('<title>Payment received');
    expect(english.html).not.toContain('Order complete');
    expect(english.html).toContain('We charged your card ending 4242');
    const steps = progressOf(english.html);
    expect(count(steps, '>Placed<')).toBe(1);
    expect(english.html).not.toContain('Awaiting payment');
    expect(count(steps, 'data-testid="order-step-declined"')).toBe(1);
    expect(steps.indexOf('>Placed<')).toBeLessThan(steps.indexOf('Payment declined'));
    expect(steps.indexOf('Payment declined')).toBeLessThan(steps.indexOf('>Paid<'));

    const hebrew = await page(market.url, `/order/${placed.body.id}/complete?rev=${paid.body.revision}`, customer);
    expect(hebrew.html).toMatch(/<h1[^>]*>התשלום התקבל<\/h1>/);
    expect(count(progressOf(hebrew.html), 'התשלום נדחה')).toBe(1);
  }, 60_000);

  it('an order not paid yet is "Your order", not a payment received', async () => {
    const placed = await apiCall<{ id: string; revision: number }>(market.url, 'POST', 'orders', customer, { productId });
    const html = (await page(market.url, `/en/order/${placed.body.id}/complete?rev=${placed.body.revision}`, customer)).html;
    expect(html).toMatch(/<h1[^>]*>Your order<\/h1>/);
    expect(html).not.toContain('Payment received');
  }, 60_000);
});

describe('text in pages', () => {
  it('a product card puts a space between the type and the price, and the store title isolates the artist name', async () => {
    for (const prefix of ['', '/en']) {
      const html = (await page(market.url, `${prefix}/store/vendor/${vendorId}`)).html;
      const feet = [...html.matchAll(/<p class="product-card-foot">([\s\S]*?)<\/p>/g)].map((match) => match[1]!);
      expect(feet.length).toBeGreaterThan(0);
      for (const foot of feet) expect(foot).toMatch(/<\/span> <[a-z]/);
      // Isolated, and in the language its letters are in (IsolatedText).
      expect(html).toMatch(/<h1>[^<]*<bdi lang="(he|en)">[^<]+<\/bdi>[^<]*<\/h1>/);
    }
  });
});
