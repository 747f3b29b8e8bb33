// The value axis of a chart: a "nice" top (1, 2, 5 × 10ⁿ steps) a little above the largest value, and
// its ticks, so gridlines fall on round numbers. Counts get whole-number steps only.
export interface ValueScale { top: number; ticks: number[] }

export function niceScale(max: number, options: { maxTicks?: number; integer?: boolean } = {}): ValueScale {
  const maxTicks = options.maxTicks ?? 4;
  if (!(max > 0) || !Number.isFinite(max)) return { top: 1, ticks: [0, 1] };
  const rough = max / maxTicks;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const multiples = options.integer ? [1, 2, 5, 10] : [1, 2, 2.5, 5, 10];
  let step = multiples.map((multiple) => multiple * magnitude).find((candidate) => candidate >= rough) ?? 10 * magnitude;
  if (options.integer) step = Math.max(1, Math.round(step));
  const top = Math.ceil(max / step - 1e-9) * step;
  const ticks: number[] = [];
  for (let tick = 0; tick <= top + step / 2; tick += step) ticks.push(Number(tick.toPrecision(12)));
  return { top, ticks };
}

/** Label every n-th category so at most `maxLabels` show (the first is always labelled). */
export const labelEvery = (count: number, maxLabels: number): number => Math.max(1, Math.ceil(count / Math.max(1, maxLabels)));
