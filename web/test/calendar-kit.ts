import type { Page } from 'playwright-core';

// Browser tests and screenshots move through an artist's booking calendar. It opens on the month of the
// first free day (late in a month whose last days are taken, the next one), so a test that looks for a
// date goes to that date's month in either direction rather than assuming the current month is shown.

const calendar = '[data-testid="booking-calendar"]';

/** Opens the first free day of the calendar (shown on its first free day's month). */
export async function openFirstFreeDay(page: Page): Promise<void> {
  await page.click(`${calendar} .calendar-day.is-free`);
}

/** Shows the month of `date` (YYYY-MM-DD) in the booking calendar; false when it lies outside the months it offers. */
export async function showMonthOf(page: Page, date: string): Promise<boolean> {
  const month = date.slice(0, 7);
  for (let step = 0; step < 6; step++) {
    const shown = (await page.locator(`${calendar} [data-date]`).first().getAttribute('data-date'))!.slice(0, 7);
    if (shown === month) return true;
    const forward = shown < month;
    const button = page.locator(`${calendar} [data-testid="${forward ? 'next-month' : 'previous-month'}"]`);
    if (await button.isDisabled()) return false;
    await button.click();
    await page.waitForSelector(`${calendar} [data-date^="${shiftMonth(shown, forward ? 1 : -1)}"]`);
  }
  return false;
}

/** The month (YYYY-MM) `by` months from `month`. */
const shiftMonth = (month: string, by: number): string =>
  new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1 + by, 1)).toISOString().slice(0, 7);
