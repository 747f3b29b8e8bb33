import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CHROMIUM_NOT_FOUND, DEMO, apiCall, executablePath, realtimeConnected, signIn, startBrowserSuite, type BrowserSuite, type Locale, type Session } from './browser-kit.ts';

// Issue 9 part C in Chromium: a customer messages an artist from the artist's page; the artist, already
// on the conversations screen in another browser, sees it arrive live with an unread badge and
// replies; the customer sees the reply live. Notifications: marking read lowers the header's bell,
// "mark all read" empties it, new pushes appear on top, and each item leads to its object.
const LIVE = { timeout: 20_000 };

let suite: BrowserSuite;
let vendorId: string;
let customerName: string;

/** Set on the page's window; still there later means the page was never reloaded. */
const markNoReload = (page: Page) => page.evaluate(() => { (window as unknown as { noReload: boolean }).noReload = true; });
const wasNotReloaded = (page: Page) => page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload === true);
const badgeCount = async (page: Page, testId: string) => {
  const badge = page.locator(`[data-testid="${testId}"]`);
  return (await badge.count()) === 0 ? 0 : Number(await badge.textContent());
};

async function signedIn(locale: Locale, email: string, path: string, width?: number): Promise<Session> {
  const session = await suite.open(locale, { as: email, width });
  await suite.goto(session, path);
  await realtimeConnected(session.page);
  return session;
}

