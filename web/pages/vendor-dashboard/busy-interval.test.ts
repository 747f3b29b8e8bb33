import { describe, expect, it } from 'vitest';
import { busyInterval } from './busy-interval.ts';

const NOW = Date.parse('2030-03-10T08:00:00Z');
const fields = { date: '2030-03-12', allDay: false, from: '10:00', to: '12:30', untilDate: '' };

describe('busyInterval', () => {
  it('reads hours of a date in Israel time', () => {
    expect(busyInterval(fields, NOW)).toEqual({ start: '2030-03-12T08:00:00.000Z', end: '2030-03-12T10:30:00.000Z' });
  });

  it('reads whole days through the last date', () => {
    expect(busyInterval({ ...fields, allDay: true, untilDate: '2030-03-13' }, NOW)).toEqual({ start: '2030-03-11T22:00:00.000Z', end: '2030-03-13T22:00:00.000Z' });
  });

  it('names the field that is wrong', () => {
    expect(busyInterval({ ...fields, date: '' }, NOW)).toEqual({ errors: { date: 'busyWindows.errors.dateRequired' } });
    expect(busyInterval({ ...fields, to: '09:00' }, NOW)).toEqual({ errors: { to: 'busyWindows.errors.endBeforeStart' } });
    expect(busyInterval({ ...fields, from: '' }, NOW)).toEqual({ errors: { from: 'busyWindows.errors.timeRequired' } });
    expect(busyInterval({ ...fields, allDay: true, untilDate: '2030-03-11' }, NOW)).toEqual({ errors: { untilDate: 'busyWindows.errors.untilBeforeDate' } });
    expect(busyInterval({ ...fields, date: '2030-03-01' }, NOW)).toEqual({ errors: { date: 'busyWindows.errors.past' } });
    expect(busyInterval({ ...fields, allDay: true, untilDate: '2031-06-01' }, NOW)).toEqual({ errors: { untilDate: 'busyWindows.errors.tooLong' } });
  });
});
