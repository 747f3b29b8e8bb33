import { z } from 'zod';
import { Actor } from '../shared/actor.ts';
import { Id, IsoTime } from '../shared/ids.ts';
import { NotificationKind } from './events.ts';

// Commands of a user's notifications (stream `notifications-<userId>`). Only the product itself
// (the notification worker, actor `system`) creates them; the user marks their own as read.

export const CreateNotification = z.strictObject({
  type: z.literal('CreateNotification'),
  actor: Actor,
  at: IsoTime,
  userId: Id,
  notificationId: Id,
  kind: NotificationKind,
  subject: z.record(z.string(), z.string()),
  params: z.record(z.string(), z.string()),
  /** Id of the event that caused it: the same source twice creates one notification. */
  sourceEventId: z.string().min(1),
});
export type CreateNotification = z.infer<typeof CreateNotification>;

export const MarkNotificationRead = z.strictObject({
  type: z.literal('MarkNotificationRead'),
  actor: Actor,
  at: IsoTime,
  userId: Id,
  notificationId: Id,
});
export type MarkNotificationRead = z.infer<typeof MarkNotificationRead>;

export const NotificationCommand = z.discriminatedUnion('type', [CreateNotification, MarkNotificationRead]);
export type NotificationCommand = z.infer<typeof NotificationCommand>;
export type NotificationCommandType = NotificationCommand['type'];
