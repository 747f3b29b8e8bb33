import { setImmediate as turn } from 'node:timers/promises';
import type { EventStore, RecordedEvent } from '../domain/ports/event-store.ts';

/**
 * Reads the log page by page after `after` and hands each page to `onPage`, in position order. It stops
 * at the first empty page, at a short page once `head` is reached (positions may have gaps, so a short
 * page before the head is read on), or once `upTo` is reached (what comes after it is left unread). The
 * position of the last event handed over; `after` when there was none. Between pages the event loop
 * takes a turn, so the process goes on answering (its health, its pages) while it replays.
 */
export async function replayLog(options: {
  eventStore: Pick<EventStore, 'readAll'>;
  after?: number;
  /** The log's head when the replay began. */
  head: number;
  /** The last position to replay (a rebuild split between processes stops both at the same one). */
  upTo?: number;
  pageSize: number;
  onPage(page: RecordedEvent[]): Promise<void>;
}): Promise<number> {
  const { eventStore, head, pageSize, onPage } = options;
  const upTo = options.upTo ?? Number.POSITIVE_INFINITY;
  let last = options.after ?? -1;
  for (;;) {
    const read = await eventStore.readAll({ ...(last >= 0 ? { after: last } : {}), maxCount: pageSize });
    if (read.length === 0) return last;
    const page = read.at(-1)!.position > upTo ? read.filter((event) => event.position <= upTo) : read;
    if (page.length > 0) {
      await onPage(page);
      last = page.at(-1)!.position;
    }
    // On node:sqlite a page is read and applied without waiting on any I/O, so without this turn of the
    // event loop a first build at a start kept the process from even listening (40 s at 1M events).
    await turn();
    if (page.length < read.length) return last;
    if (read.length < pageSize && last >= head) return last;
  }
}
