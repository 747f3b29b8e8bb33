// Latency summaries from raw samples. Nearest-rank percentiles: the value at rank ceil(p/100 × n)
// of the sorted samples, so p100 is the maximum and every answer is a sample that really happened.

/** The p-th percentile (0 < p ≤ 100) of the samples, or NaN when there are none. */
export function percentile(samples: readonly number[], p: number): number {
  if (!(p > 0 && p <= 100)) throw new RangeError(`Percentile must be in (0, 100], got ${p}`);
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.ceil((p / 100) * sorted.length) - 1]!;
}

export interface LatencySummary {
  count: number;
  p50: number;
  p99: number;
  mean: number;
  max: number;
}

export function summarize(samples: readonly number[]): LatencySummary {
  if (samples.length === 0) return { count: 0, p50: Number.NaN, p99: Number.NaN, mean: Number.NaN, max: Number.NaN };
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.ceil((p / 100) * sorted.length) - 1]!;
  const total = sorted.reduce((sum, value) => sum + value, 0);
  return { count: sorted.length, p50: at(50), p99: at(99), mean: total / sorted.length, max: sorted.at(-1)! };
}

/** Operations per second for `count` operations in `elapsedMs`. */
export const perSecond = (count: number, elapsedMs: number): number => (elapsedMs > 0 ? (count * 1000) / elapsedMs : Number.NaN);

/**
 * How the project compares to its baseline, as "how many times the baseline's cost": for a rate
 * (higher is better) baseline/value, for a duration or a size (lower is better) value/baseline.
 * 1 means as cheap as the baseline; 4 means four times the cost.
 */
export function costRatio(value: number, baseline: number, better: 'higher' | 'lower'): number {
  if (!(value > 0 && baseline > 0)) return Number.NaN;
  return better === 'higher' ? baseline / value : value / baseline;
}
