import { messageSection } from './section.ts';

// Texts of the back office's tools and indexes: the entity types (web/pages/admin/entity-index.tsx),
// my conversations, the payments playground, the styleguide and the analysts' export.
export const adminToolsMessages = messageSection(
  {
    adminTools: {
      entities: {
        title: 'Entities', lead: 'The kinds of records the back office keeps beside artists, products and orders. Choose one to list, create and edit them.',
        phoneNumberDispense: 'Visitors who asked for an artist\'s phone number, with the number they were given.',
      },
      myConversations: {
        lead: 'Conversations you take part in yourself: as a customer writing to an artist, or as the artist you own. Open one to read and answer it.',
        empty: 'You have no conversations of your own.', asCustomer: 'You wrote to this artist', asArtist: 'A customer of your artist page', unread: 'Unread: {{count}}',
      },
      playground: {
        lead: 'Try a card against the payment gateway without an order: an accepted charge is refunded at once, so nothing stays charged. Customers see the same answers.',
        card: 'Card number', amount: 'Amount (₪)', try: 'Try the card', trying: 'Trying…', testCards: 'Test cards',
        outcomes: { accepted: 'Accepted', declined: 'Declined: card declined', insufficientFunds: 'Declined: insufficient funds' },
        accepted: 'Accepted: the card ending {{last4}} was charged.', refunded: 'The charge was refunded at once.', declined: 'Declined: the card ending {{last4}} was refused.',
      },
      export: {
        lead: 'Export events of the log for analysis, as the replay command does: NDJSON (one event per line, the format an import takes) or CSV for a spreadsheet. Leave everything empty for the whole log.',
        categories: 'Stream categories', categoriesHint: 'Events of any chosen category; none chosen: every category.', otherCategories: 'Other categories (comma separated)',
        stream: 'One stream (optional)', streamError: 'A stream id is its category, a dash and the id, e.g. order-123.',
        from: 'From (Israel day)', to: 'To (Israel day, included)', rangeBackwards: 'The range ends before it starts.',
        format: 'Format', ndjson: 'NDJSON (one event per line)', csv: 'CSV (spreadsheet)', start: 'Start the export', starting: 'Starting…',
        tooMany: 'Two exports are running already. Try again when one has finished.',
        job: 'The export', progress: 'Export progress', running: '{{percent}}% of the log read: {{exported}} of {{scanned}} events exported so far.',
        refresh: 'Show the progress again',
        done: 'Done: {{exported}} of {{scanned}} events, {{size}}.', download: 'Download the file', kept: 'The file is kept for an hour.',
        failures: {
          'too-large': 'The export stopped: the file grew past 200 MB. Choose fewer categories or a shorter range.',
          'too-long': 'The export stopped: it took more than 10 minutes. Choose fewer categories or a shorter range.',
          error: 'The export failed. Try again; if it fails again, tell the developers.',
        },
      },
      styleguide: {
        lead: 'The parts pages are built from, as they look in this language and direction.',
        colours: 'Colours', type: 'Type', sample: 'Find the right artist for your event', paragraph: 'Body text: singers, bands, DJs and magicians for weddings, bar and bat mitzvahs and company events all over Israel.',
        muted: 'Muted text, for what is less important.', link: 'A link',
        buttons: 'Buttons', primary: 'Main action', secondary: 'Other action', small: 'Small', danger: 'Yes, delete', remove: 'Remove', disabled: 'Not now', linkButton: 'A button that looks like a link',
        forms: 'Form fields', field: 'A field', value: 'What was typed', hint: 'A hint under the field.', invalidField: 'A field with an error', error: 'What is wrong, and how to fix it.',
        choice: 'A choice', check: 'A check box', feedback: 'Messages and statuses', notice: 'A notice: something the reader should know.',
        breakpoints: 'Breakpoints (SPEC §9)', mobile: 'Phone layout',
      },
    },
  },
  {
    adminTools: {
      entities: {
        title: 'ישויות', lead: 'סוגי הרשומות שהניהול שומר לצד אמנים, מוצרים והזמנות. בחרו סוג כדי לראות, ליצור ולערוך.',
        phoneNumberDispense: 'מבקרים שביקשו את מספר הטלפון של אמן, עם המספר שקיבלו.',
      },
      myConversations: {
        lead: 'שיחות שבהן את/ה משתתף/ת בעצמך: כלקוח שכותב לאמן, או כאמן שבבעלותך. פתחו שיחה כדי לקרוא ולענות.',
        empty: 'אין לך שיחות משלך.', asCustomer: 'כתבת לאמן הזה', asArtist: 'לקוח של עמוד האמן שלך', unread: 'לא נקראו: {{count}}',
      },
      playground: {
        lead: 'ניסיון של כרטיס מול שער התשלומים בלי הזמנה: חיוב שמתקבל מוחזר מיד, כך ששום דבר לא נשאר מחויב. הלקוחות רואים את אותן תשובות.',
        card: 'מספר כרטיס', amount: 'סכום (₪)', try: 'ניסיון הכרטיס', trying: 'מנסים…', testCards: 'כרטיסי ניסיון',
        outcomes: { accepted: 'מתקבל', declined: 'נדחה: הכרטיס סורב', insufficientFunds: 'נדחה: אין מספיק כסף' },
        accepted: 'התקבל: הכרטיס שמסתיים ב־{{last4}} חויב.', refunded: 'החיוב הוחזר מיד.', declined: 'נדחה: הכרטיס שמסתיים ב־{{last4}} סורב.',
      },
      export: {
        lead: 'ייצוא אירועים מהיומן לניתוח, כמו שפקודת ה־replay עושה: NDJSON (אירוע בכל שורה, הפורמט שייבוא מקבל) או CSV לגיליון אלקטרוני. בלי סינון: כל היומן.',
        categories: 'קטגוריות של זרמים', categoriesHint: 'אירועים מכל קטגוריה שנבחרה; בלי בחירה: כל הקטגוריות.', otherCategories: 'קטגוריות נוספות (מופרדות בפסיקים)',
        stream: 'זרם אחד (לא חובה)', streamError: 'מזהה זרם הוא הקטגוריה, מקף והמזהה, למשל order-123.',
        from: 'מיום (לפי שעון ישראל)', to: 'עד יום (כולל, לפי שעון ישראל)', rangeBackwards: 'הטווח מסתיים לפני שהוא מתחיל.',
        format: 'פורמט', ndjson: 'NDJSON (אירוע בכל שורה)', csv: 'CSV (גיליון אלקטרוני)', start: 'התחלת הייצוא', starting: 'מתחילים…',
        tooMany: 'כבר רצים שני ייצואים. אפשר לנסות שוב כשאחד מהם יסתיים.',
        job: 'הייצוא', progress: 'התקדמות הייצוא', running: 'נקראו {{percent}}% מהיומן: {{exported}} מתוך {{scanned}} אירועים יוצאו עד עכשיו.',
        refresh: 'הצגת ההתקדמות מחדש',
        done: 'הסתיים: {{exported}} מתוך {{scanned}} אירועים, {{size}}.', download: 'הורדת הקובץ', kept: 'הקובץ נשמר שעה.',
        failures: {
          'too-large': 'הייצוא נעצר: הקובץ עבר 200 מגה-בייט. כדאי לבחור פחות קטגוריות או טווח קצר יותר.',
          'too-long': 'הייצוא נעצר: הוא נמשך יותר מ־10 דקות. כדאי לבחור פחות קטגוריות או טווח קצר יותר.',
          error: 'הייצוא נכשל. אפשר לנסות שוב; אם ייכשל שוב, ספרו למפתחים.',
        },
      },
      styleguide: {
        lead: 'החלקים שמהם בנויים הדפים, כפי שהם נראים בשפה ובכיוון הזה.',
        colours: 'צבעים', type: 'טקסט', sample: 'מוצאים את האמן המתאים לאירוע', paragraph: 'טקסט רגיל: זמרים, להקות, תקליטנים וקוסמים לחתונות, בר ובת מצווה ואירועי חברה בכל הארץ.',
        muted: 'טקסט מעומעם, למה שפחות חשוב.', link: 'קישור',
        buttons: 'כפתורים', primary: 'פעולה ראשית', secondary: 'פעולה אחרת', small: 'קטן', danger: 'כן, למחוק', remove: 'הסרה', disabled: 'לא עכשיו', linkButton: 'כפתור שנראה כמו קישור',
        forms: 'שדות טופס', field: 'שדה', value: 'מה שהוקלד', hint: 'רמז מתחת לשדה.', invalidField: 'שדה עם שגיאה', error: 'מה לא בסדר, ואיך לתקן.',
        choice: 'בחירה', check: 'תיבת סימון', feedback: 'הודעות ומצבים', notice: 'הודעה: משהו שכדאי לדעת.',
        breakpoints: 'נקודות שבירה (SPEC §9)', mobile: 'תצוגת טלפון',
      },
    },
  },
);
