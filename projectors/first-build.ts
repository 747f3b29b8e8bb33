import type { EventStore } from '../domain/ports/event-store.ts';

/** Below this many events, following page by page takes a few seconds: no first build. */
export const FIRST_BUILD_FROM_EVENTS = 50_000;

export type FirstBuildLog = Pick<EventStore, 'readAll' | 'headPosition'> & {
  /** Where the store can count its events without reading them (node:sqlite): asked instead of reading pages. */
  holdsAtLeast?(count: number): Promise<boolean>;
};

/**
 * The log to build every view from at a start where no view has applied anything yet, and its head;
 * null when the log is too short for a build in one unit to pay (following page by page then).
 */
export async function firstBuildSource(eventStore: FirstBuildLog, fromEvents = FIRST_BUILD_FROM_EVENTS): Promise<{ eventStore: FirstBuildLog; head: number } | null> {
  const head = await eventStore.headPosition();
  // Counted by the store where it can: reading the pages parsed 50,000 events (~0.25 CPU-s at a first
  // start, before the build and its helper process begin).
  const holds = eventStore.holdsAtLeast ? await eventStore.holdsAtLeast(fromEvents) : await holdsAtLeast(eventStore, fromEvents);
  return holds ? { eventStore, head } : null;
}

/**
 * Whether the log holds at least `count` events. Positions are not a count (EventStoreDB's are byte
 * offsets in its log), so this reads the log a page at a time until it has seen `count` or the end: at
 * most once per start, and only when no view was ever built.
 */
async function holdsAtLeast(eventStore: Pick<EventStore, 'readAll'>, count: number): Promise<boolean> {
  let seen = 0;
  let after: number | undefined;
  while (seen < count) {
    const page = await eventStore.readAll({ ...(after === undefined ? {} : { after }), maxCount: Math.min(5000, count - seen) });
    if (page.length === 0) return false;
    seen += page.length;
    after = page.at(-1)!.position;
  }
  return true;
}
