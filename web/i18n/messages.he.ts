import type { Messages } from './messages.en.ts';

// Hebrew (he-IL), the default language. Typed against the English keys, so a missing key fails tsc.
export const he: Messages = {
  site: { name: 'הבמה', tagline: 'מוצאים ומזמינים אמנים לכל אירוע בישראל.', description: 'הבמה היא שוק להזמנת זמרים, להקות, תקליטנים, קוסמים ואמנים נוספים בישראל.' },
  language: { he: 'עברית', en: 'English' },
  core: {
    genericError403: 'אין לך הרשאה לפעולה הזו.',
    genericError404: 'לא מצאנו את מה שחיפשת.',
    genericError422: 'חלק מהפרטים אינם תקינים. בדקו ונסו שוב.',
    genericError500: 'משהו השתבש. נסו שוב בעוד רגע.',
    genericSuccess: 'נשמר בהצלחה.',
    close: 'סגירה', loading: 'טוען', checkingUser: 'בודקים את החשבון שלך', skipToContent: 'דלג לתוכן',
  },
  nav: {
    main: 'תפריט ראשי', footer: 'קישורי האתר', menu: 'תפריט', breadcrumbs: 'פירורי לחם', search: 'חיפוש', categories: 'קטגוריות', store: 'חנות',
    blog: 'בלוג', about: 'אודות', contact: 'צור קשר', terms: 'תנאי שימוש', login: 'כניסה', register: 'הרשמה', logout: 'יציאה', joinAsArtist: 'הצטרפות כאמן', help: 'עזרה',
  },
  footer: { support: 'תמיכה בוואטסאפ:', demoNumber: 'מספר להדגמה' },
  home: {
    title: 'הזמנת אמנים לאירוע שלכם', description: 'חפשו זמרים, להקות, תקליטנים, קוסמים ועוד לפי קטגוריה, מקום ותאריך, והזמינו אונליין.',
    heading: 'האמן לאירוע שלכם במרחק חיפוש אחד', lead: '{{count}} אמנים בכל הארץ, עם תאריכים פנויים שאפשר להזמין עכשיו.',
    categories: 'עיון לפי קטגוריה', featured: 'אמנים מבוקשים', fromTheBlog: 'מהבלוג', seeAll: 'לכל הרשימה',
  },
  search: {
    title: 'חיפוש אמן', titleFor: 'אמנים עבור „{{text}}”', description: 'חיפוש אמנים לפי שם, קטגוריה, מיקום ותאריך פנוי.',
    text: 'שם או מילת מפתח', textPlaceholder: 'למשל: להקה לחתונה', category: 'קטגוריה', anyCategory: 'כל הקטגוריות', location: 'מיקום',
    anyLocation: 'כל הארץ', date: 'פנוי בתאריך', submit: 'חיפוש', resultCount: 'נמצאו אמנים: {{count}}', noResults: 'אין אמנים שמתאימים לחיפוש. נסו פחות מסננים.',
    pages: 'עמודים', previous: 'הקודם', next: 'הבא', pageOf: 'עמוד {{page}} מתוך {{pages}}',
  },
  categories: { title: 'קטגוריות אמנים', description: 'כל הקטגוריות של אמני הבמה.', categoryDescription: '{{name}} לחתונות, בר מצוות ואירועי חברה, בהזמנה אונליין.' },
  vendor: {
    description: '{{name}} בהבמה: אודות, מדיה, מחירים ותאריכים פנויים.', about: 'אודות', images: 'תמונות', audio: 'שמע', videos: 'סרטונים', video: 'סרטון',
    playVideo: 'הפעלת סרטון: {{title}}', products: 'שירותים ומחירים', noProducts: 'לאמן עדיין אין שירותים.', pickDate: 'בחירת תאריך',
    calendar: 'תאריכים פנויים', noTimedProducts: 'לאמן אין שירותים שמוזמנים לפי תאריך.', calendarUnavailable: 'לא ניתן להציג את היומן כרגע.',
    reviews: 'ביקורות', noReviews: 'עדיין אין ביקורות.', reviewCount: 'ביקורות: {{count}}', otherLanguageReviews: 'ביקורות ב{{language}} ({{count}})', details: 'פרטים', languages: 'שפות', origin: 'מוצא',
    performsIn: 'מופיע/ה ב', priceFrom: 'החל מ־', pricesFrom: 'מחירים החל מ־', generalInfo: 'מידע כללי', storePage: 'כל השירותים בחנות',
  },
  product: {
    type: { default: 'מוצר', timedService: 'הזמנה לפי תאריך', contractService: 'בחוזה שירות' },
    duration: '{{minutes}} דקות', information: 'פרטים', order: 'הזמנה',
  },
  booking: {
    product: 'שירות', previousMonth: 'החודש הקודם', nextMonth: 'החודש הבא', free: 'פנוי', unavailable: 'לא זמין', freeLegend: 'יש זמן פנוי',
    slotsOn: 'שעות פנויות ב{{date}}', pickDate: 'בחרו תאריך פנוי כדי לראות שעות.', book: 'הזמנת המועד',
  },
  favorites: {
    title: 'מועדפים', description: 'האמנים ששמרת.', empty: 'עוד לא שמרת אמנים. לחצו על הלב של אמן כדי לשמור אותו כאן.',
    add: 'הוספת {{name}} למועדפים', remove: 'הסרת {{name}} מהמועדפים', save: 'שמירה', saved: 'נשמר',
  },
  store: {
    title: 'חנות', description: 'שירותים ומוצרים של האמנים שלנו, במחירים בשקלים.', allVendors: 'כל האמנים', vendorsTitle: 'כל האמנים',
    vendorStoreTitle: 'השירותים של {{name}}', noProducts: 'עדיין אין מוצרים.',
  },
  blog: { title: 'בלוג', description: 'מדריכים ורעיונות לתכנון אירועים עם בידור חי.', empty: 'עדיין אין מאמרים.' },
  auth: {
    loginTitle: 'כניסה', loginDescription: 'היכנסו כדי להזמין אמנים, לשלם ולעקוב אחרי ההזמנות.', email: 'דוא״ל', password: 'סיסמה', login: 'כניסה',
    wrongCredentials: 'הדוא״ל או הסיסמה שגויים.', inactive: 'החשבון עדיין לא הופעל. פתחו את הקישור שבמייל ההפעלה.',
    noAccount: 'אין לך חשבון?', registerLink: 'להרשמה', haveAccount: 'כבר רשומים?', twoFactorLink: 'כניסה דו־שלבית',
    twoFactorTitle: 'כניסה דו־שלבית', twoFactorText: 'הכניסה לחשבונות כאן היא בשלב אחד: דוא״ל וסיסמה. אין צורך בקוד.', backToLogin: 'חזרה לכניסה',
    activationTitle: 'הפעלת חשבון', activating: 'מפעילים את החשבון…', activate: 'להפעלת החשבון', activated: 'החשבון הופעל. אפשר להיכנס עכשיו.',
    activationMissing: 'בקישור ההפעלה חסר אסימון. פתחו שוב את הקישור מהמייל.',
    registerTitle: 'הרשמה', registerDescription: 'פתחו חשבון כדי להזמין אמנים ולשלם.', fullName: 'שם מלא', phone: 'טלפון (לא חובה)',
    phoneHint: 'כפי שמחייגים אותו, למשל ⁦050‑123‑4567⁩ או ⁦02‑123‑4567⁩; ממספר בחו״ל עם + וקידומת המדינה.',
    phoneInvalid: 'זה לא מספר טלפון. יש להקליד אותו כפי שמחייגים, למשל ⁦050‑123‑4567⁩ או ⁦02‑123‑4567⁩, או עם + וקידומת המדינה.',
    passwordRule: 'לפחות 8 תווים.', register: 'הרשמה', registered: 'כמעט סיימנו: שלחנו קישור הפעלה לדוא״ל שלך.',
  },
  artist: {
    title: 'הצטרפות כאמן', description: 'פתחו עמוד אמן בהבמה וקבלו הזמנות.', lead: 'ספרו ללקוחות מי אתם. תמונות, מדיה ושירותים אפשר להוסיף אחר כך.',
    nameHe: 'שם בעברית', nameEn: 'שם באנגלית', intro: 'תיאור קצר (עד 100 תווים)', origin: 'מאיפה אתם (עד 20 תווים)',
    languages: 'שפות ההופעה', categories: 'קטגוריות', places: 'איפה אתם מופיעים', about: 'קצת עליכם', submit: 'פתיחת עמוד האמן', optional: '(לא חובה: נדרש לפני קבלת תשלום)',
  },
  checkout: {
    title: 'סיום הזמנה', description: 'בדקו את ההזמנה ושלמו בבטחה.', steps: 'שלבי ההזמנה', stepDetails: 'פרטים', stepPayment: 'תשלום', stepDone: 'סיום',
    when: 'מתי:', total: 'סה״כ', notes: 'הערות לאמן', notesPlaceholder: 'סוג האירוע, כתובת, בקשות מיוחדות', placeOrder: 'ביצוע הזמנה',
    slotTaken: 'המועד הזה נתפס הרגע או שאינו פנוי עוד. בחרו מועד אחר.',
    completeTitle: 'ההזמנה נקלטה', completeText: 'תודה! ההזמנה שלך נרשמה.',
  },
  payment: {
    title: 'תשלום', cardNumber: 'מספר כרטיס', pay: 'לתשלום', declined: 'הכרטיס נדחה. נסו כרטיס אחר.',
    sandbox: 'תשלומי ניסיון: הכרטיס {{card}} מתקבל, 4000000000000002 נדחה.',
  },
  order: {
    title: 'ההזמנה שלך', completeTitle: 'ההזמנה הושלמה', thanks: 'התשלום התקבל (כרטיס המסתיים ב־{{card}}). האמן יאשר בקרוב.', status: 'סטטוס:',
    timeline: 'היסטוריה', myOrders: 'כל ההזמנות שלי', view: 'צפייה בהזמנה',
    statuses: { new: 'ממתינה לתשלום', payed: 'שולמה', approved: 'אושרה', completed: 'הושלמה', canceled: 'בוטלה' },
  },
  dashboard: {
    menu: 'תפריט החשבון', language: 'שפה', role: 'סוג חשבון', roleVendor: 'אמן', roleCustomer: 'לקוח', noOrders: 'עדיין אין הזמנות.',
    sectionEmpty: 'אין כאן עדיין מה להציג.',
    items: {
      profile: 'פרופיל', 'my-vendors': 'האמנים שלי', orders: 'הזמנות', payments: 'תשלומים', reviews: 'ביקורות', notifications: 'התראות',
      conversations: 'שיחות', contracts: 'חוזים', 'vendor/busy-windows': 'זמנים תפוסים', 'vendor/profile': 'פרופיל האמן',
      'vendor/orders': 'הזמנות האמן', 'vendor/reviews': 'ביקורות על האמן', 'vendor/products': 'שירותים ומוצרים', help: 'עזרה',
    },
  },
  notifications: { title: 'התראות', empty: 'עדיין אין התראות.' },
  notification: {
    'order.placed': 'ההזמנה נקלטה: {{productName}}', 'order.payed': 'ההזמנה שולמה: {{productName}}', 'order.approved': 'האמן אישר את ההזמנה {{productName}}',
    'order.completed': 'ההזמנה הושלמה: {{productName}}', 'order.canceled': 'ההזמנה בוטלה: {{productName}}', 'order.paymentDeclined': 'תשלום נדחה', 'order.refunded': 'ההחזר הועבר לכרטיס',
    'message.posted': 'הודעה חדשה', 'contract.drafted': 'נוסח חוזה', 'contract.sent': 'חוזה ממתין לחתימתך',
    'contract.signed': 'חוזה נחתם', 'contract.fullySigned': 'החוזה נחתם על ידי שני הצדדים', 'contract.canceled': 'חוזה בוטל',
  },
  chunkError: {
    title: 'לא הצלחנו לטעון את הדף',
    'not-found': 'האתר עודכן בזמן שהדף היה פתוח, וחלק ממנו כבר לא קיים. טעינה מחדש של הדף תביא את הגרסה החדשה.',
    load: 'חלק מהדף לא הגיע. כדאי לבדוק את החיבור ולטעון את הדף מחדש.',
    timeout: 'חלק מהדף לא הגיע תוך שתי דקות. כדאי לבדוק את החיבור ולטעון את הדף מחדש.',
    reload: 'טעינת הדף מחדש',
  },
  errors: {
    title: 'משהו השתבש', backHome: 'חזרה לדף הבית', unavailableTitle: 'רק רגע', unavailable: 'האתר עמוס לרגע. נסו שוב בעוד כמה שניות.', tryAgain: 'לנסות שוב', notFoundTitle: 'הדף לא נמצא',
    notFoundText: 'הדף שביקשת אינו קיים או שהועבר.', unauthorizedTitle: 'אין גישה',
    inSeconds: 'בעוד {{seconds}} שניות.', stayHere: 'להישאר בדף הזה',
    takingYou: { login: 'מעבירים אותך לדף הכניסה', admin: 'מעבירים אותך למערכת הניהול', operator: 'מעבירים אותך לעבודה של היום', dashboard: 'מעבירים אותך לחשבון שלך' },
    goTo: { login: 'כניסה', admin: 'מערכת הניהול', operator: 'העבודה של היום', dashboard: 'החשבון שלי' },
  },
};
