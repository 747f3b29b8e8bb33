import { describe, expect, it } from 'vitest';
import { spec } from '../shared/decider-spec.ts';
import type { Actor } from '../shared/actor.ts';
import { systemActor } from '../shared/actor.ts';
import type { CalendarEvent } from './events.ts';
import type { CalendarCommand } from './commands.ts';
import { calendarDecider } from './decider.ts';

// Calendar sync on the vendor's calendar (docs/calendar-sync.md): the feed token, the sources, and a read
// of a source replacing the windows it brought from `from` on.
const at = '2026-11-29T08:00:00.000Z';
const vendorOwner: Actor = { userId: 'u-vendor', roles: ['user', 'vendor'], groups: [], vendorId: 'v-1' };
const otherVendor: Actor = { userId: 'u-other', roles: ['user', 'vendor'], groups: [], vendorId: 'v-2' };
const T = (day: number, hour: number) => `2026-12-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00.000Z`;

const sourceAdded: CalendarEvent = { type: 'CalendarSourceAdded', data: { vendorId: 'v-1', sourceId: 's-1', kind: 'url', name: 'Google', url: 'https://calendar.google.com/calendar/ical/x/basic.ics' } };
const read = (windows: Array<{ windowId: string; start: string; end: string; reason?: string }>, actor: Actor = systemActor, from = at): CalendarCommand => ({
  type: 'RecordCalendarSourceRead', actor, at, vendorId: 'v-1', sourceId: 's-1', from, windows,
});
const created = (windowId: string, start: string, end: string, reason?: string): CalendarEvent => ({
  type: 'BusyWindowCreated', data: { vendorId: 'v-1', windowId, start, end, ...(reason ? { reason } : {}), source: 's-1' },
});
const checked: CalendarEvent = { type: 'CalendarSourceChecked', data: { vendorId: 'v-1', sourceId: 's-1' } };

describe('calendar sync: the feed token', () => {
  it('the vendor issues a token; issuing again replaces it (the old link is revoked)', () => {
    const first: CalendarEvent = { type: 'CalendarFeedIssued', data: { vendorId: 'v-1', token: 'a'.repeat(32) } };
    spec(calendarDecider).given([]).when({ type: 'IssueCalendarFeed', actor: vendorOwner, at, vendorId: 'v-1', token: 'a'.repeat(32) }).then([first]);
    spec(calendarDecider).given([first]).when({ type: 'IssueCalendarFeed', actor: vendorOwner, at, vendorId: 'v-1', token: 'b'.repeat(32) })
      .then([{ type: 'CalendarFeedIssued', data: { vendorId: 'v-1', token: 'b'.repeat(32) } }]);
    spec(calendarDecider).given([]).when({ type: 'IssueCalendarFeed', actor: otherVendor, at, vendorId: 'v-1', token: 'c'.repeat(32) }).thenRefused('calendar.forbidden');
  });
});

describe('calendar sync: sources', () => {
  it('adds an address once; the same address twice is refused', () => {
    spec(calendarDecider).given([]).when({ type: 'AddCalendarSource', actor: vendorOwner, at, vendorId: 'v-1', sourceId: 's-1', kind: 'url', name: 'Google', url: 'https://calendar.google.com/calendar/ical/x/basic.ics' })
      .then([sourceAdded]);
    spec(calendarDecider).given([sourceAdded]).when({ type: 'AddCalendarSource', actor: vendorOwner, at, vendorId: 'v-1', sourceId: 's-2', kind: 'url', name: 'Again', url: 'https://calendar.google.com/calendar/ical/x/basic.ics' })
      .thenRefused('calendar.source-exists');
  });

  it("removing a source frees every window it brought, and only those", () => {
    spec(calendarDecider).given([
      sourceAdded, created('i-1', T(3, 17), T(3, 20)),
      { type: 'BusyWindowCreated', data: { vendorId: 'v-1', windowId: 'own', start: T(4, 10), end: T(4, 12) } },
    ]).when({ type: 'RemoveCalendarSource', actor: vendorOwner, at, vendorId: 'v-1', sourceId: 's-1' }).then([
      { type: 'BusyWindowRemoved', data: { vendorId: 'v-1', windowId: 'i-1' } },
      { type: 'CalendarSourceRemoved', data: { vendorId: 'v-1', sourceId: 's-1' } },
    ]);
  });
});

