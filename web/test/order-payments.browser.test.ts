import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, apiCall, signIn, startBrowserSuite, type BrowserSuite, type Locale } from './browser-kit.ts';
import { productDetails } from '../../command-api/testing/fixtures.ts';
import { formatDate, formatPrice } from '../app/format.ts';

// Deposit, balance and instalments on the order page (issue 26, docs/payments.md): the customer pays a
// deposit in instalments from the payment page ("Pay the deposit of ₪450 now, and the balance of ₪1,050
// by <date>"), sees total, paid and the balance due with each payment's schedule, pays the balance from
// the order page, and before canceling reads what the policy gives back; the artist sees an overdue
// balance marked, and that its cancel then refunds by the policy. On a 300 px phone in Hebrew, on a
// desktop in English.
let suite: BrowserSuite;
const DAY_MS = 86_400_000;
const LIVE = { timeout: 30_000 };
const ils = (amountMinor: number) => ({ amountMinor, currency: 'ILS' as const });
const terms = { deposit: { kind: 'percent', percent: 30 }, balanceDueDays: 14, cancellationPolicy: { kind: 'moderate' }, maxInstalments: 6 };

const texts: Record<Locale, {
  depositStep: (deposit: string, balance: string, date: string) => string;
  dueBy: (date: string) => string;
  refundYou: (amount: string, percent: number, paid: string) => string;
  refundOverdue: (amount: string, percent: number, paid: string) => string;
}> = {
  en: {
    depositStep: (deposit, balance, date) => `Pay the deposit of ${deposit} now, and the balance of ${balance} by ${date}.`,
    dueBy: (date) => `by ${date}`,
    refundYou: (amount, percent, paid) => `You will get back ${amount}: ${percent}% of the ${paid} you paid, by the cancellation policy.`,
    refundOverdue: (amount, percent, paid) => `The balance is overdue, so the cancellation policy applies: the customer will get back ${amount}, ${percent}% of the ${paid} paid.`,
  },
  he: {
    depositStep: (deposit, balance, date) => `משלמים עכשיו מקדמה של ${deposit}, ואת היתרה, ${balance}, עד ${date}.`,
    dueBy: (date) => `עד ${date}`,
    refundYou: (amount, percent, paid) => `יוחזרו לך ${amount}: ${percent}% מתוך ${paid} ששילמת, לפי מדיניות הביטול.`,
    refundOverdue: (amount, percent, paid) => `מועד תשלום היתרה עבר, ולכן חלה מדיניות הביטול: ללקוח יוחזרו ${amount}, ${percent}% מתוך ${paid} ששולמו.`,
  },
};

/** The demo artist's product with a 30% deposit, placed by the demo customer for an event `days` from now. */
async function orderWithDeposit(days: number): Promise<string> {
  const { url } = suite.market;
  const vendorToken = (await signIn(url, DEMO.vendor)).token;
  const customerToken = (await signIn(url, DEMO.customer)).token;
  const product = await apiCall<{ id: string }>(url, 'POST', 'vendor/products', vendorToken, { details: { ...productDetails('default'), paymentTerms: terms } });
  expect(product.status).toBe(201);
  const date = new Date(Math.floor((Date.now() + days * DAY_MS) / 60_000) * 60_000).toISOString();
  const eventDetails = { eventType: 'wedding', date, city: 'Haifa', address: 'HaNassi 5', guests: 120, contactPhone: '+972501234567' };
  const placed = await apiCall<{ id: string }>(url, 'POST', 'orders', customerToken, { productId: product.body.id, eventDetails });
  expect(placed.status).toBe(201);
  return placed.body.id;
}

/** Spaces as one: prices hold no-break spaces, which the page's text and the expected text may write either way. */
const norm = (value: string) => value.replace(/\s+/g, ' ').trim();
const text = async (page: Page, selector: string) => norm((await page.locator(selector).first().textContent(LIVE)) ?? '');
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

