import type { Projection, ViewDoc } from '../projection.ts';

// The vendor calendar (README: `calendarEntries`): one document per busy window or live reservation, so
// a date range is one indexed query ({ vendorId, start < to, end > from }). Intervals are half-open.
export interface CalendarEntry extends ViewDoc {
  vendorId: string;
  kind: 'busy' | 'reservation';
  start: string;
  end: string;
  windowId: string | null;
  orderId: string | null;
  reason: string | null;
  /** The calendar a busy window was imported from (docs/calendar-sync.md); null for one blocked here and for reservations. */
  source: string | null;
}

export const busyEntryId = (windowId: string): string => `busy-${windowId}`;
export const reservationEntryId = (orderId: string): string => `slot-${orderId}`;

export const calendarProjection: Projection<CalendarEntry> = {
  name: 'calendar',
  // 2: `source` on every entry (calendar sync, issue 27 item 2).
  version: 2,
  collection: 'calendarEntries',
  eventTypes: ['BusyWindowCreated', 'BusyWindowRemoved', 'SlotReserved', 'SlotReleased'],
  keysOf(event) {
    switch (event.type) {
      case 'BusyWindowCreated':
      case 'BusyWindowRemoved':
        return [busyEntryId(event.data.windowId)];
      case 'SlotReserved':
      case 'SlotReleased':
        return [reservationEntryId(event.data.orderId)];
      default:
        return [];
    }
  },
  evolve(doc, event, id) {
    switch (event.type) {
      case 'BusyWindowCreated': {
        const { vendorId, windowId, start, end, reason, source } = event.data;
        return { _id: id, vendorId, kind: 'busy', start, end, windowId, orderId: null, reason: reason ?? null, source: source ?? null };
      }
      case 'SlotReserved': {
        const { vendorId, orderId, start, end } = event.data;
        return { _id: id, vendorId, kind: 'reservation', start, end, windowId: null, orderId, reason: null, source: null };
      }
      case 'BusyWindowRemoved':
      case 'SlotReleased':
        return null;
      default:
        return doc;
    }
  },
  indexes: [{ vendorId: 1, start: 1, _id: 1 }],
};
