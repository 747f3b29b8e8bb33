import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { onTestFinished, type TestContext } from 'vitest';
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
  /**
   * A fresh browser context (a person) in a language and width, optionally signed in as `email`; `javaScript: false` for a browser without scripts.
   * Opened in a test, it is closed when that test ends (after its failure report); opened in a `beforeAll`, when the file's suite closes.
   * A concurrent test (`it.concurrent`) passes its `test` context, so the report and the closing go to that test and not to another running beside it.
   */
  open(locale: Locale, options?: { width?: number; as?: string; javaScript?: boolean; test?: TestContext }): Promise<Session>;
  /** Goes to a locale-free path (`/user/dashboard/orders`) in the session's language and waits for hydration (`hydrated`). */
  goto(session: Session, path: string): Promise<void>;
  close(): Promise<void>;
}

/** The app marks itself activated about 500 ms after hydration (SPEC §4). */
export const activated = (page: Page) => page.waitForSelector('html[data-activated="true"]', { timeout: 15_000 });

/** The page is hydrated: the app's start-up effect ran (web/app/startup.tsx), 500 ms before it marks itself activated. */
export const hydrated = (page: Page) => page.waitForSelector('html[data-hydrated="true"]', { timeout: 15_000 });

/** The realtime socket is connected once the app has its socket id (SPEC §4). */
export const realtimeConnected = (page: Page) => page.waitForSelector('html[data-socket-id]', { timeout: 15_000 });
/** A page where no script ran (a browser context without JavaScript): the app never set its activation mark. */
export const noScriptRan = async (page: Page) => {
  if (await page.locator('html[data-activated]').count() !== 0) throw new Error('a script ran in a page meant to run none');
};
/** The trimmed text of the first element matching `selector`, waiting for it up to `timeout` ms. */
export const firstTextOf = async (page: Page, selector: string, timeout: number) =>
  (await page.locator(selector).first().textContent({ timeout }))?.trim() ?? '';

/** The started product's client build is production's unless `storefrontBuild` says otherwise (startTestMarketplace). */
export async function startBrowserSuite(options: Parameters<typeof startTestMarketplace>[0] = {}): Promise<BrowserSuite> {
  if (!executablePath) throw new Error('No Chromium: install Debian\'s chromium or set CHROMIUM_PATH');
  // Side by side: the product's start is mostly its event loop, Chromium's another process.
  const [started, launched] = await Promise.allSettled([startTestMarketplace(options), chromium.launch({ executablePath, args: LAUNCH_ARGS })]);
  if (started.status === 'rejected' || launched.status === 'rejected') {
    if (started.status === 'fulfilled') await started.value.close();
    if (launched.status === 'fulfilled') await launched.value.close();
    throw started.status === 'rejected' ? started.reason : (launched as PromiseRejectedResult).reason;
  }
  const market = started.value;
  const browser = launched.value;
  const contexts: BrowserContext[] = [];
  return {
    market,
    browser,
    async open(locale, options = {}) {
      const width = options.width ?? 1280;
      const context = await browser.newContext({ viewport: { width, height: 900 }, locale: locale === 'he' ? 'he-IL' : 'en-US', timezoneId: 'Asia/Jerusalem', javaScriptEnabled: options.javaScript ?? true });
      contexts.push(context);
      context.on('close', () => { if (contexts.includes(context)) contexts.splice(contexts.indexOf(context), 1); });
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
      const refusals: string[] = [];
      page.on('response', (response) => {
        if (response.status() < 400) return;
        refusals.push(`${response.status()} ${response.request().method()} ${response.url().replace(market.url, '')}`);
        if (refusals.length > 20) refusals.shift();
      });
      const session = { context, page, problems, locale, prefix: locale === 'en' ? '/en' : '' };
      endWithTest(session, refusals, market.url, options.test);
      return session;
    },
    async goto(session, path) {
      await session.page.goto(`${market.url}${session.prefix}${path}`);
      await hydrated(session.page);
    },
    async close() {
      for (const context of [...contexts]) await context.close().catch(() => {});
      await browser.close();
      await market.close();
    },
  };
}

/**
 * When the test that opened this session ends, closes its context: a context left open until the file's
 * end kept its page's renderer, timers and realtime socket (and the product's side of them) busy through
 * every later test. First, if the test failed, prints where the person stood: the page's address, the
 * errors it shows (a refused form says why there, not in the test's timeout), the last refused requests,
 * the console's problems and the product's readiness (projections behind, a stopped worker). A CI log then
 * tells a refusal from a slow machine. (One onTestFinished hook does both: vitest runs onTestFinished
 * hooks before onTestFailed ones, which would find the page closed.)
 */
function endWithTest(session: Session, refusals: string[], marketUrl: string, test?: TestContext): void {
  try {
    (test?.onTestFinished ?? onTestFinished)(async ({ task }) => {
      if (task.result?.state === 'fail') await reportWhereItStood(session, refusals, marketUrl);
      await session.context.close().catch(() => {});
    }, 15_000);
  } catch {
    // Opened outside a test (in a beforeAll): there is no test to report for; closed with the suite.
  }
}

async function reportWhereItStood(session: Session, refusals: string[], marketUrl: string): Promise<void> {
  const { page } = session;
  const shown = await page
    .locator('[role="alert"], [data-testid="form-error"], [data-testid="field-error"]')
    .allTextContents()
    .catch((error: unknown) => [`(page not readable: ${error instanceof Error ? error.message : String(error)})`]);
  const heading = await page.locator('h1').first().textContent({ timeout: 1000 }).catch(() => null);
  const ready = await fetch(`${marketUrl}/health/ready`, { signal: AbortSignal.timeout(5_000) })
    .then(async (answer) => `${answer.status} ${JSON.stringify(((await answer.json()) as { checks?: unknown }).checks)}`)
    .catch((error: unknown) => `(no answer: ${error instanceof Error ? error.message : String(error)})`);
  console.error([
    `[browser-kit] a ${session.locale} session of the failed test:`,
    `  at ${page.isClosed() ? '(page closed)' : page.url()}, titled ${JSON.stringify(heading?.trim() ?? null)}`,
    `  errors shown: ${JSON.stringify(shown.map((text) => text.trim()).filter(Boolean))}`,
    `  refused requests: ${JSON.stringify(refusals)}`,
    `  console problems: ${JSON.stringify(session.problems)}`,
    `  the product's readiness: ${ready}`,
  ].join('\n'));
}

export { CHROMIUM_NOT_FOUND, DEMO, DEMO_PASSWORD, apiCall, signIn } from './marketplace.ts';

