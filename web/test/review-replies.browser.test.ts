import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CHROMIUM_NOT_FOUND, DEMO, executablePath, realtimeConnected, startBrowserSuite, type BrowserSuite, type Locale, type Session } from './browser-kit.ts';
import { bookedWeeksAgo } from './booked-orders.ts';
import { apiCall, signIn } from './marketplace.ts';

// Reviews that can be answered (issue 27 item 4, docs/reviews.md), with three people in three browsers:
// the customer reviews a completed order on its page; the artist replies from the reviews dashboard
// screen; the customer is told live and sees the reply under the review (dashboard and artist page,
// with the "verified booking" mark and the rating breakdown); an admin hides the review with a reason
// on the admin order page, and it leaves the artist page and the breakdown, while the customer sees it
// marked hidden. The customer's and the artist's screens are read 300 px wide.
let suite: BrowserSuite;

const words: Record<Locale, { artist: string; review: string; reply: string; reason: string; toast: (reply: string) => string; verified: string }> = {
  en: {
    artist: 'Noa Cohen', review: 'Wonderful band, the guests are still talking about it', reply: 'Thank you! It was a joy to play for you.',
    reason: 'Names another guest', toast: (reply) => `Noa Cohen replied to your review: ${reply}`, verified: 'Verified booking',
  },
  he: {
    artist: 'נועה כהן', review: 'להקה נפלאה, האורחים עדיין מדברים על זה', reply: 'תודה רבה! היה כיף לנגן בשבילכם.',
    reason: 'מזכירה אורח אחר בשמו', toast: (reply) => `נועה כהן הגיב/ה לביקורת שלך: ${reply}`, verified: 'הזמנה מאומתת',
  },
};

const LIVE = { timeout: 30_000 };
const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
const toast = (page: Page, text: string) => page.locator('[data-testid="toast-info"] > span').filter({ hasText: exactly(text) }).first().waitFor(LIVE);
const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The artist's page, found through the search as a visitor would. */
async function toArtistPage(session: Session, artist: string) {
  await suite.goto(session, `/search?text=${encodeURIComponent(artist)}`);
  await session.page.click(`[data-testid="vendor-card"]:has-text("${artist}") .vendor-card-link`);
  await session.page.waitForSelector('[data-testid="vendor-page"]');
}

