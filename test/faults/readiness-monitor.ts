import type { Deployment, ProcessName } from './deployment.ts';
import { PROCESS_NAMES } from './deployment.ts';

// Watches /health/ready of every process while the faults happen, so the suite can tell what a load
// balancer or an orchestrator would have seen: not ready while an engine the process needs was away,
// ready again after.

export interface Sample {
  at: number;
  name: ProcessName;
  /** 0: no answer (the process is down). */
  status: number;
  failing: string[];
}

export function monitorReadiness(deployment: Deployment, everyMs = 400) {
  const samples: Sample[] = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      await Promise.all(PROCESS_NAMES.filter((name) => deployment.running(name)).map(async (name) => {
        const at = Date.now();
        const state = await deployment.readiness(name).catch(() => ({ status: 0, failing: ['no answer'] }));
        samples.push({ at, name, status: state.status, failing: state.failing });
      }));
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    samples,
    /** The samples of one process in a time window. */
    between(name: ProcessName, from: number, to: number): Sample[] {
      return samples.filter((sample) => sample.name === name && sample.at >= from && sample.at <= to);
    },
    async stop() {
      stopped = true;
      await loop;
    },
  };
}
