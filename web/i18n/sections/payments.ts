import { messageSection } from './section.ts';

// Texts of the payments dashboard screen: every charge and refund of the customer.
export const paymentsMessages = messageSection(
  {
    payments: {
      totalsTitle: 'Totals',
      charged: 'Paid',
      refunded: 'Refunded',
      net: 'Total after refunds',
      tableCaption: 'Charges and refunds, newest first',
      date: 'Date',
      order: 'Order',
      artist: 'Artist',
      kind: 'Type',
      card: 'Card',
      amount: 'Amount',
      kinds: { charge: 'Charge', refund: 'Refund' },
      cardEnding: 'ending {{last4}}',
      empty: 'No payments yet. When you pay for an order, the charge shows here, and a refund if a paid order is canceled.',
      findArtists: 'Find an artist',
    },
  },
  {
    payments: {
      totalsTitle: 'סיכום',
      charged: 'שולם',
      refunded: 'הוחזר',
      net: 'סה״כ אחרי החזרים',
      tableCaption: 'חיובים והחזרים, מהחדש לישן',
      date: 'תאריך',
      order: 'הזמנה',
      artist: 'אמן',
      kind: 'סוג',
      card: 'כרטיס',
      amount: 'סכום',
      kinds: { charge: 'חיוב', refund: 'החזר' },
      cardEnding: 'המסתיים ב־{{last4}}',
      empty: 'עדיין אין תשלומים. כשתשלמו על הזמנה החיוב יופיע כאן, וגם החזר אם הזמנה ששולמה תבוטל.',
      findArtists: 'חיפוש אמן',
    },
  },
);
