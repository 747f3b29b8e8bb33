import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, executablePath, startBrowserSuite, type BrowserSuite, type Locale } from './browser-kit.ts';

// The user's addresses (SPEC §1 entity "user address"), from the profile, in Hebrew and English and on
// a 300 px phone: add (the first is the default), a wrong postal code said beside its field in the
// page's language, edit in place, make another the default, remove after asking.
const LIVE = { timeout: 30_000 };
let suite: BrowserSuite;

const words: Record<Locale, { title: string; postalCode: string; isDefault: string }> = {
  he: { title: 'הכתובות שלי', postalCode: 'מיקוד בישראל הוא בן 7 ספרות.', isDefault: 'ראשית' },
  en: { title: 'My addresses', postalCode: 'An Israeli postal code has 7 digits.', isDefault: 'Default' },
};

describe.skipIf(!executablePath)('my addresses', () => {
  beforeAll(async () => { suite = await startBrowserSuite(); }, 180_000);
  afterAll(async () => { await suite?.close(); });

  for (const locale of ['he', 'en'] as const) {
    it(`adds, corrects, edits, chooses the default and removes (${locale})`, async () => {
      const session = await suite.open(locale, { as: DEMO.customer, width: locale === 'he' ? 300 : 1280 });
      const { page } = session;
      await suite.goto(session, '/user/dashboard/profile');
      await page.click('[data-testid="addresses-link"]');
      await page.waitForSelector('[data-testid="address-add-form"]', LIVE);
      expect(await page.locator('h1').textContent()).toBe(words[locale].title);
      const before = await page.locator('[data-testid="address"]').count();

      // A wrong postal code: said beside the field, what was typed kept.
      const form = page.locator('[data-testid="address-add-form"]');
      await form.locator('[data-testid="address-label"]').fill(`Home ${locale}`);
      await form.locator('[data-testid="address-street"]').fill('Herzl 12');
      await form.locator('[data-testid="address-city"]').fill('Haifa');
      await form.locator('[data-testid="address-postal-code"]').fill('123');
      await form.locator('[data-testid="address-add"]').click();
      await form.locator('[data-testid="field-error"]').waitFor(LIVE);
      expect(await form.locator('[data-testid="field-error"]').textContent()).toBe(words[locale].postalCode);
      expect(await form.locator('[data-testid="address-street"]').inputValue()).toBe('Herzl 12');

      await form.locator('[data-testid="address-postal-code"]').fill('3303112');
      await form.locator('[data-testid="address-add"]').click();
      await page.locator('[data-testid="address"]').nth(before).waitFor(LIVE);
      const home = page.locator('[data-testid="address"]').nth(before);
      expect(await home.textContent()).toContain('3303112');

      // A second one, then it becomes the default.
      const again = page.locator('[data-testid="address-add-form"]');
      await again.locator('[data-testid="address-label"]').fill(`Hall ${locale}`);
      await again.locator('[data-testid="address-street"]').fill('HaNamal 5');
      await again.locator('[data-testid="address-city"]').fill('Tel Aviv');
      await again.locator('[data-testid="address-notes"]').fill('Loading dock at the back');
      await again.locator('[data-testid="address-add"]').click();
      const hall = page.locator('[data-testid="address"]').nth(before + 1);
      await hall.waitFor(LIVE);
      expect(await hall.getAttribute('data-default')).toBe('false');
      await hall.locator('[data-testid="address-make-default"]').click();
      await page.locator(`[data-testid="address"]:nth-child(${before + 2})[data-default="true"]`).waitFor(LIVE);
      expect(await page.locator('[data-testid="address"][data-default="true"]').count()).toBe(1);
      expect(await hall.locator('[data-testid="address-default"]').textContent()).toBe(words[locale].isDefault);

      // Edit in place.
      await hall.locator('[data-testid="address-edit"]').click();
      await hall.locator('[data-testid="address-street"]').fill('HaNamal 7');
      await hall.locator('[data-testid="address-save"]').click();
      await page.waitForFunction((index) => document.querySelectorAll('[data-testid="address"]')[index]?.textContent?.includes('HaNamal 7'), before + 1, LIVE);

      // Remove after asking; the default moves to the oldest remaining address.
      await hall.locator('[data-testid="address-remove"]').click();
      await hall.locator('[data-testid="address-remove-confirm"]').click();
      await page.waitForFunction((count) => document.querySelectorAll('[data-testid="address"]').length === count, before + 1, LIVE);
      expect(await page.locator('[data-testid="address"][data-default="true"]').count()).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(locale === 'he' ? 300 : 1280);
      expect(session.problems.filter((problem) => !/status of 422/.test(problem))).toEqual([]);
    }, 90_000);
  }
});
