import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { chromiumPath, DEMO, DEMO_PASSWORD, startTestMarketplace, type TestMarketplace } from './marketplace.ts';
import type { Locale } from '../../domain/shared/translatable.ts';
import { fillEventDetails } from './event-details-kit.ts';
import { openFirstFreeDay } from './calendar-kit.ts';
import { CHROMIUM_NOT_FOUND, activated, hydrated } from './browser-kit.ts';

// Browser tests of the storefront: Debian's Chromium driven by playwright-core
// against the started product. Skipped by name when no Chromium is installed.
const executablePath = chromiumPath();
const LAUNCH_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

let market: TestMarketplace;
let browser: Browser;

interface Session { context: BrowserContext; page: Page; problems: string[] }

async function open(locale: Locale, width = 1280): Promise<Session> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: locale === 'he' ? 'he-IL' : 'en-US', timezoneId: 'Asia/Jerusalem' });
  // A Content-Security-Policy violation is a problem too (the browser reports some only as an event).
  await context.addInitScript(() => document.addEventListener('securitypolicyviolation', (event) => console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`)));
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    // The browser's own network line for an answer the flow expects (a 404 page, the no-access page
    // answered 403, a declined card answered 402) is not an app error.
    if (/Failed to load resource: the server responded with a status of 40[234]/.test(message.text())) return;
    problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return { context, page, problems };
}

async function goto(page: Page, path: string) {
  await page.goto(`${market.url}${path}`);
  await hydrated(page);
}

async function signInOnLoginPage(page: Page) {
  await activated(page);
  await page.fill('[data-testid="login-email"]', DEMO.customer);
  await page.fill('[data-testid="login-password"]', DEMO_PASSWORD);
  await page.click('[data-testid="login-submit"]');
}

async function favoritesCount(page: Page): Promise<number> {
  return Number(await page.textContent('[data-testid="favorites-count"]'));
}

async function bookingFlow(locale: Locale, vendorName: string, texts: { paid: string; declined: string }) {
  const prefix = locale === 'en' ? '/en' : '';
  const { context, page, problems } = await open(locale);
  try {
    // A guest searches…
    await goto(page, `${prefix}/search`);
    expect(await page.getAttribute('html', 'dir')).toBe(locale === 'he' ? 'rtl' : 'ltr');
    await page.fill('[data-testid="search-text"]', vendorName);
    await page.click('[data-testid="search-submit"]');
    await page.waitForURL((url) => url.searchParams.get('text') === vendorName);
    await page.waitForSelector(`[data-testid="vendor-card"]:has-text("${vendorName}")`);

    // …opens a vendor…
    await page.click(`[data-testid="vendor-card"]:has-text("${vendorName}") .vendor-card-link`);
    await page.waitForSelector('[data-testid="vendor-page"]');
    expect(await page.textContent('h1')).toBe(vendorName);
    const vendorUrl = page.url();
    expect(new URL(vendorUrl).pathname.startsWith(`${prefix}/artists/`)).toBe(true);

    // …favorites it (a guest: the cookie)…
    const before = await favoritesCount(page);
    await page.click('.vendor-hero [data-testid="favorite-toggle"]');
    await page.waitForSelector('.vendor-hero [data-testid="favorite-toggle"][aria-pressed="true"]');
    await expect.poll(() => favoritesCount(page)).toBe(before + 1);
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'favorites')?.value).toBeTruthy();

    // …signs in and is sent back to the vendor page, the favorite kept on the account…
    await page.click('[data-testid="login-link"]');
    await page.waitForURL((url) => url.pathname === `${prefix}/user/login`);
    expect(new URL(page.url()).searchParams.get('loginRedirect')).toBe(new URL(vendorUrl).pathname);
    await signInOnLoginPage(page);
    await page.waitForURL(vendorUrl);
    await activated(page);
    await page.waitForSelector('[data-testid="user-menu"]');
    await page.waitForSelector('.vendor-hero [data-testid="favorite-toggle"][aria-pressed="true"]');

    // …books a free timed slot…
    await openFirstFreeDay(page);
    await page.click('[data-testid="slot"]');
    await page.click('[data-testid="book-slot"]');
    await page.waitForSelector('[data-testid="checkout"]');
    await page.waitForSelector('[data-testid="checkout-slot"]');
    await fillEventDetails(page);
    await page.click('[data-testid="place-order"]');
    await page.waitForSelector('[data-testid="payment-form"]');

    // …a declined card shows the error; the sandbox card pays…
    await page.fill('[data-testid="card-number"]', '4000000000000002');
    await page.click('[data-testid="pay"]');
    await page.waitForSelector(`[data-testid="form-error"]:has-text("${texts.declined}")`);
    await page.fill('[data-testid="card-number"]', '4242 4242 4242 4242');
    await page.click('[data-testid="pay"]');

    // …and sees the order complete page.
    await page.waitForSelector('[data-testid="order-complete"]');
    await page.waitForSelector('[data-testid="order-paid"]');
    expect(await page.textContent('[data-testid="order-status"]')).toBe(texts.paid);
    expect(new URL(page.url()).pathname).toMatch(new RegExp(`^${prefix}/order/[^/]+/complete$`));
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
}

describe.skipIf(!executablePath)(`storefront in Chromium (${executablePath ? 'found' : `skipped: ${CHROMIUM_NOT_FOUND}`})`, () => {
  beforeAll(async () => {
    market = await startTestMarketplace();
    browser = await chromium.launch({ executablePath: executablePath!, args: LAUNCH_ARGS });
  });

  afterAll(async () => {
    await browser?.close();
    await market?.close();
  });

  it('a guest searches, opens a vendor, favorites it, signs in, books a free slot, pays and sees the order complete — in Hebrew', async () => {
    await bookingFlow('he', 'גיל ברק', { paid: 'שולמה', declined: 'הכרטיס נדחה' });
  }, 120_000);

  it('the same flow in English', async () => {
    await bookingFlow('en', 'Tamar Dahan', { paid: 'Paid', declined: 'The card was declined' });
  }, 120_000);

  it('a guest on a guarded page lands on login and returns there after signing in', async () => {
    const { context, page, problems } = await open('en');
    try {
      await page.goto(`${market.url}/en/user/dashboard/orders`);
      await page.waitForURL((url) => url.pathname === '/en/user/login');
      expect(new URL(page.url()).searchParams.get('loginRedirect')).toBe('/en/user/dashboard/orders');
      await signInOnLoginPage(page);
      await page.waitForURL(`${market.url}/en/user/dashboard/orders`);
      await page.waitForSelector('[data-testid="personal-menu"]');
      // Signed in, the realtime socket connects with the token and receives its socket UUID (SPEC §4).
      await page.waitForSelector('html[data-socket-id]');
      expect(await page.getAttribute('html', 'data-socket-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('reports utm_source from the browser, keeps the tracked parameters and does not add them to links', async () => {
    const { context, page, problems } = await open('he');
    try {
      const hit = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/api/tracking/source/hit/newsletter'));
      await page.goto(`${market.url}/?utm_source=newsletter&utm_campaign=spring&gclid=abc`);
      await hit;
      await activated(page);
      const kept = await page.evaluate(() => JSON.parse(sessionStorage.getItem('tracking') ?? '{}'));
      expect(kept).toEqual({ utm_source: 'newsletter', utm_campaign: 'spring', gclid: 'abc' });
      const hrefs = await page.$$eval('a[href]', (links) => links.map((link) => link.getAttribute('href') ?? ''));
      expect(hrefs.filter((href) => /utm_|gclid/.test(href))).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  for (const prefix of ['', '/en']) {
    it(`every page hydrates without console errors (${prefix ? 'English' : 'Hebrew'})`, async () => {
      const { context, page, problems } = await open(prefix ? 'en' : 'he');
      try {
        await goto(page, `${prefix}/search?text=Tamar`);
        const vendorHref = await page.getAttribute('[data-testid="vendor-card"] .vendor-card-link', 'href');
        const productId = await page.evaluate(async () => {
          const answer = await fetch('/api/ecommerce/product?limit=1');
          return ((await answer.json()) as { items: { productId: string }[] }).items[0]!.productId;
        });
        const paths = [
          '/', '/search', '/search?category=magicians&page=2', '/artists', '/artists/singers', '/store', '/store/vendors', `/store/product/${productId}`,
          '/blog', '/blog/article/choosing-a-wedding-band', '/blog/category/guides', '/about', '/contact', '/terms', '/content/article/about',
          '/user/login', '/user/login/two-factor', '/user/activate', '/user/register', '/favorites', '/error', '/error/unauthorized', '/no-such-page',
        ].map((path) => (prefix && path === '/' ? prefix : `${prefix}${path}`));
        for (const path of [vendorHref!, ...paths]) {
          await goto(page, path);
          expect(await page.getAttribute('html', 'lang'), path).toBe(prefix ? 'en' : 'he');
        }
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    }, 120_000);
  }

  it('client-side navigation runs loaders in the browser and a missing page shows the 404 page', async () => {
    const { context, page, problems } = await open('en');
    try {
      await goto(page, '/en');
      await page.click('.site-header .main-nav a[href="/en/artists"]');
      await page.waitForSelector('[data-testid="category-tile"]');
      await page.click('[data-testid="category-tile"]');
      await page.waitForSelector('[data-testid="vendor-card"]');
      await page.click('.site-header .main-nav a[href="/en/blog"]');
      await page.waitForSelector('[data-testid="article-card"]');
      // A history navigation (no page load) to an article that does not exist: the loader runs in
      // the browser, the API answers 404, and the 404 page shows.
      // A mark on the window shows the 404 came without a page load (a load would start a new window).
      await page.evaluate(() => {
        (window as unknown as { beforeNavigation?: boolean }).beforeNavigation = true;
        history.pushState(null, '', '/en/blog/article/no-such-article');
        dispatchEvent(new PopStateEvent('popstate', { state: null }));
      });
      await page.waitForSelector('[data-testid="not-found"]');
      expect(await page.evaluate(() => (window as unknown as { beforeNavigation?: boolean }).beforeNavigation)).toBe(true);
      // Still the app: it marks itself activated 500 ms after hydration (SPEC §4), which may come after the 404.
      await activated(page);
      expect(problems.filter((problem) => !problem.includes('404'))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('shows the navigation spinner while a slow navigation loads, and a failed call as the SPEC §8 notification', async () => {
    const { context, page, problems } = await open('en');
    try {
      await goto(page, '/en');
      // Hold the search answer until the spinner has been seen, then let it through.
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => { release = resolve; });
      const isSearch = (url: URL) => url.pathname === '/api/ecommerce/vendor';
      await page.route(isSearch, async (route) => { await held; await route.continue(); });
      await page.click('.site-header .main-nav a[href="/en/search"]');
      await page.waitForSelector('[data-testid="navigation-spinner"]');
      release();
      await page.waitForSelector('[data-testid="result-count"]');
      await page.waitForSelector('[data-testid="navigation-spinner"]', { state: 'detached' });
      await page.unroute(isSearch);

      // A server error while loading: the generic 500 message, and the error page.
      await page.route((url) => url.pathname === '/api/entity/article', (route) => route.fulfill({ status: 500, contentType: 'application/problem+json', body: '{"status":500,"title":"Boom"}' }));
      await page.click('.site-header .main-nav a[href="/en/blog"]');
      await page.waitForSelector('[data-testid="toast-error"]:has-text("Something went wrong. Please try again in a moment.")');
      await page.waitForSelector('[data-testid="error-page"]');
      expect(problems.filter((problem) => !problem.includes('status of 500'))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('shows the global spinner while the user check is pending', async () => {
    const { context, page } = await open('he');
    try {
      const pair = await (await fetch(`${market.url}/api/token/jwt`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: DEMO.customer, password: DEMO_PASSWORD }) })).json() as { token: string };
      await context.addCookies([{ name: 'token', value: pair.token, url: market.url }]);
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => { release = resolve; });
      await page.route('**/api/user/current', async (route) => { await held; await route.continue(); });
      await page.goto(`${market.url}/`);
      await page.waitForSelector('[data-testid="user-spinner"]');
      release();
      await page.waitForSelector('[data-testid="user-spinner"]', { state: 'detached' });
      await page.waitForSelector('[data-testid="user-menu"]');
    } finally {
      await context.close();
    }
  }, 60_000);
});
