import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, executablePath, startBrowserSuite, type BrowserSuite, type Locale } from './browser-kit.ts';

// SPEC §8 module errors, as a tab opened before a deploy meets them: the dashboards' code is a chunk
// loaded on the way there; when the server no longer has it, the tab loads the page afresh once and
// goes on; when the code still does not come, the reader gets a readable error with a way to try
// again; a chunk that takes 120 s is given up on.
const LIVE = { timeout: 30_000 };
let suite: BrowserSuite;

const texts: Record<Locale, { title: string; notFound: string; timeout: string }> = {
  he: { title: 'לא הצלחנו לטעון את הדף', notFound: 'האתר עודכן בזמן שהדף היה פתוח', timeout: 'לא הגיע תוך שתי דקות' },
  en: { title: 'This page could not load', notFound: 'The site was updated while this page was open', timeout: 'took more than two minutes' },
};
const CHUNK = /\/assets\/chunk\.[^/]+\.js(\?.*)?$/;

/** Chunks asked for from now on answer as `answer` says: a status (404: a deploy took them away), or never (null). */
async function chunksFail(page: Page, answer: (path: string) => number | null): Promise<void> {
  await page.route(CHUNK, async (route: Route) => {
    const status = answer(new URL(route.request().url()).pathname);
    if (status === null) return; // never answered
    if (status === 200) await route.continue();
    else await route.fulfill({ status, contentType: 'text/plain', body: 'Not found' });
  });
}

async function homeAsCustomer(locale: Locale) {
  const session = await suite.open(locale, { as: DEMO.customer });
  await suite.goto(session, '/');
  // A mark of this document: gone after a fresh load.
  await session.page.evaluate(() => { (window as unknown as { staleTab: boolean }).staleTab = true; });
  return session;
}
/** The dashboards' own chunks: those the dashboard page names and the home page does not (the shared ones stay). */
async function dashboardChunks(page: Page, prefix: string): Promise<Set<string>> {
  const preloadsOf = (html: string) => (/data-preloads="([^"]*)"/.exec(html)?.[1] ?? '').split(' ').filter(Boolean);
  const [home, dashboard] = await page.evaluate(async (paths) => Promise.all(paths.map(async (path) => (await fetch(path)).text())),
    [`${prefix}/`, `${prefix}/user/dashboard/profile`]);
  const shared = new Set(preloadsOf(home!));
  const own = new Set(preloadsOf(dashboard!).filter((path) => !shared.has(path)));
  expect(own.size).toBeGreaterThan(0);
  return own;
}
const isStaleDocument = (page: Page) => page.evaluate(() => (window as unknown as { staleTab?: boolean }).staleTab === true);
// The browser's lines for the chunks refused on purpose, and react-router's note that the route the failed
// navigation stopped at has no element of its own (the error page shows there) are expected.
const realProblems = (problems: string[]) => problems.filter((problem) => !/status of 404|Failed to fetch dynamically imported module|does not have an element or Component/.test(problem));

describe.skipIf(!executablePath)('a code chunk that does not load (SPEC §8)', () => {
  beforeAll(async () => { suite = await startBrowserSuite(); }, 180_000);
  afterAll(async () => { await suite?.close(); });

  for (const locale of ['he', 'en'] as const) {
    it(`a stale tab loads the page afresh once and goes on (${locale})`, async () => {
      const session = await homeAsCustomer(locale);
      const { page } = session;
      // The deploy took the old chunks away until the page is loaded afresh (its document names the new ones).
      let deployed = false;
      page.on('request', (request) => { if (request.isNavigationRequest()) deployed = true; });
      await chunksFail(page, () => (deployed ? 200 : 404));
      await page.click('[data-testid="user-menu"]');
      await page.waitForURL((url) => url.pathname === `${session.prefix}/user/dashboard/profile`, LIVE);
      await page.waitForSelector('html[data-activated="true"]', LIVE);
      await page.waitForSelector('[data-testid="personal-menu"]', LIVE);
      expect(await isStaleDocument(page)).toBe(false);
      expect(await page.locator('[data-testid="chunk-error"]').count()).toBe(0);
      expect(realProblems(session.problems)).toEqual([]);
    });

    it(`when the code still does not come, a readable error says so over the page (${locale})`, async () => {
      const session = await homeAsCustomer(locale);
      const { page } = session;
      const own = await dashboardChunks(page, session.prefix);
      await chunksFail(page, (path) => (own.has(path) ? 404 : 200));
      await page.click('[data-testid="user-menu"]');
      // Loaded afresh once; the page's code fails again, and the notice shows over the server's page.
      const notice = page.locator('[data-testid="chunk-error"]');
      await notice.waitFor(LIVE);
      expect(await isStaleDocument(page)).toBe(false);
      expect(new URL(page.url()).pathname).toBe(`${session.prefix}/user/dashboard/profile`);
      const text = await notice.textContent();
      expect(text).toContain(texts[locale].title);
      expect(text).toContain(texts[locale].notFound);
      expect(await notice.getAttribute('role')).toBe('alert');
      // The server's page is still there to read; the button loads it again.
      expect(await page.locator('main').textContent()).toBeTruthy();
      await page.unroute(CHUNK);
      await Promise.all([page.waitForEvent('load'), page.click('[data-testid="chunk-error"] button')]);
      await page.waitForSelector('html[data-activated="true"]', LIVE);
      expect(await page.locator('[data-testid="chunk-error"]').count()).toBe(0);
    });

    it(`a chunk that does not come in 120 s is given up on, in words (${locale})`, async () => {
      const session = await homeAsCustomer(locale);
      const { page } = session;
      await page.clock.install();
      await chunksFail(page, () => null);
      await page.click('[data-testid="user-menu"]');
      await page.clock.runFor(119_000);
      expect(await page.locator('[data-testid="chunk-error"]').count()).toBe(0);
      // This page was already loaded afresh once a moment ago, so the error shows instead of a second fresh load.
      await page.evaluate((path) => sessionStorage.setItem('chunk-reload', JSON.stringify({ path, at: Date.now() })), `${session.prefix}/user/dashboard/profile`);
      await page.clock.runFor(2_000);
      const error = page.locator('[data-testid="chunk-error"][data-kind="timeout"]');
      await error.waitFor(LIVE);
      expect(await error.locator('h1').textContent()).toBe(texts[locale].title);
      expect(await error.textContent()).toContain(texts[locale].timeout);
      expect(await error.locator('[data-testid="chunk-error-reload"]').count()).toBe(1);
      expect(await isStaleDocument(page)).toBe(true);
      expect(realProblems(session.problems)).toEqual([]);
    });
  }
});
