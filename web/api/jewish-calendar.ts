import type { ApiClient } from './client.ts';
import { readAnswer } from './read-answer.ts';
import type { JewishCalendarAnswer } from '../../query-api/jewish-calendar-answer.ts';

// An artist's Shabbat and holidays (GET /api/vendor/{id}/jewish-calendar; docs/jewish-calendar.md): their
// choice, the windows they are not booked in, and each day's Hebrew date and holidays. Computed by the
// query API with @hebcal/core, so the browser never loads hebcal. The answer's schema (zod) is imported
// with the first read, so it stays out of the storefront's first load (docs/storefront.md).
export type JewishCalendar = JewishCalendarAnswer;
export type HebrewDayInfo = JewishCalendar['days'][number];
export type RestWindowInfo = JewishCalendar['rest'][number];
export type ObservanceChoice = JewishCalendar['observance'];

export async function jewishCalendar(api: ApiClient, vendorId: string, range: { from: string; to: string; city?: string }, options: { fresh?: boolean } = {}): Promise<JewishCalendar> {
  const answer = await api.get(`vendor/${encodeURIComponent(vendorId)}/jewish-calendar`, {
    query: { from: range.from, to: range.to, ...(range.city ? { city: range.city } : {}) }, fresh: options.fresh,
  });
  const { JewishCalendarAnswer } = await import('../../query-api/jewish-calendar-answer.ts');
  return readAnswer(JewishCalendarAnswer, answer, "an artist's Jewish calendar");
}
