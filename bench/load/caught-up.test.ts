import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { NotCaughtUp, sustainedRate, untilCaughtUp, type JobCounts } from './caught-up.ts';
import type { LoadResult } from './load-scenario.ts';

// A stand-in server whose readiness, head and job counts the test moves step by step.
interface State { ready: boolean; head: number; jobs: Partial<JobCounts> }

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function serve(next: () => State, token = 'admin-token'): Promise<string> {
  let state = next();
  server = createServer((request, response) => {
    if (request.url === '/health/ready') {
      state = next();
      response.writeHead(state.ready ? 200 : 503, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ checks: [{ name: 'event-store', ready: true, detail: `head at position ${state.head}` }] }));
      return;
    }
    if (request.url?.startsWith('/api/admin/jobs/failed') && request.headers.authorization === `Bearer ${token}`) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ items: [], total: 0, counts: { waiting: 0, active: 0, completed: 0, failed: 0, delayed: 0, ...state.jobs } }));
      return;
    }
    response.writeHead(401).end();
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

describe('untilCaughtUp', () => {
  it('waits for readiness, then an idle queue, then readiness again at an unmoved head', async () => {
    // Each /health/ready answer takes the next state; the last one repeats.
    const states: State[] = [
      { ready: false, head: 10, jobs: {} },
      { ready: true, head: 10, jobs: { active: 2 } }, // ready, but jobs still running
      { ready: true, head: 12, jobs: {} }, // queue idle…
      { ready: true, head: 14, jobs: {} }, // …but a job appended meanwhile: the head moved
      { ready: true, head: 14, jobs: {} },
    ];
    let asked = 0;
    const url = await serve(() => states[Math.min(asked++, states.length - 1)]!);
    const { jobs } = await untilCaughtUp({ urls: [url], adminUrl: url, adminToken: 'admin-token' }, { timeoutMs: 10_000, pollMs: 1 });
    expect(jobs).toMatchObject({ waiting: 0, active: 0, delayed: 0 });
    // Not before the head stood still between two ready answers around an idle queue.
    expect(asked).toBeGreaterThanOrEqual(states.length);
  });

  it('counts a job waiting for its retry as work left', async () => {
    const url = await serve(() => ({ ready: true, head: 3, jobs: { delayed: 1 } }));
    const waiting = untilCaughtUp({ urls: [url], adminUrl: url, adminToken: 'admin-token' }, { timeoutMs: 200, pollMs: 10 });
    await expect(waiting).rejects.toThrow(/not caught up.*"delayed":1/);
    await expect(waiting).rejects.toBeInstanceOf(NotCaughtUp);
  });

  it('fails when the admin token is refused', async () => {
    const url = await serve(() => ({ ready: true, head: 3, jobs: {} }));
    const waiting = untilCaughtUp({ urls: [url], adminUrl: url, adminToken: 'wrong' }, { timeoutMs: 1000 });
    await expect(waiting).rejects.toThrow(/job counts: 401/);
    await expect(waiting).rejects.not.toBeInstanceOf(NotCaughtUp);
  });
});

describe('sustainedRate', () => {
  const load = (completed: number, durationSeconds: number, endedAt: number): LoadResult => ({
    requestsPerSecond: 0, latencyP50: 0, latencyP99: 0, requests: completed * 4, non2xx: 0, errors: 0, timeouts: 0, durationSeconds, endedAt, cacheHits: 0, cacheMisses: 0,
    sequences: { completed, failed: 0, perSecond: completed / durationSeconds, p50: 0, p99: 0 },
  });

  it('spreads the trips over the load window and the catch-up after it', () => {
    expect(sustainedRate(load(300, 15, 1_000), 6_000)).toEqual({ completed: 300, perSecond: 15, catchUpSeconds: 5 });
  });

  it('is the window rate when the product had caught up as the load ended', () => {
    expect(sustainedRate(load(300, 15, 1_000), 1_000).perSecond).toBe(20);
  });
});
