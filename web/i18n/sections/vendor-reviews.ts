import { messageSection } from './section.ts';

// Texts of the vendor's reviews dashboard screen: the rating summary and the reviews.
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
    },
  },
);
