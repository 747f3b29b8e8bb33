import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_NOT_FOUND, DEMO, apiCall, executablePath, signIn, startBrowserSuite, type BrowserSuite, type Locale } from './browser-kit.ts';

// The admin Analytics screen in Chromium: the demo admin opens it and sees the demo's
// orders, revenue and artist response time drawn as bars with values, a booking made three weeks ahead
// in the lead-time chart, and the visits of a tagged link by utm_source; each chart's numbers open as a table; the period switches to 90 days; and a phone's
// 300 px hold it without sideways scrolling. In Hebrew (right to left) and in English.
let suite: BrowserSuite;

const texts: Record<Locale, { title: string; showTable: string; hideTable: string; days90: string; weekly: string; status: string }> = {
  en: {
    title: 'Analytics', showTable: 'Show as a table', hideTable: 'Hide the table', days90: 'Last 90 days', weekly: 'Orders per week by status', status: 'Completed',
  },
  he: {
    title: 'נתונים', showTable: 'הצגה כטבלה', hideTable: 'הסתרת הטבלה', days90: '90 הימים האחרונים', weekly: 'הזמנות לשבוע לפי סטטוס', status: 'הושלמה',
  },
};

describe.skipIf(!executablePath)(`admin Analytics in Chromium (${executablePath ? 'found' : `skipped: ${CHROMIUM_NOT_FOUND}`})`, () => {
  beforeAll(async () => {
    suite = await startBrowserSuite();
    // A visitor arrives through a tagged link: the storefront reports the utm_source hit.
    const visitor = await suite.open('he');
    await visitor.page.goto(`${suite.market.url}/?utm_source=newsletter`);
    await visitor.page.waitForResponse((response) => response.url().includes('/api/tracking/source/hit/newsletter'), { timeout: 20_000 });
    // The customer books the demo artist's timed service about three weeks ahead and pays: an order
    // with an event date, for the lead-time chart.
    const customer = (await signIn(suite.market.url, DEMO.customer)).token;
    const artist = await apiCall<{ Vendor?: { id: string } }>(suite.market.url, 'GET', 'user/current', (await signIn(suite.market.url, DEMO.vendor)).token);
    const timed = await apiCall<{ items: Array<{ productId: string }> }>(suite.market.url, 'GET', `ecommerce/product?vendorId=${artist.body.Vendor!.id}&type=timedService`, null);
    let booked: string | null = null;
    for (let day = 20; booked === null && day < 30; day++) {
      const start = new Date(Date.now() + day * 86_400_000);
      start.setUTCHours(9, 0, 0, 0);
      const placed = await apiCall<{ id: string }>(suite.market.url, 'POST', 'orders', customer, { productId: timed.body.items[0]!.productId, start: start.toISOString() });
      if (placed.status === 201) booked = placed.body.id;
    }
    expect(booked).not.toBeNull();
    expect((await apiCall(suite.market.url, 'POST', `orders/${booked}/pay`, customer, { cardNumber: '4242424242424242' })).status).toBe(200);

    // The views apply the hit (and the seed's orders) a moment later: wait until the analytics read has them.
    const admin = (await signIn(suite.market.url, DEMO.admin)).token;
    const deadline = Date.now() + 30_000;
    for (;;) {
      const answer = await apiCall<{ totals: { orders: number }; sources: { hits: number } | null }>(suite.market.url, 'GET', 'admin/analytics?days=90', admin);
      if (answer.status === 200 && answer.body.totals.orders > 0 && (answer.body.sources?.hits ?? 0) > 0) break;
      if (Date.now() > deadline) throw new Error(`the analytics read never showed the demo: ${JSON.stringify(answer.body)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 180_000);
  afterAll(async () => {
    await suite?.close();
  });

  for (const locale of ['he', 'en'] as const) {
    it(`shows the demo's orders, revenue, response time and sources as bars with values (${locale})`, async () => {
      const text = texts[locale];
      const session = await suite.open(locale, { as: DEMO.admin });
      const { page } = session;
      await suite.goto(session, '/admin/analytics');
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(text.title);
      expect(await page.getAttribute('html', 'dir')).toBe(locale === 'he' ? 'rtl' : 'ltr');

      // Orders per day by status: some day holds the demo's orders, and the totals say the same.
      const orders = page.getByTestId('chart-orders');
      const columnValues = (await orders.locator('.chart-column').evaluateAll((columns) => columns.map((column) => Number(column.getAttribute('data-value')))));
      expect(columnValues).toHaveLength(30);
      const ordered = columnValues.reduce((sum, value) => sum + value, 0);
      expect(ordered).toBeGreaterThan(0);
      expect(await page.getByTestId('analytics-total-orders').locator('dd').textContent()).toBe(String(ordered));
      // Each day with orders names its parts by status (the demo's completed orders among them) and draws them.
      const filled = orders.locator('.chart-column:not([data-value="0"])');
      const labels = await filled.evaluateAll((columns) => columns.map((column) => column.getAttribute('aria-label') ?? ''));
      expect(labels.some((label) => label.includes(text.status))).toBe(true);
      expect(await filled.first().locator('rect.chart-bar').count()).toBeGreaterThan(0);

      // Revenue per category and the artists' response time: bars with values.
      const revenue = await page.getByTestId('chart-revenue').locator('svg.chart-row-bar').evaluateAll((bars) => bars.map((bar) => Number(bar.getAttribute('data-value'))));
      expect(revenue.length).toBeGreaterThan(0);
      expect(revenue.every((value) => value > 0)).toBe(true);
      expect(await page.getByTestId('chart-revenue').locator('svg.chart-row-bar').first().getAttribute('aria-label')).toMatch(/₪/);
      // Revenue by month split into deposits, balances and full payments (issue 26): the payment made today stands in this month's column.
      const months = page.getByTestId('chart-revenue-by-month').locator('.chart-column');
      const monthValues = await months.evaluateAll((columns) => columns.map((column) => Number(column.getAttribute('data-value'))));
      expect(monthValues.at(-1)).toBeGreaterThan(0);
      expect(await months.last().getAttribute('aria-label')).toMatch(/₪/);
      const responses = await page.getByTestId('chart-response-time').locator('.chart-column').evaluateAll((columns) => columns.map((column) => Number(column.getAttribute('data-value'))));
      expect(responses.some((value) => value > 0)).toBe(true);
      await expect(page.getByTestId('response-median').isVisible()).resolves.toBe(true);
      // The order booked three weeks ahead stands in the 14–29 days bin.
      const leadTimes = await page.getByTestId('chart-lead-time').locator('.chart-column').evaluateAll((columns) => columns.map((column) => Number(column.getAttribute('data-value'))));
      expect(leadTimes).toHaveLength(7);
      expect(leadTimes[2]).toBeGreaterThanOrEqual(1);
      // The demo admin is a super user: the tagged visit is counted under its source.
      const newsletter = page.getByTestId('chart-sources').locator('svg.chart-row-bar[aria-label^="newsletter"]');
      expect(Number(await newsletter.getAttribute('data-value'))).toBeGreaterThanOrEqual(1);

      // The same numbers as a table.
      const toggle = orders.getByRole('button', { name: text.showTable });
      await toggle.click();
      const table = orders.getByRole('table');
      await table.waitFor({ state: 'visible', timeout: 10_000 });
      expect(await orders.getByRole('button', { name: text.hideTable }).getAttribute('aria-expanded')).toBe('true');
      expect(await table.locator('tbody tr').count()).toBe(30);

      // Another period: weeks instead of days.
      await page.getByRole('link', { name: text.days90 }).click();
      await page.waitForURL(/days=90/, { timeout: 15_000 });
      await page.getByRole('heading', { name: text.weekly }).waitFor({ timeout: 15_000 });
      expect(await page.getByRole('link', { name: text.days90 }).getAttribute('aria-current')).toBe('page');
      expect(session.problems).toEqual([]);
    });
  }

  it('fits a 300 px phone without sideways scrolling', async () => {
    for (const locale of ['he', 'en'] as const) {
      const session = await suite.open(locale, { width: 300, as: DEMO.admin });
      await suite.goto(session, '/admin/analytics');
      await session.page.getByTestId('chart-orders').waitFor();
      expect(await session.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    }
  });
});
