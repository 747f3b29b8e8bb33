// What every figure reports: measures of the project, each beside a baseline measured in the same run.
export interface Measure {
  /** e.g. "single-event appends". */
  name: string;
  value: number;
  unit: string;
  baselineName: string;
  baseline: number;
  /** Whether a higher number is better (rates) or a lower one (latencies, sizes). */
  better: 'higher' | 'lower';
  /** Anything a reader needs to judge the number: sample counts, mode, hit rates. */
  note?: string;
}

export interface FigureResult {
  figure: string;
  /** Scale this figure ran at, e.g. "10,000 vendors". */
  scale: string;
  measures: Measure[];
  /** Set when the figure could not run; the reason is shown instead of numbers. */
  skipped?: string;
}

/** The message a figure child process sends to the runner. */
export type FigureMessage = { kind: 'result'; results: FigureResult[] } | { kind: 'error'; message: string };
