import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CHROMIUM_NOT_FOUND, apiCall, DEMO, executablePath, signIn, startBrowserSuite, type BrowserSuite, type Locale, type Session } from './browser-kit.ts';

// The admin content and settings screens in Chromium, in Hebrew and English: an
// admin creates a blog category and an artist category tag (which the public categories page then
// lists), edits an article (the public page shows the new title), sets the support WhatsApp number
// (the footer shows it), creates and deletes an access rule, reads a customer's conversation, and sees
// a visit with ?utm_source=test in the source tracking report; a visitor asks for the demo artist's
// phone number (their details stay in a cookie) and the request reaches the super users' list; an
// admin outside the superUsers group sees neither the Entities group, source tracking nor phone
// dispenses, and is refused at their addresses.
let suite: BrowserSuite;
const LIVE = { timeout: 30_000 };

const texts: Record<Locale, { aliasError: string; whatsappError: string; unauthorizedPath: string }> = {
  he: {
    aliasError: 'יש להשתמש רק באותיות לטיניות קטנות, ספרות ומקפים בודדים (למשל \u2066wedding-bands\u2069).',
    whatsappError: 'זה לא מספר טלפון. יש להקליד אותו כפי שמחייגים, למשל \u2066054\u2011555\u20110123\u2069, או עם + וקידומת המדינה.',
    unauthorizedPath: '/error/unauthorized',
  },
  en: {
    aliasError: 'Use only lowercase Latin letters, digits and single hyphens (e.g. wedding-bands).',
    whatsappError: 'This is not a phone number. Type it as dialled, e.g. 054\u2011555\u20110123, or with + and the country code.',
    unauthorizedPath: '/en/error/unauthorized',
  },
};

/** A page reloaded until `selector` shows (the views apply a write a moment after it). */
async function reloadUntil(session: Session, path: string, selector: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    await suite.goto(session, path);
    if (await session.page.locator(selector).count() > 0) return;
    if (attempt >= 15) throw new Error(`${selector} never showed at ${path}`);
    await session.page.waitForTimeout(500);
  }
}

async function textOf(page: Page, selector: string): Promise<string> {
  return (await page.locator(selector).first().textContent()) ?? '';
}

async function adminCreatesCategoryAndTag(locale: Locale) {
  const words = texts[locale];
  const admin = await suite.open(locale, { as: DEMO.admin });
  const { page } = admin;
  const suffix = locale === 'he' ? 'hebrew' : 'english';

  // A blog category: an alias with spaces is refused beside its field, in the page's language; the
  // alias made from the English name is accepted.
  await suite.goto(admin, '/admin/entity/category');
  await page.click('[data-testid="entity-new"]');
  await page.waitForSelector('[data-testid="entity-form"]');
  await page.fill('[data-testid="name-he"]', `טיפים לאירוע ${suffix}`);
  await page.fill('[data-testid="name-en"]', `Event tips ${suffix}`);
  await page.fill('[data-testid="entity-alias"]', 'Event Tips');
  await page.click('[data-testid="entity-save"]');
  expect(await textOf(page, '[data-testid="field-error"]')).toBe(words.aliasError);
  await page.click('[data-testid="entity-alias-suggest"]');
  expect(await page.inputValue('[data-testid="entity-alias"]')).toBe(`event-tips-${suffix}`);
  await page.click('[data-testid="entity-save"]');
  await page.waitForSelector('[data-testid="entity-notice"]', LIVE);
  expect(await page.locator('[data-testid="entity-row"]', { hasText: `event-tips-${suffix}` }).count()).toBe(1);

  // A tag under artist-categories: its level follows the parent; the public categories page lists it.
  await suite.goto(admin, '/admin/entity/tag/new');
  await page.fill('[data-testid="name-he"]', `מתופפים ${suffix}`);
  await page.fill('[data-testid="name-en"]', `Drummers ${suffix}`);
  await page.click('[data-testid="entity-alias-suggest"]');
  await page.selectOption('[data-testid="entity-parentId"]', 'artist-categories');
  expect(await page.inputValue('[data-testid="entity-level"]')).toBe('1');
  await page.fill('[data-testid="entity-order"]', '40');
  await page.click('[data-testid="entity-save"]');
  await page.waitForSelector('[data-testid="entity-notice"]', LIVE);
  const row = page.locator('[data-testid="entity-row"]', { hasText: `drummers-${suffix}` });
  expect(await row.count()).toBe(1);
  const visitor = await suite.open(locale);
  await reloadUntil(visitor, '/artists', `a[href$="/artists/drummers-${suffix}"]`);
  expect(await textOf(visitor.page, `a[href$="/artists/drummers-${suffix}"]`)).toContain(locale === 'he' ? `מתופפים ${suffix}` : `Drummers ${suffix}`);

  expect(admin.problems).toEqual([]);
  expect(visitor.problems).toEqual([]);
  await admin.context.close();
  await visitor.context.close();
}

