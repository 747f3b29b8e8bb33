import { describe, expect, it } from 'vitest';
import { calendarProjection, type CalendarEntry } from './projection.ts';
import { fold, recorded } from '../testing/recorded-event.ts';

describe('calendar view', () => {
  it('lists busy windows and live reservations, dropping removed and released ones', () => {
    const docs = fold<CalendarEntry>(calendarProjection, [
      recorded('calendar-v1', { type: 'BusyWindowCreated', data: { vendorId: 'v1', windowId: 'w1', start: '2026-06-01T00:00:00.000Z', end: '2026-06-02T00:00:00.000Z', reason: 'vacation' } }),
      recorded('calendar-v1', { type: 'BusyWindowCreated', data: { vendorId: 'v1', windowId: 'w2', start: '2026-06-05T00:00:00.000Z', end: '2026-06-06T00:00:00.000Z' } }),
      recorded('calendar-v1', { type: 'BusyWindowRemoved', data: { vendorId: 'v1', windowId: 'w2' } }),
      recorded('calendar-v1', { type: 'SlotReserved', data: { vendorId: 'v1', orderId: 'o1', start: '2026-06-03T18:00:00.000Z', end: '2026-06-03T19:00:00.000Z' } }),
      recorded('calendar-v1', { type: 'SlotReserved', data: { vendorId: 'v1', orderId: 'o2', start: '2026-06-04T18:00:00.000Z', end: '2026-06-04T19:00:00.000Z' } }),
      recorded('calendar-v1', { type: 'SlotReleased', data: { vendorId: 'v1', orderId: 'o2', reason: 'canceled' } }),
    ]);
    expect(Object.keys(docs).sort()).toEqual(['busy-w1', 'slot-o1']);
    expect(docs['busy-w1']).toMatchObject({ vendorId: 'v1', kind: 'busy', windowId: 'w1', orderId: null, reason: 'vacation' });
    expect(docs['slot-o1']).toMatchObject({ vendorId: 'v1', kind: 'reservation', orderId: 'o1', start: '2026-06-03T18:00:00.000Z', end: '2026-06-03T19:00:00.000Z' });
  });
});
