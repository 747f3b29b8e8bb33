import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CHROMIUM_NOT_FOUND, apiCall, DEMO, executablePath, signIn, startBrowserSuite, type BrowserSuite, type Locale } from './browser-kit.ts';
import { SEARCH_PAGE_SIZE } from '../api/queries.ts';

// The response badges (issue 27 item 3), in Chromium, in Hebrew and English: the demo artists who answered
// the seeded quote requests show "usually replies within an hour" and their reply rate on their search
// cards; the demo artist, with one answered conversation, shows none until it has answered a second
// customer's message and a quote request (three samples) — then the customer sees the badge on its card,
// on the "fastest to reply" sort and on its page.
let suite: BrowserSuite;
const LIVE = { timeout: 30_000 };
const REVIEWER = 'reviewer@demo.local';
const texts = {
  he: { within: 'בדרך כלל עונה תוך שעה', rate: 'עונה ל־100% מההודעות ובקשות ההצעה' },
  en: { within: 'Usually replies within an hour', rate: 'Replies to 100% of messages and quote requests' },
} as const;

interface Card { vendorId: string; response?: { within: string | null; medianMinutes: number | null; replyRate: number | null } | null }
const byResponse = async (locale: Locale) =>
  (await apiCall<{ items: Card[] }>(suite.market.url, 'GET', `ecommerce/vendor?sort=response&limit=${SEARCH_PAGE_SIZE}&locale=${locale === 'he' ? 'he-IL' : 'en-US'}`, null)).body.items;

const badgeOf = (page: Page, vendorId: string) => page.locator(`[data-testid="vendor-card"][data-vendor-id="${vendorId}"] [data-testid="response-badge"]`);

describe.skipIf(!executablePath)(`response badges in Chromium (${executablePath ? 'found' : `skipped: ${CHROMIUM_NOT_FOUND}`})`, () => {
  let demoArtistId: string;

  beforeAll(async () => {
    suite = await startBrowserSuite();
    const vendor = await signIn(suite.market.url, DEMO.vendor);
    demoArtistId = (await apiCall<{ Vendor: { id: string } }>(suite.market.url, 'GET', 'user/current', vendor.token)).body.Vendor.id;
  }, 180_000);
  afterAll(async () => {
    await suite?.close();
  });

  it('the artists who answered the demo requests show a badge; the demo artist, with one answered conversation, none yet', async () => {
    const ranked = (await byResponse('en')).filter((card) => card.response?.medianMinutes != null);
    expect(ranked.length).toBe(5);
    expect(ranked.every((card) => card.response!.within === 'hour' && card.response!.replyRate === 1)).toBe(true);
    const session = await suite.open('he', { width: 390 });
    await suite.goto(session, '/search?sort=response');
    // The fastest first: the first cards are theirs, each with its badge.
    for (const card of ranked) {
      await badgeOf(session.page, card.vendorId).waitFor(LIVE);
      expect(await badgeOf(session.page, card.vendorId).textContent()).toContain(texts.he.within);
    }
    expect(await session.page.inputValue('[data-testid="search-sort"]')).toBe('response');
    expect(await session.page.locator(`[data-testid="vendor-card"][data-vendor-id="${demoArtistId}"] [data-testid="response-badge"]`).count()).toBe(0);
    expect(session.problems).toEqual([]);
  }, 120_000);

  it('after the demo artist answered a message and a quote request, the customer sees its badge on its card and its page (he and en)', async () => {
    const vendor = await signIn(suite.market.url, DEMO.vendor);
    const reviewer = await signIn(suite.market.url, REVIEWER);
    const customer = await signIn(suite.market.url, DEMO.customer);
    const conversation = await apiCall<{ id: string }>(suite.market.url, 'POST', 'conversations', reviewer.token, { vendorId: demoArtistId, text: 'Hi! Are you free for a bar mitzvah in March?' });
    expect(conversation.status).toBe(201);
    expect((await apiCall(suite.market.url, 'POST', `conversations/${conversation.body.id}/messages`, vendor.token, { text: 'Hi! Yes, the date is free.' })).status).toBe(201);
    const eventDate = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
    const request = await apiCall<{ id: string }>(suite.market.url, 'POST', 'quote-requests', customer.token, { vendorIds: [demoArtistId], eventDate, city: 'Haifa', eventType: 'birthday', guests: 30, message: 'A birthday in the garden.' });
    expect(request.status).toBe(201);
    const validUntil = new Date(Date.now() + 14 * 86_400_000).toISOString();
    expect((await apiCall(suite.market.url, 'POST', `quote-requests/${request.body.id}/quote`, vendor.token, { price: { amountMinor: 250_000, currency: 'ILS' }, included: 'An hour and a half', validUntil })).status).toBe(200);
    // The views follow the log: the demo artist now has three answered samples.
    await expect.poll(async () => (await byResponse('en')).find((card) => card.vendorId === demoArtistId)?.response?.within ?? null, LIVE).toBe('hour');

    for (const [locale, width] of [['he', 390], ['en', 1280]] as const) {
      const session = await suite.open(locale, { width, as: DEMO.customer });
      const { page } = session;
      await suite.goto(session, '/search?sort=response');
      const badge = badgeOf(page, demoArtistId);
      await badge.waitFor(LIVE);
      expect(await badge.locator('[data-testid="response-within"]').textContent()).toBe(texts[locale].within);
      expect(await badge.locator('[data-testid="response-rate"]').textContent()).toBe(texts[locale].rate);
      // Its page, from its card.
      await page.click(`[data-testid="vendor-card"][data-vendor-id="${demoArtistId}"] a.vendor-card-link`);
      await page.waitForSelector(`[data-testid="vendor-page"][data-vendor-id="${demoArtistId}"]`, LIVE);
      const pageBadge = page.locator('[data-testid="vendor-page"] .vendor-hero [data-testid="response-badge"]');
      await pageBadge.waitFor(LIVE);
      expect(await pageBadge.locator('[data-testid="response-within"]').textContent()).toBe(texts[locale].within);
      expect(await pageBadge.locator('[data-testid="response-rate"]').textContent()).toBe(texts[locale].rate);
      expect(await page.getAttribute('html', 'dir')).toBe(locale === 'he' ? 'rtl' : 'ltr');
      expect(session.problems).toEqual([]);
    }
  }, 180_000);
});
