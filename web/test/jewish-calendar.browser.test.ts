import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, israelDate, israelInstant } from '../app/israel-calendar.ts';
import { CHROMIUM_NOT_FOUND, apiCall, DEMO, executablePath, signIn, startBrowserSuite, type BrowserSuite, type Locale, type Session } from './browser-kit.ts';
import { showMonthOf } from './calendar-kit.ts';

// Issue 27 item 1 in Chromium (docs/jewish-calendar.md): the artist says in the dashboard that they do
// not perform on Shabbat; a customer on the artist's page is then not offered Friday's slots that reach
// candle lighting nor Saturday's before havdalah, is offered the Saturday-night slots after it (marked
// so), and sees the Hebrew date beside the Gregorian one. Booking into Shabbat is refused (409).
let suite: BrowserSuite;
let vendorId: string;
let vendorToken: string;
let timedProduct: { id: string; duration: number };

const LIVE = { timeout: 30_000 };
const visible = (text: string | null) => (text ?? '').replace(/[\u2060\u2066-\u2069\u200e\u200f]/g, '').replace(/\s+/g, ' ').trim();

async function api<T>(method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const answer = await apiCall<T>(suite.market.url, method, path, token, body);
  if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

interface JewishAnswer { rest: { start: string; end: string; kinds: string[] }[]; days: { date: string; hebrew: { he: string; en: string } }[]; observance: { performsOnShabbat: boolean } }
const jewishCalendarOf = (from: string, to: string) => api<JewishAnswer>('GET', `vendor/${vendorId}/jewish-calendar?from=${from}&to=${to}`, null);

/** A Friday `weeks` weeks ahead (at least two days away, within the booking calendar's 90 days). */
function fridayAhead(weeks: number): string {
  let date = addDays(israelDate(Date.now()), 2);
  while (new Date(`${date}T12:00:00Z`).getUTCDay() !== 5) date = addDays(date, 1);
  return addDays(date, 7 * weeks);
}

/** The slots the artist page offers on a date ([] when the date is not free), with the day's Hebrew date. */
async function offered(customer: Session, date: string): Promise<{ slots: { start: string; text: string; afterRest: boolean }[]; hebrew: string }> {
  await suite.goto(customer, `/artists/artist/${vendorId}/page`);
  const page = customer.page;
  await page.waitForSelector('[data-testid="booking-calendar"]', LIVE);
  if (await page.locator('[data-testid="booking-calendar"] select').count()) await page.selectOption('[data-testid="booking-calendar"] select', timedProduct.id);
  await showMonthOf(page, date);
  const day = page.locator(`[data-testid="booking-calendar"] [data-date="${date}"]`);
  if ((await day.getAttribute('data-free')) !== 'true') return { slots: [], hebrew: '' };
  await day.click();
  await page.waitForSelector('[data-testid="slot"]', LIVE);
  const hebrew = visible(await page.locator('[data-testid="selected-hebrew-date"]').textContent(LIVE));
  const slots = [];
  for (const slot of await page.locator('[data-testid="slot"]').all()) {
    const text = visible(await slot.textContent());
    slots.push({ start: text.slice(0, 5), text, afterRest: (await slot.getAttribute('data-after-rest')) === 'true' });
  }
  return { slots, hebrew };
}

/** Reloads the artist page until the offered slots of `date` satisfy `holds` (the views apply a write a moment later). */
async function untilOffered(customer: Session, date: string, holds: (slots: { start: string }[]) => boolean) {
  let answer = await offered(customer, date);
  for (let attempt = 0; attempt < 15 && !holds(answer.slots); attempt++) {
    await customer.page.waitForTimeout(500);
    answer = await offered(customer, date);
  }
  return answer;
}

/** "HH:MM" of an instant in Israel. */
const israelHour = (iso: string) => new Date(iso).toLocaleTimeString('en-GB', { timeZone: 'Asia/Jerusalem', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const startsAt = (date: string, hhmm: string) => israelInstant(date, Number(hhmm.slice(0, 2)), Number(hhmm.slice(3, 5))).getTime();

const texts = {
  he: { saved: 'נשמר', afterShabbat: 'מוצאי שבת', restNote: 'שבת' },
  en: { saved: 'Saved', afterShabbat: 'Saturday night', restNote: 'Shabbat' },
} as const;

async function shabbatFlow(locale: Locale, weeks: number) {
  const friday = fridayAhead(weeks);
  const saturday = addDays(friday, 1);
  // The artist starts out performing on Shabbat.
  await api('PUT', 'vendor/observance', vendorToken, { performsOnShabbat: true, performsOnHolidays: true, alsoRestsOn: [] });
  const vendor = await suite.open(locale, { as: DEMO.vendor, width: 320 });
  const customer = await suite.open(locale, { as: DEMO.customer });
  try {
    // Before: Saturday at noon is offered.
    const before = await untilOffered(customer, saturday, (slots) => slots.some((slot) => slot.start === '12:00'));
    expect(before.slots.some((slot) => slot.start === '12:00')).toBe(true);

    // The artist turns Shabbat off on the busy-times screen, on a 320 px wide phone.
    await suite.goto(vendor, '/user/dashboard/vendor/busy-windows');
    expect(await vendor.page.getAttribute('html', 'dir')).toBe(locale === 'he' ? 'rtl' : 'ltr');
    const section = vendor.page.locator('[data-testid="observance"]');
    await section.scrollIntoViewIfNeeded();
    const box = (await section.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(320);
    expect(await vendor.page.isChecked('[data-testid="observance-shabbat"]')).toBe(true);
    await vendor.page.uncheck('[data-testid="observance-shabbat"]');
    await vendor.page.check('[data-testid="observance-yom-hazikaron"]');
    await vendor.page.click('[data-testid="observance-save"]');
    await vendor.page.waitForSelector(`[data-testid="observance-saved"]:has-text("${texts[locale].saved}")`, LIVE);
    expect(await vendor.page.isChecked('[data-testid="observance-shabbat"]')).toBe(false);
    expect(await vendor.page.isChecked('[data-testid="observance-yom-hazikaron"]')).toBe(true);

    // The window the API computes at the artist's place: candle lighting on Friday to havdalah on Saturday.
    const jewish = await jewishCalendarOf(israelInstant(friday, 0).toISOString(), israelInstant(addDays(saturday, 1), 0).toISOString());
    const shabbat = jewish.rest.find((window) => window.kinds.includes('shabbat'))!;
    expect(israelDate(Date.parse(shabbat.start))).toBe(friday);
    expect(israelDate(Date.parse(shabbat.end))).toBe(saturday);
    const [candles, havdalah] = [Date.parse(shabbat.start), Date.parse(shabbat.end)];

    // Saturday: nothing before havdalah; the Saturday-night slots after it are offered, and marked.
    const after = await untilOffered(customer, saturday, (slots) => !slots.some((slot) => slot.start === '12:00'));
    expect(after.slots.length).toBeGreaterThan(0);
    expect(after.slots.every((slot) => startsAt(saturday, slot.start) >= havdalah)).toBe(true);
    expect(after.slots.every((slot) => slot.afterRest && slot.text.includes(texts[locale].afterShabbat))).toBe(true);
    // The Hebrew date beside the Gregorian one, in the page's language.
    const hebrewSaturday = jewish.days.find((day) => day.date === saturday)!.hebrew[locale];
    expect(after.hebrew).toContain(hebrewSaturday);
    expect(visible(await customer.page.locator('[data-testid="rest-note"]').first().textContent())).toContain(israelHour(shabbat.end));
    expect(await customer.page.locator(`[data-date="${saturday}"] [data-testid="hebrew-day"]`).textContent()).toBe(hebrewSaturday.split(' ')[0]);

    // Friday evening: no slot reaching candle lighting is offered; the morning still is.
    const fridaySlots = (await offered(customer, friday)).slots;
    expect(fridaySlots.some((slot) => slot.start === '10:00')).toBe(true);
    expect(fridaySlots.every((slot) => startsAt(friday, slot.start) + timedProduct.duration * 60_000 <= candles)).toBe(true);
    expect(fridaySlots.some((slot) => slot.start === '21:00')).toBe(false);

    // Booking Friday at 21:00 anyway is refused by the domain, saying why.
    const customerToken = (await signIn(suite.market.url, DEMO.customer)).token;
    const refused = await apiCall<{ status: number; code: string; detail: string }>(suite.market.url, 'POST', 'orders', customerToken, {
      productId: timedProduct.id, start: israelInstant(friday, 21).toISOString(),
      eventDetails: { eventType: 'wedding', city: 'Tel Aviv', address: 'Rothschild 1', guests: 80, contactPhone: '+972501234567' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('calendar.rest-time');
    expect(refused.body.detail).toContain('Shabbat');

    expect(vendor.problems).toEqual([]);
    expect(customer.problems).toEqual([]);
  } finally {
    await vendor.context.close();
    await customer.context.close();
  }
}

describe.skipIf(!executablePath)(`Shabbat and holidays in the artist's calendar in Chromium (${executablePath ? 'found' : `skipped: ${CHROMIUM_NOT_FOUND}`})`, () => {
  beforeAll(async () => {
    suite = await startBrowserSuite();
    vendorToken = (await signIn(suite.market.url, DEMO.vendor)).token;
    vendorId = (await api<{ Vendor: { id: string } }>('GET', 'user/current', vendorToken)).Vendor.id;
    const products = await api<{ items: { productId: string; type: string; serviceDuration: number }[] }>('GET', `ecommerce/product?vendorId=${vendorId}`, null);
    const timed = products.items.find((item) => item.type === 'timedService')!;
    timedProduct = { id: timed.productId, duration: timed.serviceDuration };
  }, 120_000);
  afterAll(async () => {
    await suite?.close();
  });

  it('in Hebrew: the artist stops performing on Shabbat; Friday evening is not offered, מוצאי שבת is, with the Hebrew date', async () => {
    await shabbatFlow('he', 3);
  }, 240_000);

  it('in English: the same', async () => {
    await shabbatFlow('en', 5);
  }, 240_000);
});
