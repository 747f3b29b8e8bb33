import { z } from 'zod';
import { command } from '../shared/command-schema.ts';
import { Id } from '../shared/ids.ts';
import { NotificationKind } from './events.ts';

// Commands of a user's notifications (stream `notifications-<userId>`). Only the product itself
// (the notification worker, actor `system`) creates them; the user marks their own as read.

export const CreateNotification = command('CreateNotification', {
  userId: Id,
  notificationId: Id,
  kind: NotificationKind,
  subject: z.record(z.string(), z.string()),
  params: z.record(z.string(), z.string()),
  /** Id of the event that caused it: the same source twice creates one notification. */
  sourceEventId: z.string().min(1),
});
export type CreateNotification = z.infer<typeof CreateNotification>;

export const MarkNotificationRead = command('MarkNotificationRead', { userId: Id, notificationId: Id });
export type MarkNotificationRead = z.infer<typeof MarkNotificationRead>;

/** Marks every notification the user has not read yet, in one append ("mark all read"). */
export const MarkAllNotificationsRead = command('MarkAllNotificationsRead', { userId: Id });
export type MarkAllNotificationsRead = z.infer<typeof MarkAllNotificationsRead>;

export const NotificationCommand = z.discriminatedUnion('type', [CreateNotification, MarkNotificationRead, MarkAllNotificationsRead]);
export type NotificationCommand = z.infer<typeof NotificationCommand>;
