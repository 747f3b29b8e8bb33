import type { ReviewEvent } from '../domain/review/events.ts';

// A vendor's rating is kept as the number of live reviews per star, from which the count, the average
// and the distribution follow: a few numbers, however many orders were reviewed. An edit, a withdrawal
// and a removal name the stars they replace (`previousRating`), so an edit moves its review from one
// star to another and a withdrawal or removal takes it out. Re-applying an event cannot count it twice:
// the runtime applies each stream revision once per document (`_seen`, projectors/seen.ts).
//
// Events written before they named the stars they replace cannot say which star to take the review out
// of: such an edit leaves the review counted with the stars it had, and such a withdrawal or removal
// leaves it counted. A rebuild counts them the same way; the log holds nothing more to go by.

export type Stars = Record<'1' | '2' | '3' | '4' | '5', number>;

export interface RatingSummary {
  count: number;
  /** Average with 2 decimals; null without ratings. */
  avg: number | null;
  /** Live reviews per star. */
  distribution: Stars;
}

export const noStars = (): Stars => ({ '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 });

const starOf = (rating: number): keyof Stars => String(rating) as keyof Stars;

/** The counts once the review event is applied. */
export function starsAfter(stars: Stars, event: ReviewEvent): Stars {
  const next = { ...stars };
  // A count below zero would be a review taken out that was never counted: it stays at zero.
  const takeOut = (rating: number | undefined) => {
    if (rating !== undefined) next[starOf(rating)] = Math.max(0, next[starOf(rating)] - 1);
  };
  switch (event.type) {
    case 'ReviewPosted':
      next[starOf(event.data.rating)] += 1;
      return next;
    case 'ReviewEdited':
      if (event.data.previousRating === undefined) return stars;
      takeOut(event.data.previousRating);
      next[starOf(event.data.rating)] += 1;
      return next;
    case 'ReviewWithdrawn':
    case 'ReviewRemoved':
      if (event.data.previousRating === undefined) return stars;
      takeOut(event.data.previousRating);
      return next;
    case 'ReviewReplied':
      return stars;
  }
}

export function summarizeStars(stars: Stars): RatingSummary {
  const distribution = noStars();
  let count = 0;
  let sum = 0;
  for (const star of ['1', '2', '3', '4', '5'] as const) {
    const reviews = stars[star] ?? 0;
    distribution[star] = reviews;
    count += reviews;
    sum += reviews * Number(star);
  }
  return { count, avg: count === 0 ? null : Math.round((sum / count) * 100) / 100, distribution };
}