async function adminEditsArticle(locale: Locale) {
  const admin = await suite.open(locale, { as: DEMO.admin });
  const { page } = admin;
  const title = locale === 'he' ? { he: 'מי אנחנו – גרסה חדשה', en: 'Who we are (Hebrew run)' } : { he: 'עלינו (ריצה באנגלית)', en: 'Who we are – new edition' };
  await suite.goto(admin, '/admin/entity/article');
  await page.locator('[data-testid="entity-row"][data-entity-id="article-about"] [data-testid="entity-edit"]').click();
  await page.waitForSelector('[data-testid="entity-form"]');
  expect(await page.inputValue('[data-testid="entity-alias"]')).toBe('about');
  await page.fill('[data-testid="title-he"]', title.he);
  await page.fill('[data-testid="title-en"]', title.en);
  await page.fill('[data-testid="body-en"]', '<p>A marketplace of performing artists, edited by the admin.</p>');
  await page.click('[data-testid="entity-save"]');
  await page.waitForSelector('[data-testid="entity-notice"]', LIVE);

  const visitor = await suite.open(locale);
  await suite.goto(visitor, '/about');
  expect(await textOf(visitor.page, '[data-testid="article"] h1')).toBe(locale === 'he' ? title.he : title.en);
  if (locale === 'en') expect(await textOf(visitor.page, '[data-testid="article"] .rich-text')).toContain('edited by the admin');
  expect(admin.problems).toEqual([]);
  await admin.context.close();
  await visitor.context.close();
}

async function adminSetsWhatsappAndAccessRule(locale: Locale) {
  const words = texts[locale];
  const admin = await suite.open(locale, { as: DEMO.admin });
  const { page } = admin;
  const number = locale === 'he' ? '+972541112233' : '+972549998877';

  // The support WhatsApp number: what is not a number is refused with the entry's own message; one typed
  // as dialled in Israel is saved in E.164 and the footer shows it as dialled.
  await suite.goto(admin, '/admin/config');
  await page.locator('[data-testid="config-row"][data-key="support.whatsapp"] [data-testid="config-edit"]').click();
  await page.waitForSelector('[data-testid="config-form"]');
  await page.fill('[data-testid="config-value"]', '054-111');
  await page.click('[data-testid="config-save"]');
  expect(await textOf(page, '[data-testid="field-error"]')).toBe(words.whatsappError);
  const local = `0${number.slice(4, 6)}-${number.slice(6, 9)}-${number.slice(9)}`;
  await page.fill('[data-testid="config-value"]', local);
  await page.click('[data-testid="config-save"]');
  await page.waitForSelector('[data-testid="config-notice"]', LIVE);
  expect(await textOf(page, '[data-testid="config-row"][data-key="support.whatsapp"]')).toContain(number);
  const visitor = await suite.open(locale);
  await reloadUntil(visitor, '/', `[data-testid="support-whatsapp"][href="https://wa.me/${number.slice(1)}"]`);
  expect(await textOf(visitor.page, '[data-testid="support-whatsapp"]')).toBe(local);

  // An access rule for a group, created, found by its asset and deleted after asking.
  const asset = `reports${locale === 'he' ? 'He' : 'En'}`;
  await suite.goto(admin, '/admin/acl');
  await page.click('[data-testid="acl-new"]');
  await page.waitForSelector('[data-testid="acl-form"]');
  await page.fill('[data-testid="acl-asset"]', asset);
  await page.selectOption('[data-testid="acl-action"]', 'list');
  await page.selectOption('[data-testid="acl-level"]', 'some');
  await page.check('[data-testid="acl-grantee-group"]');
  await page.fill('[data-testid="acl-group"]', 'analysts');
  await page.click('[data-testid="acl-save"]');
  await page.waitForSelector('[data-testid="acl-notice"]', LIVE);
  await page.fill('[data-testid="acl-filter"]', asset);
  await page.click('[data-testid="acl-filter-apply"]');
  await page.waitForURL((url) => url.searchParams.get('asset') === asset, LIVE);
  // Only the new rule is left once the filtered list has loaded.
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="acl-row"]').length === 1, undefined, LIVE);
  const rule = page.locator('[data-testid="acl-row"]');
  expect(await rule.textContent()).toContain('analysts');
  await rule.locator('[data-testid="acl-delete"]').click();
  await rule.locator('[data-testid="acl-delete-confirm"]').click();
  await page.waitForSelector('[data-testid="acl-notice"]', LIVE);
  await page.waitForSelector('[data-testid="acl-empty"]', LIVE);
  expect(await page.locator('[data-testid="acl-row"]').count()).toBe(0);

  expect(admin.problems).toEqual([]);
  await admin.context.close();
  await visitor.context.close();
}

