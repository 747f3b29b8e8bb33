import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, israelDate, israelInstant } from '../app/israel-calendar.ts';
import { CHROMIUM_NOT_FOUND, apiCall, DEMO, executablePath, signIn, startBrowserSuite, type BrowserSuite, type Locale, type Session } from './browser-kit.ts';
import { showMonthOf } from './calendar-kit.ts';

// Search that finds, in Chromium, in Hebrew and English: categories are suggested as you
// type (an accessible combobox: arrows, Enter, Escape), a search by words lists the artists they
// describe, and the "free on" date filter keeps an artist whose calendar shows that day free — and
// drops one whose calendar shows it taken — because both ask the same availability rule.
let suite: BrowserSuite;
let vendorToken: string;
let vendor: { id: string; name: { he: string; en: string } };
let bandIds: Set<string>;

const LIVE = { timeout: 30_000 };
const names = { he: { bands: 'להקות' }, en: { bands: 'Bands' } } as const;

async function api<T>(method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const answer = await apiCall<T>(suite.market.url, method, path, token, body);
  if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

const combobox = '[data-testid="search-text"]';
const listbox = '[data-testid="search-suggestions"]';

async function suggestionsFlow(session: Session) {
  const { page, locale } = session;
  await suite.goto(session, '/search');
  const input = page.locator(combobox);
  expect(await input.getAttribute('role')).toBe('combobox');
  expect(await input.getAttribute('aria-expanded')).toBe('false');
  await input.click();
  await input.pressSequentially('להק', { delay: 60 });
  const bands = page.locator(`${listbox} [role="option"][data-alias="bands"]`);
  await bands.waitFor({ state: 'visible', ...LIVE });
  expect(await page.locator(`${listbox}`).getAttribute('role')).toBe('listbox');
  expect(await bands.textContent()).toContain(names[locale].bands);
  expect(await input.getAttribute('aria-expanded')).toBe('true');
  expect(await input.getAttribute('aria-controls')).toBe(await page.locator(listbox).getAttribute('id'));

  // Arrow down makes the first suggestion the active one; Escape closes the list and keeps the text.
  await input.press('ArrowDown');
  const first = page.locator(`${listbox} [role="option"]`).first();
  expect(await first.getAttribute('aria-selected')).toBe('true');
  expect(await input.getAttribute('aria-activedescendant')).toBe(await first.getAttribute('id'));
  await input.press('Escape');
  await page.locator(listbox).waitFor({ state: 'hidden', ...LIVE });
  expect(await input.getAttribute('aria-expanded')).toBe('false');
  expect(await input.inputValue()).toBe('להק');

  // Typing on opens it again; arrows to the bands and Enter opens the category's page.
  await input.pressSequentially('ה', { delay: 60 });
  await page.locator(`${listbox}[aria-busy="false"] [role="option"][data-alias="bands"]`).waitFor({ state: 'visible', ...LIVE });
  const options = await page.locator(`${listbox} [role="option"]`).evaluateAll((items) => items.map((item) => item.getAttribute('data-alias')));
  for (let step = 0; step <= options.indexOf('bands'); step++) await input.press('ArrowDown');
  expect(await bands.getAttribute('aria-selected')).toBe('true');
  await input.press('Enter');
  await page.waitForURL((url) => url.pathname === `${session.prefix}/artists/bands`, LIVE);
  await page.waitForSelector(`h1:has-text("${names[locale].bands}")`, LIVE);
}

async function wordsFlow(session: Session) {
  const { page } = session;
  await suite.goto(session, '/search');
  await page.fill(combobox, 'wedding band');
  await page.press(combobox, 'Enter');
  await page.waitForURL((url) => url.searchParams.get('text') === 'wedding band', LIVE);
  // The URL changes before React commits the new results: wait for the page rendered for the words
  // (its title names them), or the cards read below may still be the unfiltered list.
  await page.waitForFunction(() => document.title.includes('wedding band'), undefined, LIVE);
  await page.waitForSelector('[data-testid="vendor-card"]', LIVE);
  const found = await page.locator('[data-testid="vendor-card"]').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-vendor-id')!));
  expect(found.length).toBeGreaterThan(0);
  // The best matches are bands.
  expect(bandIds.has(found[0]!)).toBe(true);
}

/** Whether the artist's booking calendar marks the date free ('true') or not ('false'). */
async function calendarSays(session: Session, date: string): Promise<string | null> {
  const { page } = session;
  await page.waitForSelector('[data-testid="booking-calendar"]', LIVE);
  await showMonthOf(page, date);
  return page.locator(`[data-testid="booking-calendar"] [data-date="${date}"]`).getAttribute('data-free');
}

/** Searches the artist's name on a date through the form; whether their card is listed. */
async function listedOn(session: Session, date: string): Promise<boolean> {
  const { page, locale } = session;
  await suite.goto(session, '/search');
  await page.fill(combobox, vendor.name[locale]);
  await page.fill('[data-testid="search-date"]', date);
  await page.click('[data-testid="search-submit"]');
  await page.waitForURL((url) => url.searchParams.get('date') === date, LIVE);
  // As in wordsFlow: the results are the new ones once the title names the words.
  await page.waitForFunction((name) => document.title.includes(name), vendor.name[locale], LIVE);
  await page.waitForSelector('[data-testid="result-count"]', LIVE);
  return (await page.locator(`[data-testid="vendor-card"][data-vendor-id="${vendor.id}"]`).count()) > 0;
}

async function freeDateFlow(session: Session, daysAhead: number) {
  const { page } = session;
  const partlyBusy = addDays(israelDate(Date.now()), daysAhead);
  const allBusy = addDays(partlyBusy, 1);
  // The artist is busy 10:00–13:00 one day (slots from 13:00 stay free) and all of the next.
  await api('POST', 'vendor/busy-windows', vendorToken, { start: israelInstant(partlyBusy, 10).toISOString(), end: israelInstant(partlyBusy, 13).toISOString(), reason: 'Morning rehearsal' });
  await api('POST', 'vendor/busy-windows', vendorToken, { start: israelInstant(allBusy, 0).toISOString(), end: israelInstant(addDays(allBusy, 1), 0).toISOString(), reason: 'Family event' });

  // The views apply the windows a moment later: search until the whole day is excluded.
  let excluded = false;
  for (let attempt = 0; attempt < 15 && !excluded; attempt++) {
    excluded = !(await listedOn(session, allBusy));
    if (!excluded) await page.waitForTimeout(500);
  }
  expect(excluded).toBe(true);
  expect(await listedOn(session, partlyBusy)).toBe(true);

  // Her calendar agrees: the partly busy day is free, the other is not.
  await page.click(`[data-testid="vendor-card"][data-vendor-id="${vendor.id}"] .vendor-card-link`);
  await page.waitForSelector('[data-testid="vendor-page"]', LIVE);
  expect(await calendarSays(session, partlyBusy)).toBe('true');
  expect(await calendarSays(session, allBusy)).toBe('false');
}

describe.skipIf(!executablePath)(`search in Chromium (${executablePath ? 'found' : `skipped: ${CHROMIUM_NOT_FOUND}`})`, () => {
  beforeAll(async () => {
    suite = await startBrowserSuite();
    vendorToken = (await signIn(suite.market.url, DEMO.vendor)).token;
    const vendorId = (await api<{ Vendor: { id: string } }>('GET', 'user/current', vendorToken)).Vendor.id;
    const cards = await api<{ items: { vendorId: string; name: { he: string; en: string } }[] }>('GET', `ecommerce/vendor?id=${vendorId}`, null);
    vendor = { id: vendorId, name: cards.items[0]!.name };
    const bands = await api<{ items: { vendorId: string }[] }>('GET', 'ecommerce/vendor?category=bands&limit=999', null);
    bandIds = new Set(bands.items.map((card) => card.vendorId));
  }, 180_000);
  afterAll(async () => {
    await suite?.close();
  });

  for (const [locale, daysAhead] of [['he', 30], ['en', 33]] as const satisfies readonly (readonly [Locale, number])[]) {
    it(`suggests the bands category for "להק" and opens it from the keyboard (${locale})`, async () => {
      const session = await suite.open(locale);
      await suggestionsFlow(session);
      expect(session.problems).toEqual([]);
    }, 120_000);

    it(`lists bands for "wedding band" (${locale})`, async () => {
      const session = await suite.open(locale, { width: 390 });
      await wordsFlow(session);
      expect(session.problems).toEqual([]);
    }, 120_000);

    it(`keeps an artist on a date her calendar shows free, drops her on a taken one (${locale})`, async () => {
      const session = await suite.open(locale);
      await freeDateFlow(session, daysAhead);
      expect(session.problems).toEqual([]);
    }, 180_000);
  }
});
