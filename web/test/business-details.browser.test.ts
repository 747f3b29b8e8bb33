import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandApiClient } from '../../command-api/client/command-api-client.ts';
import { registerAndSignIn } from '../../command-api/client/accounts.ts';
import { apiCall, DEMO, executablePath, signIn, startBrowserSuite, type BrowserSuite, type Locale } from './browser-kit.ts';

// SPEC §5 Israeli personal id, where the product asks for one: the artist's business details (who is
// paid and invoiced) on their profile, and optionally when joining as an artist. A wrong check digit is
// said beside the field in the page's language before anything is sent; the API refuses it too; the id
// is kept as 9 digits, read by its artist and admins only.
const LIVE = { timeout: 30_000 };
let suite: BrowserSuite;

const words: Record<Locale, { checkDigit: string; saved: string }> = {
  he: { checkDigit: 'זה אינו מספר זהות תקין', saved: 'פרטי העסק נשמרו.' },
  en: { checkDigit: 'This is not a valid ID number', saved: 'Your business details were saved.' },
};

describe.skipIf(!executablePath)('an artist\'s Israeli id (SPEC §5)', () => {
  beforeAll(async () => { suite = await startBrowserSuite(); }, 180_000);
  afterAll(async () => { await suite?.close(); });

  for (const locale of ['he', 'en'] as const) {
    it(`the artist gives business details on their profile; a wrong id is refused in words (${locale})`, async () => {
      const session = await suite.open(locale, { as: DEMO.vendor, width: locale === 'he' ? 300 : 1280 });
      const { page } = session;
      await suite.goto(session, '/user/dashboard/vendor/profile');
      const form = page.locator('[data-testid="business-form"]');
      await form.locator('[data-testid="business-legal-name"]').fill(`Noa Cohen ${locale}`);
      await form.locator('[data-testid="business-israeli-id"]').fill('123456789');
      await form.locator('[data-testid="business-save"]').click();
      await form.locator('[data-testid="field-error"]').waitFor(LIVE);
      expect(await form.locator('[data-testid="field-error"]').textContent()).toContain(words[locale].checkDigit);
      expect(await form.locator('[data-testid="business-israeli-id"]').getAttribute('aria-invalid')).toBe('true');

      // 5 digits are padded to 9 (SPEC §5): 18 → 000000018.
      await form.locator('[data-testid="business-israeli-id"]').fill('00018');
      await form.locator('[data-testid="business-save"]').click();
      await page.locator('[data-testid="business-saved"]').waitFor(LIVE);
      expect(await page.locator('[data-testid="business-saved"]').textContent()).toBe(words[locale].saved);
      const vendor = await signIn(suite.market.url, DEMO.vendor);
      const stored = await apiCall<{ legalName: string; israeliId: string }>(suite.market.url, 'GET', 'vendor/business-details', vendor.token);
      expect(stored.body).toMatchObject({ legalName: `Noa Cohen ${locale}`, israeliId: '000000018' });
      // Never on the public page.
      const page1 = await apiCall<Record<string, unknown>>(suite.market.url, 'GET', `ecommerce/vendor/${(await apiCall<{ Vendor: { id: string } }>(suite.market.url, 'GET', 'user/current', vendor.token)).body.Vendor.id}`, null);
      expect(JSON.stringify(page1.body)).not.toContain('000000018');
      // The API refuses a wrong id itself.
      expect((await apiCall(suite.market.url, 'PUT', 'vendor/business-details', vendor.token, { legalName: 'Noa', israeliId: '123456789' })).status).toBe(422);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(locale === 'he' ? 300 : 1280);
      expect(session.problems).toEqual([]);
    });
  }

  it('a new artist may give them when joining; a wrong id is said before the artist page is made', async () => {
    const email = 'new-artist-id@example.com';
    await registerAndSignIn(commandApiClient(suite.market.url), suite.market.mailOutbox, { email, password: 'demo-password' });
    const session = await suite.open('en', { as: email });
    const { page } = session;
    await suite.goto(session, '/user/register/artist');
    const form = page.locator('[data-testid="artist-form"]');
    await form.locator('input[name="nameEn"]').fill('Id Tester');
    await form.locator('textarea[name="intro"]').fill('Songs for every party');
    await form.locator('input[name="origin"]').fill('Haifa');
    await form.locator('[data-testid="artist-legal-name"]').fill('Id Tester');
    await form.locator('[data-testid="artist-israeli-id"]').fill('123456789');
    await form.locator('button[type="submit"]').click();
    await page.locator('#artist-israeliId-error').waitFor(LIVE);
    expect(await page.locator('#artist-israeliId-error').textContent()).toContain(words.en.checkDigit);
    expect((await apiCall<{ Vendor: unknown }>(suite.market.url, 'GET', 'user/current', (await signIn(suite.market.url, email)).token)).body.Vendor).toBeFalsy();

    await page.locator('[data-testid="artist-israeli-id"]').fill('123456782');
    await page.locator('[data-testid="artist-form"] button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname === '/en/user/dashboard/profile', LIVE);
    const token = (await signIn(suite.market.url, email)).token;
    const stored = await apiCall<{ legalName: string; israeliId: string }>(suite.market.url, 'GET', 'vendor/business-details', token);
    expect(stored.body).toMatchObject({ legalName: 'Id Tester', israeliId: '123456782' });
    expect(session.problems.filter((problem) => !/status of 422/.test(problem))).toEqual([]);
  }, 90_000);
});
