import { describe, expect, it } from 'vitest';
import { systemActor, type Actor } from '../shared/actor.ts';
import { spec } from '../shared/decider-spec.ts';
import type { NotificationCommand } from './commands.ts';
import { notificationDecider } from './decider.ts';
import type { NotificationEvent } from './events.ts';

const at = '2026-11-21T10:00:00.000Z';
const later = '2026-11-21T11:00:00.000Z';
const dana: Actor = { userId: 'user-dana', roles: ['user'], groups: [], vendorId: null };
const eli: Actor = { userId: 'user-eli', roles: ['user'], groups: [], vendorId: null };
const admin: Actor = { userId: 'admin-1', roles: ['user', 'admin'], groups: ['superUsers'], vendorId: null };

const create = (actor: Actor, notificationId = 'n-1', sourceEventId = 'event-1'): NotificationCommand => ({
  type: 'CreateNotification', actor, at, userId: 'user-dana', notificationId, kind: 'order.approved',
  subject: { orderId: 'order-1' }, params: { vendorName: 'The Stars Band' }, sourceEventId,
});
const created: NotificationEvent = {
  type: 'NotificationCreated',
  data: {
    userId: 'user-dana', notificationId: 'n-1', kind: 'order.approved', subject: { orderId: 'order-1' }, params: { vendorName: 'The Stars Band' },
    sourceEventId: 'event-1', at,
  },
};
const markRead = (actor: Actor, notificationId = 'n-1'): NotificationCommand =>
  ({ type: 'MarkNotificationRead', actor, at: later, userId: 'user-dana', notificationId });
const read: NotificationEvent = { type: 'NotificationRead', data: { userId: 'user-dana', notificationId: 'n-1', at: later } };

describe('notification decider', () => {
  describe('CreateNotification', () => {
    it('the product itself creates a notification', () => {
      spec(notificationDecider).given([]).when(create(systemActor)).then([created]);
    });
    it('users and admins may not create notifications', () => {
      expect(spec(notificationDecider).given([]).when(create(dana)).thenRefused('notification.forbidden').kind).toBe('forbidden');
      spec(notificationDecider).given([]).when(create(admin)).thenRefused('notification.forbidden');
    });
    it('the same source event again creates nothing, even under a new notification id', () => {
      spec(notificationDecider).given([created]).when(create(systemActor)).then([]);
      spec(notificationDecider).given([created]).when(create(systemActor, 'n-2', 'event-1')).then([]);
    });
    it('another source event gets its own notification', () => {
      spec(notificationDecider).given([created]).when(create(systemActor, 'n-2', 'event-2')).then([{
        type: 'NotificationCreated',
        data: {
          userId: 'user-dana', notificationId: 'n-2', kind: 'order.approved', subject: { orderId: 'order-1' }, params: { vendorName: 'The Stars Band' },
          sourceEventId: 'event-2', at,
        },
      }]);
    });
    it('a taken notification id is refused', () => {
      spec(notificationDecider).given([created]).when(create(systemActor, 'n-1', 'event-2')).thenRefused('notification.id-taken');
    });
  });

  describe('MarkNotificationRead', () => {
    it('the recipient marks it read', () => {
      spec(notificationDecider).given([created]).when(markRead(dana)).then([read]);
    });
    it('marking it read again changes nothing', () => {
      spec(notificationDecider).given([created, read]).when(markRead(dana)).then([]);
    });
    it('an unknown notification is not found', () => {
      expect(spec(notificationDecider).given([created]).when(markRead(dana, 'n-9')).thenRefused('notification.not-found').kind).toBe('not_found');
    });
    it('someone else, even an admin, is refused', () => {
      spec(notificationDecider).given([created]).when(markRead(eli)).thenRefused('notification.forbidden');
      spec(notificationDecider).given([created]).when(markRead(admin)).thenRefused('notification.forbidden');
    });
    it('the state knows what is read', () => {
      expect(spec(notificationDecider).given([created, read]).state.readById.toJS()).toEqual({ 'n-1': true });
    });
  });

  describe('MarkAllNotificationsRead', () => {
    const markAll = (actor: Actor): NotificationCommand => ({ type: 'MarkAllNotificationsRead', actor, at: later, userId: 'user-dana' });
    const second: NotificationEvent = { type: 'NotificationCreated', data: { ...created.data, notificationId: 'n-2', sourceEventId: 'event-2' } } as NotificationEvent;
    const third: NotificationEvent = { type: 'NotificationCreated', data: { ...created.data, notificationId: 'n-3', sourceEventId: 'event-3' } } as NotificationEvent;
    it('marks every unread notification read in one decision, leaving the read ones alone', () => {
      spec(notificationDecider).given([created, second, read, third]).when(markAll(dana)).then([
        { type: 'NotificationRead', data: { userId: 'user-dana', notificationId: 'n-2', at: later } },
        { type: 'NotificationRead', data: { userId: 'user-dana', notificationId: 'n-3', at: later } },
      ]);
    });
    it('nothing unread (or no notifications at all) changes nothing', () => {
      spec(notificationDecider).given([created, read]).when(markAll(dana)).then([]);
      spec(notificationDecider).given([]).when(markAll(dana)).then([]);
    });
    it('someone else, even an admin, is refused', () => {
      spec(notificationDecider).given([created]).when(markAll(eli)).thenRefused('notification.forbidden');
      spec(notificationDecider).given([created]).when(markAll(admin)).thenRefused('notification.forbidden');
    });
  });
});
