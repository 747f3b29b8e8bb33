import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_NOT_FOUND, DEMO, apiCall, executablePath, signIn, startBrowserSuite, type BrowserSuite, type Locale } from './browser-kit.ts';

// The admin money screen in Chromium (issue 26 item 6): the demo artist sells a service with a 30%
// deposit and the balance due 14 days before the event; the demo customer books it twice and pays
// the deposits — one event in 60 days (its balance due), one in 5 days (its balance already overdue).
// The demo admin sees the overdue balance marked in words, the balance due with its date, the deposits
// taken with their sums; filters by the artist; and a phone's 300 px hold the screen without sideways
// scrolling. In Hebrew (right to left) and in English.
let suite: BrowserSuite;
const DAY_MS = 86_400_000;

const texts: Record<Locale, { title: string; overdue: string; vendorLabel: string }> = {
  en: { title: 'Money', overdue: 'Overdue', vendorLabel: 'Artist' },
  he: { title: 'כספים', overdue: 'באיחור', vendorLabel: 'אמן' },
};

let overdueOrder = '';
let dueOrder = '';
let vendorId = '';

describe.skipIf(!executablePath)(`admin money in Chromium (${executablePath ? 'found' : `skipped: ${CHROMIUM_NOT_FOUND}`})`, () => {
  beforeAll(async () => {
    suite = await startBrowserSuite();
    const url = suite.market.url;
    const vendor = (await signIn(url, DEMO.vendor)).token;
    const customer = (await signIn(url, DEMO.customer)).token;
    vendorId = (await apiCall<{ Vendor?: { id: string } }>(url, 'GET', 'user/current', vendor)).body.Vendor!.id;
    const terms = { deposit: { kind: 'percent', percent: 30 }, balanceDueDays: 14, cancellationPolicy: { kind: 'moderate' }, maxInstalments: 6 };
    const product = await apiCall<{ id: string }>(url, 'POST', 'vendor/products', vendor, {
      details: {
        type: 'default', name: { he: 'הופעה עם מקדמה', en: 'Show with a deposit' }, information: '<p>A show.</p>', featured: false, images: [],
        price: { amountMinor: 150_000, currency: 'ILS' }, additionalInformation: [], introText: 'A show.', serviceDuration: 0, paymentTerms: terms,
      },
    });
    expect(product.status).toBe(201);
    const book = async (days: number) => {
      const date = new Date(Math.floor((Date.now() + days * DAY_MS) / 60_000) * 60_000).toISOString();
      const placed = await apiCall<{ id: string }>(url, 'POST', 'orders', customer, {
        productId: product.body.id, eventDetails: { eventType: 'wedding', date, city: 'Haifa', address: 'HaNassi 5', guests: 120, contactPhone: '+972501234567' },
      });
      expect(placed.status).toBe(201);
      expect((await apiCall(url, 'POST', `orders/${placed.body.id}/pay`, customer, { cardNumber: '4242424242424242' })).status).toBe(200);
      return placed.body.id;
    };
    dueOrder = await book(60);
    overdueOrder = await book(5);

    const admin = (await signIn(url, DEMO.admin)).token;
    const deadline = Date.now() + 30_000;
    for (;;) {
      const answer = await apiCall<{ overdueBalances: { items: Array<{ orderId: string }> }; balancesDue: { items: Array<{ orderId: string }> } }>(url, 'GET', 'admin/money', admin);
      if (answer.status === 200 && answer.body.overdueBalances.items.some((row) => row.orderId === overdueOrder)
        && answer.body.balancesDue.items.some((row) => row.orderId === dueOrder)) break;
      if (Date.now() > deadline) throw new Error(`the money read never showed the orders: ${JSON.stringify(answer.body)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 180_000);
  afterAll(async () => {
    await suite?.close();
  });

  for (const locale of ['he', 'en'] as const) {
    it(`shows the overdue balance marked, the balance due, the deposits and their sums, and filters by artist (${locale})`, async () => {
      const text = texts[locale];
      const session = await suite.open(locale, { as: DEMO.admin });
      const { page } = session;
      await suite.goto(session, '/admin/money');
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(text.title);
      expect(await page.getAttribute('html', 'dir')).toBe(locale === 'he' ? 'rtl' : 'ltr');

      const overdue = page.getByTestId('money-overdueBalances').locator(`[data-order-id="${overdueOrder}"]`);
      expect(await overdue.getAttribute('data-overdue')).toBe('true');
      expect(await overdue.getByTestId('money-overdue-badge').textContent()).toBe(text.overdue);
      // ₪1,050 of ₪1,500 is still to pay after the 30% deposit.
      expect(await overdue.textContent()).toMatch(/1,050/);
      const due = page.getByTestId('money-balancesDue').locator(`[data-order-id="${dueOrder}"]`);
      expect(await due.count()).toBe(1);
      expect(await due.getAttribute('data-overdue')).toBeNull();
      expect(await page.getByTestId('money-depositsTaken').locator(`[data-order-id="${dueOrder}"]`).textContent()).toMatch(/450/);
      expect(await page.getByTestId('money-sum-overdueBalances').getAttribute('class')).toContain('money-sum-alert');
      // The sum is every overdue balance's, the demo seed's among them: the page shows the read's sum.
      const admin = (await signIn(suite.market.url, DEMO.admin)).token;
      const { overdueBalances } = (await apiCall<{ overdueBalances: { sum: { amountMinor: number } } }>(suite.market.url, 'GET', 'admin/money', admin)).body;
      expect(overdueBalances.sum.amountMinor).toBeGreaterThanOrEqual(105_000);
      expect(await page.getByTestId('money-sum-overdueBalances').locator('dd').textContent()).toContain((overdueBalances.sum.amountMinor / 100).toLocaleString('en-US'));
      await page.screenshot({ path: `/tmp/admin-money-${locale}-wide.png`, fullPage: true });

      // One artist's money: the address names it, the lists keep its orders.
      await page.getByLabel(text.vendorLabel).selectOption(vendorId);
      await page.getByTestId('money-filter-apply').click();
      await page.waitForURL(/vendorId=/, { timeout: 15_000 });
      await page.getByTestId('money-overdueBalances').locator(`[data-order-id="${overdueOrder}"]`).waitFor({ timeout: 15_000 });
      expect(session.problems).toEqual([]);
    });
  }

  it('fits a 300 px phone without sideways scrolling', async () => {
    for (const locale of ['he', 'en'] as const) {
      const session = await suite.open(locale, { width: 300, as: DEMO.admin });
      await suite.goto(session, '/admin/money');
      await session.page.getByTestId('money-sums').waitFor();
      expect(await session.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      await session.page.screenshot({ path: `/tmp/admin-money-${locale}-narrow.png`, fullPage: true });
    }
  });
});
