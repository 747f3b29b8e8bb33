// The demo marketplace's content: artist categories, places, languages, vendors, products and
// articles, in Hebrew and English. Deterministic (no randomness), so every fresh start looks the same.

export interface DemoTag { key: string; he: string; en: string; /** One artist of the category, for intros. */ heOne: string; enOne: string }
export interface DemoPlace { key: string; he: string; en: string; lat: number; lng: number }
export const categories: DemoTag[] = [
  { key: 'singers', he: 'זמרים', en: 'Singers', heOne: 'זמר/ת', enOne: 'Singer' },
  { key: 'bands', he: 'להקות', en: 'Bands', heOne: 'להקה', enOne: 'Band' },
  { key: 'djs', he: 'תקליטנים', en: 'DJs', heOne: 'תקליטן/ית', enOne: 'DJ' },
  { key: 'magicians', he: 'קוסמים', en: 'Magicians', heOne: 'קוסם/ת', enOne: 'Magician' },
  { key: 'stand-up', he: 'סטנדאפיסטים', en: 'Stand-up comedians', heOne: 'סטנדאפיסט/ית', enOne: 'Stand-up comedian' },
  { key: 'klezmer', he: 'כליזמרים', en: 'Klezmer', heOne: 'כליזמר', enOne: 'Klezmer musician' },
  { key: 'violinists', he: 'כנרים', en: 'Violinists', heOne: 'כנר/ית', enOne: 'Violinist' },
  { key: 'dancers', he: 'רקדנים', en: 'Dancers', heOne: 'רקדן/ית', enOne: 'Dancer' },
  { key: 'clowns', he: 'ליצנים', en: 'Clowns', heOne: 'ליצן/ית', enOne: 'Clown' },
  { key: 'guitarists', he: 'גיטריסטים', en: 'Guitarists', heOne: 'גיטריסט/ית', enOne: 'Guitarist' },
];

export const places: DemoPlace[] = [
  { key: 'tel-aviv', he: 'תל אביב', en: 'Tel Aviv', lat: 32.0853, lng: 34.7818 },
  { key: 'jerusalem', he: 'ירושלים', en: 'Jerusalem', lat: 31.7683, lng: 35.2137 },
  { key: 'haifa', he: 'חיפה', en: 'Haifa', lat: 32.794, lng: 34.9896 },
  { key: 'beer-sheva', he: 'באר שבע', en: "Be'er Sheva", lat: 31.252, lng: 34.7915 },
  { key: 'eilat', he: 'אילת', en: 'Eilat', lat: 29.5577, lng: 34.9519 },
  { key: 'netanya', he: 'נתניה', en: 'Netanya', lat: 32.3215, lng: 34.8532 },
  { key: 'rishon', he: 'ראשון לציון', en: 'Rishon LeZion', lat: 31.973, lng: 34.7925 },
  { key: 'herzliya', he: 'הרצליה', en: 'Herzliya', lat: 32.1624, lng: 34.8447 },
  { key: 'ashdod', he: 'אשדוד', en: 'Ashdod', lat: 31.8014, lng: 34.6435 },
  { key: 'galilee', he: 'הגליל', en: 'Galilee', lat: 32.9, lng: 35.3 },
];

export const languages = [
  { code: 'he', he: 'עברית', en: 'Hebrew' },
  { code: 'en', he: 'אנגלית', en: 'English' },
  { code: 'ru', he: 'רוסית', en: 'Russian' },
  { code: 'ar', he: 'ערבית', en: 'Arabic' },
  { code: 'fr', he: 'צרפתית', en: 'French' },
  { code: 'am', he: 'אמהרית', en: 'Amharic' },
];

// The artists themselves are in demo-vendors.ts.

