import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CHROMIUM_NOT_FOUND, DEMO, executablePath, realtimeConnected, startBrowserSuite, type BrowserSuite, type Locale } from './browser-kit.ts';

// Issue 9 part E in Chromium, in Hebrew and in English: the artist edits their profile (intro in both
// languages, a YouTube video pasted as a link in the media section, a general-info row) and the public page shows it; an
// intro over 100 characters is refused with the message next to the field. Then a service contract
// goes from the artist (one browser) to the customer (another): drafted, sent, read and signed by the
// customer — the artist's open contract page shows the signature live, without a reload — and signed
// by the artist, which the customer's page shows live too.
let suite: BrowserSuite;

const texts: Record<Locale, { introTooLong: string; statusSent: string; statusSigned: string; customer: string }> = {
  he: { introTooLong: 'התיאור הקצר יכול להכיל עד 100 תווים.', statusSent: 'ממתין לחתימה', statusSigned: 'חתום', customer: 'Dana Customer' },
  en: { introTooLong: 'The intro can have up to 100 characters.', statusSent: 'Awaiting signatures', statusSigned: 'Signed', customer: 'Dana Customer' },
};
const other = (locale: Locale): Locale => (locale === 'he' ? 'en' : 'he');
const LIVE = { timeout: 30_000 };
/** A YouTube-shaped id (11 characters) unique to this run. */
const videoIdFor = (locale: Locale) => `${locale}${Date.now().toString(36)}xxxxxxxxx`.slice(0, 11);

async function saveProfile(page: Page) {
  await page.click('[data-testid="save-profile"]');
}

async function editProfile(locale: Locale) {
  const vendor = await suite.open(locale, { as: DEMO.vendor });
  const { page } = vendor;
  const mark = `${locale}-${Date.now().toString(36)}`;
  const intro = { he: `זמרת לחתונות ולאירועים ${mark}`, en: `Singer for weddings and events ${mark}` };
  const videoId = videoIdFor(locale);
  const info = { title: { he: `אורך הופעה ${mark}`, en: `Set length ${mark}` }, content: { he: `שני סטים של 45 דקות ${mark}`, en: `Two sets of 45 minutes ${mark}` } };

  await suite.goto(vendor, '/user/dashboard/vendor/profile');
  expect(await page.getAttribute('html', 'dir')).toBe(locale === 'he' ? 'rtl' : 'ltr');
  await page.fill('[data-testid="intro-he"]', intro.he);
  await page.fill('[data-testid="intro-en"]', intro.en);

  // A video, pasted as a YouTube link in the media section: the page recognises the id as it is typed,
  // and adding it writes it at once (issue 22 item 5).
  await page.fill('[data-testid="media-link"]', `https://www.youtube.com/watch?v=${videoId}&t=15s`);
  await page.waitForSelector(`#media-link-hint >> text=${videoId}`);
  const videoCaption = { he: `הופעה חיה ${mark}`, en: `Live ${mark}` };
  await page.fill('[data-testid="media-link-description-he"]', videoCaption.he);
  await page.fill('[data-testid="media-link-description-en"]', videoCaption.en);
  await page.click('[data-testid="media-link-add"]');
  await page.waitForSelector(`[data-testid="media-list-youtube"] >> text=youtu.be/${videoId}`, LIVE);

  const infoBefore = await page.locator('[data-testid="row-generalInfo"]').count();
  await page.click('[data-testid="add-generalInfo"]');
  for (const lang of ['he', 'en'] as const) {
    await page.fill(`[data-testid="generalInfo.${infoBefore}.title-${lang}"]`, info.title[lang]);
    await page.fill(`[data-testid="generalInfo.${infoBefore}.content-${lang}"]`, info.content[lang]);
  }

  await saveProfile(page);
  await page.waitForSelector('[data-testid="toast-success"]', LIVE);
  await page.waitForURL((url) => url.searchParams.has('rev'));
  // Saving the rest of the profile keeps the video added meanwhile: it is stored by its id.
  await page.waitForSelector(`[data-testid="media-list-youtube"] >> text=youtu.be/${videoId}`, LIVE);

  // The public page shows it, in this language…
  await page.click('[data-testid="view-my-page"]');
  await page.waitForSelector('[data-testid="vendor-page"]');
  expect((await page.textContent('.vendor-intro'))?.trim()).toBe(intro[locale]);
  await page.waitForSelector(`.video-placeholder:has-text("${videoCaption[locale]}")`);
  expect(await page.locator('.vendor-side dt', { hasText: info.title[locale] }).count()).toBe(1);
  expect(await page.locator('.vendor-side dd', { hasText: info.content[locale] }).count()).toBe(1);
  // …and the other language's intro on the page in the other language.
  const otherPath = new URL(page.url()).pathname.replace(/^\/en(?=\/)/, '');
  await suite.goto({ ...vendor, prefix: other(locale) === 'en' ? '/en' : '' }, otherPath);
  await page.waitForSelector('[data-testid="vendor-page"]');
  expect((await page.textContent('.vendor-intro'))?.trim()).toBe(intro[other(locale)]);
  // General info in each language on the page in that language, unmarked.
  expect(await page.locator('.vendor-side dt', { hasText: info.title[other(locale)] }).count()).toBe(1);
  expect(await page.locator('.vendor-side dd', { hasText: info.content[other(locale)] }).count()).toBe(1);
  expect(await page.locator('.vendor-side [data-testid="language-tag"]').count()).toBe(0);

  // An intro over 100 characters: the API refuses it and the message stands next to the field.
  await suite.goto(vendor, '/user/dashboard/vendor/profile');
  await page.fill('[data-testid="intro-he"]', 'א'.repeat(101));
  await saveProfile(page);
  await page.waitForSelector('[data-testid="profile-errors"]', LIVE);
  expect(await page.locator('[data-testid="field-intro"] [data-testid="field-error"]').allTextContents()).toEqual([texts[locale].introTooLong]);
  expect(await page.getAttribute('[data-testid="intro-he"]', 'aria-invalid')).toBe('true');
  expect(new URL(page.url()).searchParams.has('rev')).toBe(false);

  expect(vendor.problems).toEqual([]);
  await vendor.context.close();
}

