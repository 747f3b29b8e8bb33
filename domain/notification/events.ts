import { z } from 'zod';
import { event } from '../shared/event-schema.ts';
import { Id, IsoTime } from '../shared/ids.ts';

// Stream `notifications-<userId>`: written by the notification worker (from jobs the reactor queues),
// read by the notifications view and pushed over the ws hub.
export const NotificationKind = z.enum([
  'order.placed', 'order.payed', 'order.approved', 'order.completed', 'order.canceled', 'order.paymentDeclined', 'order.refunded', 'order.detailsChanged',
  // The balance after a deposit was paid (issue 26): the vendor hears of it, and the customer has it confirmed.
  'order.balancePaid',
  'message.posted', 'contract.drafted', 'contract.sent', 'contract.signed', 'contract.fullySigned', 'contract.canceled',
  'quote.requested', 'quote.submitted', 'quote.declined', 'quote.accepted', 'quote.notChosen', 'quote.canceled', 'quote.expired',
  'review.replied',
  // Balance reminders (issue 26, process-managers/balance-reminders.ts): not caused by an event of the log.
  'order.balanceDueSoon', 'order.balanceOverdue',
]);
export type NotificationKind = z.infer<typeof NotificationKind>;
export const NotificationCreated = event('NotificationCreated', z.strictObject({
  userId: Id,
  notificationId: Id,
  kind: NotificationKind,
  /** What the notification is about, e.g. { orderId } or { conversationId }. */
  subject: z.record(z.string(), z.string()),
  /** Interpolation values for the message key `notification.<kind>` in both languages. */
  params: z.record(z.string(), z.string()),
  /** Id of the event that caused it: makes retried jobs idempotent. */
  sourceEventId: z.string(),
  at: IsoTime,
}));
export const NotificationRead = event('NotificationRead', z.strictObject({ userId: Id, notificationId: Id, at: IsoTime }));
export const NotificationEvent = z.discriminatedUnion('type', [NotificationCreated, NotificationRead]);
export type NotificationEvent = z.infer<typeof NotificationEvent>;
