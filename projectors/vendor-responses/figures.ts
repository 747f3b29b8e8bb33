import { RESPONSE_WINDOW_DAYS, type ResponseKind, type ResponseSample } from './projection.ts';

// The response badge's figures at a given time (docs/storefront.md, "Response badges"), from a vendor's
// samples (./projection.ts): over the requests and conversations asked in the last 90 days before `now`,
//  - the median time to the first reply (all answered ones; and per kind), in whole minutes;
//  - the reply rate: answered / (answered + unanswered), where a sample counts as unanswered once
//    UNANSWERED_AFTER_HOURS have passed without an answer, unless the customer closed the request
//    (canceled it, or accepted another artist's quote) within those hours — the artist had no fair chance;
//    younger unanswered samples are still pending and count for neither side.
// A median needs MIN_RESPONSE_SAMPLES answered samples, a rate MIN_RESPONSE_SAMPLES counted ones;
// without either the vendor has no figures (null) and shows no badge.

export const MIN_RESPONSE_SAMPLES = 3;
export const UNANSWERED_AFTER_HOURS = 48;
const HOUR_MS = 3600_000;

/** What the badge says: usually replies within an hour, within a few hours (6), within a day; null beyond. */
export type ReplyWithin = 'hour' | 'hours' | 'day';

export interface ResponseFigures {
  within: ReplyWithin | null;
  medianMinutes: number | null;
  conversationMedianMinutes: number | null;
  quoteMedianMinutes: number | null;
  /** 0…1, to two decimals. */
  replyRate: number | null;
  /** Answered samples in the window. */
  answered: number;
  /** Samples the rate counts: answered and unanswered. */
  counted: number;
}

function median(values: number[]): number | null {
  if (values.length < MIN_RESPONSE_SAMPLES) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const value = sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return Math.round(value);
}

export function withinOf(medianMinutes: number | null): ReplyWithin | null {
  if (medianMinutes === null) return null;
  if (medianMinutes <= 60) return 'hour';
  if (medianMinutes <= 6 * 60) return 'hours';
  if (medianMinutes <= 24 * 60) return 'day';
  return null;
}

/** The figures of the samples at `now`; null when there are too few samples for either figure. */
export function responseFiguresOf(samples: readonly ResponseSample[], now: Date): ResponseFigures | null {
  const nowMs = now.getTime();
  const since = nowMs - RESPONSE_WINDOW_DAYS * 24 * HOUR_MS;
  const grace = UNANSWERED_AFTER_HOURS * HOUR_MS;
  const minutes: Record<ResponseKind, number[]> = { conversation: [], quote: [] };
  let unanswered = 0;
  for (const sample of samples) {
    const asked = Date.parse(sample.askedAt);
    if (asked < since || asked > nowMs) continue;
    if (sample.repliedAt !== null) {
      const replied = Date.parse(sample.repliedAt);
      // A reply recorded after `now` (a read of the past) is still unknown then.
      if (replied <= nowMs) {
        minutes[sample.kind].push(Math.max(0, replied - asked) / 60_000);
        continue;
      }
    }
    const closed = sample.closedAt === null ? null : Date.parse(sample.closedAt);
    if (closed !== null && closed <= nowMs && closed - asked < grace) continue;
    if (nowMs - asked >= grace) unanswered += 1;
  }
  const all = [...minutes.conversation, ...minutes.quote];
  const counted = all.length + unanswered;
  const medianMinutes = median(all);
  const replyRate = counted >= MIN_RESPONSE_SAMPLES ? Math.round((all.length / counted) * 100) / 100 : null;
  if (medianMinutes === null && replyRate === null) return null;
  return {
    within: withinOf(medianMinutes), medianMinutes,
    conversationMedianMinutes: median(minutes.conversation), quoteMedianMinutes: median(minutes.quote),
    replyRate, answered: all.length, counted,
  };
}
