import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, DEMO, DEMO_PASSWORD, executablePath, noScriptRan, signIn, startBrowserSuite, type BrowserSuite, type Locale } from './browser-kit.ts';

// Phone numbers as people type them in Israel (issue 22): sign-up takes 050-123-4567 or a landline
// and stores E.164; a number that is none is said under the field in the page's language — the
// browser's own English "Please match the requested format" never blocks the form. The same on the
// artist's "show the phone number", where the phone library is loaded only when a number is sent.
const LIVE = { timeout: 30_000 };
let suite: BrowserSuite;

const words: Record<Locale, { invalid: string; dispenseInvalid: string }> = {
  he: {
    invalid: 'זה לא מספר טלפון. יש להקליד אותו כפי שמחייגים, למשל \u2066050\u2011123\u20114567\u2069 או \u206602\u2011123\u20114567\u2069, או עם + וקידומת המדינה.',
    dispenseInvalid: 'זה לא מספר טלפון של המדינה שנבחרה. יש להקליד אותו כפי שמחייגים, למשל \u2066050\u2011123\u20114567\u2069 או \u206602\u2011123\u20114567\u2069.',
  },
  en: {
    invalid: 'This is not a phone number. Type it as you dial it, e.g. 050\u2011123\u20114567 or 02\u2011123\u20114567, or with + and the country code.',
    dispenseInvalid: 'This is not a phone number of the chosen country. Type it as you dial it, e.g. 050\u2011123\u20114567 or 02\u2011123\u20114567.',
  },
};

/** The stored phone of an account registered through the form: activated by its mailed link, then signed in. */
async function storedPhone(email: string): Promise<string | undefined> {
  const token = suite.market.mailOutbox.tokenFor(email);
  expect(token, email).toBeTruthy();
  expect((await apiCall(suite.market.url, 'POST', 'user/activate', null, { token })).status).toBe(200);
  return (await apiCall<{ phone?: string }>(suite.market.url, 'GET', 'user/current', (await signIn(suite.market.url, email)).token)).body.phone;
}

describe.skipIf(!executablePath)('phone numbers as people type them (issue 22)', () => {
  beforeAll(async () => { suite = await startBrowserSuite(); }, 180_000);
  afterAll(async () => { await suite?.close(); });

  for (const [locale, width, typed, stored] of [['he', 390, '050-123-4567', '+972501234567'], ['en', 1280, '(02) 123-4567', '+97221234567']] as const) {
    it(`signs up with ${typed} (stored ${stored}); a bad number is said under the field in the page's language (${locale}, ${width} px)`, async () => {
      const session = await suite.open(locale, { width });
      const { page } = session;
      await suite.goto(session, '/user/register');
      const email = `phone-signup-${locale}@example.com`;
      const form = page.locator('[data-testid="register-form"]');
      await form.locator('input[name="fullName"]').fill(locale === 'he' ? 'נועה כהן' : 'Noa Cohen');
      await form.locator('input[name="email"]').fill(email);
      await form.locator('input[name="password"]').fill(DEMO_PASSWORD);

      await form.locator('[data-testid="register-phone"]').fill('050-123');
      // Nothing in the field's own rules refuses it: the browser sends the form.
      expect(await form.locator('[data-testid="register-phone"]').evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(true);
      await form.locator('button[type="submit"]').click();
      const message = page.locator('#register-phone-error');
      await message.waitFor(LIVE);
      expect(await message.textContent()).toBe(words[locale].invalid);
      expect(await form.locator('[data-testid="register-phone"]').getAttribute('aria-invalid')).toBe('true');
      expect(await page.locator('[data-testid="form-error"]').count()).toBe(0);
      expect(suite.market.mailOutbox.tokenFor(email)).toBeUndefined();

      // What was typed is kept; the number as people dial it is taken.
      expect(await form.locator('input[name="email"]').inputValue()).toBe(email);
      await form.locator('[data-testid="register-phone"]').fill(typed);
      await form.locator('input[name="password"]').fill(DEMO_PASSWORD);
      await form.locator('button[type="submit"]').click();
      await page.waitForSelector('[data-testid="register-done"]', LIVE);
      expect(await storedPhone(email)).toBe(stored);
      expect(session.problems.filter((problem) => !/status of 422/.test(problem))).toEqual([]);
    }, 90_000);
  }

  it('signs up without JavaScript: the server says a bad number in Hebrew and takes 050-123-4567', async () => {
    const session = await suite.open('he', { javaScript: false, width: 390 });
    const { page } = session;
    await page.goto(`${suite.market.url}/user/register`);
    const email = 'phone-signup-no-script@example.com';
    await page.fill('input[name="fullName"]', 'נועה כהן');
    await page.fill('input[name="email"]', email);
    await page.fill('input[name="password"]', DEMO_PASSWORD);
    await page.fill('[data-testid="register-phone"]', '050-123-45678');
    await page.click('[data-testid="register-form"] button[type="submit"]');
    await page.locator('#register-phone-error').waitFor(LIVE);
    expect(await page.locator('#register-phone-error').textContent()).toBe(words.he.invalid);
    expect(await page.locator('[data-testid="register-phone"]').inputValue()).toBe('050-123-45678');
    await noScriptRan(page);

    await page.fill('[data-testid="register-phone"]', '050-123-4567');
    await page.fill('input[name="password"]', DEMO_PASSWORD);
    await page.click('[data-testid="register-form"] button[type="submit"]');
    await page.waitForSelector('[data-testid="register-done"]', LIVE);
    expect(await storedPhone(email)).toBe('+972501234567');
  }, 90_000);

  for (const locale of ['he', 'en'] as const) {
    it(`"show the phone number" takes a landline and refuses a number that is none in words (${locale})`, async () => {
      const vendorId = (await apiCall<{ Vendor: { id: string } }>(suite.market.url, 'GET', 'user/current', (await signIn(suite.market.url, DEMO.vendor)).token)).body.Vendor.id;
      const session = await suite.open(locale, { width: locale === 'he' ? 390 : 1280 });
      const { page } = session;
      await suite.goto(session, `/artists/artist/${vendorId}`);
      await page.click('[data-testid="phone-dispense-open"]');
      await page.fill('[data-testid="phone-dispense-name"]', locale === 'he' ? 'דנה לוי' : 'Dana Levi');
      await page.fill('[data-testid="phone-dispense-phone"]', '12345');
      await page.click('[data-testid="phone-dispense-submit"]');
      await page.locator('[data-testid="phone-dispense"] [data-testid="field-error"]').waitFor(LIVE);
      expect(await page.locator('[data-testid="phone-dispense"] [data-testid="field-error"]').textContent()).toBe(words[locale].dispenseInvalid);

      await page.fill('[data-testid="phone-dispense-phone"]', '03-123-4567');
      await page.click('[data-testid="phone-dispense-submit"]');
      await page.locator('[data-testid="phone-dispense-number"], [data-testid="phone-dispense-none"]').first().waitFor(LIVE);
      const cookie = (await session.context.cookies()).find((candidate) => candidate.name === 'phoneNumberDispense');
      expect(JSON.parse(decodeURIComponent(cookie!.value))).toMatchObject({ phoneNumber: '+97231234567' });
      expect(session.problems).toEqual([]);
    }, 90_000);
  }
});
