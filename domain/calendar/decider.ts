import type { Decider } from '../shared/decider.ts';
import type { Actor } from '../shared/actor.ts';
import { isAdmin, ownsVendor } from '../shared/actor.ts';
import { refuse } from '../shared/refusal.ts';
import type { CalendarEvent } from './events.ts';
import type { CalendarCommand } from './commands.ts';
import type { CalendarEntries, Interval } from './availability.ts';
import { firstConflict } from './availability.ts';
import { IntervalSet } from './interval-set.ts';
import { streamOf } from '../shared/ids.ts';
import { israelTimeText, normalizedObservance, restConflict, type Observance } from './jewish-calendar.ts';
import { placeOfCity } from './israeli-places.ts';
import { decideAddSource, decideRemoveSource, decideSourceRead, sourcesAfter, type CalendarSyncState } from './calendar-sync.ts';

// A vendor's calendar (stream `calendar-<vendorId>`): busy windows the vendor blocks, and the slots of
// live timed-service orders. One stream per vendor, appended with its revision, so two concurrent
// bookings of one slot cannot both succeed: the second append fails and its retry sees the first.

export interface CalendarState extends CalendarEntries, CalendarSyncState {
  vendorId: string | null;
  /** Busy windows by id; `source` on one imported from a calendar (calendar-sync.ts). */
  windows: IntervalSet<Interval & { reason?: string; source?: string }>;
  /** Whether the artist performs on Shabbat and the holidays (absent: every day). */
  observance?: Observance;
}

/** The stream of a vendor's calendar (`calendar-<vendorId>`). */
export const calendarStream = streamOf('calendar');

