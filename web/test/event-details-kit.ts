import type { Page } from 'playwright-core';
import { israelDate } from '../../domain/shared/israel-time.ts';

// The checkout asks about the event (issue 22 item 1): browser tests that go through it fill the
// details with this. A timed service's event starts at its booked slot, so its form has no date.
export interface EventAnswers { eventType?: string; date?: string; time?: string; city?: string; address?: string; guests?: string; phone?: string }

/** An Israel date (YYYY-MM-DD) `days` from now. */
export const daysAhead = (days: number): string => israelDate(Date.now() + days * 86_400_000);

export async function fillEventDetails(page: Page, answers: EventAnswers = {}): Promise<void> {
  await page.selectOption('[data-testid="event-type"]', answers.eventType ?? 'birthday');
  if (await page.locator('[data-testid="event-date"]').count()) {
    await page.fill('[data-testid="event-date"]', answers.date ?? daysAhead(40));
    await page.fill('[data-testid="event-time"]', answers.time ?? '19:30');
  }
  await page.fill('[data-testid="event-city"]', answers.city ?? 'Haifa');
  await page.fill('[data-testid="event-address"]', answers.address ?? 'HaNassi 5');
  await page.fill('[data-testid="event-guests"]', answers.guests ?? '80');
  await page.fill('[data-testid="event-phone"]', answers.phone ?? '+972501234567');
}
