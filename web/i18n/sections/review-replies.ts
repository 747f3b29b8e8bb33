import { messageSection } from './section.ts';

// Reviews as the storefront shows them (docs/reviews.md): the rating breakdown (5★…1★) and each review's
// "verified booking" mark and the artist's reply on the artist page, and the customer's notice of a reply.
// The dashboards' own review texts are in reviews.ts and vendor-reviews.ts, the back office's in admin-history.ts.
export const reviewRepliesMessages = messageSection(
  {
    notifications: { openReviews: 'View my reviews' },
    notification: { review: { replied: '{{vendorName}} replied to your review: {{preview}}' } },
    orderCard: { review: { hidden: 'Hidden by the site team: {{reason}}' } },
    reviewsPublic: {
      breakdown: 'Reviews by stars',
      starsShort: '{{stars}} ★',
      barLabel: '{{stars}} stars: {{count}} of {{total}} reviews',
      verified: 'Verified booking',
      verifiedHint: 'Written by a customer after an order with this artist was completed',
      replyTitle: "The artist's reply",
      replyFromAdmin: 'Reply on behalf of the artist',
      rating: '{{rating}} of 5 stars',
      edited: 'edited',
    },
  },
  {
    notifications: { openReviews: 'לביקורות שלי' },
    notification: { review: { replied: '{{vendorName}} הגיב/ה לביקורת שלך: {{preview}}' } },
    orderCard: { review: { hidden: 'הוסתרה על ידי צוות האתר: {{reason}}' } },
    reviewsPublic: {
      breakdown: 'ביקורות לפי כוכבים',
      starsShort: '{{stars}} ★',
      barLabel: '{{stars}} כוכבים: {{count}} מתוך {{total}} ביקורות',
      verified: 'הזמנה מאומתת',
      verifiedHint: 'נכתבה על ידי לקוח/ה אחרי שהזמנה אצל האמן הושלמה',
      replyTitle: 'תגובת האמן',
      replyFromAdmin: 'תגובה בשם האמן',
      rating: '{{rating}} מתוך 5 כוכבים',
      edited: 'נערכה',
    },
  },
);
