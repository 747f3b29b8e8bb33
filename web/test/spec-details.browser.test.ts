import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, DEMO, executablePath, signIn, startBrowserSuite, type BrowserSuite, type Locale } from './browser-kit.ts';

// SPEC details a visitor meets on the way: help for everyone at /help (SPEC §1 support contact), the
// notifications at the dashboard's own path (SPEC §2 user-dashboard-notifications), phone prefixes
// named by their countries' flags and names in the page's language (SPEC §3 country entry), in-page
// links landing 80 px below the top on a desktop and a phone (SPEC §9 sticky offset), and the
// no-inactive-registration guard (SPEC §6): an archived artist is told so instead of editing.
const LIVE = { timeout: 30_000 };
let suite: BrowserSuite;

const words: Record<Locale, { help: string; israel: string; usCanada: string; archived: string }> = {
  he: { help: 'עזרה', israel: '+972 🇮🇱 ישראל', usCanada: '+1 🇺🇸 🇨🇦 ארצות הברית, קנדה', archived: 'עמוד האמן שלך בארכיון' },
  en: { help: 'Help', israel: '+972 🇮🇱 Israel', usCanada: '+1 🇺🇸 🇨🇦 United States, Canada', archived: 'Your artist page is archived' },
};

describe.skipIf(!executablePath)('SPEC details in the browser', () => {
  beforeAll(async () => { suite = await startBrowserSuite(); }, 180_000);
  afterAll(async () => { await suite?.close(); });

  for (const locale of ['he', 'en'] as const) {
    it(`a guest finds help at /help, from the footer, on a 300 px phone (${locale})`, async () => {
      const session = await suite.open(locale, { width: 300 });
      const { page } = session;
      await suite.goto(session, '/');
      await page.click(`footer a[href="${session.prefix}/help"]`);
      await page.waitForSelector('[data-testid="public-help"]', LIVE);
      expect(await page.locator('h1').textContent()).toBe(words[locale].help);
      expect(await page.locator('[data-testid="help-whatsapp-link"]').getAttribute('href')).toMatch(/^https:\/\/wa\.me\/\d+$/);
      expect(await page.locator('[data-testid="help-faq"] .rich-text').count()).toBe(1);
      const answer = await page.goto(`${suite.market.url}${session.prefix}/help`);
      expect(answer?.status()).toBe(200);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(300);
      expect(session.problems).toEqual([]);
    });

    it(`the dashboard's notifications path and the phone prefixes by country (${locale})`, async () => {
      const session = await suite.open(locale, { as: DEMO.customer });
      const { page } = session;
      const answer = await page.goto(`${suite.market.url}${session.prefix}/user/dashboard/notifications`);
      expect(answer?.status()).toBe(200);
      await page.waitForSelector('[data-testid="personal-menu"]', LIVE);
      expect(await page.locator('[data-testid="notifications"], [data-testid="notifications-empty"]').count()).toBe(1);

      await suite.goto(session, '/user/dashboard/profile');
      const options = await page.locator('[data-testid="profile-phone-prefix"] option').allTextContents();
      expect(options[0]).toBe(words[locale].israel);
      expect(options).toContain(words[locale].usCanada);
      expect(options.length).toBeGreaterThan(20);
      expect(session.problems).toEqual([]);
    });
  }

  for (const [locale, text] of [['he', 'חתונה'], ['en', 'wedding']] as const) {
    it(`a search finds artists, products and articles (SPEC §3 search items) (${locale})`, async () => {
      const session = await suite.open(locale, { width: locale === 'he' ? 390 : 1280 });
      const { page } = session;
      await suite.goto(session, `/search?text=${encodeURIComponent(text)}`);
      expect(await page.locator('[data-testid="search-artists"] [data-testid="vendor-card"]').count()).toBeGreaterThan(0);
      expect(await page.locator('[data-testid="search-products"] [data-testid="product-card"]').count()).toBeGreaterThan(0);
      await page.locator('[data-testid="search-articles"] [data-testid="article-card"] a').first().click();
      await page.waitForSelector('[data-testid="article"]', LIVE);
      expect(new URL(page.url()).pathname).toBe(`${session.prefix}/blog/article/choosing-a-wedding-band`);
      expect(session.problems).toEqual([]);
    });
  }

  it('an in-page link lands 80 px below the top on a desktop and on a phone (SPEC §9)', async () => {
    const products = await apiCall<{ items: { vendorId: string }[] }>(suite.market.url, 'GET', 'ecommerce/product?type=timedService&limit=1', null);
    const vendorId = products.body.items[0]!.vendorId;
    for (const width of [1280, 390]) {
      const session = await suite.open('en', { width });
      const { page } = session;
      await page.goto(`${suite.market.url}/en/artists/x/${vendorId}/y`);
      await page.waitForSelector('html[data-activated="true"]', LIVE);
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollPaddingTop)).toBe('80px');
      // The page must be long enough to scroll the section to the top: a little room below it on a tall screen.
      await page.evaluate(() => { document.body.style.paddingBlockEnd = '2000px'; });
      await page.click('a[href="#booking"]');
      await page.waitForFunction(() => Math.abs(document.getElementById('booking')!.getBoundingClientRect().top - 80) <= 1, undefined, LIVE);
      // The sticky header (48 px on a desktop, 50 px on a phone) does not cover it.
      const header = await page.evaluate(() => document.querySelector('.site-header')!.getBoundingClientRect().bottom);
      expect(header).toBeLessThanOrEqual(80);
    }
  });

  it('an archived artist is told so instead of editing (no-inactive-registration); orders stay open', async () => {
    const admin = await signIn(suite.market.url, DEMO.admin);
    const vendor = await signIn(suite.market.url, DEMO.vendor);
    const me = await apiCall<{ Vendor: { id: string } }>(suite.market.url, 'GET', 'user/current', vendor.token);
    const vendorId = me.body.Vendor.id;
    const archived = await apiCall(suite.market.url, 'POST', `admin/vendors/${vendorId}/archive`, admin.token, { reason: 'Profile under review' });
    expect(archived.status).toBe(200);
    try {
      for (const locale of ['he', 'en'] as const) {
        const session = await suite.open(locale, { as: DEMO.vendor });
        const { page } = session;
        for (const path of ['/user/dashboard/vendor/profile', '/user/dashboard/vendor/products', '/user/dashboard/vendor/busy-windows']) {
          await page.goto(`${suite.market.url}${session.prefix}${path}`);
          await page.waitForSelector('[data-testid="inactive-registration"]', LIVE);
          expect(new URL(page.url()).pathname, path).toBe(`${session.prefix}/user/dashboard/vendor/inactive`);
        }
        expect(await page.locator('h1').textContent()).toBe(words[locale].archived);
        expect(await page.locator('[data-testid="inactive-reason"]').textContent()).toContain('Profile under review');
        await suite.goto(session, '/user/dashboard/vendor/orders');
        expect(new URL(page.url()).pathname).toBe(`${session.prefix}/user/dashboard/vendor/orders`);
        expect(session.problems).toEqual([]);
      }
    } finally {
      expect((await apiCall(suite.market.url, 'POST', `admin/vendors/${vendorId}/unarchive`, admin.token)).status).toBe(200);
    }
    // Live again: the profile opens, and the page of the inactive registration sends on to it.
    const session = await suite.open('en', { as: DEMO.vendor });
    await session.page.goto(`${suite.market.url}/en/user/dashboard/vendor/inactive`);
    await session.page.waitForURL((url) => url.pathname === '/en/user/dashboard/vendor/profile', LIVE);
  }, 90_000);
});
