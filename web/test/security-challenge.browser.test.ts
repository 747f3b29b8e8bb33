import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_NOT_FOUND, DEMO, DEMO_PASSWORD, executablePath, noScriptRan, startBrowserSuite, type BrowserSuite } from './browser-kit.ts';

// The SPEC's securityChallenge in Chromium (the ALTCHA proof of work, served by this site): an
// account under attack from many addresses asks its owner for the check instead of refusing, the
// owner's browser solves it and signs in; a busy address must solve it to register, which a browser
// without JavaScript is told it cannot do. Both languages.
let suite: BrowserSuite;

/** A POST to the API from a chosen loopback address (127.0.0.x): another visitor on this machine. */
function postFrom(localAddress: string, path: string, body: unknown): Promise<number> {
  const url = new URL(path, suite.market.url);
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: url.port, path: url.pathname, method: 'POST', localAddress, headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(text);
  });
}

const TEXTS = {
  he: { asked: 'בדיקה אוטומטית קצרה', needsJavaScript: 'יש להפעיל JavaScript' },
  en: { asked: 'quick automatic check', needsJavaScript: 'turn JavaScript on' },
} as const;

describe.skipIf(!executablePath)(`security challenge in Chromium (${executablePath ? 'found' : `skipped: ${CHROMIUM_NOT_FOUND}`})`, () => {
  beforeAll(async () => { suite = await startBrowserSuite(); }, 120_000);
  afterAll(async () => { await suite?.close(); });

  for (const [locale, email, firstGuesser] of [['he', DEMO.customer, 10], ['en', DEMO.vendor, 40]] as const) {
    it(`an account guessed at from many addresses asks its owner for the check, and the browser solves it — ${locale}`, async () => {
      // Wrong passwords from twelve other addresses: the account now asks for proof of work.
      for (let i = 0; i < 12; i++) expect(await postFrom(`127.0.0.${firstGuesser + i}`, '/api/token/jwt', { email, password: `wrong-guess-${i}` })).toBe(i < 10 ? 401 : 428);
      const session = await suite.open(locale, { width: 390 });
      const { page, problems } = session;
      await suite.goto(session, '/user/login');
      await page.fill('[data-testid="login-email"]', email);
      await page.fill('[data-testid="login-password"]', DEMO_PASSWORD);
      await page.click('[data-testid="login-submit"]');
      // Not "wait N seconds": the check, solved in the background.
      await page.waitForSelector(`[data-testid="security-challenge-asked"]:has-text("${TEXTS[locale].asked}")`, { timeout: 15_000 });
      await page.waitForFunction(() => Boolean(document.querySelector<HTMLInputElement>('[data-security-challenge="sign-in"] input[name="securityChallenge"]')?.value), undefined, { timeout: 30_000 });
      await page.screenshot({ path: `/tmp/security-challenge-sign-in-${locale}.png`, fullPage: true }).catch(() => {});
      await page.click('[data-testid="login-submit"]');
      await page.waitForSelector('[data-testid="user-menu"]', { state: 'attached', timeout: 15_000 });
      expect(new URL(page.url()).pathname).toBe(locale === 'en' ? '/en' : '/');
      expect(problems.filter((problem) => !/status of 428/.test(problem))).toEqual([]);
    }, 90_000);
  }

  it('a busy address must solve the check to register: without JavaScript the page says so; with it the browser solves it — en and he', async () => {
    // Registrations from this machine's address (the browser's) until the API asks for the check.
    let status = 201;
    for (let i = 0; i < 15 && status !== 428; i++) {
      status = await postFrom('127.0.0.1', '/api/user/register', { email: `busy-${i}@example.com`, password: 'long-enough', fullName: `Busy ${i}` });
    }
    expect(status).toBe(428);

    const noScript = await suite.open('en', { javaScript: false });
    await noScript.page.goto(`${suite.market.url}/en/user/register`);
    await noScript.page.fill('input[name="fullName"]', 'No Script');
    await noScript.page.fill('input[name="email"]', 'no-script@example.com');
    await noScript.page.fill('input[name="password"]', 'long-enough');
    await noScript.page.click('[data-testid="register-form"] button[type="submit"]');
    await noScript.page.waitForSelector(`[data-testid="security-challenge-asked"]:has-text("${TEXTS.en.asked}")`);
    expect(await noScript.page.textContent('[data-security-challenge="register"]')).toContain(TEXTS.en.needsJavaScript);
    await noScriptRan(noScript.page);
    expect(suite.market.mailOutbox.tokenFor('no-script@example.com')).toBeUndefined();

    for (const locale of ['he', 'en'] as const) {
      const session = await suite.open(locale);
      const { page, problems } = session;
      await suite.goto(session, '/user/register');
      await page.fill('input[name="fullName"]', `With Script ${locale}`);
      await page.fill('input[name="email"]', `with-script-${locale}@example.com`);
      await page.fill('input[name="password"]', 'long-enough');
      await page.click('[data-testid="register-form"] button[type="submit"]');
      await page.waitForSelector('[data-testid="register-done"]', { timeout: 30_000 });
      expect(suite.market.mailOutbox.tokenFor(`with-script-${locale}@example.com`)).toBeTruthy();
      expect(problems).toEqual([]);
    }
  }, 120_000);
});
