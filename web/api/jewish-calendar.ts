import type { ApiClient } from './client.ts';
import { readAnswer } from './read-answer.ts';
import { answerMemo } from './answer-memo.ts';
import { keptImport } from './kept-import.ts';
import type { JewishCalendarAnswer } from '../../query-api/jewish-calendar-answer.ts';

// An artist's Shabbat and holidays (GET /api/vendor/{id}/jewish-calendar; docs/jewish-calendar.md): their
// choice, the windows they are not booked in, and each day's Hebrew date and holidays. Computed by the
// query API with @hebcal/core, so the browser never loads hebcal. The answer's schema (zod) is imported
// with the first read, so it stays out of the storefront's first load (docs/storefront.md).
export type JewishCalendar = JewishCalendarAnswer;
export type ObservanceChoice = JewishCalendar['observance'];

const schemaModule = keptImport(() => import('../../query-api/jewish-calendar-answer.ts'));

/** An artist's Jewish calendar is the same text for every artist who keeps the same days at the same place (web/api/answer-memo.ts). */
const answersRead = answerMemo<JewishCalendar>(32);

/** `city`, else `geoLocation` (a place id: its nearest city), else the artist's own place (the API reads their card for it). */
export interface JewishCalendarRange { from: string; to: string; city?: string; geoLocation?: string }

/** The query of a Jewish calendar read, the same over HTTP and in process (web/api/vendor-page-reads.ts). */
export const jewishCalendarQuery = (range: JewishCalendarRange) => ({
  from: range.from, to: range.to, ...(range.city ? { city: range.city } : {}), ...(range.geoLocation ? { geoLocation: range.geoLocation } : {}),
});

export async function jewishCalendar(api: ApiClient, vendorId: string, range: JewishCalendarRange, options: { fresh?: boolean } = {}): Promise<JewishCalendar> {
  const schema = schemaModule();
  const text = await api.get<string>(`vendor/${encodeURIComponent(vendorId)}/jewish-calendar`, {
    query: jewishCalendarQuery(range), fresh: options.fresh, text: true,
  });
  const { JewishCalendarAnswer } = await schema;
  return answersRead.of(text, (value) => readAnswer(JewishCalendarAnswer, value, "an artist's Jewish calendar"));
}
