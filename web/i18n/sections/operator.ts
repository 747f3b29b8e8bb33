import { messageSection } from './section.ts';

// Texts of the operator dashboard (web/pages/admin/operator-dashboard.tsx).
export const operatorMessages = messageSection(
  {
    operator: {
      title: 'Today\'s work',
      lead: 'What is waiting for the back office: paid orders the artist has not approved, orders not paid yet, and conversations the artist has not answered.',
      awaitingApproval: 'Paid, waiting for the artist', awaitingApprovalNone: 'No paid order is waiting for the artist.',
      newOrders: 'New, not paid yet', newOrdersNone: 'No order is waiting for payment.',
      unanswered: 'Conversations the artist has not answered', unansweredNone: 'Every conversation has an answer.',
      waitingSince: 'Waiting since', all: 'All of them ({{count}})',
      nothingGiven: 'Your role has no orders or conversations to look at. Ask an admin for access.',
    },
  },
  {
    operator: {
      title: 'העבודה של היום',
      lead: 'מה מחכה לצוות: הזמנות ששולמו והאמן עוד לא אישר, הזמנות שעוד לא שולמו, ושיחות שהאמן עוד לא ענה בהן.',
      awaitingApproval: 'שולמו, מחכות לאמן', awaitingApprovalNone: 'אין הזמנה ששולמה ומחכה לאמן.',
      newOrders: 'חדשות, עוד לא שולמו', newOrdersNone: 'אין הזמנה שמחכה לתשלום.',
      unanswered: 'שיחות שהאמן עוד לא ענה בהן', unansweredNone: 'בכל השיחות יש תשובה.',
      waitingSince: 'מחכה מאז', all: 'לכולן ({{count}})',
      nothingGiven: 'לתפקיד שלך אין הזמנות או שיחות לצפייה. אפשר לבקש גישה ממנהל.',
    },
  },
);
