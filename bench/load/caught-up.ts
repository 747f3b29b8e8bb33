// After a load, the work its requests left behind: the views to project, the notification reactor and
// flows to follow, the notification jobs to run (each appends events the views then project). A rate
// counted only inside the load window leaves that work out; the bench waits for it, through what the
// product itself tells: GET /health/ready (every follower at the store's head) and the job queue's
// counts (GET /api/admin/jobs/failed, admins).
import { monotonicMs } from './cross-process-clock.ts';
import type { LoadResult } from './load-scenario.ts';
import { jobsLeftToRun } from '../../domain/ports/job-queue.ts';

export interface CatchUpTarget {
  /** Every process whose readiness counts (one for the embedded server; api, projectors, worker apart). */
  urls: readonly string[];
  /** A process that serves the admin API, and an admin's bearer token for it. */
  adminUrl: string;
  adminToken: string;
}

/** The product was still behind when the wait ran out (other failures, such as a refused token, are plain errors). */
export class NotCaughtUp extends Error {}

export interface JobCounts { waiting: number; active: number; completed: number; failed: number; delayed: number }

interface ReadyAnswer { status: number; head: number | null; detail: string }

const HEAD = /^head at position (-?\d+)$/;

/** One /health/ready answer: 200 or not, and the head the event-store check read (null when none says). */
async function readyOf(url: string): Promise<ReadyAnswer> {
  const response = await fetch(new URL('/health/ready', url), { signal: AbortSignal.timeout(10_000) }).catch(() => undefined);
  if (!response) return { status: 0, head: null, detail: 'no answer' };
  const text = await response.text();
  let head: number | null = null;
  try {
    const checks = (JSON.parse(text) as { checks?: Array<{ name: string; detail: string }> }).checks ?? [];
    const match = HEAD.exec(checks.find((check) => check.name === 'event-store')?.detail ?? '');
    if (match) head = Number(match[1]);
  } catch { /* not JSON: the status tells */ }
  return { status: response.status, head, detail: text.slice(0, 300) };
}

export async function jobCounts(adminUrl: string, adminToken: string): Promise<JobCounts> {
  const response = await fetch(new URL('/api/admin/jobs/failed?limit=1', adminUrl), { headers: { authorization: `Bearer ${adminToken}` }, signal: AbortSignal.timeout(10_000) });
  const text = await response.text();
  let counts: JobCounts | undefined;
  try {
    counts = (JSON.parse(text) as { counts?: JobCounts }).counts;
  } catch { /* the status and the text tell */ }
  if (response.status !== 200 || !counts) throw new Error(`job counts: ${response.status} ${text.slice(0, 300)}`);
  return counts;
}

/** Every process ready, and the head they were asked at (the highest any event-store check read). */
async function allReadyAt(urls: readonly string[]): Promise<{ ready: boolean; head: number | null; waiting: string }> {
  const answers = await Promise.all(urls.map(readyOf));
  const heads = answers.map((answer) => answer.head).filter((head): head is number => head !== null);
  const waiting = answers.flatMap((answer, index) => (answer.status === 200 ? [] : [`${urls[index]}: ${answer.status} ${answer.detail}`])).join('; ');
  return { ready: waiting === '', head: heads.length ? Math.max(...heads) : null, waiting };
}

/**
 * Waits until the product has caught up with what was appended: every process ready (its followers at
 * the head), then no notification job waiting, running or due for a retry, then every process ready
 * again at the same head. A job that ran in between appended and moved the head, so it asks again.
 * Resolves with when it was (cross-process-clock.ts, to compare with a load's `endedAt`) and the
 * queue's counts then; past `timeoutMs` rejects.
 */
export async function untilCaughtUp(target: CatchUpTarget, options: { timeoutMs: number; pollMs?: number }): Promise<{ at: number; jobs: JobCounts }> {
  const began = performance.now();
  const pollMs = options.pollMs ?? 100;
  let last = '';
  for (;;) {
    const first = await allReadyAt(target.urls);
    if (first.ready) {
      const jobs = await jobCounts(target.adminUrl, target.adminToken);
      if (jobsLeftToRun(jobs) === 0) {
        const second = await allReadyAt(target.urls);
        if (first.head === null) throw new Error('no process reported the store\'s head (the event-store check of /health/ready)');
        if (second.ready && second.head === first.head) return { at: monotonicMs(), jobs };
        last = `head moved from ${first.head} to ${second.head}`;
      } else {
        last = `jobs ${JSON.stringify(jobs)}`;
      }
    } else {
      last = first.waiting;
    }
    if (performance.now() - began > options.timeoutMs) throw new NotCaughtUp(`not caught up within ${options.timeoutMs / 1000} s: ${last}`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/**
 * The rate a load's sequences can be kept up at: those completed over the load window plus the time the
 * product took after it to catch up with their work (`caughtUpAt` on the clock of `load.endedAt`).
 */
export function sustainedRate(load: LoadResult, caughtUpAt: number): { completed: number; perSecond: number; catchUpSeconds: number } {
  const completed = load.sequences?.completed ?? 0;
  const catchUpSeconds = Math.max(0, caughtUpAt - load.endedAt) / 1000;
  return { completed, perSecond: completed / (load.durationSeconds + catchUpSeconds), catchUpSeconds };
}
