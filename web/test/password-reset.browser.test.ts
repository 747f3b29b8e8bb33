import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_NOT_FOUND, apiCall, DEMO, executablePath, startBrowserSuite, type BrowserSuite, type Locale } from './browser-kit.ts';

// In Chromium: "forgot password" from the login page to a new password by the
// mailed link (read from the product's outbox), the old password refused; the login page no longer
// links the two-factor page; "Join as an artist" tells a guest that an account comes first.
let suite: BrowserSuite;

const TEXTS = {
  he: { sent: 'אם יש חשבון עם הכתובת הזאת', done: 'הסיסמה הוחלפה', badLink: 'הקישור כבר לא בתוקף', accountFirst: 'מתחילים בחשבון' },
  en: { sent: 'If an account with this address exists', done: 'Your password is changed', badLink: 'This link is not valid any more', accountFirst: 'the account comes first' },
} as const;

async function register(email: string, password: string): Promise<void> {
  const registered = await apiCall(suite.market.url, 'POST', 'user/register', null, { email, password, fullName: 'Noa Reset', locale: 'he-IL' });
  expect(registered.status).toBe(201);
  const activated = await apiCall(suite.market.url, 'POST', 'user/activate', null, { token: suite.market.mailOutbox.tokenFor(email) });
  expect(activated.status).toBe(200);
}

const signInStatus = async (email: string, password: string) =>
  (await apiCall(suite.market.url, 'POST', 'token/jwt', null, { email, password })).status;

describe.skipIf(!executablePath)(`password reset and account pages in Chromium (${executablePath ? 'found' : `skipped: ${CHROMIUM_NOT_FOUND}`})`, () => {
  beforeAll(async () => { suite = await startBrowserSuite(); }, 120_000);
  afterAll(async () => { await suite?.close(); });

  for (const locale of ['he', 'en'] as const satisfies Locale[]) {
    it(`forgot password: the login page's link, the mailed link, a new password, and the old one refused — ${locale}`, async () => {
      const email = `reset-${locale}@example.com`;
      await register(email, 'old-password');
      const session = await suite.open(locale, { width: 390 });
      const { page } = session;
      await suite.goto(session, '/user/login');
      expect(await page.locator('a[href$="/user/login/two-factor"]').count()).toBe(0);
      await page.click('[data-testid="forgot-password-link"]');
      await page.waitForSelector('[data-testid="forgot-password-form"]');
      expect(new URL(page.url()).pathname).toBe(`${session.prefix}/user/password/forgot`);
      await page.fill('[data-testid="forgot-password-email"]', email);
      await page.click('[data-testid="forgot-password-submit"]');
      await page.waitForSelector(`[data-testid="forgot-password-sent"]:has-text("${TEXTS[locale].sent}")`, { timeout: 15_000 });

      // The same answer for an address without an account.
      await suite.goto(session, '/user/password/forgot');
      await page.fill('[data-testid="forgot-password-email"]', `nobody-${locale}@example.com`);
      await page.click('[data-testid="forgot-password-submit"]');
      await page.waitForSelector(`[data-testid="forgot-password-sent"]:has-text("${TEXTS[locale].sent}")`, { timeout: 15_000 });
      expect(suite.market.mailOutbox.resetTokenFor(`nobody-${locale}@example.com`)).toBeUndefined();

      const message = suite.market.mailOutbox.passwordResets.findLast((item) => item.to === email)!;
      expect(message.locale).toBe(locale === 'he' ? 'he-IL' : 'en-US');
      await suite.goto(session, `/user/password/reset?token=${encodeURIComponent(message.token)}`);
      await page.fill('[data-testid="reset-password-new"]', 'new-password-1');
      await page.fill('[data-testid="reset-password-repeat"]', 'new-password-2');
      await page.click('[data-testid="reset-password-submit"]');
      await page.waitForSelector('#reset-password-mismatch');
      await page.fill('[data-testid="reset-password-repeat"]', 'new-password-1');
      await page.click('[data-testid="reset-password-submit"]');
      await page.waitForSelector(`[data-testid="reset-password-done"]:has-text("${TEXTS[locale].done}")`, { timeout: 15_000 });

      // Signing in on the login page with the new password works; the old one is refused.
      expect(await signInStatus(email, 'old-password')).toBe(401);
      await suite.goto(session, '/user/login');
      await page.fill('[data-testid="login-email"]', email);
      await page.fill('[data-testid="login-password"]', 'new-password-1');
      await page.click('[data-testid="login-submit"]');
      // Either of the two, whichever is shown (waitForSelector would judge the first in the document only).
      await page.locator('[data-testid="user-menu"]:visible, .mobile-menu:visible').first().waitFor({ timeout: 15_000 });
      await page.waitForURL((url) => !url.pathname.endsWith('/user/login'), { timeout: 15_000 });

      // The link worked once.
      const again = await suite.open(locale);
      await suite.goto(again, `/user/password/reset?token=${encodeURIComponent(message.token)}`);
      await again.page.fill('[data-testid="reset-password-new"]', 'third-password');
      await again.page.fill('[data-testid="reset-password-repeat"]', 'third-password');
      await again.page.click('[data-testid="reset-password-submit"]');
      await again.page.waitForSelector(`[data-testid="reset-password-bad-link"]:has-text("${TEXTS[locale].badLink}")`, { timeout: 15_000 });
      expect(await signInStatus(email, 'new-password-1')).toBe(200);
      expect([...session.problems, ...again.problems]).toEqual([]);
    }, 120_000);

    it(`"Join as an artist" tells a guest the account comes first and brings them back after sign-in — ${locale}`, async () => {
      const session = await suite.open(locale);
      const { page } = session;
      await suite.goto(session, '/user/register/artist');
      await page.waitForSelector(`[data-testid="artist-account-first"]:has-text("${TEXTS[locale].accountFirst}")`);
      expect(await page.locator('[data-testid="artist-form"]').count()).toBe(0);
      await page.click('[data-testid="artist-sign-in"]');
      await page.waitForURL((url) => url.pathname === `${session.prefix}/user/login`);
      expect(new URL(page.url()).searchParams.get('loginRedirect')).toBe(`${session.prefix}/user/register/artist`);
      await page.waitForSelector('html[data-activated="true"]');
      await page.fill('[data-testid="login-email"]', DEMO.customer);
      await page.fill('[data-testid="login-password"]', 'demo-password');
      await page.click('[data-testid="login-submit"]');
      await page.waitForURL((url) => url.pathname === `${session.prefix}/user/register/artist`, { timeout: 15_000 });
      await page.waitForSelector('[data-testid="artist-form"]');
      expect(session.problems).toEqual([]);
    }, 120_000);
  }
});