async function adminReadsConversationAndTracking(locale: Locale) {
  // The demo customer writes to an artist; a guest lands with ?utm_source=test.
  const { token } = await signIn(suite.market.url, DEMO.customer);
  const vendors = await apiCall<{ items: { vendorId: string }[] }>(suite.market.url, 'GET', 'ecommerce/vendor?limit=3', null);
  const text = locale === 'he' ? 'שלום, אתם פנויים לחתונה ב־3 ביוני?' : 'Hello, are you free for a wedding on June 3rd?';
  const opened = await apiCall<{ id: string }>(suite.market.url, 'POST', 'conversations', token, { vendorId: vendors.body.items[2]!.vendorId, text });
  expect(opened.status).toBe(201);
  const guest = await suite.open(locale);
  await suite.goto(guest, '/?utm_source=test');

  const admin = await suite.open(locale, { as: DEMO.admin });
  const { page } = admin;
  await suite.goto(admin, '/admin/conversations');
  await page.fill('[data-testid="conversation-customer"]', DEMO.customer);
  await page.click('[data-testid="conversation-filter"]');
  await page.waitForURL((url) => url.searchParams.has('customer'), LIVE);
  const row = page.locator(`[data-testid="admin-conversation"][data-conversation-id="${opened.body.id}"]`);
  await row.waitFor(LIVE);
  await row.locator('[data-testid="admin-conversation-open"]').click();
  await page.waitForSelector('[data-testid="admin-messages"]', LIVE);
  expect(await page.locator('[data-testid="admin-message"] .message-text').allTextContents()).toContain(text);

  await reloadUntil(admin, '/admin/tracking', '[data-testid="tracking-source"][data-source="test"]');
  expect(Number(await textOf(page, '[data-testid="tracking-source"][data-source="test"] [data-testid="tracking-hits"]'))).toBeGreaterThanOrEqual(1);
  expect(await page.locator('[data-testid="tracking-day"]').count()).toBeGreaterThanOrEqual(1);

  expect(admin.problems).toEqual([]);
  expect(guest.problems).toEqual([]);
  await admin.context.close();
  await guest.context.close();
}

async function visitorGetsArtistNumber(locale: Locale, vendorId: string) {
  const visitor = await suite.open(locale, { width: 390 });
  const { page } = visitor;
  const name = locale === 'he' ? 'דנה לוי' : 'Dana Levi';
  await suite.goto(visitor, `/artists/artist/${vendorId}`);
  await page.click('[data-testid="phone-dispense-open"]');
  await page.fill('[data-testid="phone-dispense-name"]', name);
  await page.fill('[data-testid="phone-dispense-phone"]', '050-123-4567');
  await page.click('[data-testid="phone-dispense-submit"]');
  await page.waitForSelector('[data-testid="phone-dispense-number"]', LIVE);
  expect(await page.getAttribute('[data-testid="phone-dispense-number"]', 'href')).toBe('tel:+972521234567');
  // The visitor's details stay in a cookie: on the next visit the number is one click away.
  const cookie = (await visitor.context.cookies()).find((candidate) => candidate.name === 'phoneNumberDispense');
  expect(JSON.parse(decodeURIComponent(cookie!.value))).toEqual({ fullName: name, phoneNumber: '+972501234567' });
  await suite.goto(visitor, `/artists/artist/${vendorId}`);
  await page.click('[data-testid="phone-dispense-open"]');
  expect(await page.locator('[data-testid="phone-dispense-form"]').count()).toBe(0);
  await page.click('[data-testid="phone-dispense-submit"]');
  await page.waitForSelector('[data-testid="phone-dispense-number"]', LIVE);

  const admin = await suite.open(locale, { as: DEMO.admin });
  await reloadUntil(admin, `/admin/entity/phoneNumberDispense?text=${encodeURIComponent(name)}`, '[data-testid="dispense-row"]');
  expect(await admin.page.locator('[data-testid="dispense-row"]').count()).toBe(2);
  expect(await textOf(admin.page, '[data-testid="dispense-row"]')).toContain('050-123-4567');
  await admin.page.locator('[data-testid="dispense-open"]').first().click();
  await admin.page.waitForSelector('[data-testid="dispense"]', LIVE);
  expect(await textOf(admin.page, '[data-testid="dispense"]')).toContain('052-123-4567');
  expect(visitor.problems).toEqual([]);
  expect(admin.problems).toEqual([]);
  await visitor.context.close();
  await admin.context.close();
}

