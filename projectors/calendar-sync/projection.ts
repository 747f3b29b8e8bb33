import { createHash } from 'node:crypto';
import type { Projection, ViewDoc } from '../projection.ts';

// Calendar sync (README: `calendarSync`, docs/calendar-sync.md): one document per vendor with the feed's
// current token (for its owner's dashboard) and its SHA-256 (how GET /api/calendar-feed/{token}.ics finds
// the vendor), and the calendars the vendor imports busy times from, with the last read's problem.
export interface CalendarSyncSource {
  sourceId: string;
  kind: 'url' | 'file';
  name: string;
  url: string | null;
  /** Null when the last read worked or none was recorded yet. */
  problem: string | null;
  checked: boolean;
}

export interface CalendarSyncView extends ViewDoc {
  vendorId: string;
  feedToken: string | null;
  feedTokenHash: string | null;
  sources: CalendarSyncSource[];
  /** How many sources are addresses: the scheduled re-read finds the vendors to read by it. */
  urlSources: number;
}

/** The feed token's SHA-256, hex: what the feed looks a vendor up by. */
export const feedTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

export const calendarSyncProjection: Projection<CalendarSyncView> = {
  name: 'calendarSync',
  collection: 'calendarSync',
  eventTypes: ['CalendarFeedIssued', 'CalendarSourceAdded', 'CalendarSourceRemoved', 'CalendarSourceChecked'],
  keysOf(event) {
    switch (event.type) {
      case 'CalendarFeedIssued':
      case 'CalendarSourceAdded':
      case 'CalendarSourceRemoved':
      case 'CalendarSourceChecked':
        return [event.data.vendorId];
      default:
        return [];
    }
  },
  evolve(doc, event, id) {
    const next = evolveSync(doc, event, id);
    return next && { ...next, urlSources: next.sources.filter((source) => source.kind === 'url').length };
  },
  indexes: [{ feedTokenHash: 1 }, { urlSources: 1 }],
};

function evolveSync(doc: CalendarSyncView | null, event: Parameters<Projection<CalendarSyncView>['evolve']>[1], id: string): CalendarSyncView | null {
  const current: CalendarSyncView = doc ?? { _id: id, vendorId: id, feedToken: null, feedTokenHash: null, sources: [], urlSources: 0 };
  switch (event.type) {
    case 'CalendarFeedIssued':
      return { ...current, feedToken: event.data.token, feedTokenHash: feedTokenHash(event.data.token) };
    case 'CalendarSourceAdded': {
      const { sourceId, kind, name, url } = event.data;
      if (current.sources.some((source) => source.sourceId === sourceId)) return current;
      return { ...current, sources: [...current.sources, { sourceId, kind, name, url: url ?? null, problem: null, checked: false }] };
    }
    case 'CalendarSourceRemoved':
      return { ...current, sources: current.sources.filter((source) => source.sourceId !== event.data.sourceId) };
    case 'CalendarSourceChecked':
      return { ...current, sources: current.sources.map((source) => source.sourceId === event.data.sourceId ? { ...source, checked: true, problem: event.data.problem ?? null } : source) };
    default:
      return doc;
  }
}
