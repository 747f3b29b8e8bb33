import express, { type Router } from 'express';
import { sendProblem } from './problem.ts';

// Liveness and readiness, for Docker healthchecks, load balancers and operators:
//   GET /health/live   200 while the process serves HTTP at all; nothing else is asked.
//   GET /health/ready  200 when every check of what this process runs passes, else 503 problem+json
//                      naming what is missing (code `not-ready`, `checks` with each one's state).
// Each service composes its own checks in main.ts (a service alone reports what it runs). A check
// that does not answer within `timeoutMs` counts as not ready, so a hung engine never hangs the probe.

export interface ReadinessState {
  ready: boolean;
  /** What the check found, for people: "at position 41 of 57", "seeding the demo marketplace". */
  detail: string;
}

export interface ReadinessCheck {
  /** Stable name: seed, projections, event-store, views, notifications, relay, web. */
  name: string;
  check(): Promise<ReadinessState>;
}

export interface ReadinessReport {
  ready: boolean;
  checks: Array<ReadinessState & { name: string }>;
}

export async function readiness(checks: readonly ReadinessCheck[], timeoutMs = 3000): Promise<ReadinessReport> {
  const results = await Promise.all(checks.map(async ({ name, check }) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<ReadinessState>((resolve) => {
      timer = setTimeout(() => resolve({ ready: false, detail: `no answer within ${timeoutMs} ms` }), timeoutMs);
    });
    try {
      const state = await Promise.race([check(), late]);
      return { name, ...state };
    } catch (error) {
      return { name, ready: false, detail: error instanceof Error ? error.message : String(error) };
    } finally {
      clearTimeout(timer);
    }
  }));
  return { ready: results.every((result) => result.ready), checks: results };
}

/** Every path the health router answers lies under these (main.ts enters it for those paths only). */
export const HEALTH_PATH_PREFIXES = ['/health/'] as const;

export function healthRouter(checks: () => readonly ReadinessCheck[], options: { timeoutMs?: number } = {}): Router {
  const router = express.Router();
  router.get('/health/live', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'live' });
  });
  router.get('/health/ready', async (_req, res) => {
    const report = await readiness(checks(), options.timeoutMs);
    res.set('Cache-Control', 'no-store');
    if (report.ready) {
      res.json({ status: 'ready', checks: report.checks });
      return;
    }
    const missing = report.checks.filter((check) => !check.ready);
    sendProblem(res, {
      type: 'https://httpstatuses.io/503', title: 'Not ready', status: 503, code: 'not-ready',
      detail: `Not ready: ${missing.map((check) => `${check.name} (${check.detail})`).join('; ')}.`,
      checks: report.checks,
    });
  });
  return router;
}
