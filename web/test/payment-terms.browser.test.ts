import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_NOT_FOUND, apiCall, DEMO, executablePath, signIn, startBrowserSuite, type BrowserSuite } from './browser-kit.ts';

// A product's payment terms in Chromium (issue 26, docs/payments.md "Payment terms on a product"):
// the artist sets a deposit in shekels, the balance's due days, a custom refund schedule edited row by
// row and the most instalments in the product form — a deposit over the price is marked beside its
// field — and the customer reads them in words on the product page and at checkout before placing;
// in Hebrew, the artist page's rows show the demo's terms at 300 px without sideways scrolling.
let suite: BrowserSuite;
let vendorId: string;
let timedProductId: string;

const LIVE = { timeout: 30_000 };
/** Text as a reader sees it: without the bidi isolation marks, spaces collapsed. */
const visible = (text: string | null) => (text ?? '').replace(/[\u2060\u2066-\u2069\u200e\u200f]/g, '').replace(/\s+/g, ' ').trim();

describe.skipIf(!executablePath)(`product payment terms in Chromium (${executablePath ? 'found' : `skipped: ${CHROMIUM_NOT_FOUND}`})`, () => {
  beforeAll(async () => {
    suite = await startBrowserSuite();
    const token = (await signIn(suite.market.url, DEMO.vendor)).token;
    vendorId = (await apiCall<{ Vendor: { id: string } }>(suite.market.url, 'GET', 'user/current', token)).body.Vendor.id;
    const products = await apiCall<{ items: { productId: string; type: string }[] }>(suite.market.url, 'GET', `ecommerce/product?vendorId=${vendorId}`, null);
    timedProductId = products.body.items.find((item) => item.type === 'timedService')!.productId;
  }, 120_000);
  afterAll(async () => {
    await suite?.close();
  });

  it('in English: the artist sets the terms in the product form, and the product page and checkout say them in words', async () => {
    const vendor = await suite.open('en', { as: DEMO.vendor });
    const customer = await suite.open('en', { as: DEMO.customer });
    const tag = Math.random().toString(36).slice(2, 6);
    try {
      await suite.goto(vendor, '/user/dashboard/vendor/products/new');
      const page = vendor.page;
      await page.waitForSelector('[data-testid="product-form"]', LIVE);
      await page.click('[data-testid="type-default"]');
      await page.fill('[data-testid="name-en"]', `Greeting with terms ${tag}`);
      await page.fill('[data-testid="name-he"]', `ברכה עם תנאים ${tag}`);
      await page.fill('[data-testid="introText-en"]', 'A recorded greeting.');
      await page.fill('[data-testid="product-information-en-area"]', 'What is included.');
      await page.fill('[data-testid="product-price"]', '1000');
      await page.fill('[data-testid="product-serviceDuration"]', '0');
      // The named policies say their schedules in words.
      await page.click('[data-testid="policy-strict"]');
      expect(visible(await page.locator('[data-testid="policy-words"]').textContent())).toBe('At least 60 days before the event: 50% backLater: no refund');
      // A deposit over the price is marked beside its field.
      await page.click('[data-testid="deposit-amount"]');
      await page.fill('[data-testid="deposit-amount-value"]', '1200');
      await page.fill('[data-testid="balance-due-days"]', '10');
      await page.fill('[data-testid="max-instalments"]', '6');
      await page.click('[data-testid="product-save"]');
      await page.waitForSelector('[data-testid="product-form-errors"]', LIVE);
      const depositInput = page.locator('input[name="paymentTerms.deposit.amount"]');
      expect(await depositInput.getAttribute('aria-invalid')).toBe('true');
      const describedBy = (await depositInput.getAttribute('aria-describedby'))!.split(' ').at(-1)!;
      expect(visible(await page.locator(`[id="${describedBy}"]`).textContent())).toBe('Enter an amount in shekels, more than nothing and at most the price.');

      await depositInput.fill('300');
      // A custom schedule: edit the rows it starts from, add one, remove one.
      await page.click('[data-testid="policy-custom"]');
      await page.fill('[data-testid="step-days-0"]', '60');
      await page.fill('[data-testid="step-percent-0"]', '100');
      await page.click('[data-testid="add-refund-steps"]');
      await page.fill('[data-testid="step-days-2"]', '5');
      await page.fill('[data-testid="step-percent-2"]', '10');
      await page.locator('[data-testid="remove-refund-steps"]').nth(1).click();
      expect(visible(await page.locator('[data-testid="policy-words"]').textContent()))
        .toBe('At least 60 days before the event: a full refundAt least 5 days before the event: 10% backLater: no refund');
      await page.click('[data-testid="product-save"]');
      await page.waitForSelector('[data-testid="products-notice"]', LIVE);
      const row = page.locator(`[data-testid="vendor-product"]:has-text("Greeting with terms ${tag}")`);
      const productId = (await row.getAttribute('data-product-id', LIVE))!;

      // The product page, and the checkout before placing, say the same terms.
      for (const path of [`/store/product/${productId}`, `/checkout?productId=${productId}`]) {
        await suite.goto(customer, path);
        const terms = visible(await customer.page.locator('[data-testid="payment-terms"]').textContent(LIVE));
        expect(terms).toContain('₪300 deposit to hold the date, the balance ₪700 10 days before the event.');
        expect(terms).toContain("Cancellation policy: the artist's own");
        expect(terms).toContain('At least 60 days before the event: a full refund');
        expect(terms).toContain('At least 5 days before the event: 10% back');
        expect(terms).toContain('Later: no refund');
        expect(terms).toContain('Up to 6 card instalments');
      }
      // Editing the product loads the terms as saved.
      await suite.goto(vendor, `/user/dashboard/vendor/products/${productId}`);
      await page.waitForSelector('[data-testid="product-form"]', LIVE);
      expect(await page.inputValue('input[name="paymentTerms.deposit.amount"]')).toBe('300');
      expect(await page.inputValue('[data-testid="step-days-1"]')).toBe('5');
      expect(await page.isChecked('[data-testid="policy-custom"]')).toBe(true);
      expect(vendor.problems).toEqual([]);
      expect(customer.problems).toEqual([]);
    } finally {
      await vendor.context.close();
      await customer.context.close();
    }
  }, 240_000);

  it("in Hebrew at 300 px: the artist page's services and the product page show the deposit, the policy and the instalments", async () => {
    const guest = await suite.open('he', { width: 300 });
    try {
      await suite.goto(guest, `/artists/artist/${vendorId}/page`);
      const row = guest.page.locator('[data-testid="product-row"][data-product-type="timedService"]').first();
      const terms = row.locator('[data-testid="payment-terms"]');
      const deposit = visible(await terms.locator('[data-testid="payment-terms-deposit"]').textContent(LIVE));
      // The demo artist's timed service: 30% deposit, the balance 14 days before, the moderate policy, up to 3 instalments.
      expect(deposit).toMatch(/^מקדמה של .+ לשריון התאריך, והיתרה, .+, 14 ימים לפני האירוע\.$/);
      await terms.locator('summary').click();
      expect(visible(await terms.locator('[data-testid="refund-schedule"]').textContent())).toBe('לפחות 30 ימים לפני האירוע: החזר מלאלפחות 14 ימים לפני האירוע: החזר של 50%מאוחר יותר: ללא החזר');
      expect(visible(await terms.locator('summary').textContent())).toBe('מדיניות ביטול: מתונה');
      expect(visible(await terms.locator('[data-testid="payment-terms-instalments"]').textContent())).toBe('עד 3 תשלומים בכרטיס אשראי');
      expect(await guest.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(300);

      await suite.goto(guest, `/store/product/${timedProductId}`);
      const onPage = visible(await guest.page.locator('[data-testid="payment-terms"]').textContent(LIVE));
      expect(onPage).toContain('תשלום וביטול');
      expect(onPage).toContain('מדיניות ביטול: מתונה');
      expect(await guest.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(300);
      expect(guest.problems).toEqual([]);
    } finally {
      await guest.context.close();
    }
  }, 180_000);
});
