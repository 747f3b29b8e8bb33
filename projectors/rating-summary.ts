// Ratings are kept per order (`{ [orderId]: 1..5 }`) in every document that shows an aggregate, and the
// aggregate is derived from them: re-applying a review can never count it twice.
export interface RatingSummary {
  count: number;
  /** Average with 2 decimals; null without ratings. */
  avg: number | null;
  distribution: Record<'1' | '2' | '3' | '4' | '5', number>;
}

export function summarizeRatings(ratings: Record<string, number>): RatingSummary {
  const values = Object.values(ratings);
  const distribution = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
  for (const value of values) distribution[String(value) as keyof typeof distribution] += 1;
  const sum = values.reduce((total, value) => total + value, 0);
  return { count: values.length, avg: values.length === 0 ? null : Math.round((sum / values.length) * 100) / 100, distribution };
}

