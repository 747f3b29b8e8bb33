import type { NotificationKind } from '../../domain/notification/events.ts';
import type { Projection, ViewDoc } from '../projection.ts';

// Notifications (README: `notifications`): one document per notification, with a read flag.
export interface NotificationView extends ViewDoc {
  notificationId: string;
  userId: string;
  kind: NotificationKind;
  subject: Record<string, string>;
  params: Record<string, string>;
  sourceEventId: string;
  at: string;
  read: boolean;
  readAt: string | null;
}

export const notificationsProjection: Projection<NotificationView> = {
  name: 'notifications',
  collection: 'notifications',
  eventTypes: ['NotificationCreated', 'NotificationRead'],
  keysOf: (event) => ('notificationId' in event.data ? [event.data.notificationId] : []),
  evolve(doc, event, id) {
    switch (event.type) {
      case 'NotificationCreated': {
        const { userId, kind, subject, params, sourceEventId, at } = event.data;
        return { _id: id, notificationId: id, userId, kind, subject, params, sourceEventId, at, read: doc?.read ?? false, readAt: doc?.readAt ?? null };
      }
      case 'NotificationRead':
        return doc ? { ...doc, read: true, readAt: doc.readAt ?? event.data.at } : null;
      default:
        return doc;
    }
  },
  indexes: [{ userId: 1, at: -1, _id: -1 }, { userId: 1, read: 1 }],
};
