import type { EventStore, RecordedEvent } from '../domain/ports/event-store.ts';
import { eventMatcher, type EventFilter } from './event-filter.ts';
import { uncountedEvents, type HeldEvents } from './held-events.ts';

// The events of a filter, read from the EventStore port a page at a time, so a replay of any log
// holds at most one page: the store is never asked for everything at once. The log is read up to
// the head it had when the read began (events appended meanwhile are left for the next run), which
// makes an export a well-defined prefix of the log.

export type ReplaySource = Pick<EventStore, 'readAll' | 'readStream' | 'headPosition'>;

export interface ScanProgress {
  /** Events read from the store so far (kept or not). */
  scanned: number;
  /** Events that passed the filter so far. */
  kept: number;
  /** Position of the last event read, -1 before any. */
  position: number;
  /** Share of the range read (0..1), by position (by revision for a single stream). */
  fraction: number;
  /** The last position this read goes to. */
  endPosition: number;
}

export interface ReadEventsOptions {
  filter: EventFilter;
  /** Events per store read; also the most events held at once. */
  pageSize?: number;
  /** Counts the events held (tests assert on its peak). */
  held?: HeldEvents;
  /** After each page. */
  onProgress?: (progress: ScanProgress) => void;
}

export const DEFAULT_PAGE_SIZE = 1000;

/** The matching events in log order. */
export async function* readEvents(store: ReplaySource, options: ReadEventsOptions): AsyncGenerator<RecordedEvent> {
  const { filter } = options;
  const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
  const held = options.held ?? uncountedEvents;
  const matches = eventMatcher(filter);
  const head = await store.headPosition();
  const endPosition = Math.min(head, filter.toPosition ?? Number.POSITIVE_INFINITY);
  const progress: ScanProgress = { scanned: 0, kept: 0, position: -1, fraction: 0, endPosition };
  if (endPosition < 0 || (filter.fromPosition !== undefined && filter.fromPosition > endPosition)) {
    options.onProgress?.({ ...progress, fraction: 1 });
    return;
  }

  const pages = filter.streams?.length === 1
    ? streamPages(store, filter.streams[0]!, pageSize, progress)
    : logPages(store, filter.fromPosition, endPosition, pageSize, progress);
  for await (const page of pages) {
    held.take(page.length);
    let unreleased = page.length;
    try {
      for (const event of page) {
        progress.scanned += 1;
        progress.position = event.position;
        if (event.position <= endPosition && matches(event)) {
          progress.kept += 1;
          yield event;
        }
        held.release(1);
        unreleased -= 1;
      }
    } finally {
      // The consumer stopped early (or threw): the rest of the page is dropped too.
      held.release(unreleased);
    }
    options.onProgress?.({ ...progress });
  }
  options.onProgress?.({ ...progress, fraction: 1 });
}

/** Pages of the whole log between two positions (inclusive), by `readAll`. */
async function* logPages(store: ReplaySource, fromPosition: number | undefined, endPosition: number, pageSize: number, progress: ScanProgress): AsyncGenerator<RecordedEvent[]> {
  // The first page starts at the filter's position (inclusive: a position of the store's own, since
  // EventStoreDB reads from no other), each next one after the last event read.
  let next: { from?: number; after?: number } = fromPosition === undefined ? {} : { from: fromPosition };
  let start: number | null = null;
  for (;;) {
    const page = await store.readAll({ ...next, maxCount: pageSize });
    const inRange = page.filter((event) => event.position <= endPosition);
    if (inRange.length === 0) return;
    const last = inRange.at(-1)!.position;
    start ??= inRange[0]!.position;
    progress.fraction = endPosition <= start ? 1 : Math.min(1, (last - start) / (endPosition - start));
    yield inRange;
    if (inRange.length < page.length || page.length < pageSize || last >= endPosition) return;
    next = { after: last };
  }
}

/** Pages of one stream by `readStream` (no scan of the log for `--stream`). */
async function* streamPages(store: ReplaySource, streamId: string, pageSize: number, progress: ScanProgress): AsyncGenerator<RecordedEvent[]> {
  const [lastEvent] = await store.readStream(streamId, { direction: 'backwards', maxCount: 1 });
  if (!lastEvent) return;
  const lastRevision = lastEvent.revision;
  let fromRevision = 0;
  while (fromRevision <= lastRevision) {
    const page = await store.readStream(streamId, { fromRevision, maxCount: Math.min(pageSize, lastRevision - fromRevision + 1) });
    if (page.length === 0) return;
    const last = page.at(-1)!.revision;
    progress.fraction = lastRevision === 0 ? 1 : Math.min(1, last / lastRevision);
    yield page;
    fromRevision = last + 1;
  }
}
