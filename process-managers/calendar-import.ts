import type { EventStore } from '../domain/ports/event-store.ts';
import type { ViewStore } from '../domain/ports/view-store.ts';
import { systemActor } from '../domain/shared/actor.ts';
import { calendarDecider, calendarStream } from '../domain/calendar/decider.ts';
import { MAX_IMPORTED_WINDOWS, type ImportedWindow } from '../domain/calendar/calendar-sync.ts';
import { handleCommand } from '../command-api/command-handler.ts';
import { derivedUuid } from '../command-api/derived-ids.ts';
import { SCHEMA_VERSION } from '../command-api/request-context.ts';
import { busyTimesOfIcs, IcsParseError } from '../infra/icalendar/ics-busy-times.ts';
import { FEED_UID_DOMAIN } from '../infra/icalendar/ics-feed.ts';
import { fetchIcs, IcsFetchError, type IcsFetchOptions } from '../infra/icalendar/fetch-ics.ts';
import type { CalendarSyncView } from '../projectors/calendar-sync/projection.ts';
import { silentLog, type ProjectorLog } from '../projectors/projector-log.ts';

// Calendar import (docs/calendar-sync.md): an .ics text becomes the busy windows of its source, from now
// over IMPORT_HORIZON_DAYS; and the worker reads every imported address again each `intervalMs`
// (RecordCalendarSourceRead by the system actor). A window's id derives from the source, the event's
// UID (and occurrence) and its time, so reading the same calendar again records nothing, a moved event is
// one window removed and one created, and a removed event frees its time. Nothing is kept in memory: a
// sweep after a restart reads the sources the `calendarSync` view lists, as the quote expiry does.
export const CALENDAR_IMPORT = 'calendar-import';
/** How far ahead an imported calendar's events (and a recurring event's occurrences) become busy windows. */
export const IMPORT_HORIZON_DAYS = 366;
const PAGE = 500;

/** The windows of an .ics text for a source, from `now` on. Throws IcsParseError when it is not one. */
export function importedWindowsOf(text: string, sourceId: string, now: Date): { windows: ImportedWindow[]; calendarName: string | null; truncated: boolean } {
  const reading = busyTimesOfIcs(text, {
    from: now, to: new Date(now.getTime() + IMPORT_HORIZON_DAYS * 86_400_000), maxOccurrences: MAX_IMPORTED_WINDOWS, ownUidDomain: FEED_UID_DOMAIN,
  });
  const windows = reading.busy.map((busy) => ({
    windowId: derivedUuid(`${CALENDAR_IMPORT}\n${sourceId}`, `${busy.key}\n${busy.start}\n${busy.end}`),
    start: busy.start, end: busy.end, ...(busy.summary ? { reason: busy.summary } : {}),
  }));
  // Two events of one calendar at the same time with the same UID are one window.
  const unique = [...new Map(windows.map((window) => [window.windowId, window])).values()];
  return { windows: unique, calendarName: reading.calendarName, truncated: reading.truncated };
}

/** The words a source's problem is recorded with (shown to the vendor beside the calendar). */
export function problemOf(error: unknown): string {
  if (error instanceof IcsFetchError || error instanceof IcsParseError) return error.message.slice(0, 300);
  return 'The calendar could not be read.';
}

export interface CalendarImports {
  /** One sweep now; resolves with how many sources' reads recorded something. */
  sweep(): Promise<number>;
  stop(): Promise<void>;
}

export function startCalendarImports(options: {
  eventStore: EventStore; viewStore: ViewStore; intervalMs?: number; now?: () => Date; fetch?: IcsFetchOptions; log?: ProjectorLog;
}): CalendarImports {
  const { eventStore, viewStore } = options;
  const log = options.log ?? silentLog;
  const now = options.now ?? (() => new Date());
  let running: Promise<number> | null = null;

  async function readOne(vendorId: string, sourceId: string, url: string): Promise<boolean> {
    const at = now();
    let read: { windows: ImportedWindow[] } | { problem: string };
    try {
      read = importedWindowsOf(await fetchIcs(url, options.fetch), sourceId, at);
    } catch (error) {
      read = { problem: problemOf(error) };
    }
    const streamId = calendarStream(vendorId);
    const outcome = await handleCommand({
      eventStore, streamId, decider: calendarDecider,
      command: { type: 'RecordCalendarSourceRead', actor: systemActor, at: at.toISOString(), vendorId, sourceId, from: at.toISOString(), ...read },
      metadata: { actor: systemActor, correlationId: derivedUuid(CALENDAR_IMPORT, `${sourceId}\n${at.toISOString()}`), causationId: null, at: at.toISOString(), schemaVersion: SCHEMA_VERSION },
    });
    return outcome.events.length > 0;
  }

  async function sweepOnce(): Promise<number> {
    let changed = 0;
    for (let skip = 0; ; skip += PAGE) {
      const docs = await viewStore.collection<CalendarSyncView>('calendarSync').find({ urlSources: { $gt: 0 } }, { limit: PAGE, skip, sort: { _id: 1 } });
      for (const doc of docs) {
        for (const source of doc.sources) {
          if (source.kind !== 'url' || !source.url) continue;
          try {
            if (await readOne(doc.vendorId, source.sourceId, source.url)) changed++;
          } catch (error) {
            // Tried again at the next sweep (a revision conflict past its retries, an engine away, a source just removed).
            log.warn({ err: error, vendorId: doc.vendorId, sourceId: source.sourceId }, 'calendar import: recording a read failed; retrying at the next sweep');
          }
        }
      }
      if (docs.length < PAGE) return changed;
    }
  }

  const sweep = (): Promise<number> => {
    running ??= sweepOnce().finally(() => { running = null; });
    return running;
  };
  const timer = setInterval(() => void sweep().catch((error) => log.warn({ err: error }, 'calendar import: the sweep failed')), options.intervalMs ?? 15 * 60_000);
  timer.unref();
  void sweep().catch((error) => log.warn({ err: error }, 'calendar import: the sweep failed'));
  return {
    sweep,
    async stop() {
      clearInterval(timer);
      await running?.catch(() => 0);
    },
  };
}