export const articles = [
  {
    key: 'about', kind: 'page' as const, alias: 'about',
    title: { he: 'אודות', en: 'About us' },
    body: {
      he: '<p>הבמה היא שוק אמנים ישראלי: מוצאים, משוחחים ומזמינים אמנים לכל אירוע – זמרים, להקות, תקליטנים, קוסמים, סטנדאפיסטים, כליזמרים ונגנים קלאסיים.</p><p>כל אמן מנהל בעצמו את העמוד, המחירים ולוח השנה שלו, כך שמה שרואים באתר הוא מה שפנוי באמת. התשלום עובר דרכנו ומוחזר במלואו אם ההזמנה מתבטלת לפני שהאמן אישר אותה.</p><p>זהו אתר הדגמה: האמנים, ההזמנות ומספר הטלפון בדויים.</p>',
      en: '<p>HaBama is an Israeli marketplace where you find, chat with and book performing artists for any event: singers, bands, DJs, magicians, stand-up comics, klezmer and classical musicians.</p><p>Every artist runs their own page, prices and calendar, so what you see is what is really free. Payment goes through us and is refunded in full if the order is canceled before the artist approves it.</p><p>This is a demo site: the artists, orders and phone number are made up.</p>',
    },
  },
  {
    key: 'contact', kind: 'page' as const, alias: 'contact',
    title: { he: 'צור קשר', en: 'Contact' },
    body: {
      he: '<p>צוות השירות זמין בימים א׳–ה׳ בין 9:00 ל־18:00.</p><ul><li>וואטסאפ: <span dir="ltr">+972 54-555-0123</span> (מספר הדגמה)</li><li>דוא״ל: support@demo.local</li></ul><p>בשאלות על הזמנה קיימת צרפו את מספר ההזמנה, ונחזור אליכם באותו יום עסקים.</p>',
      en: '<p>Our support team is available Sunday to Thursday, 9:00 to 18:00.</p><ul><li>WhatsApp: <span dir="ltr">+972 54-555-0123</span> (demo number)</li><li>E-mail: support@demo.local</li></ul><p>For a question about an order, add its order number and we will answer the same business day.</p>',
    },
  },
  {
    key: 'terms', kind: 'page' as const, alias: 'terms',
    title: { he: 'תנאי שימוש', en: 'Terms of use' },
    body: {
      he: '<h2>הזמנות ותשלום</h2><p>המחירים באתר בשקלים וכוללים מע״מ. הזמנה נקלטת כשהתשלום עובר, והאמן מאשר אותה או דוחה אותה.</p><h2>ביטולים והחזרים</h2><p>התשלום מוחזר במלואו בביטול לפני אישור האמן. אחרי האישור הביטול נעשה בתיאום עם האמן או עם צוות השירות, לפי תנאי השירות שבעמוד האמן או בחוזה השירות.</p><h2>חוזי שירות</h2><p>בשירותים בחוזה, התנאים שנחתמו בידי שני הצדדים גוברים על האמור כאן.</p><h2>פרטיות</h2><p>אנחנו שומרים רק את מה שצריך כדי לנהל את ההזמנות והשיחות שלכם, ולא מוסרים אותו לאחרים מלבד האמן שהזמנתם.</p>',
      en: '<h2>Orders and payment</h2><p>Prices on the site are in shekels and include VAT. An order is placed once payment goes through, and the artist approves or declines it.</p><h2>Cancellations and refunds</h2><p>Payment is refunded in full when an order is canceled before the artist approves it. After approval, cancellation is arranged with the artist or our support team under the terms on the artist\'s page or in the service contract.</p><h2>Service contracts</h2><p>For contracted services, the terms both sides signed take precedence over these.</p><h2>Privacy</h2><p>We keep only what is needed to run your orders and conversations, and share it with no one but the artist you booked.</p>',
    },
  },
  {
    // The questions and answers of the help screen (user-dashboard-help), also at /content/article/help.
    key: 'help', kind: 'page' as const, alias: 'help',
    title: { he: 'שאלות נפוצות', en: 'Frequently asked questions' },
    body: {
      he: [
        '<h3>איך מזמינים אמן?</h3>',
        '<p>מחפשים אמן לפי שם, קטגוריה, אזור או תאריך פנוי, ונכנסים לעמוד שלו. בשירות שמוזמן לפי תאריך בוחרים יום ושעה פנויים בלוח השנה שבעמוד האמן; בשאר השירותים לוחצים "הזמנה". בעמוד ההזמנה אפשר להוסיף הערות לאמן (סוג האירוע, כתובת, בקשות מיוחדות) ואז לאשר.</p>',
        '<h3>איך משלמים?</h3>',
        '<p>מיד אחרי ההזמנה עוברים לעמוד התשלום ומשלמים בכרטיס אשראי, בשקלים. כשהתשלום עובר ההזמנה מסומנת "שולמה" והאמן מקבל הודעה ומאשר אותה. כל החיובים וההחזרים שלכם מופיעים בחשבון, תחת "תשלומים".</p>',
        '<h3>אפשר לבטל הזמנה? מה עם החזר כספי?</h3>',
        '<p>אפשר לבטל בעצמכם, מתוך "הזמנות" בחשבון, כל עוד ההזמנה ממתינה לתשלום או שולמה והאמן עוד לא אישר אותה. הזמנה ששולמה ובוטלה מקבלת החזר מלא לאותו כרטיס, והוא מופיע ב"תשלומים". אחרי שהאמן אישר, פנו אליו או אלינו בוואטסאפ: האמן או הצוות שלנו יכולים לבטל, וגם אז התשלום מוחזר במלואו.</p>',
        '<h3>איך מדברים עם אמן לפני שמזמינים?</h3>',
        '<p>בעמוד האמן לוחצים "שליחת הודעה לאמן" וכותבים את השאלה. התשובות מגיעות ל"שיחות" בחשבון, ותקבלו התראה על כל הודעה חדשה.</p>',
        '<h3>איך מצטרפים כאמן?</h3>',
        '<p>נרשמים לאתר ובוחרים "הצטרפות כאמן". ממלאים שם, תיאור קצר, שפות, קטגוריות ואזורי הופעה, ועמוד האמן נפתח מיד. אחר כך מוסיפים תמונות, סרטונים, שירותים ומחירים, ומסמנים בלוח השנה את הזמנים שבהם אתם תפוסים.</p>',
      ].join(''),
      en: [
        '<h3>How do I book an artist?</h3>',
        '<p>Search by name, category, area or a free date, and open the artist’s page. For a service booked by date, pick a free day and time in the calendar on the artist’s page; for other services, choose “Order”. On the order page you can add notes for the artist (the kind of event, the address, special requests) and confirm.</p>',
        '<h3>How do I pay?</h3>',
        '<p>Right after ordering you reach the payment page and pay by card, in shekels. Once the payment goes through the order is marked “Paid”, and the artist is notified and approves it. Every charge and refund is listed in your account under “Payments”.</p>',
        '<h3>Can I cancel an order? What about refunds?</h3>',
        '<p>You can cancel an order yourself, from “Orders” in your account, while it is awaiting payment or paid and the artist has not approved it yet. A paid order that is canceled is refunded in full to the same card, and the refund appears under “Payments”. After the artist approved, talk to them or to us on WhatsApp: the artist or our team can cancel it, and the payment is refunded in full then too.</p>',
        '<h3>How do I talk to an artist before booking?</h3>',
        '<p>On the artist’s page choose “Message the artist” and write your question. Replies arrive under “Conversations” in your account, and you are notified of every new message.</p>',
        '<h3>How do I join as an artist?</h3>',
        '<p>Register, then choose “Join as an artist”. Fill in your name, a short intro, languages, categories and where you perform, and your artist page opens at once. Then add photos, videos, services and prices, and block the times you are busy in your calendar.</p>',
      ].join(''),
    },
  },
  {
    key: 'wedding-guide', kind: 'blog' as const, alias: 'choosing-a-wedding-band',
    title: { he: 'איך בוחרים להקה לחתונה', en: 'How to choose a wedding band' },
    body: { he: '<p>שלושה דברים לבדוק לפני שסוגרים: רפרטואר, ציוד והמלצות.</p>', en: '<p>Three things to check before you book: repertoire, equipment and reviews.</p>' },
  },
  {
    key: 'bar-mitzvah', kind: 'blog' as const, alias: 'bar-mitzvah-entertainment',
    title: { he: 'בידור לבר מצווה', en: 'Bar mitzvah entertainment ideas' },
    body: { he: '<p>קוסם, תקליטן או להקה? כך תבחרו.</p>', en: '<p>A magician, a DJ or a band? Here is how to decide.</p>' },
  },
  {
    key: 'company-events', kind: 'blog' as const, alias: 'company-event-checklist',
    title: { he: 'צ׳קליסט לאירוע חברה', en: 'Company event checklist' },
    body: { he: '<p>מה לסגור חודש לפני, שבוע לפני ויום לפני.</p>', en: '<p>What to settle a month, a week and a day before.</p>' },
  },
];

export const blogCategories = [
  { key: 'guides', alias: 'guides', name: { he: 'מדריכים', en: 'Guides' } },
];

export const configEntries = [
  // A demo number (the contact page and the footer say so), in the SPEC §5 phone form.
  { key: 'support.whatsapp', value: '+972545550123' },
  { key: 'support.demo', value: 'true' },
  { key: 'site.name', value: 'HaBama' },
];
