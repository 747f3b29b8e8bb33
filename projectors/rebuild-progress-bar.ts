import type { RebuildProgress } from './rebuild.ts';

const numberFormat = new Intl.NumberFormat('en-US');

/** One line of the rebuild's progress bar: bar, percent, events done of the estimated total, rate (finish: the step). */
export function progressLine(progress: RebuildProgress, width = 30): string {
  const percent = Math.max(0, Math.min(100, progress.percent));
  const filled = Math.round((percent / 100) * width);
  const bar = `${'#'.repeat(filled)}${'.'.repeat(width - filled)}`;
  if (progress.phase === 'finish') return `finish [${bar}] ${percent.toFixed(1).padStart(5)}%  ${progress.step ?? ''}…`;
  const total = progress.totalEstimate === null ? '?' : numberFormat.format(progress.totalEstimate);
  const unit = progress.phase === 'replay' ? 'events' : 'documents';
  const label = progress.phase === 'replay' ? 'replay' : 'write ';
  return `${label} [${bar}] ${percent.toFixed(1).padStart(5)}%  ${numberFormat.format(progress.done)}/${total} ${unit}  ${numberFormat.format(progress.ratePerSecond)} ${unit}/s`;
}

/**
 * Draws progress on a stream: redrawn in place on a terminal, otherwise one line per 10% so logs stay short.
 */
export function progressBar(stream: NodeJS.WriteStream) {
  let lastDecile = -1;
  let phase: RebuildProgress['phase'] = 'replay';
  return {
    update(progress: RebuildProgress): void {
      const newPhase = progress.phase !== phase;
      if (newPhase) {
        phase = progress.phase;
        lastDecile = -1;
      }
      if (stream.isTTY) {
        stream.write(`${newPhase ? '\n' : '\r'}${progressLine(progress)}`);
        return;
      }
      const decile = Math.floor(progress.percent / 10);
      if (decile === lastDecile) return;
      lastDecile = decile;
      stream.write(`${progressLine(progress)}\n`);
    },
    finish(): void {
      if (stream.isTTY) stream.write('\n');
    },
  };
}

/**
 * How far a build of every view is, as one percent: the replay is most of it (the last tenth is the
 * unit's finish: the helper's rows, the indexes, the commit).
 */
export function overallPercent(progress: RebuildProgress): number {
  const percent = Math.max(0, Math.min(100, progress.percent));
  return progress.phase === 'finish' ? 90 + percent / 10 : progress.phase === 'replay' ? percent * 0.9 : percent;
}

/** The readiness detail while a start builds every view (main.ts). */
export function buildingDetail(progress: RebuildProgress): string {
  const what = progress.phase === 'finish'
    ? (progress.step ?? 'finishing')
    : progress.phase === 'replay'
      ? `${numberFormat.format(progress.done)} of ${progress.totalEstimate === null ? '?' : numberFormat.format(progress.totalEstimate)} events replayed`
      : `${numberFormat.format(progress.done)} of ${numberFormat.format(progress.totalEstimate ?? 0)} documents written`;
  return `building every view: ${Math.floor(overallPercent(progress))}% (${what})`;
}
