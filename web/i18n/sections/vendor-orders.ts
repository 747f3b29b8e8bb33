import { messageSection } from './section.ts';

// Texts of the artist's orders screen, and the artist-worded notifications of an order
// (notification.vendor.<kind>, web/app/notification-text.ts). Each language's notification text uses
// its own name params (productNameEn / productNameHe).
export const vendorOrdersMessages = messageSection(
  {
    vendorOrders: {
      open: 'Open orders',
      past: 'Past orders',
      emptyOpen: 'No open orders right now. When a customer books you, the order appears here at once — no need to reload.',
      emptyPast: 'Completed and canceled orders will show here.',
    },
    notification: {
      vendor: {
        'order.placed': 'New order from {{customerName}}: {{productNameEn}}',
        'order.payed': '{{customerName}} paid for {{productNameEn}}. Approve the order to confirm.',
        'order.approved': 'You approved the order of {{customerName}}: {{productNameEn}}',
        'order.completed': 'The order of {{customerName}} is completed: {{productNameEn}}',
        'order.canceled': 'The order of {{customerName}} was canceled: {{productNameEn}} ({{reason}})',
      },
    },
  },
  {
    vendorOrders: {
      open: 'הזמנות פתוחות',
      past: 'הזמנות קודמות',
      emptyOpen: 'אין כרגע הזמנות פתוחות. כשלקוח מזמין אותך, ההזמנה מופיעה כאן מיד — בלי לרענן.',
      emptyPast: 'הזמנות שהושלמו או בוטלו יופיעו כאן.',
    },
    notification: {
      vendor: {
        'order.placed': 'הזמנה חדשה מאת {{customerName}}: {{productNameHe}}',
        'order.payed': 'התקבל תשלום מאת {{customerName}} עבור {{productNameHe}}. אשרו את ההזמנה כדי לסגור את התאריך.',
        'order.approved': 'אישרת את ההזמנה של {{customerName}}: {{productNameHe}}',
        'order.completed': 'ההזמנה של {{customerName}} הושלמה: {{productNameHe}}',
        'order.canceled': 'ההזמנה של {{customerName}} בוטלה: {{productNameHe}} ({{reason}})',
      },
    },
  },
);
