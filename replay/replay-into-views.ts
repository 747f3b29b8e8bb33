import type { ViewStore } from '../domain/ports/view-store.ts';
import { allProjections } from '../projectors/all-projections.ts';
import { checkpointStore } from '../projectors/checkpoints.ts';
import { createEventApplier, TOMBSTONES_COLLECTION } from '../projectors/event-applier.ts';
import type { AnyProjection } from '../projectors/projection.ts';
import { silentLog, type ProjectorLog } from '../projectors/projector-log.ts';
import { escapeRegex } from '../projectors/seen.ts';
import { ensureViewIndexes } from '../projectors/view-indexes.ts';
import type { EventFilter } from './event-filter.ts';
import { heldEventsGauge, type HeldEvents } from './held-events.ts';
import { readEvents, type ReplaySource, type ScanProgress } from './read-events.ts';

// Replays the events of a filter into fresh views: the chosen projections' collections are emptied
// first (every view: the whole view store), then each event is applied as the projectors apply it
// (projectors/event-applier.ts), straight into the view store, one page of events at a time. With
// `toTime` this is the state of those views at that time (`--as-of`).

export interface ViewReplayOptions {
  filter: EventFilter;
  /** The views to rebuild; every view by default. */
  projections?: readonly AnyProjection[];
  pageSize?: number;
  held?: HeldEvents;
  log?: ProjectorLog;
  onProgress?: (progress: ScanProgress) => void;
  /**
   * Set the projections' checkpoints to the last position replayed, so running projectors carry on
   * from there. Only right for a replay of the whole log into the views the projectors follow.
   */
  setCheckpoints?: boolean;
}

export interface ViewCount { collection: string; projections: string[]; documents: number }

export interface ViewReplayReport {
  scanned: number;
  replayed: number;
  applied: number;
  ignored: number;
  invalid: number;
  lastPosition: number;
  views: ViewCount[];
  peakHeldEvents: number;
}

/** Projections by name or collection name; unknown names are an error naming the known ones. */
export function projectionsNamed(names: readonly string[], from: readonly AnyProjection[] = allProjections): AnyProjection[] {
  const chosen = new Set<AnyProjection>();
  for (const name of names) {
    const found = from.filter((projection) => projection.name === name || projection.collection === name);
    if (found.length === 0) {
      throw new Error(`No view is named ${name}; the views are: ${from.map((projection) => projection.name).join(', ')}`);
    }
    for (const projection of found) chosen.add(projection);
  }
  // A collection is emptied as a whole, so every projection writing into it is replayed with it.
  const collections = new Set([...chosen].map((projection) => projection.collection));
  return from.filter((projection) => collections.has(projection.collection));
}

export async function replayIntoViews(source: ReplaySource, viewStore: ViewStore, options: ViewReplayOptions): Promise<ViewReplayReport> {
  const projections = options.projections ?? allProjections;
  const everyView = projections.length === allProjections.length && allProjections.every((projection) => projections.includes(projection));
  const collections = [...new Set(projections.map((projection) => projection.collection))];
  const held = options.held ?? heldEventsGauge();

  if (everyView) {
    await viewStore.dropAll();
  } else {
    const tombstones = viewStore.collection(TOMBSTONES_COLLECTION);
    for (const collection of collections) {
      await viewStore.collection(collection).deleteMany({});
      await tombstones.deleteMany({ _id: { $regex: `^${escapeRegex(collection)}/` } });
    }
  }
  await ensureViewIndexes(viewStore, projections);

  const applier = createEventApplier({ viewStore, projections, log: options.log ?? silentLog });
  const report: ViewReplayReport = { scanned: 0, replayed: 0, applied: 0, ignored: 0, invalid: 0, lastPosition: -1, views: [], peakHeldEvents: 0 };
  const events = readEvents(source, {
    filter: options.filter, pageSize: options.pageSize, held,
    onProgress: (progress) => {
      report.scanned = progress.scanned;
      options.onProgress?.(progress);
    },
  });
  for await (const event of events) {
    const outcome = await applier.apply(event);
    report.replayed += 1;
    report[outcome.status] += 1;
    report.lastPosition = event.position;
  }
  if (options.setCheckpoints && report.lastPosition >= 0) {
    await checkpointStore(viewStore).save(new Map(projections.map((projection) => [projection.name, report.lastPosition])));
  }
  for (const collection of collections.sort()) {
    report.views.push({
      collection,
      projections: projections.filter((projection) => projection.collection === collection).map((projection) => projection.name),
      documents: await viewStore.collection(collection).count(),
    });
  }
  report.peakHeldEvents = held.peak;
  return report;
}
