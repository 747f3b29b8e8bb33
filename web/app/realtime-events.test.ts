import { describe, expect, it } from 'vitest';
import { publishRealtime, subscribeRealtime, type RealtimeNotification } from './realtime-events.ts';
import { realtimeNotificationOf, serverMessageOf } from './realtime-messages.ts';

const received = (message: unknown) => realtimeNotificationOf(serverMessageOf(JSON.stringify(message)));

describe('realtime notifications in the browser', () => {
  it('reads the notification kind from the payload, not the message envelope', () => {
    // The shape web/realtime-hub.ts sends for what notifications/worker.ts publishes.
    const message = {
      type: 'notification', kind: 'notification',
      payload: { userId: 'u1', notificationId: 'n1', kind: 'order.approved', subject: { orderId: 'o1' }, params: { productName: 'Show' }, at: '2026-11-23T10:00:00.000Z', read: false },
    };
    expect(received(message)).toEqual({ notificationId: 'n1', kind: 'order.approved', subject: { orderId: 'o1' }, params: { productName: 'Show' }, at: '2026-11-23T10:00:00.000Z' });
  });

  it('ignores the welcome and malformed messages', () => {
    expect(received({ type: 'welcome', socketId: 's' })).toBeNull();
    expect(received({ type: 'notification', kind: 'order.placed' })).toBeNull();
    expect(received('text')).toBeNull();
  });

  it('hands each notification to every subscriber until it unsubscribes', () => {
    const seen: string[] = [];
    const stop = subscribeRealtime((notification) => seen.push(notification.kind));
    const notification: RealtimeNotification = { notificationId: 'n', kind: 'message.posted', subject: {}, params: {}, at: '' };
    publishRealtime(notification);
    stop();
    publishRealtime(notification);
    expect(seen).toEqual(['message.posted']);
  });
});
