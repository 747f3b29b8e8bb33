import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, israelDate, israelInstant } from '../app/israel-calendar.ts';
import { CHROMIUM_NOT_FOUND, DEMO, executablePath, startBrowserSuite, type BrowserSuite, type Locale } from './browser-kit.ts';

// Calendar sync in Chromium (docs/calendar-sync.md), in Hebrew and in English: the artist makes their
// private calendar link and copies it (the clipboard holds it, and it opens as text/calendar), then
// imports an .ics file with an event of their own calendar, which appears among their busy times on the
// busy-times screen, marked with the file it came from.
let suite: BrowserSuite;
const LIVE = { timeout: 30_000 };

/** An .ics as Google Calendar exports it (CRLF, its VTIMEZONE), with one event at 14:00–16:00 Israel time on `date`. */
function exportWith(date: string, summary: string): string {
  const stamp = (instant: Date) => instant.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  return [
    'BEGIN:VCALENDAR', 'PRODID:-//Google Inc//Google Calendar 70.9054//EN', 'VERSION:2.0', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH',
    'X-WR-CALNAME:My calendar', 'X-WR-TIMEZONE:Asia/Jerusalem',
    'BEGIN:VEVENT', `DTSTART:${stamp(israelInstant(date, 14))}`, `DTEND:${stamp(israelInstant(date, 16))}`, 'DTSTAMP:20261128T091512Z',
    `UID:${summary.replace(/\W/g, '')}@google.com`, 'STATUS:CONFIRMED', `SUMMARY:${summary}`, 'TRANSP:OPAQUE', 'END:VEVENT',
    'END:VCALENDAR', '',
  ].join('\r\n');
}

const texts = {
  he: { copied: 'הקישור הועתק.', imported: 'היומן יובא', from: 'מתוך' },
  en: { copied: 'The link was copied.', imported: 'Imported.', from: 'From' },
} as const;

async function syncFlow(locale: Locale, daysAhead: number) {
  const date = addDays(israelDate(Date.now()), daysAhead);
  const summary = `Family dinner ${locale} ${Math.random().toString(36).slice(2, 7)}`;
  const fileName = `my-calendar-${locale}.ics`;
  const vendor = await suite.open(locale, { as: DEMO.vendor });
  const { page } = vendor;
  await vendor.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.market.url });
  await suite.goto(vendor, `/user/dashboard/vendor/busy-windows?view=week&date=${date}`);
  await page.waitForSelector('[data-testid="calendar-sync"]', LIVE);

  // The private link: made once (the other language's run may have made it), then copied.
  if (await page.locator('[data-testid="feed-create"]').count()) await page.click('[data-testid="feed-create"]');
  const field = page.locator('[data-testid="feed-url"]');
  await field.waitFor(LIVE);
  const feedUrl = await field.inputValue();
  expect(feedUrl).toMatch(/\/api\/calendar-feed\/[A-Za-z0-9_-]{32}\.ics$/);
  await page.click('[data-testid="feed-copy"]');
  await page.waitForFunction((text) => document.querySelector('[data-testid="feed-copied"]')?.textContent === text, texts[locale].copied, LIVE);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(feedUrl);
  const feed = await fetch(feedUrl);
  expect(feed.status).toBe(200);
  expect(feed.headers.get('content-type')).toMatch(/^text\/calendar/);
  expect(await feed.text()).toContain('BEGIN:VCALENDAR');
  // How to add it, for Google and Apple calendars.
  await page.click('[data-testid="feed-howto"] summary');
  expect(await page.textContent('[data-testid="feed-howto"]')).toContain('Google Calendar');
  expect(await page.getAttribute('[data-testid="feed-webcal"]', 'href')).toBe(feedUrl.replace(/^https?:/, 'webcal:'));

  // An .ics of the artist's own calendar: its event becomes a busy time of that day.
  await page.setInputFiles('[data-testid="import-file"]', { name: fileName, mimeType: 'text/calendar', buffer: Buffer.from(exportWith(date, summary)) });
  await page.click('[data-testid="import-file-submit"]');
  await page.waitForSelector('[data-testid="import-notice"]', LIVE);
  expect(await page.textContent('[data-testid="import-notice"]')).toContain(texts[locale].imported);
  await page.waitForFunction((name) => [...document.querySelectorAll('[data-testid="calendar-source"]')].some((row) => row.textContent?.includes(name)), fileName, LIVE);

  // It is in the calendar of that week and in the upcoming busy times, named with its file and without a remove button.
  await suite.goto(vendor, `/user/dashboard/vendor/busy-windows?view=week&date=${date}`);
  await page.waitForFunction((text) => document.querySelector('.vendor-calendar')?.textContent?.includes(text), summary, LIVE);
  const row = page.locator('[data-testid="upcoming-windows"] [data-testid="window-row"]', { hasText: summary });
  await row.waitFor(LIVE);
  expect(await row.textContent()).toContain(`${texts[locale].from} ${fileName}`);
  expect(await row.locator('[data-testid="remove-window"]').count()).toBe(0);
  expect(vendor.problems).toEqual([]);
}

describe.skipIf(!executablePath)(`calendar sync in Chromium (${executablePath ? 'found' : `skipped: ${CHROMIUM_NOT_FOUND}`})`, () => {
  beforeAll(async () => {
    suite = await startBrowserSuite();
  }, 120_000);
  afterAll(async () => {
    await suite?.close();
  });

  it('in Hebrew: the artist copies their calendar link and imports an .ics file whose event appears among their busy times', async () => {
    await syncFlow('he', 33);
  }, 240_000);

  it('in English: the same', async () => {
    await syncFlow('en', 44);
  }, 240_000);
});
