import { z } from 'zod';
import { Id, IsoTime } from '../shared/ids.ts';
import { refuse } from '../shared/refusal.ts';
import type { Interval } from './availability.ts';
import type { IntervalSet } from './interval-set.ts';

// Calendar sync (issue 27 item 2, docs/calendar-sync.md), on the vendor's calendar stream: the private
// feed's token, the calendars the vendor imports busy times from (an uploaded .ics file or an iCalendar URL
// read again on a schedule), and the busy windows each source brings. An imported event is an ordinary busy
// window marked with its `source`, so whatever reads busy windows (availability, the views) treats it as one.

/** The most sources one vendor may import from. */
export const MAX_CALENDAR_SOURCES = 10;
/** The most windows one read of a source may bring. */
export const MAX_IMPORTED_WINDOWS = 2_000;

export const CalendarSourceKind = z.enum(['url', 'file']);
export type CalendarSourceKind = z.infer<typeof CalendarSourceKind>;

/** An http(s) address of an iCalendar feed (webcal:// is written https:// by the route). */
export const CalendarUrl = z.url({ protocol: /^https?$/, error: 'An http(s) address of an iCalendar (.ics) feed' }).max(2000);

export const ImportedWindow = z.strictObject({
  windowId: Id, start: IsoTime, end: IsoTime, reason: z.string().max(200).optional(),
});
export type ImportedWindow = z.infer<typeof ImportedWindow>;

export interface CalendarSource {
  kind: CalendarSourceKind;
  name: string;
  url?: string;
  /** The last read's outcome as recorded (only changes are): null before the first. */
  problem: string | null;
  checked: boolean;
}

export interface CalendarSyncState {
  /** The feed's current token; an older one no longer opens the feed. */
  feedToken?: string;
  sources?: Record<string, CalendarSource>;
}

type Window = Interval & { reason?: string; source?: string };

/** The events of one read of a source: windows of it gone from the calendar removed, new ones created, the status if it changed. */
export function decideSourceRead(
  state: CalendarSyncState & { windows: IntervalSet<Window> },
  command: { vendorId: string; sourceId: string; from: string; windows?: readonly ImportedWindow[]; problem?: string },
) {
  const { vendorId, sourceId } = command;
  const source = state.sources?.[sourceId];
  if (!source) return refuse('not_found', 'calendar.source-not-found', 'There is no such calendar to import from.');
  const events: Array<
    | { type: 'BusyWindowRemoved'; data: { vendorId: string; windowId: string } }
    | { type: 'BusyWindowCreated'; data: { vendorId: string; windowId: string; start: string; end: string; reason?: string; source: string } }
    | { type: 'CalendarSourceChecked'; data: { vendorId: string; sourceId: string; problem?: string } }
  > = [];
  if (command.problem !== undefined) {
    // A failed read keeps the windows of the last good one: a feed away for an hour frees no slot.
    if (!source.checked || source.problem !== command.problem) events.push({ type: 'CalendarSourceChecked', data: { vendorId, sourceId, problem: command.problem } });
    return events;
  }
  const wanted = command.windows ?? [];
  if (wanted.length > MAX_IMPORTED_WINDOWS) return refuse('invalid', 'calendar.too-many-imported', `At most ${MAX_IMPORTED_WINDOWS} busy times are imported from one calendar.`);
  const from = Date.parse(command.from);
  const wantedIds = new Set(wanted.map((window) => window.windowId));
  // Windows of this source that end after `from` and are not in this read: their events were removed or moved.
  for (const [windowId, window] of state.windows.entries()) {
    if (window.source === sourceId && Date.parse(window.end) > from && !wantedIds.has(windowId)) {
      events.push({ type: 'BusyWindowRemoved', data: { vendorId, windowId } });
    }
  }
  for (const window of wanted) {
    if (state.windows.has(window.windowId)) continue;
    const start = Date.parse(window.start);
    const end = Date.parse(window.end);
    if (!(start < end) || end <= from) continue;
    const reason = window.reason?.trim();
    events.push({ type: 'BusyWindowCreated', data: {
      vendorId, windowId: window.windowId, start: new Date(start).toISOString(), end: new Date(end).toISOString(), ...(reason ? { reason } : {}), source: sourceId,
    } });
  }
  if (!source.checked || source.problem !== null) events.push({ type: 'CalendarSourceChecked', data: { vendorId, sourceId } });
  return events;
}

/** Adding a source: one address once, at most MAX_CALENDAR_SOURCES. */
export function decideAddSource(state: CalendarSyncState, command: { vendorId: string; sourceId: string; kind: CalendarSourceKind; name: string; url?: string }) {
  const sources = state.sources ?? {};
  if (sources[command.sourceId]) return [];
  if (command.kind === 'url' && !command.url) return refuse('invalid', 'calendar.source-url-missing', 'An address is needed to import from a calendar address.');
  if (command.url && Object.values(sources).some((source) => source.url === command.url)) {
    return refuse('conflict', 'calendar.source-exists', 'This calendar address is imported already.');
  }
  if (Object.keys(sources).length >= MAX_CALENDAR_SOURCES) {
    return refuse('conflict', 'calendar.too-many-sources', `At most ${MAX_CALENDAR_SOURCES} calendars can be imported; remove one first.`);
  }
  const name = command.name.trim() || (command.kind === 'url' ? new URL(command.url!).host : 'calendar.ics');
  return [{ type: 'CalendarSourceAdded' as const, data: {
    vendorId: command.vendorId, sourceId: command.sourceId, kind: command.kind, name: name.slice(0, 100), ...(command.url ? { url: command.url } : {}),
  } }];
}

/** Removing a source frees every window it brought. */
export function decideRemoveSource(state: CalendarSyncState & { windows: IntervalSet<Window> }, command: { vendorId: string; sourceId: string }) {
  if (!state.sources?.[command.sourceId]) return refuse('not_found', 'calendar.source-not-found', 'There is no such calendar to import from.');
  const { vendorId, sourceId } = command;
  return [
    ...[...state.windows.entries()].filter(([, window]) => window.source === sourceId)
      .map(([windowId]) => ({ type: 'BusyWindowRemoved' as const, data: { vendorId, windowId } })),
    { type: 'CalendarSourceRemoved' as const, data: { vendorId, sourceId } },
  ];
}

/** The source after its event, for evolve. */
export function sourcesAfter(
  sources: Record<string, CalendarSource> | undefined,
  event: { type: 'CalendarSourceAdded'; data: { sourceId: string; kind: CalendarSourceKind; name: string; url?: string } }
    | { type: 'CalendarSourceRemoved'; data: { sourceId: string } }
    | { type: 'CalendarSourceChecked'; data: { sourceId: string; problem?: string } },
): Record<string, CalendarSource> {
  const current = sources ?? {};
  switch (event.type) {
    case 'CalendarSourceAdded': {
      const { sourceId, kind, name, url } = event.data;
      return { ...current, [sourceId]: { kind, name, ...(url ? { url } : {}), problem: null, checked: false } };
    }
    case 'CalendarSourceRemoved': {
      const { [event.data.sourceId]: _removed, ...rest } = current;
      return rest;
    }
    case 'CalendarSourceChecked': {
      const source = current[event.data.sourceId];
      if (!source) return current;
      return { ...current, [event.data.sourceId]: { ...source, checked: true, problem: event.data.problem ?? null } };
    }
  }
}
