import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CHROMIUM_NOT_FOUND, apiCall, executablePath, noScriptRan, startBrowserSuite, type BrowserSuite, type Locale, type Session } from './browser-kit.ts';
import { SEARCH_PAGE_SIZE } from '../api/queries.ts';

// The search results' sort (issue 22 item 6), in Chromium, in Hebrew and English, on a phone and a
// desktop: choosing a sort reorders the artists as the query API orders them (best rated, lowest
// price, nearest to the chosen location), keeps the other filters and is kept by them; and without
// JavaScript the same select is applied by its button (a GET form).
let suite: BrowserSuite;
const LIVE = { timeout: 30_000 };
const HAIFA = 'geo-haifa';
const apiLocale = (locale: Locale) => (locale === 'he' ? 'he-IL' : 'en-US');

/** The first page's vendor ids as the query API orders them. */
async function apiOrder(query: string, locale: Locale): Promise<string[]> {
  const answer = await apiCall<{ items: { vendorId: string }[] }>(suite.market.url, 'GET', `ecommerce/vendor?limit=${SEARCH_PAGE_SIZE}&locale=${apiLocale(locale)}&${query}`, null);
  if (answer.status !== 200) throw new Error(`GET ecommerce/vendor?${query}: ${answer.status}`);
  return answer.body.items.map((item) => item.vendorId);
}

const shownIds = (page: Page) => page.locator('[data-testid="vendor-card"]').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-vendor-id')!));

/** Waits until the cards shown are `ids`, in that order (the URL changes before React commits the new results). */
async function showsInOrder(page: Page, ids: string[]): Promise<void> {
  await page.waitForFunction(
    (expected) => JSON.stringify([...document.querySelectorAll('[data-testid="vendor-card"]')].map((card) => card.getAttribute('data-vendor-id'))) === expected,
    JSON.stringify(ids), LIVE,
  );
  expect(await shownIds(page)).toEqual(ids);
}

async function sortFlow(session: Session) {
  const { page, locale } = session;
  await suite.goto(session, '/search');
  // Without words: by name, and "best match" is not offered.
  const byName = await apiOrder('sort=name', locale);
  await showsInOrder(page, byName);
  expect(await page.inputValue('[data-testid="search-sort"]')).toBe('name');
  expect(await page.locator('[data-testid="search-sort"] option[value="relevance"]').count()).toBe(0);
  expect(await page.locator('[data-testid="search-sort-apply"]').count()).toBe(0);

  // Best rated: choosing it reorders the list at once.
  await page.selectOption('[data-testid="search-sort"]', 'rating');
  await page.waitForURL((url) => url.searchParams.get('sort') === 'rating', LIVE);
  const byRating = await apiOrder('sort=-rating', locale);
  expect(byRating).not.toEqual(byName);
  await showsInOrder(page, byRating);

  // A filter submitted from the form keeps the sort.
  await page.selectOption('[data-testid="search-category"]', 'bands');
  await page.click('[data-testid="search-submit"]');
  await page.waitForURL((url) => url.searchParams.get('category') === 'bands' && url.searchParams.get('sort') === 'rating', LIVE);
  await showsInOrder(page, await apiOrder('category=bands&sort=-rating', locale));

  // Lowest price keeps the category.
  await page.selectOption('[data-testid="search-sort"]', 'price');
  await page.waitForURL((url) => url.searchParams.get('sort') === 'price' && url.searchParams.get('category') === 'bands', LIVE);
  await showsInOrder(page, await apiOrder('category=bands&sort=price', locale));

  // Nearest to a location: the location is where the distance is measured from.
  await page.selectOption('[data-testid="search-category"]', '');
  await page.selectOption('[data-testid="search-location"]', HAIFA);
  await page.click('[data-testid="search-submit"]');
  await page.waitForURL((url) => url.searchParams.get('geoLocation') === HAIFA, LIVE);
  await page.selectOption('[data-testid="search-sort"]', 'distance');
  await page.waitForURL((url) => url.searchParams.get('sort') === 'distance' && url.searchParams.get('geoLocation') === HAIFA, LIVE);
  const nearest = await apiOrder(`sort=distance&near=${HAIFA}`, locale);
  await showsInOrder(page, nearest);
  expect(await page.locator('[data-testid="sort-note"]').textContent()).toContain(locale === 'he' ? 'חיפה' : 'Haifa');
  // The first artists perform in Haifa.
  const first = await apiCall<{ items: { geoLocationIds: string[] }[] }>(suite.market.url, 'GET', `ecommerce/vendor?id=${nearest[0]}`, null);
  expect(first.body.items[0]!.geoLocationIds).toContain(HAIFA);

  // With words, "best match" is offered and is the default.
  await page.fill('[data-testid="search-text"]', 'band');
  await page.selectOption('[data-testid="search-location"]', '');
  await page.selectOption('[data-testid="search-sort"]', 'name');
  await page.waitForURL((url) => url.searchParams.get('text') === 'band' && url.searchParams.get('sort') === 'name', LIVE);
  await showsInOrder(page, await apiOrder('text=band&sort=name', locale));
  await page.selectOption('[data-testid="search-sort"]', 'relevance');
  await page.waitForURL((url) => url.searchParams.get('sort') === 'relevance', LIVE);
  await showsInOrder(page, await apiOrder('text=band&sort=relevance', locale));
}

describe.skipIf(!executablePath)(`search sort in Chromium (${executablePath ? 'found' : `skipped: ${CHROMIUM_NOT_FOUND}`})`, () => {
  beforeAll(async () => {
    suite = await startBrowserSuite();
  }, 180_000);
  afterAll(async () => {
    await suite?.close();
  });

  for (const [locale, width] of [['he', 390], ['en', 1280], ['en', 390]] as const satisfies readonly (readonly [Locale, number])[]) {
    it(`reorders the artists by rating, price and distance, keeping the filters (${locale}, ${width} px)`, async () => {
      const session = await suite.open(locale, { width });
      await sortFlow(session);
      expect(await session.page.getAttribute('html', 'dir')).toBe(locale === 'he' ? 'rtl' : 'ltr');
      expect(session.problems).toEqual([]);
    }, 180_000);
  }

  it('applies a sort without JavaScript, with the filters kept, and says when distance needs a location (he)', async () => {
    const session = await suite.open('he', { width: 390, javaScript: false });
    const { page } = session;
    await page.goto(`${suite.market.url}/search?category=bands`);
    await noScriptRan(page);
    await page.selectOption('[data-testid="search-sort"]', 'price');
    await page.click('[data-testid="search-sort-apply"]');
    await page.waitForURL((url) => url.searchParams.get('sort') === 'price' && url.searchParams.get('category') === 'bands', LIVE);
    expect(await shownIds(page)).toEqual(await apiOrder('category=bands&sort=price', 'he'));
    expect(await page.inputValue('[data-testid="search-sort"]')).toBe('price');

    // Distance without a location: the default order, and a word on what is missing.
    await page.selectOption('[data-testid="search-sort"]', 'distance');
    await page.click('[data-testid="search-sort-apply"]');
    await page.waitForURL((url) => url.searchParams.get('sort') === 'distance', LIVE);
    expect(await page.locator('[data-testid="sort-note"]').textContent()).toContain('בחרו מיקום');
    expect(await shownIds(page)).toEqual(await apiOrder('category=bands&sort=name', 'he'));
    expect(session.problems).toEqual([]);
  }, 120_000);
});
