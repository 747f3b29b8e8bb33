import { z } from 'zod';
import { event } from '../shared/event-schema.ts';
import { Id, IsoTime } from '../shared/ids.ts';
import { Observance } from './jewish-calendar.ts';

// Stream `calendar-<vendorId>`: the vendor's busy windows and timed-order reservations. Every interval
// is half-open [start, end). Appends use the stream revision, so two orders cannot take one slot.
export const BusyWindowCreated = event('BusyWindowCreated', z.strictObject({
  vendorId: Id, windowId: Id, start: IsoTime, end: IsoTime, reason: z.string().max(200).optional(),
}));
export const BusyWindowRemoved = event('BusyWindowRemoved', z.strictObject({ vendorId: Id, windowId: Id }));
export const SlotReserved = event('SlotReserved', z.strictObject({
  vendorId: Id, orderId: Id, start: IsoTime, end: IsoTime,
}));
export const SlotReleased = event('SlotReleased', z.strictObject({
  vendorId: Id, orderId: Id, reason: z.string(),
}));

/** The artist's Jewish calendar (domain/calendar/jewish-calendar.ts): the whole choice, written anew. */
export const ObservanceSet = event('ObservanceSet', Observance.extend({ vendorId: Id }));

export const CalendarEvent = z.discriminatedUnion('type', [BusyWindowCreated, BusyWindowRemoved, SlotReserved, SlotReleased, ObservanceSet]);
export type CalendarEvent = z.infer<typeof CalendarEvent>;