async function answeredAndHidden(locale: Locale) {
  const text = words[locale];
  // A show that ended three hours ago, booked, paid and approved before it; the artist completed it.
  const orderId = await bookedWeeksAgo(suite.market, -3 * 3600_000);
  const vendorToken = (await signIn(suite.market.url, DEMO.vendor)).token;
  expect((await apiCall(suite.market.url, 'POST', `orders/${orderId}/complete`, vendorToken, {})).status).toBe(200);

  const customer = await suite.open(locale, { as: DEMO.customer, width: 300 });
  const vendor = await suite.open(locale, { as: DEMO.vendor, width: 300 });
  const admin = await suite.open(locale, { as: DEMO.admin });

  // The customer reviews the completed order on its page.
  await suite.goto(customer, `/order/${orderId}/complete`);
  await customer.page.click('[data-testid="order-review-write"]');
  await customer.page.check('[data-testid="order-review-rating-5"]');
  await customer.page.fill('[data-testid="order-review-text-input"]', text.review);
  await customer.page.click('[data-testid="order-review-submit"]');
  await customer.page.waitForSelector(`[data-testid="order-review-text"]:text-is("${text.review}")`, LIVE);

  // The artist replies from the reviews screen; an empty reply is refused in place.
  await suite.goto(vendor, '/user/dashboard/vendor/reviews');
  const item = vendor.page.locator(`[data-testid="vendor-review"][data-order-id="${orderId}"]`);
  await item.waitFor(LIVE);
  expect(await item.locator('[data-testid="verified-booking"]').textContent()).toContain(text.verified);
  await item.locator('[data-testid="review-reply-send"]').click();
  await item.locator('[data-testid="field-error"]').waitFor(LIVE);
  await realtimeConnected(customer.page);
  const told = toast(customer.page, text.toast(text.reply));
  await item.locator('[data-testid="review-reply-input"]').fill(text.reply);
  await item.locator('[data-testid="review-reply-send"]').click();
  await item.locator(`[data-testid="review-reply-text"]:text-is("${text.reply}")`).waitFor(LIVE);
  // Once only: the form is gone.
  expect(await item.locator('[data-testid="review-reply-form"]').count()).toBe(0);
  expect(await noSideScroll(vendor.page)).toBeLessThanOrEqual(0);

  // The customer is told live, and reads the reply under their review, still editable for 14 days.
  await told;
  await suite.goto(customer, '/user/dashboard/reviews');
  const mine = customer.page.locator(`[data-testid="my-review"][data-order-id="${orderId}"]`);
  await mine.locator(`[data-testid="review-reply-text"]:text-is("${text.reply}")`).waitFor(LIVE);
  expect(await mine.locator('[data-testid="review-edit"]').count()).toBe(1);
  expect(await noSideScroll(customer.page)).toBeLessThanOrEqual(0);

  // On the artist page: the review with its mark and the reply, and the breakdown counting it.
  await toArtistPage(customer, text.artist);
  const shown = customer.page.locator('[data-testid="public-review"]').filter({ hasText: text.review });
  await shown.waitFor(LIVE);
  expect(await shown.locator('[data-testid="review-reply-text"]').textContent()).toBe(text.reply);
  expect(await shown.locator('[data-testid="verified-booking"]').count()).toBe(1);
  const fives = Number(await customer.page.getAttribute('[data-testid="breakdown-5"]', 'data-count'));
  expect(fives).toBeGreaterThanOrEqual(1);
  expect(await noSideScroll(customer.page)).toBeLessThanOrEqual(0);
  if (locale === 'he') expect(await customer.page.getAttribute('html', 'dir')).toBe('rtl');

  // The admin hides it with a reason (an empty one is refused in place); the page marks it hidden.
  await suite.goto(admin, `/admin/order/${orderId}`);
  const moderation = admin.page.locator('[data-testid="admin-order-review"]');
  await moderation.waitFor(LIVE);
  await moderation.locator('[data-testid="hide-review-submit"]').click();
  await moderation.locator('[data-testid="field-error"]').waitFor(LIVE);
  await moderation.locator('[data-testid="hide-review-reason"]').fill(text.reason);
  await moderation.locator('[data-testid="hide-review-submit"]').click();
  await moderation.locator('[data-testid="admin-review-hidden"]').filter({ hasText: text.reason }).waitFor(LIVE);
  // The hiding is in the review's log, on its audit page.
  await moderation.locator('[data-testid="review-history-link"]').click();
  await admin.page.locator('text=ReviewRemoved').first().waitFor(LIVE);

  // Gone from the artist page and its breakdown; its author sees it marked hidden, with the reason.
  await toArtistPage(customer, text.artist);
  expect(await customer.page.locator('[data-testid="public-review"]').filter({ hasText: text.review }).count()).toBe(0);
  expect(Number(await customer.page.getAttribute('[data-testid="breakdown-5"]', 'data-count'))).toBe(fives - 1);
  await suite.goto(customer, '/user/dashboard/reviews');
  await customer.page.locator(`[data-testid="my-review"][data-order-id="${orderId}"] [data-testid="my-review-hidden"]`).filter({ hasText: text.reason }).waitFor(LIVE);

  for (const session of [customer, vendor, admin]) expect(session.problems).toEqual([]);
  for (const session of [customer, vendor, admin]) await session.context.close();
}

describe.skipIf(!executablePath)(`reviews that can be answered, in Chromium (${executablePath ? 'found' : `skipped: ${CHROMIUM_NOT_FOUND}`})`, () => {
  beforeAll(async () => {
    suite = await startBrowserSuite();
  }, 120_000);
  afterAll(async () => {
    await suite?.close();
  });

  it('in Hebrew: the customer reviews a completed order, the artist replies once, the customer is told and sees it; an admin hides it and it leaves the artist page', async () => {
    await answeredAndHidden('he');
  }, 180_000);

  it('in English: the same', async () => {
    await answeredAndHidden('en');
  }, 180_000);
});
