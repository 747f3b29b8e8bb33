import type { ReadinessCheck } from '../infra/http/health.ts';
import type { ProcessManager } from './process-manager.ts';

// A flow's readiness (GET /health/ready, `flow:<name>`): caught up with the feed, as any follower, and
// its detail says what an operator watches — the retries since the process started, the dead letters
// set aside (`_deadLetters` in the view store) and the error it is retrying now, if any.
export function flowCheck(manager: Pick<ProcessManager, 'stats'>, caughtUp: ReadinessCheck): ReadinessCheck {
  return {
    name: caughtUp.name,
    async check() {
      const state = await caughtUp.check();
      const { retries, deadLetters, lastError } = manager.stats();
      const watched = `${retries} ${retries === 1 ? 'retry' : 'retries'}, ${deadLetters} dead ${deadLetters === 1 ? 'letter' : 'letters'}${lastError ? `; retrying: ${lastError}` : ''}`;
      return { ready: state.ready, detail: `${state.detail}; ${watched}` };
    },
  };
}
