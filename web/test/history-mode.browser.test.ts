import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executablePath, startBrowserSuite, type BrowserSuite, type Locale } from './browser-kit.ts';

// SPEC §9 routing history (web/app/history-mode.ts): server-rendered pages navigate on web history (real
// paths); outside production, the client-only shell renders everything in the browser on hash history.
const LIVE = { timeout: 30_000 };
let suite: BrowserSuite;

const titles: Record<Locale, string> = { he: 'חיפוש אמן', en: 'Find an artist' };

describe.skipIf(!executablePath)('routing history (SPEC §9)', () => {
  // The client-only shell is the development build's: a production bundle runs on web history only (web/app/history-mode.ts).
  beforeAll(async () => { suite = await startBrowserSuite({ storefrontBuild: 'development' }); }, 180_000);
  afterAll(async () => { await suite?.close(); });

  for (const locale of ['he', 'en'] as const) {
    it(`a server-rendered page moves on web history, the development shell on hash history (${locale})`, async () => {
      const session = await suite.open(locale);
      const { page } = session;
      await suite.goto(session, '/');
      await page.click('.site-header .main-nav a[href$="/search"]');
      // The home page has a search form of its own: wait for the search page's title, not for a form.
      await page.waitForFunction((title) => document.querySelector('h1')?.textContent === title, titles[locale], LIVE);
      expect(new URL(page.url()).pathname).toBe(`${session.prefix}/search`);
      expect(new URL(page.url()).hash).toBe('');

      // The shell: nothing rendered by the server, everything by the browser, on hash history.
      const shell = await page.goto(`${suite.market.url}${session.prefix}/app-shell`);
      expect(shell?.status()).toBe(200);
      expect(shell?.headers()['x-robots-tag']).toBe('noindex, nofollow');
      expect(await shell!.text()).not.toContain('__staticRouterHydrationData');
      await page.waitForSelector('#app[data-history="hash"] .site-header', LIVE);
      const documents: string[] = [];
      page.on('request', (request) => { if (request.isNavigationRequest()) documents.push(request.url()); });
      await page.click('.site-header .main-nav a[href*="search"]');
      await page.waitForFunction((hash) => window.location.hash === hash, `#${session.prefix}/search`, LIVE);
      // The hash moves before the search page's code has loaded: until then the home page's h1 is there.
      await page.waitForFunction((title) => document.querySelector('h1')?.textContent === title, titles[locale], LIVE);
      expect(await page.locator('h1').textContent()).toBe(titles[locale]);
      expect(new URL(page.url()).pathname).toBe(`${session.prefix}/app-shell`);
      expect(documents).toEqual([]);
      expect(await page.getAttribute('html', 'lang')).toBe(locale);
      expect(session.problems).toEqual([]);
    });
  }
});
