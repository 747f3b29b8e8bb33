import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CHROMIUM_NOT_FOUND, activated, executablePath, DEMO, startBrowserSuite, type BrowserSuite, type Locale } from './browser-kit.ts';
import { routeGroupMessageKeys } from '../i18n/route-group-messages.ts';

// Route-level code splitting: the storefront's first load fetches only the entry and the
// chunks it preloads, never the dashboards' or the back office's; navigating into them in the browser
// loads their chunk and stylesheets then, the sheets applied before the screen shows; and a page of
// theirs loaded directly links its sheets and hydrates without a mismatch (its chunk is preloaded and
// loaded before hydration), in Hebrew and English.
let suite: BrowserSuite;

beforeAll(async () => {
  suite = await startBrowserSuite();
}, 180_000);

afterAll(async () => {
  await suite?.close();
});

/** The scripts the page's loader requests together: the entry, its chunks, its route group's (web/app/document.tsx). */
const preloadsOf = (html: string) => (/data-preloads="([^"]*)"/.exec(html)?.[1] ?? '').split(' ').filter(Boolean);

/** The script chunks a page preloads, read from its HTML as the signed-in admin gets it. */
async function preloadsOfPage(path: string, cookie: string): Promise<string[]> {
  const response = await fetch(`${suite.market.url}${path}`, { headers: { cookie } });
  expect(response.status, path).toBe(200);
  return preloadsOf(await response.text());
}

/** Every JavaScript file the page asks for from now on. */
function scriptRequests(page: Page): string[] {
  const requested: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/assets/') && path.endsWith('.js')) requested.push(path);
  });
  return requested;
}