describe.skipIf(!executablePath)(`admin content and settings in Chromium (${executablePath ? 'found' : `skipped: ${CHROMIUM_NOT_FOUND}`})`, () => {
  let demoVendorId = '';

  beforeAll(async () => {
    suite = await startBrowserSuite();
    const { token } = await signIn(suite.market.url, DEMO.vendor);
    demoVendorId = (await apiCall<{ Vendor: { id: string } }>(suite.market.url, 'GET', 'user/current', token)).body.Vendor.id;
  }, 120_000);
  afterAll(async () => {
    await suite?.close();
  });

  for (const locale of ['he', 'en'] as const) {
    it(`creates a blog category and an artist category tag the public site lists (${locale})`, async () => {
      await adminCreatesCategoryAndTag(locale);
    }, 180_000);

    it(`edits an article and the public page shows it (${locale})`, async () => {
      await adminEditsArticle(locale);
    }, 120_000);

    it(`sets the support WhatsApp number the footer shows, and creates and deletes an access rule (${locale})`, async () => {
      await adminSetsWhatsappAndAccessRule(locale);
    }, 180_000);

    it(`reads a conversation, and sees a visit with ?utm_source=test in source tracking (${locale})`, async () => {
      await adminReadsConversationAndTracking(locale);
    }, 180_000);

    it(`gives a visitor the demo artist's number and lists the request for super users (${locale})`, async () => {
      await visitorGetsArtistNumber(locale, demoVendorId);
    }, 120_000);
  }

  it('an admin outside the superUsers group sees no Entities group, source tracking or phone dispenses, and is refused there', async () => {
    // The demo artist's account becomes a plain admin (no superUsers group), through the API.
    const { token } = await signIn(suite.market.url, DEMO.admin);
    const vendor = await signIn(suite.market.url, DEMO.vendor);
    const userId = (await apiCall<{ uuid: string }>(suite.market.url, 'GET', 'user/current', vendor.token)).body.uuid;
    expect((await apiCall(suite.market.url, 'PUT', `admin/users/${userId}/roles`, token, { roles: ['admin'], groups: [] })).status).toBe(200);
    for (const locale of ['he', 'en'] as const) {
      const admin = await suite.open(locale, { as: DEMO.vendor });
      const { page } = admin;
      await suite.goto(admin, '/admin/config');
      await page.waitForSelector('[data-testid="admin-nav"]');
      expect(await page.locator('[data-testid="admin-nav-config"]').count()).toBe(1);
      for (const item of ['category', 'tag', 'article', 'serviceContract', 'tracking', 'phoneNumberDispense']) {
        expect(await page.locator(`[data-testid="admin-nav-${item}"]`).count(), item).toBe(0);
      }
      for (const path of ['/admin/entity/category', '/admin/entity/tag/new', '/admin/tracking', '/admin/entity/phoneNumberDispense']) {
        await suite.goto(admin, path);
        expect(new URL(page.url()).pathname, path).toBe(texts[locale].unauthorizedPath);
        expect(await page.$('[data-testid="admin"]')).toBeNull();
      }
      expect(admin.problems).toEqual([]);
      await admin.context.close();
    }
  }, 120_000);
});
