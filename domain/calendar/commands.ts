import { z } from 'zod';
import { command } from '../shared/command-schema.ts';
import { Id, IsoTime } from '../shared/ids.ts';
import { OptionalRestDay } from './jewish-calendar.ts';
import { CalendarSourceKind, CalendarUrl, ImportedWindow, MAX_IMPORTED_WINDOWS } from './calendar-sync.ts';

// Commands of a vendor's calendar (stream `calendar-<vendorId>`). Intervals are half-open [start, end).

/** The vendor blocks time (SPEC §1 "busy windows"). By the vendor's owner or an admin. */
export const CreateBusyWindow = command('CreateBusyWindow', {
  windowId: Id,
  vendorId: Id,
  start: IsoTime,
  end: IsoTime,
  reason: z.string().trim().max(200).optional(),
});
export type CreateBusyWindow = z.infer<typeof CreateBusyWindow>;

export const RemoveBusyWindow = command('RemoveBusyWindow', { windowId: Id, vendorId: Id });
export type RemoveBusyWindow = z.infer<typeof RemoveBusyWindow>;

/**
 * Issued by the order command handler when a timed-service order is placed (no HTTP route of its own).
 * `city` is the event's (its details'), for the Jewish calendar's times (docs/jewish-calendar.md).
 */
export const ReserveSlot = command('ReserveSlot', { orderId: Id, vendorId: Id, start: IsoTime, end: IsoTime, city: z.string().max(100).optional() });
export type ReserveSlot = z.infer<typeof ReserveSlot>;

/** Issued by the order command handler when a timed-service order is canceled. */
export const ReleaseSlot = command('ReleaseSlot', { orderId: Id, vendorId: Id, reason: z.string().trim().min(1).max(500) });
export type ReleaseSlot = z.infer<typeof ReleaseSlot>;

/** Whether the artist performs on Shabbat and the holidays, and which fast and memorial days they keep free (issue 27). */
export const SetObservance = command('SetObservance', {
  vendorId: Id,
  performsOnShabbat: z.boolean(),
  performsOnHolidays: z.boolean(),
  alsoRestsOn: z.array(OptionalRestDay).max(10),
});
export type SetObservance = z.infer<typeof SetObservance>;

// Calendar sync (domain/calendar/calendar-sync.ts, docs/calendar-sync.md). The route draws the token (node:crypto).
export const IssueCalendarFeed = command('IssueCalendarFeed', { vendorId: Id, token: z.string().min(20).max(100) });
export type IssueCalendarFeed = z.infer<typeof IssueCalendarFeed>;

export const AddCalendarSource = command('AddCalendarSource', {
  vendorId: Id, sourceId: Id, kind: CalendarSourceKind, name: z.string().trim().max(100), url: CalendarUrl.optional(),
});
export type AddCalendarSource = z.infer<typeof AddCalendarSource>;

export const RemoveCalendarSource = command('RemoveCalendarSource', { vendorId: Id, sourceId: Id });
export type RemoveCalendarSource = z.infer<typeof RemoveCalendarSource>;

/**
 * One read of a source: its busy times from `from` on replace the source's windows that end after `from`
 * (windowIds derive from the event, so the same read records nothing); or the read's `problem`.
 */
export const RecordCalendarSourceRead = command('RecordCalendarSourceRead', {
  vendorId: Id, sourceId: Id, from: IsoTime,
  windows: z.array(ImportedWindow).max(MAX_IMPORTED_WINDOWS).optional(),
  problem: z.string().max(300).optional(),
});
export type RecordCalendarSourceRead = z.infer<typeof RecordCalendarSourceRead>;

export const CalendarCommand = z.discriminatedUnion('type', [
  CreateBusyWindow, RemoveBusyWindow, ReserveSlot, ReleaseSlot, SetObservance,
  IssueCalendarFeed, AddCalendarSource, RemoveCalendarSource, RecordCalendarSourceRead,
]);
export type CalendarCommand = z.infer<typeof CalendarCommand>;
