import { describe, expect, it } from 'vitest';
import { spec } from '../shared/decider-spec.ts';
import type { Actor } from '../shared/actor.ts';
import { CalendarEvent } from './events.ts';
import type { CalendarCommand } from './commands.ts';
import { busyIntervals, calendarDecider, freeSlots, holdsReservation, isFree, reservedOrderIds } from './decider.ts';
import { seededIntegers } from '../../test/seeded-random.ts';

const at = '2026-11-21T10:00:00.000Z';
const vendorOwner: Actor = { userId: 'u-vendor', roles: ['user', 'vendor'], groups: [], vendorId: 'v-1' };
const otherVendor: Actor = { userId: 'u-other', roles: ['user', 'vendor'], groups: [], vendorId: 'v-2' };
const admin: Actor = { userId: 'u-admin', roles: ['user', 'admin'], groups: [], vendorId: null };
const customer: Actor = { userId: 'u-customer', roles: ['user'], groups: [], vendorId: null };

const T = (hour: number, minute = 0) => `2026-12-01T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00.000Z`;

const createWindow = (fields: Partial<Extract<CalendarCommand, { type: 'CreateBusyWindow' }>> = {}): CalendarCommand => ({
  type: 'CreateBusyWindow', actor: vendorOwner, at, windowId: 'w-1', vendorId: 'v-1', start: T(10), end: T(12), ...fields,
});
const reserve = (fields: Partial<Extract<CalendarCommand, { type: 'ReserveSlot' }>> = {}): CalendarCommand => ({
  type: 'ReserveSlot', actor: customer, at, orderId: 'o-1', vendorId: 'v-1', start: T(18), end: T(19, 30), ...fields,
});
const release = (orderId = 'o-1'): CalendarCommand => ({ type: 'ReleaseSlot', actor: customer, at, orderId, vendorId: 'v-1', reason: 'Order canceled' });
const removeWindow = (actor: Actor = vendorOwner, windowId = 'w-1'): CalendarCommand => ({ type: 'RemoveBusyWindow', actor, at, windowId, vendorId: 'v-1' });

const windowCreated: CalendarEvent = { type: 'BusyWindowCreated', data: { vendorId: 'v-1', windowId: 'w-1', start: T(10), end: T(12) } };
const reserved: CalendarEvent = { type: 'SlotReserved', data: { vendorId: 'v-1', orderId: 'o-1', start: T(18), end: T(19, 30) } };
const released: CalendarEvent = { type: 'SlotReleased', data: { vendorId: 'v-1', orderId: 'o-1', reason: 'Order canceled' } };