describe.skipIf(!executablePath)(`conversations and notifications in Chromium (${executablePath ? 'found' : `skipped: ${CHROMIUM_NOT_FOUND}`})`, () => {
  beforeAll(async () => {
    suite = await startBrowserSuite();
    const vendor = await signIn(suite.market.url, DEMO.vendor);
    vendorId = (await apiCall<{ Vendor: { id: string } }>(suite.market.url, 'GET', 'user/current', vendor.token)).body.Vendor.id;
    const customer = await signIn(suite.market.url, DEMO.customer);
    customerName = (await apiCall<{ fullName: string }>(suite.market.url, 'GET', 'user/current', customer.token)).body.fullName;
  }, 180_000);
  afterAll(async () => suite?.close());

  for (const locale of ['he', 'en'] as const) {
    it(`a customer messages the artist and they talk live, without reloading (${locale})`, async () => {
      const text = { question: `Are you free on the 12th? (${locale})`, reply: `Yes, we are free that evening! (${locale})` };
      const vendor = await signedIn(locale, DEMO.vendor, '/user/dashboard/conversations');
      await markNoReload(vendor.page);
      const customer = await signedIn(locale, DEMO.customer, `/artists/artist/${vendorId}`);
      expect(await customer.page.getAttribute('html', 'dir')).toBe(locale === 'he' ? 'rtl' : 'ltr');

      // The customer opens the conversation from the artist's page and writes; Shift+Enter is a new line, Enter sends.
      await customer.page.click('[data-testid="message-artist"]');
      await customer.page.waitForSelector('[data-testid="conversation-thread"]', LIVE);
      expect(customer.page.url()).toContain(`${customer.prefix}/user/dashboard/conversations/`);
      const input = customer.page.locator('[data-testid="message-input"]');
      await input.fill('Line one');
      await input.press('Shift+Enter');
      await input.pressSequentially('line two');
      expect(await input.inputValue()).toBe('Line one\nline two');
      await input.fill(text.question);
      await input.press('Enter');
      await customer.page.waitForSelector(`[data-testid="message"][data-side="customer"]:has-text("${text.question}")`, LIVE);
      expect(await input.inputValue()).toBe('');
      await markNoReload(customer.page);

      // The artist sees it arrive in the list, with the customer's name and an unread badge, and in the header.
      const item = vendor.page.locator(`[data-testid="conversation-item"]:has-text("${customerName}")`);
      await item.locator(`[data-testid="conversation-preview"]:has-text("${text.question}")`).waitFor(LIVE);
      expect(Number(await item.locator('[data-testid="conversation-unread"]').textContent())).toBeGreaterThanOrEqual(1);
      await vendor.page.waitForSelector('[data-testid="conversations-badge"]', LIVE);
      expect(await vendor.page.getAttribute('[data-testid="conversations-link"]', 'aria-label')).toMatch(/\d/);

      // Opening the thread marks it read: the badges go.
      await item.click();
      await vendor.page.waitForSelector(`[data-testid="message"][data-side="customer"]:has-text("${text.question}")`, LIVE);
      await item.locator('[data-testid="conversation-unread"]').waitFor({ state: 'detached', ...LIVE });
      await vendor.page.locator('[data-testid="conversations-badge"]').waitFor({ state: 'detached', ...LIVE });

      // The artist replies with the button; the customer sees the reply live, on the other side.
      await vendor.page.fill('[data-testid="message-input"]', text.reply);
      await vendor.page.click('[data-testid="send-message"]');
      await vendor.page.waitForSelector(`[data-testid="message"].is-mine:has-text("${text.reply}")`, LIVE);
      await customer.page.waitForSelector(`[data-testid="message"][data-side="vendor"].is-theirs:has-text("${text.reply}")`, LIVE);
      // The push that brought the reply is toasted before the thread re-reads; the open thread shows it, so no toast.
      expect(await customer.page.locator('[data-testid="toast-info"]').count()).toBe(0);

      expect(await wasNotReloaded(vendor.page)).toBe(true);
      expect(await wasNotReloaded(customer.page)).toBe(true);
      expect(vendor.problems).toEqual([]);
      expect(customer.problems).toEqual([]);
      await Promise.all([vendor.context.close(), customer.context.close()]);
    }, 180_000);
  }

  it('on a phone the thread stands alone, with a way back to the list (he)', async () => {
    const customer = await signedIn('he', DEMO.customer, '/user/dashboard/conversations', 390);
    await customer.page.click('[data-testid="conversation-item"]');
    await customer.page.waitForSelector('[data-testid="conversation-thread"]', LIVE);
    expect(await customer.page.isVisible('[data-testid="conversation-list"]')).toBe(false);
    await customer.page.click('[data-testid="thread-back"]');
    await customer.page.waitForSelector('[data-testid="conversation-list"]', { state: 'visible', ...LIVE });
    expect(await customer.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    expect(customer.problems).toEqual([]);
    await customer.context.close();
  }, 120_000);

  it('a guest is sent to sign in and back; the artist has no button on their own page (en)', async () => {
    const guest = await suite.open('en');
    await suite.goto(guest, `/artists/artist/${vendorId}`);
    const vendorPagePath = new URL(guest.page.url()).pathname;
    expect(await guest.page.locator('[data-testid="notifications-link"], [data-testid="conversations-link"]').count()).toBe(0);
    await guest.page.click('[data-testid="message-artist"]');
    await guest.page.waitForURL((url) => url.pathname === '/en/user/login', LIVE);
    expect(new URL(guest.page.url()).searchParams.get('loginRedirect')).toBe(vendorPagePath);

    const vendor = await signedIn('en', DEMO.vendor, `/artists/artist/${vendorId}`);
    await vendor.page.waitForSelector('[data-testid="favorite-toggle"]');
    expect(await vendor.page.locator('[data-testid="message-artist"]').count()).toBe(0);
    expect([...guest.problems, ...vendor.problems]).toEqual([]);
    await Promise.all([guest.context.close(), vendor.context.close()]);
  }, 120_000);

  it('marking a notification read lowers the bell, and an item leads to its object (he)', async () => {
    const customer = await signedIn('he', DEMO.customer, '/notifications');
    await customer.page.waitForSelector('[data-testid="notifications-badge"]', LIVE);
    const before = await badgeCount(customer.page, 'notifications-badge');
    expect(await customer.page.getAttribute('[data-testid="notifications-link"]', 'aria-label')).toContain(String(before));
    const unread = customer.page.locator('[data-testid="notification"][data-read="false"]').first();
    const id = await unread.getAttribute('data-notification-id');
    await unread.locator('[data-testid="mark-read"]').click();
    await customer.page.waitForSelector(`[data-testid="notification"][data-notification-id="${id}"][data-read="true"]`, LIVE);
    await customer.page.waitForFunction(
      (expected) => Number(document.querySelector('[data-testid="notifications-badge"]')?.textContent ?? 0) === expected, before - 1, LIVE,
    );

    // An order's notification leads the customer to that order's page.
    const orderItem = customer.page.locator('[data-testid="notification"]:has([href*="/order/"])').first();
    const href = await orderItem.locator('[data-testid="notification-link"]').getAttribute('href');
    expect(href).toMatch(/^\/order\/[^/]+\/complete$/);
    await orderItem.locator('[data-testid="notification-link"]').click();
    await customer.page.waitForURL((url) => url.pathname === href, LIVE);
    await customer.page.waitForSelector('[data-testid="order-summary"]', LIVE);
    expect(customer.problems).toEqual([]);
    await customer.context.close();
  }, 120_000);

  it('a new notification appears on top live; "mark all read" empties the bell; a message leads to its thread (en)', async () => {
    const vendor = await signedIn('en', DEMO.vendor, '/notifications');
    await markNoReload(vendor.page);
    const customer = await signIn(suite.market.url, DEMO.customer);
    const text = `One more question about the sound system ${Date.now()}`;
    const opened = await apiCall<{ id: string }>(suite.market.url, 'POST', 'conversations', customer.token, { vendorId, text });
    expect(opened.status).toBe(201);

    const first = vendor.page.locator('[data-testid="notification"]').first();
    await first.locator(`.notification-preview:has-text("${text}")`).waitFor(LIVE);
    expect(await first.getAttribute('data-read')).toBe('false');
    expect(await first.locator('[data-testid="notification-link"]').getAttribute('href')).toBe(`/en/user/dashboard/conversations/${opened.body.id}`);
    await vendor.page.waitForSelector('[data-testid="notifications-badge"]', LIVE);

    await vendor.page.click('[data-testid="mark-all-read"]');
    await vendor.page.locator('[data-testid="notification"][data-read="false"]').first().waitFor({ state: 'detached', ...LIVE });
    await vendor.page.locator('[data-testid="notifications-badge"]').waitFor({ state: 'detached', ...LIVE });
    expect(await vendor.page.getAttribute('[data-testid="notifications-link"]', 'aria-label')).toBe('Notifications');
    expect(await wasNotReloaded(vendor.page)).toBe(true);

    await first.locator('[data-testid="notification-link"]').click();
    await vendor.page.waitForSelector(`[data-testid="conversation-thread"][data-conversation-id="${opened.body.id}"] [data-testid="message"]:has-text("${text}")`, LIVE);
    expect(vendor.problems).toEqual([]);
    await vendor.context.close();
  }, 120_000);
});