async function depositThenBalance(locale: Locale, width: number) {
  const words = texts[locale];
  const price = (amountMinor: number) => formatPrice(ils(amountMinor), locale);
  const orderId = await orderWithDeposit(20);
  const customer = await suite.open(locale, { as: DEMO.customer, width });
  const { page } = customer;
  await suite.goto(customer, `/order/${orderId}/payment`);
  const order = (await apiCall<{ eventAt: string }>(suite.market.url, 'GET', `orders/${orderId}`, (await signIn(suite.market.url, DEMO.customer)).token)).body;
  const dueAt = new Date(Date.parse(order.eventAt) - 14 * DAY_MS).toISOString();
  const dueDate = formatDate(dueAt, locale, { dateStyle: 'medium' });
  expect(await text(page, '[data-testid="deposit-step"]')).toBe(norm(words.depositStep(price(45000), price(105000), dueDate)));
  // Up to the six instalments the artist allows.
  expect(await page.locator('[data-testid="instalments"] option').count()).toBe(6);
  expect(await fitsWidth(page)).toBe(true);
  await page.fill('[data-testid="card-number"]', '4242 4242 4242 4242');
  await page.selectOption('[data-testid="instalments"]', '3');
  await page.click('[data-testid="pay"]');
  await page.waitForSelector('[data-testid="order-money"]', LIVE);

  // Total, paid, the balance due by its date; the deposit in three instalments of ₪150.
  expect(await text(page, '[data-testid="order-money-total"]')).toBe(norm(price(150000)));
  expect(await text(page, '[data-testid="order-money-paid"]')).toBe(norm(price(45000)));
  expect(await text(page, '[data-testid="order-money-due"]')).toBe(norm(`${price(105000)} ${words.dueBy(dueDate)}`));
  expect(await page.locator('[data-testid="order-payment"][data-part="deposit"] [data-testid="instalment-schedule"] li').count()).toBe(3);
  expect(await fitsWidth(page)).toBe(true);

  // The balance, from the order page, in two instalments.
  await page.fill('[data-testid="balance-card-number"]', '4242424242424242');
  await page.selectOption('[data-testid="balance-instalments"]', '2');
  await page.click('[data-testid="pay-balance"]');
  await page.waitForSelector('[data-testid="order-payment"][data-part="balance"]', LIVE);
  expect(await page.locator('[data-testid="balance-form"]').count()).toBe(0);
  expect(await text(page, '[data-testid="order-money-paid"]')).toBe(norm(price(150000)));
  expect(await page.locator('[data-testid="order-payment"][data-part="balance"] [data-testid="instalment-schedule"] li').count()).toBe(2);

  // Before confirming a cancel: 19 whole days before the event, the moderate policy gives back half.
  await page.click('[data-testid="order-cancel"]');
  expect(await text(page, '[data-testid="order-cancel-refund"]')).toBe(norm(words.refundYou(price(75000), 50, price(150000))));
  await page.fill('[data-testid="order-cancel-reason"]', 'Plans changed');
  await page.click('[data-testid="order-cancel-confirm"]');
  await page.waitForSelector('[data-testid="order-cancellation-refund"]', LIVE);
  expect(await page.locator('[data-testid="order-payment"][data-part="balance"] [data-testid="order-payment-refund"]').count()).toBe(1);
  expect(await fitsWidth(page)).toBe(true);
  expect(customer.problems).toEqual([]);
}

async function overdueToTheArtist(locale: Locale, width: number) {
  const words = texts[locale];
  const price = (amountMinor: number) => formatPrice(ils(amountMinor), locale);
  // Ten days before the event the balance (due 14 days before) is overdue at once.
  const orderId = await orderWithDeposit(10);
  const customerToken = (await signIn(suite.market.url, DEMO.customer)).token;
  expect((await apiCall(suite.market.url, 'POST', `orders/${orderId}/pay`, customerToken, { cardNumber: '4242424242424242' })).status).toBe(200);
  const vendor = await suite.open(locale, { as: DEMO.vendor, width });
  const { page } = vendor;
  await suite.goto(vendor, `/order/${orderId}/complete`);
  await page.waitForSelector('[data-testid="order-overdue"]', LIVE);
  expect(await page.locator('.is-overdue [data-testid="order-money-due"]').count()).toBe(1);
  // Only the customer pays the balance.
  expect(await page.locator('[data-testid="balance-form"]').count()).toBe(0);
  await page.click('[data-testid="order-cancel"]');
  expect(await text(page, '[data-testid="order-cancel-refund"]')).toBe(norm(words.refundOverdue(price(0), 0, price(45000))));
  expect(await fitsWidth(page)).toBe(true);
  expect(vendor.problems).toEqual([]);
}

describe('order payments in the browser', () => {
  beforeAll(async () => { suite = await startBrowserSuite(); }, 120_000);
  afterAll(async () => { await suite?.close(); });

  it('Hebrew on a 300 px phone: deposit in instalments, the balance from the order page, the refund before canceling', { timeout: 120_000 }, () => depositThenBalance('he', 300));
  it('English on a desktop: the artist sees the overdue balance and that the policy applies to its cancel', { timeout: 120_000 }, () => overdueToTheArtist('en', 1280));
});