async function contractSignedByBoth(locale: Locale) {
  const vendor = await suite.open(locale, { as: DEMO.vendor });
  const customer = await suite.open(locale, { as: DEMO.customer, width: 390 });
  const title = `Wedding show ${locale}-${Date.now().toString(36)}`;
  const terms = locale === 'he' ? 'שני סטים של 45 דקות, כולל הגברה.' : 'Two sets of 45 minutes, sound system included.';

  // The artist drafts a contract for a customer who ordered from them, for a contract service…
  await suite.goto(vendor, '/user/dashboard/contracts');
  await vendor.page.click('[data-testid="new-contract"]');
  await vendor.page.waitForSelector('[data-testid="contract-form"]');
  const customerValue = await vendor.page.locator('[data-testid="contract-customer"] option', { hasText: texts[locale].customer }).first().getAttribute('value');
  await vendor.page.selectOption('[data-testid="contract-customer"]', customerValue!);
  const productValue = await vendor.page.locator('[data-testid="contract-product"] option').nth(1).getAttribute('value');
  await vendor.page.selectOption('[data-testid="contract-product"]', productValue!);
  // Choosing the service filled in its price.
  expect(Number(await vendor.page.inputValue('[data-testid="contract-price"]'))).toBeGreaterThan(0);
  await vendor.page.fill('[data-testid="contract-title"]', title);
  await vendor.page.fill('[data-testid="contract-terms-input"]', terms);
  await vendor.page.fill('[data-testid="contract-event-date"]', '2027-06-10T19:30');
  await vendor.page.click('[data-testid="save-contract"]');
  await vendor.page.waitForSelector('[data-testid="contract-detail"][data-status="draft"]', LIVE);
  const contractId = await vendor.page.getAttribute('[data-testid="contract-detail"]', 'data-contract-id');

  // …and sends it.
  await vendor.page.click('[data-testid="send-contract"]');
  await vendor.page.waitForSelector('[data-testid="contract-detail"][data-status="sent"]', LIVE);
  expect(await vendor.page.textContent('[data-testid="contract-status"]')).toBe(texts[locale].statusSent);
  await realtimeConnected(vendor.page);

  // The customer finds it among their contracts, opens and reads it.
  await suite.goto(customer, '/user/dashboard/contracts');
  await customer.page.click(`[data-testid="contract-row"][data-contract-id="${contractId}"] h2 a`);
  await customer.page.waitForSelector(`[data-testid="contract-detail"][data-contract-id="${contractId}"]`);
  expect(await customer.page.textContent('h1')).toBe(title);
  expect(await customer.page.textContent('[data-testid="contract-terms"]')).toBe(terms);
  expect(await customer.page.getAttribute('[data-testid="signature-customer"]', 'data-signed')).toBe('false');

  // Signing needs the typed name and "I agree".
  await customer.page.click('[data-testid="sign-contract"]');
  expect(await customer.page.locator('[data-testid="sign-form"] [data-testid="field-error"]').count()).toBe(2);
  await customer.page.fill('[data-testid="signature-name"]', 'Dana Customer');
  await customer.page.check('[data-testid="signature-agree"]');
  await realtimeConnected(customer.page);
  await customer.page.click('[data-testid="sign-contract"]');
  await customer.page.waitForSelector('[data-testid="signature-customer"][data-signed="true"]', LIVE);
  expect(await customer.page.textContent('[data-testid="signature-customer"] dd')).toContain('Dana Customer');

  // The artist's page, open all along, shows the customer's signature live (no reload).
  await vendor.page.waitForSelector('[data-testid="signature-customer"][data-signed="true"]', LIVE);
  expect(await vendor.page.textContent('[data-testid="signature-customer"] dd')).toContain('Dana Customer');

  // The artist signs too; both pages show the contract signed, the customer's live.
  await vendor.page.fill('[data-testid="signature-name"]', 'Noa Cohen');
  await vendor.page.check('[data-testid="signature-agree"]');
  await vendor.page.click('[data-testid="sign-contract"]');
  await vendor.page.waitForSelector('[data-testid="contract-detail"][data-status="signed"]', LIVE);
  await customer.page.waitForSelector('[data-testid="contract-detail"][data-status="signed"]', LIVE);
  expect(await customer.page.textContent('[data-testid="contract-status"]')).toBe(texts[locale].statusSigned);
  // Signed by both: nobody but the site team may cancel it, so no actions are offered.
  expect(await customer.page.locator('[data-testid="contract-actions"]').count()).toBe(0);

  expect(vendor.problems).toEqual([]);
  expect(customer.problems).toEqual([]);
  await vendor.context.close();
  await customer.context.close();
}

describe.skipIf(!executablePath)(`vendor profile and service contracts in Chromium (${executablePath ? 'found' : `skipped: ${CHROMIUM_NOT_FOUND}`})`, () => {
  beforeAll(async () => {
    suite = await startBrowserSuite();
  }, 120_000);
  afterAll(async () => {
    await suite?.close();
  });

  it('in Hebrew: the artist edits intro, a video and general info, the public page shows them; a too-long intro is refused next to the field', async () => {
    await editProfile('he');
  }, 180_000);

  it('in English: the same', async () => {
    await editProfile('en');
  }, 180_000);

  it('in Hebrew: a contract drafted and sent by the artist is read and signed by the customer, live on the artist\'s page, then signed by both', async () => {
    await contractSignedByBoth('he');
  }, 180_000);

  it('in English: the same', async () => {
    await contractSignedByBoth('en');
  }, 180_000);
});
