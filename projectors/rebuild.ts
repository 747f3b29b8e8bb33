import type { EventStore } from '../domain/ports/event-store.ts';
import type { ViewStore } from '../domain/ports/view-store.ts';
import { allProjections } from './all-projections.ts';
import { checkpointStore } from './checkpoints.ts';
import { createEventApplier, type EventApplier } from './event-applier.ts';
import type { AnyProjection } from './projection.ts';
import { silentLog, type ProjectorLog } from './projector-log.ts';
import { ensureViewIndexes } from './view-indexes.ts';

export interface RebuildProgress {
  /** Events read so far (including ones no view reads). */
  done: number;
  /** Estimated number of events in the log; exact when positions are dense (sqlite), approximate otherwise. */
  totalEstimate: number | null;
  /** Share of the log replayed, by position (0..100). */
  percent: number;
  ratePerSecond: number;
  position: number;
  headPosition: number;
  elapsedMs: number;
}

export interface RebuildReport {
  events: number;
  applied: number;
  ignored: number;
  invalid: number;
  /** Position of the last event replayed, -1 for an empty log; every checkpoint is set to it. */
  lastPosition: number;
  elapsedMs: number;
  ratePerSecond: number;
}

export interface RebuildOptions {
  eventStore: Pick<EventStore, 'readAll' | 'headPosition'>;
  viewStore: ViewStore;
  projections?: readonly AnyProjection[];
  /** Events read per readAll call. */
  pageSize?: number;
  onProgress?: (progress: RebuildProgress) => void;
  log?: ProjectorLog;
  /** Reuse an applier (the runtime's); made from viewStore and projections otherwise. */
  applier?: EventApplier;
}

/**
 * Drops every view (and the checkpoints) and replays the whole log from position 0, page by page. Events
 * appended while it runs are replayed too: it stops at the first empty page.
 */
export async function rebuildViews(options: RebuildOptions): Promise<RebuildReport> {
  const projections = options.projections ?? allProjections;
  const log = options.log ?? silentLog;
  const pageSize = options.pageSize ?? 1000;
  const applier = options.applier ?? createEventApplier({ viewStore: options.viewStore, projections, log });
  const startedAt = performance.now();
  const elapsed = () => performance.now() - startedAt;
  const rate = (events: number) => (elapsed() > 0 ? Math.round((events * 1000) / elapsed()) : 0);

  await options.viewStore.dropAll();
  await ensureViewIndexes(options.viewStore, projections);

  const headPosition = await options.eventStore.headPosition();
  const counts = { events: 0, applied: 0, ignored: 0, invalid: 0 };
  let lastPosition = -1;
  let firstPosition: number | null = null;
  for (;;) {
    const page = await options.eventStore.readAll({ ...(lastPosition >= 0 ? { after: lastPosition } : {}), maxCount: pageSize });
    if (page.length === 0) break;
    for (const event of page) {
      const outcome = await applier.apply(event);
      counts.events += 1;
      counts[outcome.status] += 1;
      lastPosition = event.position;
      firstPosition ??= event.position;
    }
    if (options.onProgress) {
      const span = headPosition - (firstPosition ?? 0);
      const percent = headPosition <= 0 || span <= 0 ? 100 : Math.min(100, ((lastPosition - (firstPosition ?? 0)) / span) * 100);
      options.onProgress({
        done: counts.events,
        totalEstimate: percent > 0 ? Math.max(counts.events, Math.round((counts.events * 100) / percent)) : null,
        percent,
        ratePerSecond: rate(counts.events),
        position: lastPosition,
        headPosition,
        elapsedMs: Math.round(elapsed()),
      });
    }
    if (page.length < pageSize && lastPosition >= headPosition) break;
  }

  if (lastPosition >= 0) {
    await checkpointStore(options.viewStore).save(new Map(projections.map((projection) => [projection.name, lastPosition])));
  }
  return { ...counts, lastPosition, elapsedMs: Math.round(elapsed()), ratePerSecond: rate(counts.events) };
}
