import type { ProjectorLog } from './projector-log.ts';
import type { ProjectorLease } from './projector-lease.ts';

/**
 * Keeps renewing (or asking for) the projectors' lease every `everyMs` while `running()` says so; a
 * failed refresh is tried again after half of it, so a holder renews as soon as its database answers again.
 */
export function leaseRenewal(lease: ProjectorLease, everyMs: number, running: () => boolean, log: ProjectorLog): { start(): Promise<void>; stop(): void } {
  let timer: NodeJS.Timeout | null = null;
  const refresh = async () => {
    if (!running()) return;
    let ok = true;
    try {
      await lease.refresh();
    } catch (error) {
      ok = false;
      log.error({ err: error }, 'projectors: could not refresh the lease');
    }
    if (!running()) return;
    timer = setTimeout(() => void refresh(), ok ? everyMs : Math.max(1, Math.floor(everyMs / 2)));
    timer.unref?.();
  };
  return {
    /** The first refresh; the next ones follow on their timer. Once only, until stopped. */
    async start() {
      if (timer) return;
      await refresh();
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