describe('calendar decider: busy windows', () => {
  it('the vendor creates a busy window, normalized to UTC, with an optional reason', () => {
    spec(calendarDecider).given([]).when(createWindow({ start: '2026-12-01T12:00:00+02:00', end: '2026-12-01T14:00:00+02:00', reason: ' Vacation ' })).then([
      { type: 'BusyWindowCreated', data: { vendorId: 'v-1', windowId: 'w-1', start: T(10), end: T(12), reason: 'Vacation' } },
    ]);
  });

  it('an admin may block a vendor calendar; another vendor or a customer may not', () => {
    spec(calendarDecider).given([]).when(createWindow({ actor: admin })).then([windowCreated]);
    expect(spec(calendarDecider).given([]).when(createWindow({ actor: otherVendor })).thenRefused('calendar.forbidden').kind).toBe('forbidden');
    spec(calendarDecider).given([]).when(createWindow({ actor: customer })).thenRefused('calendar.forbidden');
  });

  it('refuses an empty or reversed interval', () => {
    spec(calendarDecider).given([]).when(createWindow({ start: T(12), end: T(12) })).thenRefused('calendar.invalid-interval');
    expect(spec(calendarDecider).given([]).when(createWindow({ start: T(12), end: T(10) })).thenRefused('calendar.invalid-interval').kind).toBe('invalid');
  });

  it('refuses a window overlapping another window or a live reservation', () => {
    const overlapping = spec(calendarDecider).given([windowCreated]).when(createWindow({ windowId: 'w-2', start: T(11), end: T(13) })).thenRefused('calendar.overlap');
    expect(overlapping.kind).toBe('conflict');
    spec(calendarDecider).given([reserved]).when(createWindow({ start: T(19), end: T(20) })).thenRefused('calendar.overlap');
  });

  it('allows windows that only touch (half-open intervals) and over released reservations', () => {
    spec(calendarDecider).given([windowCreated]).when(createWindow({ windowId: 'w-2', start: T(12), end: T(13) })).then([
      { type: 'BusyWindowCreated', data: { vendorId: 'v-1', windowId: 'w-2', start: T(12), end: T(13) } },
    ]);
    spec(calendarDecider).given([reserved, released]).when(createWindow({ start: T(18), end: T(20) })).then([
      { type: 'BusyWindowCreated', data: { vendorId: 'v-1', windowId: 'w-1', start: T(18), end: T(20) } },
    ]);
  });

  it('refuses reusing a window id', () => {
    spec(calendarDecider).given([windowCreated]).when(createWindow({ start: T(14), end: T(15) })).thenRefused('calendar.window-exists');
  });

  it('removes a window; a missing one is not found; others may not remove', () => {
    spec(calendarDecider).given([windowCreated]).when(removeWindow()).then([{ type: 'BusyWindowRemoved', data: { vendorId: 'v-1', windowId: 'w-1' } }]);
    spec(calendarDecider).given([windowCreated]).when(removeWindow(admin)).then([{ type: 'BusyWindowRemoved', data: { vendorId: 'v-1', windowId: 'w-1' } }]);
    expect(spec(calendarDecider).given([]).when(removeWindow()).thenRefused('calendar.window-not-found').kind).toBe('not_found');
    spec(calendarDecider).given([windowCreated, { type: 'BusyWindowRemoved', data: { vendorId: 'v-1', windowId: 'w-1' } }]).when(removeWindow()).thenRefused('calendar.window-not-found');
    spec(calendarDecider).given([windowCreated]).when(removeWindow(otherVendor)).thenRefused('calendar.forbidden');
  });

  it('refuses a command for another vendor on this calendar', () => {
    spec(calendarDecider).given([windowCreated]).when(createWindow({ vendorId: 'v-2', actor: otherVendor, windowId: 'w-9', start: T(1), end: T(2) })).thenRefused('calendar.wrong-vendor');
  });
});

describe('calendar decider: reservations', () => {
  it('reserves a free slot', () => {
    spec(calendarDecider).given([windowCreated]).when(reserve()).then([reserved]);
  });

  it('refuses a slot overlapping a busy window or another live reservation', () => {
    expect(spec(calendarDecider).given([windowCreated]).when(reserve({ start: T(11), end: T(13) })).thenRefused('calendar.slot-taken').kind).toBe('conflict');
    spec(calendarDecider).given([reserved]).when(reserve({ orderId: 'o-2', start: T(19), end: T(20) })).thenRefused('calendar.slot-taken');
    spec(calendarDecider).given([reserved]).when(reserve({ orderId: 'o-2', start: T(17), end: T(21) })).thenRefused('calendar.slot-taken');
  });

  it('allows back-to-back slots and a slot freed by a release', () => {
    spec(calendarDecider).given([reserved]).when(reserve({ orderId: 'o-2', start: T(19, 30), end: T(21) })).then([
      { type: 'SlotReserved', data: { vendorId: 'v-1', orderId: 'o-2', start: T(19, 30), end: T(21) } },
    ]);
    spec(calendarDecider).given([reserved, released]).when(reserve({ orderId: 'o-2' })).then([
      { type: 'SlotReserved', data: { vendorId: 'v-1', orderId: 'o-2', start: T(18), end: T(19, 30) } },
    ]);
  });

  it('reserving the same order twice is a no-op; a different slot for it is refused', () => {
    spec(calendarDecider).given([reserved]).when(reserve()).then([]);
    spec(calendarDecider).given([reserved]).when(reserve({ start: T(20), end: T(21) })).thenRefused('calendar.reservation-mismatch');
  });

  it('refuses an empty slot', () => {
    spec(calendarDecider).given([]).when(reserve({ end: T(18) })).thenRefused('calendar.invalid-interval');
  });

  it('releases a reserved slot; releasing one that is not reserved is a no-op', () => {
    spec(calendarDecider).given([reserved]).when(release()).then([released]);
    spec(calendarDecider).given([reserved, released]).when(release()).then([]);
    spec(calendarDecider).given([]).when(release('o-9')).then([]);
  });

  it('every event it decides is valid against the event schema', () => {
    const state = spec(calendarDecider).given([]).state;
    for (const event of [...calendarDecider.decide(createWindow({ reason: 'Tour' }), state), ...calendarDecider.decide(reserve(), state)]) {
      expect(CalendarEvent.parse(event)).toEqual(event);
    }
  });
});

