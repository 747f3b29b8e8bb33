import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_NOT_FOUND, DEMO, executablePath, startBrowserSuite, type BrowserSuite, type Locale } from './browser-kit.ts';

// The demo marketplace as a new visitor meets it: signed in as the demo customer, every screen
// of the account has something in it — orders in every status, charges and a refund, reviews, favorite
// artists, a conversation and a signed contract — in Hebrew and in English, on a phone too; the
// artist's photos load.
let suite: BrowserSuite;
const LIVE = { timeout: 20_000 };

/** Each account screen and what must be on it. */
const screens: { path: string; item: string; atLeast: number }[] = [
  { path: '/user/dashboard/orders', item: '[data-testid="order-card"]', atLeast: 10 },
  { path: '/user/dashboard/payments', item: '[data-testid="payment-row"][data-kind="refund"]', atLeast: 1 },
  { path: '/user/dashboard/payments', item: '[data-testid="payment-row"][data-kind="charge"]', atLeast: 8 },
  { path: '/user/dashboard/reviews', item: '[data-testid="my-review"]', atLeast: 8 },
  { path: '/user/dashboard/my-vendors', item: '[data-testid="favorite-vendor"]', atLeast: 3 },
  { path: '/user/dashboard/my-vendors', item: '[data-testid="saved-product"]', atLeast: 1 },
  { path: '/user/dashboard/conversations', item: '[data-testid="conversation-item"]', atLeast: 1 },
  { path: '/user/dashboard/contracts', item: '[data-testid="contract-row"]', atLeast: 1 },
];

beforeAll(async () => {
  if (executablePath) suite = await startBrowserSuite();
}, 180_000);

afterAll(async () => {
  await suite?.close();
});

describe.skipIf(!executablePath)(`the demo customer's account in Chromium (${executablePath ? 'found' : `skipped: ${CHROMIUM_NOT_FOUND}`})`, () => {
  for (const locale of ['he', 'en'] as Locale[]) {
    it(`every account screen has the demo customer's history (${locale})`, async () => {
      const session = await suite.open(locale, { as: DEMO.customer, width: 390 });
      for (const screen of screens) {
        await suite.goto(session, screen.path);
        await session.page.locator(screen.item).first().waitFor(LIVE);
        expect(await session.page.locator(screen.item).count(), `${screen.item} on ${screen.path}`).toBeGreaterThanOrEqual(screen.atLeast);
      }
      // Every status shows among the orders.
      await suite.goto(session, '/user/dashboard/orders');
      await session.page.locator('[data-testid="order-card"]').first().waitFor(LIVE);
      const statuses = await session.page.locator('[data-testid="order-card"]').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-status')));
      expect(new Set(statuses)).toEqual(new Set(['new', 'payed', 'approved', 'completed', 'canceled']));
      expect(await session.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(session.problems).toEqual([]);
    }, 120_000);

    it(`an artist's page shows their photos, loaded (${locale})`, async () => {
      const session = await suite.open(locale);
      await suite.goto(session, '/search?category=bands');
      await session.page.click('[data-testid="vendor-card"] .vendor-card-link');
      await session.page.waitForSelector('[data-testid="vendor-page"]', LIVE);
      // Photos of its own (issue 22 item 5): three, as thumbnails that open the photo.
      const photos = session.page.locator('[data-testid="vendor-photo"]');
      expect(await photos.count()).toBe(3);
      const image = photos.first().locator('img');
      await image.scrollIntoViewIfNeeded();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), LIVE).toBeGreaterThan(100);
      expect(await photos.first().getAttribute('href')).toMatch(/^\/demo\/artist-\d+-wide\.[0-9a-f]{10}\.webp$/);
      expect(session.problems).toEqual([]);
    });
  }
});
