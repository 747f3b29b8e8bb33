import type { NotificationKind } from '../domain/notification/events.ts';

// What the reactor queues and the worker turns into a NotificationCreated: one job per recipient.
export const NOTIFICATION_JOB = 'notify';

export interface NotificationJob {
  userId: string;
  kind: NotificationKind;
  subject: Record<string, string>;
  params: Record<string, string>;
  /** The event that caused it: makes a retried or repeated job idempotent. */
  sourceEventId: string;
  /** The source event's correlation id, carried into the notification's metadata. */
  correlationId: string;
  /** When the source event happened (its metadata time), so a replay makes the same notification. */
  at: string;
}

/**
 * One job per (event, recipient). The brief's `<eventId>:<recipient>` uses `.` instead of `:`
 * because BullMQ refuses custom job ids containing `:`; ids never contain `.`, so it stays unambiguous.
 */
export const notificationJobId = (sourceEventId: string, userId: string): string => `${sourceEventId}.${userId}`;
