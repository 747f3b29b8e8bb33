import { messageSection } from './section.ts';

// Texts of the vendor's reviews dashboard screen: the rating summary, the reviews and the reply to each.
export const vendorReviewsMessages = messageSection(
  {
    vendorReviews: {
      summaryTitle: 'Rating summary',
      average: 'Average rating',
      basedOn: 'From {{count}} reviews',
      basedOnOne: 'From 1 review',
      distribution: 'Reviews by stars',
      starsLabel: '{{stars}} ★',
      barLabel: '{{stars}} stars: {{count}} of {{total}} reviews',
      listTitle: 'What customers wrote',
      noText: 'A rating without a written review.',
      empty: 'No reviews yet. Customers can review an order once you mark it completed.',
      toOrders: 'My orders',
      publicPage: 'See them on your artist page',
      reply: {
        text: 'Your reply',
        hint: 'Shown under the review on your artist page. You can reply once, up to {{max}} characters.',
        send: 'Publish reply',
        sending: 'Publishing…',
        sent: 'Your reply is published.',
        errors: { empty: 'Write your reply.', tooLong: 'A reply can have at most {{max}} characters.' },
      },
    },
  },
  {
    vendorReviews: {
      summaryTitle: 'סיכום הדירוגים',
      average: 'דירוג ממוצע',
      basedOn: 'מתוך {{count}} ביקורות',
      basedOnOne: 'מתוך ביקורת אחת',
      distribution: 'ביקורות לפי כוכבים',
      starsLabel: '{{stars}} ★',
      barLabel: '{{stars}} כוכבים: {{count}} מתוך {{total}} ביקורות',
      listTitle: 'מה כתבו הלקוחות',
      noText: 'דירוג ללא ביקורת כתובה.',
      empty: 'עדיין אין ביקורות. לקוחות יכולים לדרג הזמנה אחרי שתסמנו אותה כהושלמה.',
      toOrders: 'ההזמנות שלי',
      publicPage: 'לצפייה בעמוד האמן שלך',
      reply: {
        text: 'התגובה שלך',
        hint: 'מוצגת מתחת לביקורת בעמוד האמן שלך. אפשר להגיב פעם אחת, עד {{max}} תווים.',
        send: 'פרסום התגובה',
        sending: 'מפרסמים…',
        sent: 'התגובה שלך פורסמה.',
        errors: { empty: 'נא לכתוב תגובה.', tooLong: 'תגובה יכולה להכיל עד {{max}} תווים.' },
      },
    },
  },
);
