import { describe, expect, it } from 'vitest';
import { calendarSyncProjection, feedTokenHash, type CalendarSyncView } from './projection.ts';
import { calendarProjection, type CalendarEntry } from '../calendar/projection.ts';
import { fold, recorded } from '../testing/recorded-event.ts';

// The calendarSync view (docs/calendar-sync.md): the feed's current token and its hash, the sources with
// their last problem and how many are addresses; and calendarEntries marks an imported window's source.
describe('calendar sync view', () => {
  it('keeps the current token and its SHA-256, the sources, their problem, and the count of addresses', () => {
    const docs = fold<CalendarSyncView>(calendarSyncProjection, [
      recorded('calendar-v1', { type: 'CalendarFeedIssued', data: { vendorId: 'v1', token: 'a'.repeat(32) } }),
      recorded('calendar-v1', { type: 'CalendarFeedIssued', data: { vendorId: 'v1', token: 'b'.repeat(32) } }),
      recorded('calendar-v1', { type: 'CalendarSourceAdded', data: { vendorId: 'v1', sourceId: 's1', kind: 'url', name: 'Google', url: 'https://example.com/a.ics' } }),
      recorded('calendar-v1', { type: 'CalendarSourceAdded', data: { vendorId: 'v1', sourceId: 's2', kind: 'file', name: 'gigs.ics' } }),
      recorded('calendar-v1', { type: 'CalendarSourceAdded', data: { vendorId: 'v1', sourceId: 's3', kind: 'url', name: 'Work', url: 'https://example.com/b.ics' } }),
      recorded('calendar-v1', { type: 'CalendarSourceChecked', data: { vendorId: 'v1', sourceId: 's1', problem: 'The calendar server answered 404.' } }),
      recorded('calendar-v1', { type: 'CalendarSourceRemoved', data: { vendorId: 'v1', sourceId: 's3' } }),
    ]);
    expect(docs.v1).toMatchObject({
      vendorId: 'v1', feedToken: 'b'.repeat(32), feedTokenHash: feedTokenHash('b'.repeat(32)), urlSources: 1,
      sources: [
        { sourceId: 's1', kind: 'url', name: 'Google', url: 'https://example.com/a.ics', problem: 'The calendar server answered 404.', checked: true },
        { sourceId: 's2', kind: 'file', name: 'gigs.ics', url: null, problem: null, checked: false },
      ],
    });
    expect(feedTokenHash('b'.repeat(32))).toMatch(/^[0-9a-f]{64}$/);
  });

  it('calendarEntries carries the source of an imported window, null for one blocked by hand', () => {
    const docs = fold<CalendarEntry>(calendarProjection, [
      recorded('calendar-v1', { type: 'BusyWindowCreated', data: { vendorId: 'v1', windowId: 'w1', start: '2026-12-01T10:00:00.000Z', end: '2026-12-01T12:00:00.000Z', source: 's1' } }),
      recorded('calendar-v1', { type: 'BusyWindowCreated', data: { vendorId: 'v1', windowId: 'w2', start: '2026-12-02T10:00:00.000Z', end: '2026-12-02T12:00:00.000Z' } }),
    ]);
    expect(docs['busy-w1']!.source).toBe('s1');
    expect(docs['busy-w2']!.source).toBeNull();
  });
});
