import { messageSection } from './section.ts';

// Texts of the notifications screen and the header's bell (the base messages hold notifications.title
// and .empty, and each kind's text under notification.<kind>).
export const notificationsMessages = messageSection(
  {
    notifications: {
      emptyHint: 'We will let you know here when an order, a message or a contract needs your attention.',
      unread: 'Unread',
      markRead: 'Mark as read',
      markAllRead: 'Mark all read',
      saving: 'Saving…',
      openOrder: 'View the order',
      openVendorOrders: 'View your orders',
      openConversation: 'Open the conversation',
      openContracts: 'View contracts',
      headerLink: 'Notifications',
      headerLinkUnread: 'Notifications, {{count}} unread',
      listLabel: 'Your notifications',
    },
  },
  {
    notifications: {
      emptyHint: 'כאן נודיע לך כשהזמנה, הודעה או חוזה דורשים את תשומת לבך.',
      unread: 'לא נקראה',
      markRead: 'סימון כנקראה',
      markAllRead: 'סימון הכול כנקרא',
      saving: 'בשמירה…',
      openOrder: 'צפייה בהזמנה',
      openVendorOrders: 'צפייה בהזמנות שלך',
      openConversation: 'פתיחת השיחה',
      openContracts: 'צפייה בחוזים',
      headerLink: 'התראות',
      headerLinkUnread: 'התראות, שלא נקראו: {{count}}',
      listLabel: 'ההתראות שלך',
    },
  },
);
