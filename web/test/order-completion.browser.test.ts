import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { CHROMIUM_NOT_FOUND, DEMO, executablePath, realtimeConnected, startBrowserSuite, type BrowserSuite, type Locale } from './browser-kit.ts';
import { bookedFor, bookedWeeksAgo, slotEndOf } from './booked-orders.ts';
import { formatDateTime } from '../app/format.ts';

// An order completes only once its event is over (issue 22 item 3), and the artist's orders page says
// so: for an event still to come it shows when the order can be completed instead of a Complete button;
// a browser whose clock runs ahead of the server's may offer the button early, and the server's refusal
// then shows in the reader's words; a show that ends while the artist watches gets its Complete button by
// itself, and completing it moves it to the past orders live. On a phone in Hebrew, on a desktop in English.
// The two run at the same time (each waits most of a minute for its show to end), on orders of their own.
let suite: BrowserSuite;
const LIVE = { timeout: 30_000 };

const texts: Record<Locale, { approved: string; completed: string; completeAfter: (date: string) => string; tooEarly: (date: string) => string }> = {
  en: {
    approved: 'Approved',
    completed: 'Completed',
    completeAfter: (date) => `You can mark it completed after the event, on ${date}.`,
    tooEarly: (date) => `The event is not over yet. You can mark the order completed after it, on ${date}.`,
  },
  he: {
    approved: 'אושרה',
    completed: 'הושלמה',
    completeAfter: (date) => `אפשר לסמן את ההזמנה כהושלמה אחרי האירוע, החל מ${date}.`,
    tooEarly: (date) => `האירוע עוד לא הסתיים. אפשר לסמן את ההזמנה כהושלמה אחריו, החל מ${date}.`,
  },
};
const card = (list: 'open-orders' | 'past-orders', orderId: string) => `[data-testid="${list}"] [data-testid="order-card"][data-order-id="${orderId}"]`;

/** A day `days` from now at 15:00 UTC (17:00 or 18:00 in Israel). */
function eveningIn(days: number): string {
  const day = new Date(Date.now() + days * 86_400_000);
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 15)).toISOString();
}

async function completionAfterTheEvent(locale: Locale, width: number, daysAhead: number, test: TestContext) {
  const words = texts[locale];
  const { market } = suite;
  const vendor = await suite.open(locale, { as: DEMO.vendor, width, test });
  await suite.goto(vendor, '/user/dashboard/vendor/orders');
  await realtimeConnected(vendor.page);

  // A show that ends while the artist watches, booked first so that its minute passes while the steps
  // below run: the time it can be completed shows first.
  const vendorUrl = vendor.page.url();
  const ending = await bookedWeeksAgo(market, 45_000);
  const endingCard = vendor.page.locator(card('open-orders', ending));
  await endingCard.locator('[data-testid="order-complete-after"]').waitFor(LIVE);

  // An approved order for an evening still to come: no Complete button, the time it can be instead.
  const upcoming = await bookedFor(market, eveningIn(daysAhead));
  const upcomingCard = vendor.page.locator(card('open-orders', upcoming));
  await upcomingCard.locator(`[data-testid="order-card-status"]:text-is("${words.approved}")`).waitFor(LIVE);
  await upcomingCard.locator('[data-testid="order-complete-after"]').waitFor(LIVE);
  expect(await upcomingCard.locator('[data-testid="order-complete-after"]').textContent())
    .toBe(words.completeAfter(formatDateTime(await slotEndOf(market, upcoming), locale)));
  expect(await upcomingCard.locator('[data-testid="order-complete-action"]').count()).toBe(0);
  expect(await upcomingCard.locator('[data-testid="order-cancel"]').count()).toBe(1);
  // The note fits the card on a phone: no sideways scrolling.
  expect(await vendor.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  // A browser a quarter of an hour ahead offers Complete for a show ending in ten minutes; the
  // server's time decides, and its refusal is worded for the reader, with the time.
  const soon = await bookedWeeksAgo(market, 10 * 60_000);
  const ahead = await suite.open(locale, { as: DEMO.vendor, width, test });
  await ahead.page.clock.setSystemTime(Date.now() + 15 * 60_000);
  await suite.goto(ahead, '/user/dashboard/vendor/orders');
  const soonCard = ahead.page.locator(card('open-orders', soon));
  await soonCard.locator('[data-testid="order-complete-action"]').click(LIVE);
  await soonCard.locator('[data-testid="form-error"]').waitFor(LIVE);
  expect(await soonCard.locator('[data-testid="form-error"]').textContent()).toBe(words.tooEarly(formatDateTime(await slotEndOf(market, soon), locale)));
  expect(await soonCard.locator('[data-testid="order-card-status"]').textContent()).toBe(words.approved);
  expect(ahead.problems).toEqual([]);
  await ahead.context.close();

  // Once the show is over, its Complete button comes by itself; the completed order moves to the past
  // orders live.
  await endingCard.locator('[data-testid="order-complete-action"]').waitFor({ timeout: 90_000 });
  expect(await endingCard.locator('[data-testid="order-complete-after"]').count()).toBe(0);
  await endingCard.locator('[data-testid="order-complete-action"]').click();
  await vendor.page.locator(`${card('past-orders', ending)} [data-testid="order-card-status"]:text-is("${words.completed}")`).waitFor(LIVE);
  expect(vendor.page.url()).toBe(vendorUrl);
  // The upcoming order still waits for its event.
  expect(await upcomingCard.locator('[data-testid="order-complete-after"]').count()).toBe(1);
  expect(vendor.problems).toEqual([]);
  await vendor.context.close();
}

describe.skipIf(!executablePath)(`completion only after the event in Chromium (${executablePath ? 'found' : `skipped: ${CHROMIUM_NOT_FOUND}`})`, () => {
  beforeAll(async () => {
    suite = await startBrowserSuite();
  }, 120_000);
  afterAll(async () => {
    await suite?.close();
  });

  it.concurrent('in Hebrew on a phone: when an upcoming order can be completed, a worded refusal from a clock ahead, a show completed once over', async (test) => {
    await completionAfterTheEvent('he', 390, 30, test);
  }, 180_000);

  it.concurrent('in English on a desktop: the same', async (test) => {
    await completionAfterTheEvent('en', 1280, 31, test);
  }, 180_000);
});
