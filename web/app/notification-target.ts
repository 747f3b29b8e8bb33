import type { CurrentUser, Notification } from '../api/view-models.ts';
import { audienceOf } from './notification-text.ts';

// Where a notification leads (a locale-free path) and the words of its link: an order to the
// customer's order page, or to the vendor's orders for the artist; a message to its conversation;
// a contract to the contracts screen; an artist's reply to the customer's reviews.
export interface NotificationTarget { path: string; labelKey: string }

export function notificationTarget(notification: Pick<Notification, 'kind' | 'subject'>, user: Pick<CurrentUser, 'Vendor'> | null): NotificationTarget | null {
  const { kind, subject } = notification;
  if (kind.startsWith('order.') && subject.orderId) {
    // Both sides hear of an order: the notice names its reader's part; one stored before audiences
    // existed is the artist's when it names the reader's vendor.
    const audience = audienceOf(notification);
    const forVendor = audience ? audience === 'vendor' : Boolean(user?.Vendor) && subject.vendorId === user?.Vendor?.id;
    return forVendor
      ? { path: '/user/dashboard/vendor/orders', labelKey: 'notifications.openVendorOrders' }
      : { path: `/order/${encodeURIComponent(subject.orderId)}/complete`, labelKey: 'notifications.openOrder' };
  }
  if (kind === 'message.posted' && subject.conversationId) {
    return { path: `/user/dashboard/conversations/${encodeURIComponent(subject.conversationId)}`, labelKey: 'notifications.openConversation' };
  }
  if (kind.startsWith('contract.')) return { path: '/user/dashboard/contracts', labelKey: 'notifications.openContracts' };
  // A quote notice goes to the reader's side of the request: the artist's incoming requests or the customer's quotes.
  if (kind.startsWith('quote.')) {
    return audienceOf(notification) === 'vendor'
      ? { path: '/user/dashboard/vendor/quotes', labelKey: 'notifications.openQuoteRequests' }
      : { path: '/user/dashboard/quotes', labelKey: 'notifications.openQuotes' };
  }
  // The artist replied to the customer's review: their reviews, where the reply shows under it.
  if (kind === 'review.replied') return { path: '/user/dashboard/reviews', labelKey: 'notifications.openReviews' };
  return null;
}
