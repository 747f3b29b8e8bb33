import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, DEMO, executablePath, signIn, startBrowserSuite, type BrowserSuite, type Locale } from './browser-kit.ts';

// The operator's back office (SPEC §1 roles, §6 access rules): signed in as the demo operator, whose
// rules give the dashboard, orders (list, read) and conversations (read) and nothing else, each page
// shows what those rules give and nothing that would fail — no artist filter (that would list the
// artists), no history, no actions, no links to admin pages the operator may not open — and a page the
// rules do not give answers the no-access page with status 403, never 500. A reader given read but
// not update on artists sees an artist's profile without a way to save it. The operator's dashboard
// (SPEC §2 operator-dashboard) lists what is waiting today. After a missing page, each role is taken
// where it starts (SPEC §2: guest → sign-in, admin → back office, operator → operator dashboard,
// anyone else → their own dashboard).
const OPERATOR = 'operator@demo.local';
const LIVE = { timeout: 30_000 };
let suite: BrowserSuite;

/**
 * Moves a page's fake clock one second on and returns its path once the page has rendered what that
 * second did. The 404 page's countdown is a chain of 1 s timeouts, each set when React renders the last
 * one's count (React's scheduler posts on a MessageChannel, which the fake clock does not hold): one
 * runFor of 11 s fires only the first, and the rest then ran in real time (10 s a case).
 */
async function afterASecond(page: Page): Promise<string> {
  await page.clock.runFor(1_000);
  await page.evaluate(() => new Promise<void>((rendered) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => rendered();
    channel.port2.postMessage(null);
  }));
  return new URL(page.url()).pathname;
}

const words: Record<Locale, { noAccess: string; today: string }> = {
  he: { noAccess: 'אין גישה', today: 'העבודה של היום' },
  en: { noAccess: 'No access', today: "Today's work" },
};

/** The customer places an order and pays it, and writes to an artist who has not answered: work waiting for the operator. */
async function workForTheOperator(): Promise<{ orderId: string; conversationId: string }> {
  const { token } = await signIn(suite.market.url, DEMO.customer);
  const products = await apiCall<{ items: { productId: string; vendorId: string }[] }>(suite.market.url, 'GET', 'ecommerce/product?type=default&limit=5', null);
  const product = products.body.items[products.body.items.length - 1]!;
  const placed = await apiCall<{ id: string }>(suite.market.url, 'POST', 'orders', token, { productId: product.productId });
  expect(placed.status).toBe(201);
  expect((await apiCall(suite.market.url, 'POST', `orders/${placed.body.id}/pay`, token, { cardNumber: '4242424242424242' })).status).toBe(200);
  const opened = await apiCall<{ id: string }>(suite.market.url, 'POST', 'conversations', token, { vendorId: product.vendorId, text: 'Are you free on the 12th?' });
  expect(opened.status).toBeLessThan(300);
  return { orderId: placed.body.id, conversationId: opened.body.id };
}

