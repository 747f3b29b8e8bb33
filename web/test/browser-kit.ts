import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { Locale } from '../../domain/shared/translatable.ts';
import { chromiumPath, DEMO_PASSWORD, signIn, startTestMarketplace, type TestMarketplace } from './marketplace.ts';

// What every browser test file needs: the started, seeded product, Debian's Chromium, a context per
// person (two people = two contexts), and console errors collected so a test can assert there were none.
export const executablePath = chromiumPath();
export const LAUNCH_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export type { Locale };
export interface Session { context: BrowserContext; page: Page; problems: string[]; locale: Locale; prefix: string }

export interface BrowserSuite {
  market: TestMarketplace;
  browser: Browser;
  /** A fresh browser context (a person) in a language and width, optionally signed in as `email`; `javaScript: false` for a browser without scripts. */
  open(locale: Locale, options?: { width?: number; as?: string; javaScript?: boolean }): Promise<Session>;
  /** Goes to a locale-free path (`/user/dashboard/orders`) in the session's language and waits for hydration. */
  goto(session: Session, path: string): Promise<void>;
  close(): Promise<void>;
}

/** The app marks itself activated about 500 ms after hydration (SPEC §4). */
export const activated = (page: Page) => page.waitForSelector('html[data-activated="true"]', { timeout: 15_000 });

/** The realtime socket is connected once the app has its socket id (SPEC §4). */
export const realtimeConnected = (page: Page) => page.waitForSelector('html[data-socket-id]', { timeout: 15_000 });
/** A page where no script ran (a browser context without JavaScript): the app never set its activation mark. */
export const noScriptRan = async (page: Page) => {
  if (await page.locator('html[data-activated]').count() !== 0) throw new Error('a script ran in a page meant to run none');
};
/** The trimmed text of the first element matching `selector`, waiting for it up to `timeout` ms. */
export const firstTextOf = async (page: Page, selector: string, timeout: number) =>
  (await page.locator(selector).first().textContent({ timeout }))?.trim() ?? '';

export async function startBrowserSuite(): Promise<BrowserSuite> {
  if (!executablePath) throw new Error('No Chromium: install Debian\'s chromium or set CHROMIUM_PATH');
  const market = await startTestMarketplace();
  const browser = await chromium.launch({ executablePath, args: LAUNCH_ARGS });
  const contexts: BrowserContext[] = [];
  return {
    market,
    browser,
    async open(locale, options = {}) {
      const width = options.width ?? 1280;
      const context = await browser.newContext({ viewport: { width, height: 900 }, locale: locale === 'he' ? 'he-IL' : 'en-US', timezoneId: 'Asia/Jerusalem', javaScriptEnabled: options.javaScript ?? true });
      contexts.push(context);
      if (options.as) {
        const tokens = await signIn(market.url, options.as);
        await context.addCookies([
          { name: 'token', value: tokens.token, url: market.url },
          { name: 'refresh_token', value: tokens.refresh_token, url: market.url },
        ]);
      }
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error' && message.type() !== 'warning') return;
        // The browser's own network line for an answer a flow expects (404, 402, 409, 422) is not an app error.
        if (/Failed to load resource: the server responded with a status of 4\d\d/.test(message.text())) return;
        problems.push(`${message.type()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      return { context, page, problems, locale, prefix: locale === 'en' ? '/en' : '' };
    },
    async goto(session, path) {
      await session.page.goto(`${market.url}${session.prefix}${path}`);
      await activated(session.page);
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => {});
      await browser.close();
      await market.close();
    },
  };
}

export { DEMO, DEMO_PASSWORD, apiCall, signIn } from './marketplace.ts';

