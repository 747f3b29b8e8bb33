import { describe, expect, it } from 'vitest';
import { notificationTarget } from './notification-target.ts';

describe('notificationTarget', () => {
  const customer = {};
  const artist = { Vendor: { id: 'v-1' } };

  it('leads an order to the order page for the customer and to the vendor orders for the artist', () => {
    const placed = { kind: 'order.placed', subject: { orderId: 'o-1', vendorId: 'v-1' } };
    expect(notificationTarget(placed, customer)).toEqual({ path: '/order/o-1/complete', labelKey: 'notifications.openOrder' });
    expect(notificationTarget(placed, artist)).toEqual({ path: '/user/dashboard/vendor/orders', labelKey: 'notifications.openVendorOrders' });
    // The notice's audience decides when it has one, whatever vendor the reader owns.
    expect(notificationTarget({ kind: 'order.placed', subject: { orderId: 'o-1', vendorId: 'v-1', audience: 'customer' } }, artist)?.path).toBe('/order/o-1/complete');
    expect(notificationTarget({ kind: 'order.placed', subject: { orderId: 'o-1', vendorId: 'v-1', audience: 'vendor' } }, artist)?.path).toBe('/user/dashboard/vendor/orders');
    // An artist who booked another artist is that order's customer.
    expect(notificationTarget({ kind: 'order.approved', subject: { orderId: 'o-2', vendorId: 'v-9' } }, artist)?.path).toBe('/order/o-2/complete');
  });

  it('leads a message to its conversation thread', () => {
    expect(notificationTarget({ kind: 'message.posted', subject: { conversationId: 'c-1', messageId: 'm-1' } }, artist))
      .toEqual({ path: '/user/dashboard/conversations/c-1', labelKey: 'notifications.openConversation' });
  });

  it('leads a contract to the contracts screen', () => {
    expect(notificationTarget({ kind: 'contract.sent', subject: { contractId: 'k-1', vendorId: 'v-1' } }, customer)?.path).toBe('/user/dashboard/contracts');
  });

  it('has nowhere to lead without the object it is about', () => {
    expect(notificationTarget({ kind: 'order.placed', subject: {} }, customer)).toBeNull();
    expect(notificationTarget({ kind: 'message.posted', subject: {} }, customer)).toBeNull();
    expect(notificationTarget({ kind: 'something.new', subject: { id: 'x' } }, customer)).toBeNull();
  });
});
