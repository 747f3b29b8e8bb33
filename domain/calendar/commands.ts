import { z } from 'zod';
import { Actor } from '../shared/actor.ts';
import { Id, IsoTime } from '../shared/ids.ts';

// Commands of a vendor's calendar (stream `calendar-<vendorId>`). Intervals are half-open [start, end).

/** The vendor blocks time (SPEC §1 "busy windows"). By the vendor's owner or an admin. */
export const CreateBusyWindow = z.strictObject({
  type: z.literal('CreateBusyWindow'),
  actor: Actor,
  at: IsoTime,
  windowId: Id,
  vendorId: Id,
  start: IsoTime,
  end: IsoTime,
  reason: z.string().trim().max(200).optional(),
});
export type CreateBusyWindow = z.infer<typeof CreateBusyWindow>;

export const RemoveBusyWindow = z.strictObject({
  type: z.literal('RemoveBusyWindow'),
  actor: Actor,
  at: IsoTime,
  windowId: Id,
  vendorId: Id,
});
export type RemoveBusyWindow = z.infer<typeof RemoveBusyWindow>;

/** Issued by the order command handler when a timed-service order is placed (no HTTP route of its own). */
export const ReserveSlot = z.strictObject({
  type: z.literal('ReserveSlot'),
  actor: Actor,
  at: IsoTime,
  orderId: Id,
  vendorId: Id,
  start: IsoTime,
  end: IsoTime,
});
export type ReserveSlot = z.infer<typeof ReserveSlot>;

/** Issued by the order command handler when a timed-service order is canceled. */
export const ReleaseSlot = z.strictObject({
  type: z.literal('ReleaseSlot'),
  actor: Actor,
  at: IsoTime,
  orderId: Id,
  vendorId: Id,
  reason: z.string().trim().min(1).max(500),
});
export type ReleaseSlot = z.infer<typeof ReleaseSlot>;

export const CalendarCommand = z.discriminatedUnion('type', [CreateBusyWindow, RemoveBusyWindow, ReserveSlot, ReleaseSlot]);
export type CalendarCommand = z.infer<typeof CalendarCommand>;