export const calendarDecider: Decider<CalendarState, CalendarCommand, CalendarEvent> = {
  // Windows and reservations are persistent sets (interval-set.ts): an event adds or removes one entry
  // in O(log n) rather than copying the calendar, which made folding a busy vendor's stream quadratic.
  initialState: { vendorId: null, windows: IntervalSet.empty(), reservations: IntervalSet.empty() },

  evolve(state, event) {
    const vendorId = event.data.vendorId;
    switch (event.type) {
      case 'BusyWindowCreated': {
        const { windowId, start, end, reason, source } = event.data;
        return { ...state, vendorId, windows: state.windows.set(windowId, { start, end, ...(reason ? { reason } : {}), ...(source ? { source } : {}) }) };
      }
      case 'BusyWindowRemoved':
        return { ...state, vendorId, windows: state.windows.remove(event.data.windowId) };
      case 'SlotReserved': {
        const { orderId, start, end } = event.data;
        return { ...state, vendorId, reservations: state.reservations.set(orderId, { start, end }) };
      }
      case 'SlotReleased':
        return { ...state, vendorId, reservations: state.reservations.remove(event.data.orderId) };
      case 'ObservanceSet': {
        const { vendorId: _vendor, ...observance } = event.data;
        return { ...state, vendorId, observance };
      }
      case 'CalendarFeedIssued':
        return { ...state, vendorId, feedToken: event.data.token };
      case 'CalendarSourceAdded':
      case 'CalendarSourceRemoved':
      case 'CalendarSourceChecked':
        return { ...state, vendorId, sources: sourcesAfter(state.sources, event) };
    }
  },

  decide(command, state) {
    if (state.vendorId !== null && state.vendorId !== command.vendorId) {
      return refuse('invalid', 'calendar.wrong-vendor', "This calendar belongs to another vendor.");
    }
    const { vendorId } = command;
    switch (command.type) {
      case 'CreateBusyWindow': {
        authorizeVendor(command.actor, vendorId);
        const interval = normalized(command);
        if (state.windows.has(command.windowId)) return refuse('conflict', 'calendar.window-exists', 'This busy window already exists.');
        const conflict = firstConflict(state, interval);
        if (conflict?.kind === 'window') return refuse('conflict', 'calendar.overlap', 'This time overlaps another busy window.');
        if (conflict?.kind === 'reservation') return refuse('conflict', 'calendar.overlap', 'This time overlaps a booked order; cancel the order first or choose another time.');
        const reason = command.reason?.trim();
        return [{ type: 'BusyWindowCreated', data: { vendorId, windowId: command.windowId, ...interval, ...(reason ? { reason } : {}) } }];
      }
      case 'RemoveBusyWindow':
        authorizeVendor(command.actor, vendorId);
        if (!state.windows.has(command.windowId)) return refuse('not_found', 'calendar.window-not-found', 'There is no such busy window.');
        return [{ type: 'BusyWindowRemoved', data: { vendorId, windowId: command.windowId } }];
      case 'ReserveSlot': {
        // Issued by the order handler for the customer placing a timed order; the order decider checked who.
        const interval = normalized(command);
        const held = state.reservations.get(command.orderId);
        if (held) {
          if (held.start === interval.start && held.end === interval.end) return [];
          return refuse('conflict', 'calendar.reservation-mismatch', 'This order already holds a different time slot.');
        }
        if (firstConflict(state, interval) !== null) {
          return refuse('conflict', 'calendar.slot-taken', 'This time is no longer available; please choose another time.');
        }
        const place = placeOfCity(command.city);
        const rest = restConflict(state.observance, place, interval);
        if (rest) {
          const days = rest.names.map((name) => name.en).join(', ');
          return refuse('conflict', 'calendar.rest-time',
            `The artist does not perform on ${days}: from candle lighting (${israelTimeText(rest.start)}) to havdalah (${israelTimeText(rest.end)}) in ${rest.place.en}. Please choose another time.`);
        }
        return [{ type: 'SlotReserved', data: { vendorId, orderId: command.orderId, ...interval } }];
      }
      case 'SetObservance': {
        authorizeVendor(command.actor, vendorId);
        const observance = normalizedObservance(command);
        const current = state.observance;
        if (current && JSON.stringify(normalizedObservance(current)) === JSON.stringify(observance)) return [];
        if (!current && observance.performsOnShabbat && observance.performsOnHolidays && observance.alsoRestsOn.length === 0) return [];
        return [{ type: 'ObservanceSet', data: { vendorId, ...observance } }];
      }
      case 'IssueCalendarFeed':
        authorizeVendor(command.actor, vendorId);
        return [{ type: 'CalendarFeedIssued', data: { vendorId, token: command.token } }];
      case 'AddCalendarSource': {
        authorizeVendor(command.actor, vendorId);
        const { sourceId, kind, name, url } = command;
        return decideAddSource(state, { vendorId, sourceId, kind, name, ...(url ? { url } : {}) });
      }
      case 'RemoveCalendarSource':
        authorizeVendor(command.actor, vendorId);
        return decideRemoveSource(state, command);
      case 'RecordCalendarSourceRead':
        // The vendor's upload, or the worker's scheduled read (the system actor, which isAdmin counts).
        authorizeVendor(command.actor, vendorId);
        return decideSourceRead(state, command);
      case 'ReleaseSlot':
        if (!state.reservations.has(command.orderId)) return [];
        return [{ type: 'SlotReleased', data: { vendorId, orderId: command.orderId, reason: command.reason } }];
    }
  },
};

function authorizeVendor(actor: Actor, vendorId: string): void {
  if (!ownsVendor(actor, vendorId) && !isAdmin(actor)) {
    refuse('forbidden', 'calendar.forbidden', "Only the vendor can change its own calendar.");
  }
}

/** The interval in UTC ISO form, refused unless start is before end. */
function normalized(interval: Interval): Interval {
  const start = Date.parse(interval.start);
  const end = Date.parse(interval.end);
  if (Number.isNaN(start) || Number.isNaN(end)) return refuse('invalid', 'calendar.invalid-interval', 'The start and end must be valid dates and times.');
  if (start >= end) return refuse('invalid', 'calendar.invalid-interval', 'The end must be after the start.');
  return { start: new Date(start).toISOString(), end: new Date(end).toISOString() };
}

export { isFree, freeSlots, busyIntervals, holdsReservation, reservedOrderIds } from './availability.ts';
