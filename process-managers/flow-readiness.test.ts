import { describe, expect, it } from 'vitest';
import { flowCheck } from './flow-readiness.ts';

describe('a flow’s readiness', () => {
  const stats = { name: 'order-refunds', position: 12, retries: 0, deadLetters: 0, lastError: null as string | null };
  const caughtUp = (ready: boolean, detail: string) => ({ name: 'flow:order-refunds', check: async () => ({ ready, detail }) });

  it('is the caught-up check, its detail with the retries and dead letters', async () => {
    expect(await flowCheck({ stats: () => stats }, caughtUp(true, 'caught up at position 12')).check())
      .toEqual({ ready: true, detail: 'caught up at position 12; 0 retries, 0 dead letters' });
  });

  it('names the error it is retrying while it lags', async () => {
    const check = flowCheck({ stats: () => ({ ...stats, retries: 1, deadLetters: 1, lastError: 'WrongExpectedRevision: calendar-v1' }) }, caughtUp(false, 'at position 9 of 12'));
    expect(check.name).toBe('flow:order-refunds');
    expect(await check.check()).toEqual({ ready: false, detail: 'at position 9 of 12; 1 retry, 1 dead letter; retrying: WrongExpectedRevision: calendar-v1' });
  });
});