/** A Content-Security-Policy violation is a console error too (zod must not probe for eval: SCRIPT_LOADER in web/app/document.tsx). */
const reportCspViolations = () => document.addEventListener('securitypolicyviolation', (event) => console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`));

/**
 * Message keys shown as they are (`adminContent.title`): a screen rendered before its route group's
 * texts arrived (web/app/route-group-messages.ts).
 */
async function rawKeysShown(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  return text.match(new RegExp(`\\b(${routeGroupMessageKeys.join('|')})\\.[a-zA-Z]\\S*`, 'g')) ?? [];
}

/** The stylesheets (web/app/route-groups.ts STYLESHEETS) an address names, by name: `app`, `dashboard`… */
const STYLESHEET_NAME = /\/assets\/([a-z-]+)\.[0-9a-f]{12}\.css$/;
const stylesheetsOf = (html: string) => [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"\/>/g)].map((link) => STYLESHEET_NAME.exec(link[1]!)?.[1]);

/**
 * Records the stylesheets applied (in document.styleSheets: loaded) when an element matching each
 * selector first appears, before it is painted: a screen reached in the browser never shows unstyled.
 */
const recordSheetsWhenShown = (selectors: string[]) => {
  const state = window as unknown as { sheetsWhenShown: Record<string, string[]> };
  state.sheetsWhenShown = {};
  new MutationObserver(() => {
    for (const selector of selectors) {
      if (state.sheetsWhenShown[selector] || !document.querySelector(selector)) continue;
      state.sheetsWhenShown[selector] = [...document.styleSheets]
        .map((sheet) => /\/assets\/([a-z-]+)\.[0-9a-f]{12}\.css$/.exec(sheet.href ?? '')?.[1] ?? '').filter(Boolean);
    }
  }).observe(document, { childList: true, subtree: true });
};
const sheetsWhenShown = (page: Page) => page.evaluate(() => (window as unknown as { sheetsWhenShown: Record<string, string[]> }).sheetsWhenShown);

/** Records whether the server-rendered <main> is ever replaced (what a hydration mismatch does). */
const watchMain = () => {
  const state = window as unknown as { mainReplaced: boolean };
  state.mainReplaced = false;
  document.addEventListener('DOMContentLoaded', () => {
    const main = document.getElementById('main');
    new MutationObserver(() => {
      if (main && !main.isConnected) state.mainReplaced = true;
    }).observe(document, { childList: true, subtree: true });
  });
};

describe.skipIf(!executablePath)(`code splitting in Chromium (${executablePath ? 'found' : `skipped: ${CHROMIUM_NOT_FOUND}`})`, () => {
  for (const locale of ['he', 'en'] as Locale[]) {
    const language = locale === 'he' ? 'Hebrew' : 'English';

    it(`the home page does not fetch the dashboard or admin chunks or sheets; navigating into both loads them (${language})`, async () => {
      const session = await suite.open(locale, { as: DEMO.admin });
      const { page, problems, prefix } = session;
      await session.context.addInitScript(reportCspViolations);
      await session.context.addInitScript(recordSheetsWhenShown, ['[data-testid="profile-form"]', '[data-testid="admin-home"]']);
      // Stylesheets come slowly, so a screen that rendered before its sheets applied would be caught.
      await page.route(STYLESHEET_NAME, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 500));
        await route.continue();
      });
      const cookie = (await session.context.cookies()).map((entry) => `${entry.name}=${entry.value}`).join('; ');
      const homePreloads = await preloadsOfPage(prefix || '/', cookie);
      const dashboardChunks = (await preloadsOfPage(`${prefix}/user/dashboard/profile`, cookie)).filter((path) => !homePreloads.includes(path));
      const adminChunks = (await preloadsOfPage(`${prefix}/admin`, cookie)).filter((path) => !homePreloads.includes(path));
      expect(dashboardChunks.length).toBeGreaterThan(0);
      expect(adminChunks.length).toBeGreaterThan(0);

      const requested = scriptRequests(page);
      await suite.goto(session, '/');
      // The first load is the entry and what the document preloads, nothing more, and one stylesheet.
      expect(requested.length).toBeGreaterThan(0);
      expect(requested.filter((path) => !homePreloads.includes(path))).toEqual([]);
      expect(await page.evaluate(() => [...document.styleSheets].map((sheet) => sheet.href ?? ''))).toEqual([expect.stringMatching(STYLESHEET_NAME)]);
      expect(stylesheetsOf(await (await fetch(`${suite.market.url}${prefix || '/'}`, { headers: { cookie } })).text())).toEqual(['app']);
      await page.evaluate(() => { (window as unknown as { samePage: boolean }).samePage = true; });

      await page.click('[data-testid="user-menu"]');
      await page.waitForSelector('[data-testid="profile-form"]', { timeout: 30_000 });
      expect(new URL(page.url()).pathname).toBe(`${prefix}/user/dashboard/profile`);
      expect(requested).toEqual(expect.arrayContaining(dashboardChunks));
      expect(await rawKeysShown(page)).toEqual([]);
      expect((await sheetsWhenShown(page))['[data-testid="profile-form"]']).toEqual(['app', 'dashboard', 'dashboard-admin']);

      // No link leads from the storefront into the back office: a history navigation, as a link would.
      await page.evaluate((path) => {
        history.pushState(null, '', path);
        dispatchEvent(new PopStateEvent('popstate', { state: null }));
      }, `${prefix}/admin`);
      await page.waitForSelector('[data-testid="admin-home"]', { timeout: 30_000 });
      expect(requested).toEqual(expect.arrayContaining(adminChunks));
      expect(await rawKeysShown(page)).toEqual([]);
      expect((await sheetsWhenShown(page))['[data-testid="admin-home"]']).toEqual(['app', 'dashboard', 'dashboard-admin', 'admin']);
      // All of it without a page load, and back to the storefront the same way.
      await page.goBack();
      await page.waitForSelector('[data-testid="profile-form"]', { timeout: 30_000 });
      await page.goBack();
      await page.waitForSelector('.site-header', { timeout: 30_000 });
      expect(new URL(page.url()).pathname).toBe(`${prefix}/`);
      expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
      expect(await page.getAttribute('html', 'lang')).toBe(locale);
      expect(problems).toEqual([]);
    }, 120_000);

    it(`a dashboard or admin page loaded directly links its sheets and hydrates over the server's HTML, its chunk preloaded (${language})`, async () => {
      const session = await suite.open(locale, { as: DEMO.admin });
      const { page, problems, prefix } = session;
      await session.context.addInitScript(reportCspViolations);
      await session.context.addInitScript(watchMain);
      const cookie = (await session.context.cookies()).map((entry) => `${entry.name}=${entry.value}`).join('; ');
      const homePreloads = await preloadsOfPage(prefix || '/', cookie);
      const sheets = { dashboard: ['app', 'dashboard', 'dashboard-admin'], admin: ['app', 'admin', 'dashboard-admin'] };
      for (const [path, ready, own] of [['/user/dashboard/orders', '.dashboard', sheets.dashboard], ['/admin/order', '[data-testid="admin-nav"]', sheets.admin], ['/notifications', '.dashboard', sheets.dashboard]] as const) {
        const preloads = await preloadsOfPage(`${prefix}${path}`, cookie);
        const html = await (await fetch(`${suite.market.url}${prefix}${path}`, { headers: { cookie } })).text();
        expect(stylesheetsOf(html), path).toEqual(own);
        const ownChunks = preloads.filter((chunk) => !homePreloads.includes(chunk));
        expect(ownChunks.length, path).toBeGreaterThan(0);
        const requested = scriptRequests(page);
        await suite.goto(session, path);
        await page.waitForSelector(ready);
        // Only what the document preloads: the group's chunk came with it, nothing was fetched late.
        expect(requested.filter((chunk) => !preloads.includes(chunk)), path).toEqual([]);
        expect(await page.evaluate(() => (window as unknown as { mainReplaced: boolean }).mainReplaced), path).toBe(false);
        expect(await rawKeysShown(page), path).toEqual([]);
        // Hydration and the group's load leave the server's links as they are, adding none.
        expect(await page.evaluate(() => [...document.querySelectorAll('link[rel="stylesheet"]')].map((link) => link.getAttribute('href') ?? '')), path)
          .toEqual(stylesheetsOf(html).map((name) => expect.stringContaining(`/${name}.`)));
      }
      await activated(page);
      expect(problems).toEqual([]);
    }, 120_000);
  }
});
