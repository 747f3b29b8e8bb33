// What the load generator is asked to do. Plain data: it crosses a process boundary as JSON.

export interface LoadStep {
  method: 'GET' | 'POST';
  /** May hold `{id}` (the `id` of the sequence's first answer), `{n}` (a counter, unique per request) and `{n%M}` (the counter modulo M). */
  path: string;
  /** Instead of one path: each request takes the next of these, in turn (e.g. every request a query the cache has not seen). */
  paths?: string[];
  body?: unknown;
  /** Bearer token. */
  token?: string;
  /** More request headers, e.g. the storefront's sign-in cookie. */
  headers?: Record<string, string>;
}

export interface LoadScenario {
  /** Several URLs: autocannon spreads the connections over them in turn (connection i to url i mod n). */
  url: string | string[];
  connections: number;
  durationSeconds: number;
  /**
   * The steps one connection runs in turn, each after the previous answer. With more than one step the
   * whole sequence is timed too (the "round trip"); a step that fails restarts the sequence.
   */
  steps: LoadStep[];
  /**
   * Requests per second over all connections at most (autocannon's overallRate); default: as fast as
   * the answers come. A fixed rate gives both sides of an A/B the same load whatever the disk's speed.
   */
  overallRate?: number;
}

export interface LoadResult {
  /** Requests per second, averaged over the run. */
  requestsPerSecond: number;
  /** Per-request latency, ms. */
  latencyP50: number;
  latencyP99: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  durationSeconds: number;
  /** When the load ended, on the clock every process reads alike (cross-process-clock.ts monotonicMs). */
  endedAt: number;
  /** Answers that carried X-Cache: hit / miss. */
  cacheHits: number;
  cacheMisses: number;
  /** Only with several steps: completed sequences, their rate and latency (ms). */
  sequences?: { completed: number; failed: number; perSecond: number; p50: number; p99: number };
}
