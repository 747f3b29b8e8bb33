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
    dashboard: { items: { 'vendor/insights': 'Repeat customers and sources' } },
    vendorInsights: {
      title: 'Repeat customers and sources',
      lead: 'What your bookings and conversations tell: who came back, where customers came from, and how many conversations became orders.',
      figures: 'Your figures',
      repeat: 'Customers who booked you twice or more',
      repeatOf: 'Out of {{customers}} customers who booked you',
      noBookings: 'No bookings yet. When customers book you, they are counted here.',
      bookings: 'Bookings',
      bookingsHint: 'Orders paid, approved or completed (canceled ones are not counted).',
      conversion: 'Conversations that led to an order',
      conversionOf: '{{converted}} of {{conversations}} conversations, an order within {{days}} days',
      noConversations: 'No conversations yet. When a customer writes to you, it is counted here.',
      sources: 'Where bookings came from',
      sourcesEmpty: 'No bookings yet, so no sources to show.',
      direct: 'Direct (no campaign link)',
      sourceBookings: 'Bookings: {{bookings}}',
      sourcesHint: 'A booking counts for the campaign link (utm_source) the customer last came through while signed in, up to 30 days before ordering; otherwise it is direct.',
      definitions: 'A conversation led to an order when the same customer ordered from you within {{days}} days of opening it, whatever became of the order. The figures cover everything since you joined.',
    },
    notification: {
      vendor: {
        'order.placed': 'New order from {{customerName}}: {{productNameEn}}',
        'order.payed': '{{customerName}} paid for {{productNameEn}}. Approve the order to confirm.',
        'order.balancePaid': '{{customerName}} paid the balance of ₪{{amount}} for {{productNameEn}}.',
        'order.approved': 'You approved the order of {{customerName}}: {{productNameEn}}',
        'order.completed': 'The order of {{customerName}} is completed: {{productNameEn}}',
        'order.canceled': 'The order of {{customerName}} was canceled: {{productNameEn}} ({{reason}})',
        'order.balanceOverdue': '{{customerName}} has not paid the balance of ₪{{amount}} for {{productNameEn}}, due on {{dueDate}}. You may cancel the order under its policy.',
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
    dashboard: { items: { 'vendor/insights': 'לקוחות חוזרים ומקורות' } },
    vendorInsights: {
      title: 'לקוחות חוזרים ומקורות',
      lead: 'מה מספרים ההזמנות והשיחות שלך: מי חזר, מאיפה הגיעו הלקוחות, וכמה שיחות הפכו להזמנה.',
      figures: 'הנתונים שלך',
      repeat: 'לקוחות שהזמינו אותך פעמיים או יותר',
      repeatOf: 'מתוך {{customers}} לקוחות שהזמינו אותך',
      noBookings: 'עדיין אין הזמנות. כשלקוחות יזמינו אותך, הם ייספרו כאן.',
      bookings: 'הזמנות',
      bookingsHint: 'הזמנות ששולמו, אושרו או הושלמו (הזמנות שבוטלו אינן נספרות).',
      conversion: 'שיחות שהובילו להזמנה',
      conversionOf: '{{converted}} מתוך {{conversations}} שיחות, הזמנה תוך {{days}} ימים',
      noConversations: 'עדיין אין שיחות. כשלקוח יכתוב לך, השיחה תיספר כאן.',
      sources: 'מאיפה הגיעו ההזמנות',
      sourcesEmpty: 'עדיין אין הזמנות, ולכן אין מקורות להציג.',
      direct: 'ישירות (בלי קישור קמפיין)',
      sourceBookings: 'הזמנות: {{bookings}}',
      sourcesHint: 'הזמנה נזקפת לקישור הקמפיין (utm_source) שדרכו הלקוח הגיע לאחרונה כשהיה מחובר, עד 30 יום לפני ההזמנה; אחרת היא ישירה.',
      definitions: 'שיחה הובילה להזמנה כשאותו לקוח הזמין ממך תוך {{days}} ימים מפתיחתה, לא משנה מה עלה בגורל ההזמנה. הנתונים כוללים את כל מה שקרה מאז שהצטרפת.',
    },
    notification: {
      vendor: {
        'order.placed': 'הזמנה חדשה מאת {{customerName}}: {{productNameHe}}',
        'order.payed': 'התקבל תשלום מאת {{customerName}} עבור {{productNameHe}}. אשרו את ההזמנה כדי לסגור את התאריך.',
        'order.balancePaid': '{{customerName}} שילם/ה את יתרת התשלום, ₪{{amount}}, עבור {{productNameHe}}.',
        'order.approved': 'אישרת את ההזמנה של {{customerName}}: {{productNameHe}}',
        'order.completed': 'ההזמנה של {{customerName}} הושלמה: {{productNameHe}}',
        'order.canceled': 'ההזמנה של {{customerName}} בוטלה: {{productNameHe}} ({{reason}})',
        'order.balanceOverdue': '{{customerName}} לא שילם/ה את היתרה של ₪{{amount}} עבור {{productNameHe}}, שהייתה לתשלום עד {{dueDate}}. אפשר לבטל את ההזמנה לפי המדיניות שלה.',
      },
    },
  },
);
