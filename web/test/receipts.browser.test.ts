import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CHROMIUM_NOT_FOUND, DEMO, apiCall, executablePath, signIn, startBrowserSuite, type BrowserSuite } from './browser-kit.ts';

// Receipts in Chromium (issue 26 item 5): the demo customer pays a 30% deposit in 3 instalments while
// their language is Hebrew, switches to English, pays the balance in 2, and books and cancels a second
// order (refunded in full). Each payment and the refund gets a receipt numbered in the artist's book,
// in the customer's language at issue: the Hebrew receipt right to left with the VAT line at 18% and the
// instalment schedule, the English one in English (a Hebrew link to it lands on the English page), the
// refund receipt marked as one; printing leaves the site's header, footer and buttons out. The order
// page lists its receipts, the payments screen the customer's, the artist's menu its receipt book; 300 px hold a receipt without
// sideways scrolling. Screenshots: /tmp/receipt-*.png.
let suite: BrowserSuite;
const DAY_MS = 86_400_000;
interface ReceiptItem { receiptId: string; number: number; kind: 'payment' | 'refund'; orderId: string; part?: string; language: string; refundOf?: number; vatAmount: { amountMinor: number } }
let receipts: ReceiptItem[] = [];
let keptOrder = '';
let canceledOrder = '';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** axe-core's violations on the page as it is (as web/test/accessibility.browser.test.ts reads them). */
async function violationsOn(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown[] }> }> }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id} ${JSON.stringify(node.target)}`));
}

const byPart = (part: string) => receipts.find((receipt) => receipt.orderId === keptOrder && receipt.part === part)!;

describe.skipIf(!executablePath)(`receipts in Chromium (${executablePath ? 'found' : `skipped: ${CHROMIUM_NOT_FOUND}`})`, () => {
  beforeAll(async () => {
    suite = await startBrowserSuite();
    const url = suite.market.url;
    const vendor = (await signIn(url, DEMO.vendor)).token;
    const customer = (await signIn(url, DEMO.customer)).token;
    const terms = { deposit: { kind: 'percent', percent: 30 }, balanceDueDays: 14, cancellationPolicy: { kind: 'moderate' }, maxInstalments: 6 };
    const product = await apiCall<{ id: string }>(url, 'POST', 'vendor/products', vendor, {
      details: {
        type: 'default', name: { he: 'הופעה עם קבלה', en: 'Show with receipts' }, information: '<p>A show.</p>', featured: false, images: [],
        price: { amountMinor: 150_000, currency: 'ILS' }, additionalInformation: [], introText: 'A show.', serviceDuration: 0, paymentTerms: terms,
      },
    });
    expect(product.status).toBe(201);
    const me = await apiCall<{ fullName: string }>(url, 'GET', 'user/current', customer);
    const speak = async (locale: 'he-IL' | 'en-US') => expect((await apiCall(url, 'PUT', 'user/profile', customer, { fullName: me.body.fullName, locale })).status).toBe(200);
    const book = async () => {
      const date = new Date(Math.floor((Date.now() + 60 * DAY_MS) / 60_000) * 60_000).toISOString();
      const placed = await apiCall<{ id: string }>(url, 'POST', 'orders', customer, {
        productId: product.body.id, eventDetails: { eventType: 'wedding', date, city: 'Haifa', address: 'HaNassi 5', guests: 120, contactPhone: '+972501234567' },
      });
      expect(placed.status).toBe(201);
      return placed.body.id;
    };
    const waitForReceipts = async (count: number) => {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const answer = await apiCall<{ items: ReceiptItem[] }>(url, 'GET', 'receipts?limit=100', customer);
        receipts = answer.body.items.filter((receipt) => receipt.orderId === keptOrder || receipt.orderId === canceledOrder);
        if (receipts.length >= count) return;
        if (Date.now() > deadline) throw new Error(`only ${receipts.length} receipts: ${JSON.stringify(answer.body)}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };
    await speak('he-IL');
    keptOrder = await book();
    expect((await apiCall(url, 'POST', `orders/${keptOrder}/pay`, customer, { cardNumber: '4242424242424242', instalments: 3 })).status).toBe(200);
    await waitForReceipts(1);
    await speak('en-US');
    expect((await apiCall(url, 'POST', `orders/${keptOrder}/balance`, customer, { cardNumber: '4242424242424242', instalments: 2 })).status).toBe(200);
    canceledOrder = await book();
    expect((await apiCall(url, 'POST', `orders/${canceledOrder}/pay`, customer, { cardNumber: '4242424242424242' })).status).toBe(200);
    expect((await apiCall(url, 'POST', `orders/${canceledOrder}/cancel`, customer, { reason: 'Plans changed' })).status).toBe(200);
    await waitForReceipts(4);
  }, 180_000);
  afterAll(async () => {
    await suite?.close();
  });

  it('numbers every payment and refund in the artist\'s book, in the customer\'s language at issue', () => {
    const numbers = receipts.map((receipt) => receipt.number).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(4);
    expect(byPart('deposit').language).toBe('he');
    expect(byPart('balance').language).toBe('en');
    const refund = receipts.find((receipt) => receipt.kind === 'refund')!;
    expect(refund.orderId).toBe(canceledOrder);
    expect(refund.refundOf).toBe(receipts.find((receipt) => receipt.orderId === canceledOrder && receipt.kind === 'payment')!.number);
  });

  it('the Hebrew receipt: right to left, the VAT at 18%, the instalments and their schedule; printing shows the receipt alone', async () => {
    const deposit = byPart('deposit');
    const session = await suite.open('he', { as: DEMO.customer });
    const { page } = session;
    await suite.goto(session, `/user/dashboard/receipts/${deposit.receiptId}`);
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    expect(await page.getByTestId('receipt-title').textContent()).toBe(`קבלה מס׳ ${deposit.number}`);
    expect(await page.getByTestId('receipt-vat').textContent()).toMatch(/מע״מ \(18%\)/);
    // ₪450 deposit (30% of ₪1,500), VAT included: 450 × 18/118 = ₪68.64.
    expect(deposit.vatAmount.amountMinor).toBe(6_864);
    expect(await page.getByTestId('receipt-vat').textContent()).toMatch(/68\.64/);
    expect(await page.getByTestId('receipt-amount').textContent()).toMatch(/450/);
    expect(await page.getByTestId('receipt-part').textContent()).toBe('מקדמה');
    expect(await page.getByTestId('receipt-instalments').textContent()).toBe('3 תשלומים');
    expect(await page.getByTestId('receipt-schedule').locator('tbody tr').count()).toBe(3);
    expect(await page.getByTestId('receipt-customer').textContent()).toBeTruthy();
    expect(await page.getByTestId('receipt-refund-mark').count()).toBe(0);
    await expect(page.getByTestId('receipt-print').isVisible()).resolves.toBe(true);
    await page.screenshot({ path: '/tmp/receipt-he-screen.png', fullPage: true });
    expect(await violationsOn(page)).toEqual([]);

    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.site-header').isVisible()).toBe(false);
    expect(await page.locator('.site-footer').isVisible()).toBe(false);
    expect(await page.getByTestId('receipt-print').isVisible()).toBe(false);
    expect(await page.getByTestId('receipt').isVisible()).toBe(true);
    await page.screenshot({ path: '/tmp/receipt-he-print.png', fullPage: true });
    expect(session.problems).toEqual([]);
  });

  it('the English receipt is in English, also reached from a Hebrew link; the refund receipt is marked as one', async () => {
    const balance = byPart('balance');
    const session = await suite.open('he', { as: DEMO.customer });
    const { page } = session;
    await suite.goto(session, `/user/dashboard/receipts/${balance.receiptId}`);
    expect(new URL(page.url()).pathname).toBe(`/en/user/dashboard/receipts/${balance.receiptId}`);
    expect(await page.getAttribute('html', 'dir')).toBe('ltr');
    expect(await page.getByTestId('receipt-title').textContent()).toBe(`Receipt No. ${balance.number}`);
    expect(await page.getByTestId('receipt-part').textContent()).toBe('Balance');
    expect(await page.getByTestId('receipt-instalments').textContent()).toBe('2 payments');
    expect(await page.getByTestId('receipt-vat').textContent()).toMatch(/Of which VAT \(18%\)/);

    const refund = receipts.find((receipt) => receipt.kind === 'refund')!;
    await page.goto(`${suite.market.url}/en/user/dashboard/receipts/${refund.receiptId}`);
    expect(await page.getByTestId('receipt-title').textContent()).toMatch(new RegExp(`^Refund receipt No\\. ${refund.number}`));
    expect(await page.getByTestId('receipt-refund-mark').textContent()).toBe('Refund');
    expect(await page.getByTestId('receipt-refund-of').textContent()).toBe(`Refund of a payment on receipt No. ${refund.refundOf}`);
    await page.screenshot({ path: '/tmp/receipt-en-refund.png', fullPage: true });
    expect(await violationsOn(page)).toEqual([]);
    await page.emulateMedia({ media: 'print' });
    await page.screenshot({ path: '/tmp/receipt-en-refund-print.png', fullPage: true });
    expect(session.problems).toEqual([]);
  });

  it('the order page lists its receipts, and the payments screen the customer\'s', async () => {
    const session = await suite.open('he', { as: DEMO.customer });
    const { page } = session;
    await suite.goto(session, `/order/${keptOrder}/complete`);
    const items = page.getByTestId('order-receipt');
    await items.nth(1).waitFor({ timeout: 15_000 });
    expect(await items.count()).toBe(2);
    expect(await items.first().textContent()).toMatch(new RegExp(`קבלה מס׳ ${byPart('deposit').number}`));
    // The English receipt's link goes to the English page.
    expect(await items.nth(1).locator('a').getAttribute('href')).toBe(`/en/user/dashboard/receipts/${byPart('balance').receiptId}`);

    await suite.goto(session, '/user/dashboard/payments');
    const rows = page.getByTestId('payment-receipts').getByTestId('receipt-row');
    expect(await rows.count()).toBeGreaterThanOrEqual(4);
    expect(await page.getByTestId('payment-receipts').locator('[data-kind="refund"]').count()).toBeGreaterThanOrEqual(1);
    await page.screenshot({ path: '/tmp/receipt-payments-he.png', fullPage: true });
    expect(await violationsOn(page)).toEqual([]);

    await suite.goto(session, `/user/dashboard/receipts?orderId=${keptOrder}`);
    expect(await page.getByTestId('receipt-row').count()).toBe(2);
    expect(session.problems).toEqual([]);
  });

  it('the artist reads its receipt book from the vendor menu, latest number first', async () => {
    for (const locale of ['he', 'en'] as const) {
      const session = await suite.open(locale, { as: DEMO.vendor });
      const { page } = session;
      await suite.goto(session, '/user/dashboard/vendor/profile');
      await page.locator('[data-testid="vendor-menu"] a', { hasText: locale === 'he' ? 'קבלות' : 'Receipts' }).click();
      await page.waitForURL(/\/user\/dashboard\/vendor\/receipts$/, { timeout: 15_000 });
      await page.getByTestId('receipt-row').first().waitFor({ timeout: 15_000 });
      const numbers = await page.getByTestId('receipt-row').locator('td:first-child').allTextContents();
      const shown = numbers.map((text) => Number(text.replace(/\D/g, '')));
      expect(shown).toEqual([...shown].sort((a, b) => b - a));
      for (const receipt of receipts) expect(shown).toContain(receipt.number);
      expect(await violationsOn(page)).toEqual([]);
      expect(session.problems).toEqual([]);
    }
  });

  it('a receipt fits a 300 px phone without sideways scrolling, in both languages', async () => {
    for (const [locale, receipt] of [['he', byPart('deposit')], ['en', byPart('balance')]] as const) {
      const session = await suite.open(locale, { width: 300, as: DEMO.customer });
      await suite.goto(session, `/user/dashboard/receipts/${receipt.receiptId}`);
      await session.page.getByTestId('receipt').waitFor();
      expect(await session.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      await session.page.screenshot({ path: `/tmp/receipt-${locale}-300.png`, fullPage: true });
    }
  });
});
