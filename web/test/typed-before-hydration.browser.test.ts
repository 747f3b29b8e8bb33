import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activated, executablePath, startBrowserSuite, type BrowserSuite, type Locale } from './browser-kit.ts';

// What a visitor types while the page's scripts are still loading (a slow phone on a slow network) is
// kept when the app takes over the server-rendered page, and the app carries on from it: the search box
// suggests categories for the whole text, and a form posts what was typed.
let suite: BrowserSuite;
const LIVE = { timeout: 30_000 };

beforeAll(async () => {
  suite = await startBrowserSuite();
}, 180_000);
afterAll(async () => {
  await suite?.close();
});

/**
 * A page whose JavaScript arrives late: every script of /assets/ is held back until the test calls
 * `letScriptsIn()`, once it typed. Not for a fixed while: on a loaded machine the typing could outlast
 * it, and the app would take over mid-word.
 */
async function openWithSlowScripts(locale: Locale, path: string) {
  const session = await suite.open(locale, { width: 360 });
  let letScriptsIn!: () => void;
  const scriptsLetIn = new Promise<void>((resolve) => { letScriptsIn = resolve; });
  await session.page.route('**/assets/*.js', async (route) => {
    await scriptsLetIn;
    await route.continue();
  });
  await session.page.goto(`${suite.market.url}${session.prefix}${path}`, { waitUntil: 'domcontentloaded' });
  // Still the server's page: the app has not taken over.
  expect(await session.page.locator('html[data-activated]').count()).toBe(0);
  return { ...session, letScriptsIn };
}

describe.skipIf(!executablePath)('input typed before the app takes over', () => {
  it.each(['he', 'en'] as const)('the home search box keeps its text and suggests for all of it (%s)', async (locale) => {
    const { page, problems, letScriptsIn } = await openWithSlowScripts(locale, '/');
    const input = page.locator('[data-testid="search-text"]').first();
    await input.click();
    await input.pressSequentially('להק', { delay: 30 });
    expect(await page.locator('html[data-activated]').count()).toBe(0);
    letScriptsIn();
    await activated(page);
    expect(await input.inputValue()).toBe('להק');
    // The app's state holds the text typed before it: one more letter asks for "להקה", not "ה".
    await input.press('End');
    await input.pressSequentially('ה', { delay: 30 });
    expect(await input.inputValue()).toBe('להקה');
    await page.locator('[data-testid="search-suggestions"] [role="option"][data-alias="bands"]').waitFor({ state: 'visible', ...LIVE });
    expect(problems).toEqual([]);
  });

  it('the sign-in form keeps the e-mail typed before', async () => {
    const { page, problems, letScriptsIn } = await openWithSlowScripts('he', '/user/login');
    const email = page.locator('input[name="email"]');
    await email.click();
    await email.pressSequentially('customer@demo.local', { delay: 10 });
    expect(await page.locator('html[data-activated]').count()).toBe(0);
    letScriptsIn();
    await activated(page);
    expect(await email.inputValue()).toBe('customer@demo.local');
    expect(problems).toEqual([]);
  });
});
