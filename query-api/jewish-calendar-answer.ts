import * as z from 'zod/mini';
import type { HebrewDay, Observance, RestWindow } from '../domain/calendar/jewish-calendar.ts';

// The answer of GET /api/vendor/{id}/jewish-calendar (docs/jewish-calendar.md), for the OpenAPI document
// and the web client, which validates what it reads with it. zod/mini and type-only imports, so the
// browser gets neither zod nor hebcal from it.
const Named = z.object({ he: z.string(), en: z.string() });
const RestKind = z.enum(['shabbat', 'holiday', 'minor-fasts', 'tisha-bav', 'yom-hashoah', 'yom-hazikaron']);

export const ObservanceAnswer = z.object({
  performsOnShabbat: z.boolean(),
  performsOnHolidays: z.boolean(),
  alsoRestsOn: z.array(z.enum(['minor-fasts', 'tisha-bav', 'yom-hashoah', 'yom-hazikaron'])),
}) satisfies z.ZodMiniType<Observance>;

export const RestWindowAnswer = z.object({
  start: z.string(), end: z.string(), kinds: z.array(RestKind), names: z.array(Named), place: Named,
}) satisfies z.ZodMiniType<RestWindow>;

export const HebrewDayAnswer = z.object({
  date: z.string(),
  hebrew: Named,
  marks: z.array(z.object({ kind: z.enum(['holiday', 'fast', 'memorial', 'festive']), he: z.string(), en: z.string() })),
}) satisfies z.ZodMiniType<HebrewDay>;

export const JewishCalendarAnswer = z.object({
  observance: ObservanceAnswer.check(z.describe('Whether the artist performs on Shabbat and the holidays, and the fast and memorial days they keep free (every day when they never chose)')),
  place: z.object({ key: z.nullable(z.string()), he: z.string(), en: z.string() }).check(z.describe("The city whose candle lighting and havdalah count; key null when unknown (the wider times of Jerusalem and Tel Aviv)")),
  rest: z.array(RestWindowAnswer).check(z.describe('The windows in [from, to) the artist is not booked in: candle lighting to havdalah, fasts and memorial days they chose')),
  days: z.array(HebrewDayAnswer).check(z.describe('Each Israeli day of [from, to): its Hebrew date and its holidays, fasts and memorial days by name (he, en)')),
});
export type JewishCalendarAnswer = z.infer<typeof JewishCalendarAnswer>;
