import { messageSection } from './section.ts';

// Texts of the admin Analytics screen (web/pages/admin/analytics.tsx) and of the admin money screen (web/pages/admin/money.tsx).
export const adminAnalyticsMessages = messageSection(
  {
    adminAnalytics: {
      intro: 'Orders placed in the chosen period: where they stand now, what they brought in, how far ahead people book and how fast artists approve.',
      range: { label: 'Period', days30: 'Last 30 days', days90: 'Last 90 days', days365: 'Last 365 days' },
      period: 'From {{from}} to {{to}}, Israel time.',
      totals: {
        title: 'The period in numbers', orders: 'Orders placed', paid: 'Paid', revenue: 'Revenue after refunds', canceled: 'Canceled',
        medianResponse: 'Median approval time', none: 'None yet',
      },
      orders: {
        title: { day: 'Orders per day by status', week: 'Orders per week by status', month: 'Orders per month by status' },
        description: 'Orders by the day they were placed, coloured by the status they have now.',
        valueAxis: 'Orders', categoryAxis: { day: 'Day', week: 'Week starting', month: 'Month' },
        weekOf: 'Week of {{date}}', count: 'Orders: {{count}}', empty: 'No orders were placed in this period.',
      },
      revenue: {
        title: 'Revenue per category', description: 'Payments minus refunds of the period’s orders, by the artist’s main category.',
        valueAxis: 'Revenue (₪)', categoryAxis: 'Category', uncategorized: 'No category', empty: 'No paid orders in this period.',
      },
      money: {
        title: 'Revenue by month: deposits, balances and full payments',
        description: 'Money paid in each month, by the day it came in: deposits that hold a date, balances paid after them, and whole prices paid at once by orders without a deposit.',
        deposit: 'Deposits', balance: 'Balances', full: 'Paid in full',
        refunded: 'Owed back by cancels in the period: {{amount}}.',
        empty: 'No payments came in during this period.',
      },
      lead: {
        title: 'Booking lead time', description: 'Days between placing an order and its event, for services booked for a date and time.',
        valueAxis: 'Orders', categoryAxis: 'Days before the event', empty: 'No orders for a date were placed in this period.',
      },
      response: {
        title: 'Artist response time', description: 'Time from the customer’s payment to the artist’s approval.',
        median: 'Median: {{time}}, over {{count}} approved orders.', valueAxis: 'Orders', categoryAxis: 'Time to approve',
        empty: 'No paid order was approved in this period yet.',
      },
      bins: { underHour: 'under 1 h', hours: '{{range}} h', days: '{{range}} days' },
      sources: {
        title: 'Visits by source (utm_source)', description: 'Visits that arrived through a link tagged with utm_source.',
        valueAxis: 'Visits', categoryAxis: 'Source', others: 'And {{sources}} more sources with {{hits}} visits.',
        empty: 'No tagged visits in this period: links carrying ?utm_source=… are counted here.',
        superUsersOnly: 'Visits by source are shown to super users only.',
      },
    },
    // The admin money screen (web/pages/admin/money.tsx; issue 26).
    adminMoney: {
      intro: 'What customers paid and owe, and what is owed back to them: every amount is the order\'s own payments and cancels added up. A balance is overdue once its due date passed unpaid.',
      filter: { label: 'Filter', vendor: 'Artist', anyVendor: 'All artists', apply: 'Show', clear: 'All artists' },
      sums: {
        title: 'Sums', depositsTaken: 'Deposits taken', balancesDue: 'Balances due', overdueBalances: 'Overdue balances', refundsOwed: 'Refunds owed',
        refunded: 'Refunded', fullPaid: 'Paid in full at once', balancesPaid: 'Balances paid',
      },
      overdueBalances: { title: 'Overdue balances', lead: 'Past their due date and unpaid, longest overdue first. The artist may cancel such an order under its policy.', empty: 'No balance is overdue.' },
      balancesDue: { title: 'Balances due', lead: 'Deposits paid, balances still to come, soonest due first.', empty: 'No balance is waiting to be paid.' },
      depositsTaken: { title: 'Deposits taken', lead: 'Orders whose first payment was a deposit, newest first.', empty: 'No deposits taken yet.' },
      refundsOwed: { title: 'Refunds owed', lead: 'Owed back to the customer\'s card by a cancel and not refunded yet.', empty: 'No refund is waiting.' },
      refunded: { title: 'Refunded', lead: 'Refunds the card gateway has made.', empty: 'Nothing refunded yet.' },
      columns: {
        order: 'Order', artist: 'Artist', total: 'Price', status: 'Status', balanceDue: 'Balance due', dueDate: 'Due on', event: 'Event', paid: 'Paid so far',
        deposit: 'Deposit', paidOn: 'Paid on', balancePaid: 'Balance paid', owed: 'Owed back', since: 'Since', refunded: 'Refunded', refundedOn: 'On',
      },
      overdue: 'Overdue', noDate: 'No date', sumOf: 'Total of {{count}}:', more: 'Showing {{shown}} of {{count}}; choose an artist to see theirs.',
    },
  },
  {
    adminAnalytics: {
      intro: 'ההזמנות שבוצעו בתקופה שנבחרה: היכן הן עומדות עכשיו, כמה הכניסו, כמה זמן מראש מזמינים ובאיזו מהירות האמנים מאשרים.',
      range: { label: 'תקופה', days30: '30 הימים האחרונים', days90: '90 הימים האחרונים', days365: '365 הימים האחרונים' },
      period: 'מ־{{from}} עד {{to}}, לפי שעון ישראל.',
      totals: {
        title: 'התקופה במספרים', orders: 'הזמנות שבוצעו', paid: 'שולמו', revenue: 'הכנסות אחרי החזרים', canceled: 'בוטלו',
        medianResponse: 'חציון זמן האישור', none: 'עדיין אין',
      },
      orders: {
        title: { day: 'הזמנות ליום לפי סטטוס', week: 'הזמנות לשבוע לפי סטטוס', month: 'הזמנות לחודש לפי סטטוס' },
        description: 'ההזמנות לפי היום שבו בוצעו, בצבע הסטטוס שלהן כעת.',
        valueAxis: 'הזמנות', categoryAxis: { day: 'יום', week: 'שבוע שמתחיל ב־', month: 'חודש' },
        weekOf: 'השבוע של {{date}}', count: 'הזמנות: {{count}}', empty: 'לא בוצעו הזמנות בתקופה זו.',
      },
      revenue: {
        title: 'הכנסות לפי קטגוריה', description: 'תשלומים פחות החזרים של הזמנות התקופה, לפי הקטגוריה הראשית של האמן.',
        valueAxis: 'הכנסות (₪)', categoryAxis: 'קטגוריה', uncategorized: 'ללא קטגוריה', empty: 'אין הזמנות ששולמו בתקופה זו.',
      },
      money: {
        title: 'הכנסות לפי חודש: מקדמות, יתרות ותשלומים מלאים',
        description: 'הכסף ששולם בכל חודש, לפי היום שבו התקבל: מקדמות ששומרות תאריך, יתרות ששולמו אחריהן, ומחירים מלאים ששולמו בבת אחת בהזמנות בלי מקדמה.',
        deposit: 'מקדמות', balance: 'יתרות', full: 'תשלום מלא',
        refunded: 'הוחזרו בביטולים בתקופה: {{amount}}.',
        empty: 'לא התקבלו תשלומים בתקופה זו.',
      },
      lead: {
        title: 'כמה זמן מראש מזמינים', description: 'מספר הימים בין ביצוע ההזמנה לבין האירוע, בשירותים שמוזמנים לתאריך ושעה.',
        valueAxis: 'הזמנות', categoryAxis: 'ימים לפני האירוע', empty: 'לא בוצעו בתקופה זו הזמנות לתאריך מסוים.',
      },
      response: {
        title: 'זמן התגובה של האמנים', description: 'הזמן מהתשלום של הלקוח ועד אישור האמן.',
        median: 'חציון: {{time}}, מתוך {{count}} הזמנות שאושרו.', valueAxis: 'הזמנות', categoryAxis: 'זמן עד לאישור',
        empty: 'עדיין לא אושרה בתקופה זו הזמנה ששולמה.',
      },
      bins: { underHour: 'עד שעה', hours: '{{range}} שע׳', days: '{{range}} ימים' },
      sources: {
        title: 'כניסות לפי מקור (utm_source)', description: 'כניסות שהגיעו מקישור שמתויג ב־utm_source.',
        valueAxis: 'כניסות', categoryAxis: 'מקור', others: 'ועוד {{sources}} מקורות עם {{hits}} כניסות.',
        empty: 'אין כניסות מתויגות בתקופה זו: כאן נספרים קישורים שנושאים ‎?utm_source=…‎.',
        superUsersOnly: 'כניסות לפי מקור מוצגות למשתמשי־על בלבד.',
      },
    },
    adminMoney: {
      intro: 'מה שהלקוחות שילמו ועוד חייבים, ומה שמגיע להם בחזרה: כל סכום הוא חיבור התשלומים והביטולים של ההזמנה עצמה. יתרה באיחור כשמועד התשלום שלה עבר והיא לא שולמה.',
      filter: { label: 'סינון', vendor: 'אמן', anyVendor: 'כל האמנים', apply: 'הצגה', clear: 'כל האמנים' },
      sums: {
        title: 'סיכומים', depositsTaken: 'מקדמות שהתקבלו', balancesDue: 'יתרות לתשלום', overdueBalances: 'יתרות באיחור', refundsOwed: 'החזרים שטרם בוצעו',
        refunded: 'הוחזר', fullPaid: 'שולם במלואו בבת אחת', balancesPaid: 'יתרות ששולמו',
      },
      overdueBalances: { title: 'יתרות באיחור', lead: 'מועד התשלום עבר והן לא שולמו, מהאיחור הארוך ביותר. האמן רשאי לבטל הזמנה כזו לפי המדיניות שלה.', empty: 'אין יתרה באיחור.' },
      balancesDue: { title: 'יתרות לתשלום', lead: 'המקדמה שולמה והיתרה עוד לפניהן, מהמועד הקרוב ביותר.', empty: 'אין יתרה שממתינה לתשלום.' },
      depositsTaken: { title: 'מקדמות שהתקבלו', lead: 'הזמנות שהתשלום הראשון שלהן היה מקדמה, מהחדשה ביותר.', empty: 'עדיין לא התקבלו מקדמות.' },
      refundsOwed: { title: 'החזרים שטרם בוצעו', lead: 'מגיעים בחזרה לכרטיס של הלקוח בעקבות ביטול ועדיין לא הוחזרו.', empty: 'אין החזר שממתין.' },
      refunded: { title: 'הוחזר', lead: 'החזרים שחברת הסליקה ביצעה.', empty: 'עדיין לא הוחזר דבר.' },
      columns: {
        order: 'הזמנה', artist: 'אמן', total: 'מחיר', status: 'סטטוס', balanceDue: 'יתרה לתשלום', dueDate: 'לתשלום עד', event: 'אירוע', paid: 'שולם עד כה',
        deposit: 'מקדמה', paidOn: 'שולמה ב־', balancePaid: 'יתרה ששולמה', owed: 'מגיע בחזרה', since: 'מאז', refunded: 'הוחזר', refundedOn: 'בתאריך',
      },
      overdue: 'באיחור', noDate: 'ללא תאריך', sumOf: 'סך הכול של {{count}}:', more: 'מוצגות {{shown}} מתוך {{count}}; בחרו אמן כדי לראות את שלו.',
    },
  },
);
