import { describe, expect, it } from 'vitest';
import { notificationsProjection, type NotificationView } from './projection.ts';
import { fold, recorded } from '../testing/recorded-event.ts';

describe('notifications view', () => {
  it('lists a user notification, unread until read', () => {
    const created = recorded('notifications-u1', { type: 'NotificationCreated', data: { userId: 'u1', notificationId: 'n1', kind: 'order.payed', subject: { orderId: 'o1' }, params: { vendorName: 'Stars' }, sourceEventId: 'e1', at: '2026-04-01T00:00:00.000Z' } });
    const unread = fold<NotificationView>(notificationsProjection, [created]);
    expect(unread.n1).toMatchObject({ userId: 'u1', kind: 'order.payed', subject: { orderId: 'o1' }, read: false, readAt: null });
    const read = fold<NotificationView>(notificationsProjection, [
      recorded('notifications-u1', { type: 'NotificationRead', data: { userId: 'u1', notificationId: 'n1', at: '2026-04-02T00:00:00.000Z' } }),
      recorded('notifications-u1', { type: 'NotificationRead', data: { userId: 'u1', notificationId: 'n1', at: '2026-04-03T00:00:00.000Z' } }),
    ], unread);
    expect(read.n1).toMatchObject({ read: true, readAt: '2026-04-02T00:00:00.000Z' });
  });
});