describe.skipIf(!executablePath)('the operator in the back office', () => {
  beforeAll(async () => { suite = await startBrowserSuite(); }, 180_000);
  afterAll(async () => { await suite?.close(); });

  for (const locale of ['he', 'en'] as const) {
    it(`works today's orders and conversations, sees only what the rules give, and meets 403 instead of 500 (${locale})`, async () => {
      const { orderId, conversationId } = await workForTheOperator();
      const session = await suite.open(locale, { as: OPERATOR });
      const { page } = session;

      // The operator dashboard: the paid order and the unanswered conversation are waiting.
      await suite.goto(session, '/admin/operator');
      expect(await page.locator('h1').textContent()).toBe(words[locale].today);
      await page.locator(`[data-testid="operator-awaiting-approval"] [data-testid="operator-order"][data-order-id="${orderId}"]`).waitFor(LIVE);
      await page.locator(`[data-testid="operator-unanswered"] [data-testid="operator-conversation"][data-conversation-id="${conversationId}"]`).waitFor(LIVE);
      expect(await page.locator('[data-testid="admin-nav"] a').evaluateAll((links) => links.map((link) => link.getAttribute('data-testid'))))
        .toEqual(['admin-nav-home', 'admin-nav-operator', 'admin-nav-analytics', 'admin-nav-order', 'admin-nav-conversations', 'admin-nav-myConversations']);

      // The order: its facts, without history, actions or links to admin pages the rules do not give.
      await page.click(`[data-testid="operator-order"][data-order-id="${orderId}"] a`);
      await page.waitForSelector(`[data-testid="admin-order"][data-order-id="${orderId}"]`, LIVE);
      expect(await page.locator('[data-testid="admin-order-customer"]').textContent()).toBeTruthy();
      for (const absent of ['event-history', 'admin-order-actions', 'admin-order-customer-page', 'admin-order-vendor-page']) {
        expect(await page.locator(`[data-testid="${absent}"]`).count(), absent).toBe(0);
      }

      // The orders list, without the artist filter (it would list the artists).
      await suite.goto(session, '/admin/order');
      await page.waitForSelector('[data-testid="admin-order-row"]', LIVE);
      expect(await page.locator('[data-testid="filter-vendor"]').count()).toBe(0);

      // Conversations: the unanswered ones, and a thread read through the back office's own read.
      await suite.goto(session, '/admin/conversations?unanswered=true');
      await page.locator(`[data-testid="admin-conversation"][data-conversation-id="${conversationId}"]`).waitFor(LIVE);
      expect(await page.locator('[data-testid="conversation-artist"]').count()).toBe(0);
      expect(await page.locator('[data-testid="conversation-customer"]').count()).toBe(0);
      expect(await page.locator('[data-testid="admin-conversation"]').evaluateAll((rows) => rows.length)).toBeGreaterThan(0);
      await page.click(`[data-testid="admin-conversation"][data-conversation-id="${conversationId}"] [data-testid="admin-conversation-open"]`);
      await page.waitForSelector('[data-testid="admin-message"]', LIVE);
      expect(await page.locator('[data-testid="admin-message"]').last().textContent()).toContain('Are you free on the 12th?');

      // Pages the rules do not give: the no-access page, answered 403.
      for (const path of ['/admin/vendor', '/admin/product', '/admin/user', '/admin/acl', '/admin/config', '/admin/language', `/admin/stream/order-${orderId}`]) {
        const answer = await page.goto(`${suite.market.url}${session.prefix}${path}`);
        expect(answer?.status(), path).toBe(403);
        expect(await page.locator('[data-testid="unauthorized"] h1').textContent(), path).toBe(words[locale].noAccess);
      }
      expect(session.problems.filter((problem) => !/status of 403/.test(problem))).toEqual([]);
    }, 120_000);
  }

  it('a reader with read but not update on artists sees the profile without a way to save, archive or give it away', async () => {
    const admin = await signIn(suite.market.url, DEMO.admin);
    const granted = await apiCall<{ id: string }>(suite.market.url, 'POST', 'admin/acl', admin.token,
      { rule: { asset: 'vendor', action: 'read', level: 'all', role: 'operator', public: false } });
    expect(granted.status).toBe(201);
    const operator = await signIn(suite.market.url, OPERATOR);
    // The views apply the grant a moment later: up to 30 s of polls, not 5 s, which a loaded machine can reach.
    for (let attempt = 0; attempt < 300; attempt++) {
      const mine = await apiCall<{ items: { asset: string; action: string }[] }>(suite.market.url, 'GET', 'acl/mine', operator.token);
      if (mine.body.items.some((rule) => rule.asset === 'vendor' && rule.action === 'read')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const vendors = await apiCall<{ items: { vendorId: string }[] }>(suite.market.url, 'GET', 'ecommerce/vendor?limit=1', null);
    const vendorId = vendors.body.items[0]!.vendorId;
    try {
      for (const locale of ['en', 'he'] as const) {
        const session = await suite.open(locale, { as: OPERATOR, width: locale === 'he' ? 300 : 1280 });
        await suite.goto(session, `/admin/vendor/${vendorId}`);
        await session.page.waitForSelector('[data-testid="vendor-read-only"]', LIVE);
        expect(await session.page.locator('[data-testid="vendor-profile-form"]').count()).toBe(1);
        expect(await session.page.locator('fieldset.admin-plain-fieldset').getAttribute('disabled')).not.toBeNull();
        for (const absent of ['save-profile', 'vendor-archive', 'vendor-unarchive', 'owner-search', 'vendor-add-product', 'vendor-products-link', 'event-history']) {
          expect(await session.page.locator(`[data-testid="${absent}"]`).count(), absent).toBe(0);
        }
        // Usable at 300 px: nothing wider than the screen.
        expect(await session.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(locale === 'he' ? 300 : 1280);
        expect(session.problems).toEqual([]);
      }
    } finally {
      await apiCall(suite.market.url, 'DELETE', `admin/acl/${granted.body.id}`, admin.token);
    }
  }, 90_000);

  it('a missing page answers 404, then takes each role where it starts (SPEC §2)', async () => {
    const cases: { who: string | null; locale: Locale; landing: string }[] = [
      { who: null, locale: 'he', landing: '/user/login' },
      { who: DEMO.customer, locale: 'en', landing: '/user/dashboard/profile' },
      { who: DEMO.admin, locale: 'he', landing: '/admin' },
      { who: OPERATOR, locale: 'en', landing: '/admin/operator' },
    ];
    for (const { who, locale, landing } of cases) {
      const session = await suite.open(locale, who ? { as: who } : {});
      const { page } = session;
      // A fake clock: the page's 10 s countdown runs at once.
      await page.clock.install();
      const answer = await page.goto(`${suite.market.url}${session.prefix}/no-such-page`);
      expect(answer?.status()).toBe(404);
      await page.waitForSelector('[data-testid="not-found-countdown"]', LIVE);
      expect(await page.getAttribute('[data-testid="not-found-go"]', 'href')).toBe(`${session.prefix}${landing}`);
      await expect.poll(() => afterASecond(page), LIVE).toBe(`${session.prefix}${landing}`);
      expect(session.problems.filter((problem) => !/status of 404/.test(problem))).toEqual([]);
    }

    // Choosing to stay keeps the reader on the 404 page.
    const stayer = await suite.open('en');
    await stayer.page.clock.install();
    await stayer.page.goto(`${suite.market.url}/en/no-such-page`);
    await stayer.page.click('[data-testid="not-found-stay"]');
    for (let second = 0; second < 12; second++) expect(await afterASecond(stayer.page)).toBe('/en/no-such-page');
    expect(await stayer.page.locator('[data-testid="not-found"]').count()).toBe(1);
  }, 120_000);
});