describe('calendar sync: a read of a source replaces its windows', () => {
  it('the first read creates a window per event (overlapping ones too, and over a booked slot) and records the source as read', () => {
    spec(calendarDecider).given([
      sourceAdded,
      { type: 'SlotReserved', data: { vendorId: 'v-1', orderId: 'o-1', start: T(3, 18), end: T(3, 19) } },
    ]).when(read([
      { windowId: 'i-1', start: T(3, 17), end: T(3, 20), reason: 'Rehearsal' },
      { windowId: 'i-2', start: T(3, 19), end: T(3, 21) },
    ])).then([created('i-1', T(3, 17), T(3, 20), 'Rehearsal'), created('i-2', T(3, 19), T(3, 21)), checked]);
  });

  it('reading the same calendar again records nothing', () => {
    spec(calendarDecider).given([sourceAdded, created('i-1', T(3, 17), T(3, 20)), checked]).when(read([{ windowId: 'i-1', start: T(3, 17), end: T(3, 20) }])).then([]);
  });

  it("an event removed from the calendar frees its time; a moved one is a new window; windows already over and the vendor's own stay", () => {
    spec(calendarDecider).given([
      sourceAdded, checked,
      created('past', '2026-11-20T10:00:00.000Z', '2026-11-20T12:00:00.000Z'),
      created('i-1', T(3, 17), T(3, 20)), created('i-2', T(5, 10), T(5, 11)),
      { type: 'BusyWindowCreated', data: { vendorId: 'v-1', windowId: 'own', start: T(6, 10), end: T(6, 12) } },
    ]).when(read([{ windowId: 'i-3', start: T(5, 12), end: T(5, 13) }])).then([
      { type: 'BusyWindowRemoved', data: { vendorId: 'v-1', windowId: 'i-1' } },
      { type: 'BusyWindowRemoved', data: { vendorId: 'v-1', windowId: 'i-2' } },
      created('i-3', T(5, 12), T(5, 13)),
    ]);
  });

  it('a failed read records its problem once and keeps the windows; the next good read clears it', () => {
    const failed: CalendarEvent = { type: 'CalendarSourceChecked', data: { vendorId: 'v-1', sourceId: 's-1', problem: 'The calendar server answered 404.' } };
    const failing: CalendarCommand = { type: 'RecordCalendarSourceRead', actor: systemActor, at, vendorId: 'v-1', sourceId: 's-1', from: at, problem: 'The calendar server answered 404.' };
    spec(calendarDecider).given([sourceAdded, checked, created('i-1', T(3, 17), T(3, 20))]).when(failing).then([failed]);
    spec(calendarDecider).given([sourceAdded, checked, created('i-1', T(3, 17), T(3, 20)), failed]).when(failing).then([]);
    spec(calendarDecider).given([sourceAdded, checked, created('i-1', T(3, 17), T(3, 20)), failed]).when(read([{ windowId: 'i-1', start: T(3, 17), end: T(3, 20) }])).then([checked]);
  });

  it('only the vendor, an admin or the worker reads into a calendar; an unknown source is refused', () => {
    spec(calendarDecider).given([sourceAdded]).when(read([], otherVendor)).thenRefused('calendar.forbidden');
    expect(spec(calendarDecider).given([]).when(read([])).thenRefused('calendar.source-not-found').kind).toBe('not_found');
  });

  it('an imported window blocks a booking like any busy window', () => {
    spec(calendarDecider).given([sourceAdded, created('i-1', T(3, 17), T(3, 20))])
      .when({ type: 'ReserveSlot', actor: vendorOwner, at, orderId: 'o-2', vendorId: 'v-1', start: T(3, 18), end: T(3, 19) })
      .thenRefused('calendar.slot-taken');
  });
});
