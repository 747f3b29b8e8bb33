import type { Page } from 'playwright-core';

// Browser tests and screenshots book "the first free day" of a vendor's calendar. Late on a month's
// last day (Israel time) the month shown may have no free day left (today's slots passed or were
// booked by earlier tests): then the next month has one. Without this, the tests depend on the clock.

/** Opens the first free day of the calendar shown, moving to the next month when this one has none. */
export async function openFirstFreeDay(page: Page): Promise<void> {
  if (await page.locator('.calendar-day.is-free').count() === 0) await page.click('[data-testid="next-month"]');
  await page.click('.calendar-day.is-free');
}
