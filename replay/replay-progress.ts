// The replay command's progress on stderr: a bar redrawn in place on a terminal (at most ten times a
// second), otherwise plain lines, one per 10% or every 10 seconds, so a log stays short. Each shows
// the share done, the events read (and how many the filter kept), the rate and the time left.

export interface ProgressSnapshot {
  /** Events handled so far (read from the store, or imported). */
  done: number;
  /** Events the filter kept, when it differs from `done`. */
  kept?: number;
  /** Share done, 0..1. */
  fraction: number;
}

const numbers = new Intl.NumberFormat('en-US');

/** 75 → "1:15", 3725 → "1:02:05". */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** Events per second and seconds left, from the share done in the time elapsed. */
export function rateAndEta(snapshot: ProgressSnapshot, elapsedMs: number): { perSecond: number; etaSeconds: number | null } {
  const perSecond = elapsedMs > 0 ? Math.round((snapshot.done * 1000) / elapsedMs) : 0;
  const fraction = Math.min(1, Math.max(0, snapshot.fraction));
  if (fraction >= 1) return { perSecond, etaSeconds: 0 };
  if (fraction <= 0 || elapsedMs <= 0) return { perSecond, etaSeconds: null };
  return { perSecond, etaSeconds: ((elapsedMs / 1000) * (1 - fraction)) / fraction };
}

export function progressText(label: string, snapshot: ProgressSnapshot, elapsedMs: number, width = 24): string {
  const fraction = Math.min(1, Math.max(0, snapshot.fraction));
  const filled = Math.round(fraction * width);
  const { perSecond, etaSeconds } = rateAndEta(snapshot, elapsedMs);
  const kept = snapshot.kept === undefined ? '' : `, ${numbers.format(snapshot.kept)} kept`;
  const eta = etaSeconds === null ? 'ETA ?' : `ETA ${formatDuration(etaSeconds)}`;
  return `${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(fraction * 100).toFixed(1).padStart(5)}%  `
    + `${numbers.format(snapshot.done)} events${kept}  ${numbers.format(perSecond)} events/s  ${eta}`;
}

export interface ProgressOutput {
  isTTY?: boolean;
  write(text: string): unknown;
}

export function progressReporter(out: ProgressOutput, label: string, options: { now?: () => number; redrawMs?: number; plainEveryMs?: number } = {}) {
  const now = options.now ?? (() => performance.now());
  const redrawMs = options.redrawMs ?? 100;
  const plainEveryMs = options.plainEveryMs ?? 10_000;
  const startedAt = now();
  let lastDrawn = Number.NEGATIVE_INFINITY;
  let lastDecile = -1;
  let last: ProgressSnapshot | null = null;
  return {
    update(snapshot: ProgressSnapshot): void {
      last = snapshot;
      const at = now();
      if (out.isTTY) {
        if (at - lastDrawn < redrawMs) return;
        lastDrawn = at;
        out.write(`\r${progressText(label, snapshot, at - startedAt)}`);
        return;
      }
      const decile = Math.floor(Math.min(1, snapshot.fraction) * 10);
      if (decile === lastDecile && at - lastDrawn < plainEveryMs) return;
      lastDecile = decile;
      lastDrawn = at;
      out.write(`${progressText(label, snapshot, at - startedAt)}\n`);
    },
    /** Draws the final state (100%) and ends the line. */
    finish(): void {
      if (!last) return;
      const final = { ...(last as ProgressSnapshot), fraction: 1 };
      const text = progressText(label, final, now() - startedAt);
      if (out.isTTY) out.write(`\r${text}\n`);
      else if (lastDecile < 10) out.write(`${text}\n`);
    },
  };
}