describe('calendar decider: no double booking', () => {
  it('whatever sequence of reservations, releases and windows is tried, nothing live ever overlaps', () => {
    const next = seededIntegers(7);
    let state = calendarDecider.initialState;
    for (let i = 0; i < 400; i++) {
      const start = T(next(20), next(4) * 15);
      const end = new Date(Date.parse(start) + (1 + next(8)) * 15 * 60_000).toISOString();
      const roll = next(10);
      const command: CalendarCommand = roll < 6
        ? reserve({ orderId: `o-${next(40)}`, start, end })
        : roll < 8 ? release(`o-${next(40)}`) : createWindow({ windowId: `w-${i}`, start, end });
      try {
        state = calendarDecider.decide(command, state).reduce(calendarDecider.evolve, state);
      } catch (error) {
        if (!(error as { code?: string }).code?.startsWith('calendar.')) throw error;
      }
    }
    const live = busyIntervals(state);
    expect(live.length).toBeGreaterThan(3);
    for (let i = 1; i < live.length; i++) expect(Date.parse(live[i - 1]!.end)).toBeLessThanOrEqual(Date.parse(live[i]!.start));
  });
});

describe('calendar availability', () => {
  const state = spec(calendarDecider).given([windowCreated, reserved]).state;

  it('isFree follows half-open intervals', () => {
    expect(isFree(state, T(12), T(18))).toBe(true);
    expect(isFree(state, T(9), T(10))).toBe(true);
    expect(isFree(state, T(9), T(10, 1))).toBe(false);
    expect(isFree(state, T(19), T(19, 15))).toBe(false);
  });

  it('the folded state shows in JSON (time travel) with its windows and reservations as plain records', () => {
    expect(JSON.parse(JSON.stringify(state))).toEqual({
      vendorId: 'v-1', windows: { 'w-1': { start: T(10), end: T(12) } }, reservations: { 'o-1': { start: T(18), end: T(19, 30) } },
    });
  });

  it('holdsReservation and reservedOrderIds answer which orders hold a slot', () => {
    expect(holdsReservation(state, 'o-1')).toBe(true);
    expect(holdsReservation(spec(calendarDecider).given([windowCreated, reserved, released]).state, 'o-1')).toBe(false);
    expect(reservedOrderIds(state)).toEqual(['o-1']);
  });

  it('busyIntervals lists windows and reservations by start', () => {
    expect(busyIntervals(state).map((b) => [b.kind, b.id])).toEqual([['window', 'w-1'], ['reservation', 'o-1']]);
  });

  it('freeSlots offers the slots of a duration that nothing overlaps', () => {
    const slots = freeSlots(state, { from: T(9), to: T(21), durationMinutes: 90, stepMinutes: 60 });
    expect(slots.map((s) => s.start)).toEqual([T(12), T(13), T(14), T(15), T(16)]);
    expect(slots.every((s) => isFree(state, s.start, s.end))).toBe(true);
    expect(freeSlots(state, { from: T(9), to: T(21), durationMinutes: 0 })).toEqual([]);
    expect(freeSlots(state, { from: T(0), to: T(23), durationMinutes: 30, limit: 3 })).toHaveLength(3);
  });
});
