import type { ProjectionsProgress, ViewChange } from '../query-api/ports.ts';

// A stand-in for the projectors runtime when a test writes view documents itself: it announces the
// changes the test makes, and waitFor answers what the test decided.
export function fakeProjections() {
  const listeners = new Set<(change: ViewChange) => void>();
  let reached = true;
  const progress: ProjectionsProgress & { announce(change: ViewChange): void; reachNothing(): void } = {
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async waitFor() {
      return { reached };
    },
    announce(change) {
      for (const listener of listeners) listener(change);
    },
    reachNothing() {
      reached = false;
    },
  };
  return progress;
}
