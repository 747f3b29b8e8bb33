import { messageSection } from './section.ts';

// Texts of the products dashboard screens (web/pages/vendor-dashboard/products.tsx, web/components/product-form.tsx).
export const productsMessages = messageSection(
  {
    products: {
      intro: 'Your services and products, as customers see them on your page and in the store. Prices are in shekels (₪).',
      add: 'New product', empty: 'You have no products yet. Add a service customers can book by date, order, or agree on in a contract.',
      listLabel: 'Your products', name: 'Name', type: 'Type', price: 'Price', featured: 'Featured', actions: 'Actions',
      duration: '{{minutes}} min', edit: 'Edit', editNamed: 'Edit {{name}}', view: 'View in the store',
      remove: 'Remove', removeNamed: 'Remove {{name}}', removeQuestion: 'Remove this product? Customers will no longer see it; past orders keep it.',
      removeConfirm: 'Yes, remove', keep: 'Keep', removing: 'Removing…', removed: '“{{name}}” was removed.', saved: '“{{name}}” was saved.',
      newTitle: 'New product', editTitle: 'Edit product', backToList: 'Back to all products', untitled: 'Untitled product',
      form: {
        type: 'Type', typeHints: {
          default: 'A product or service ordered without a date, e.g. a recorded greeting.',
          timedService: 'Booked for a date and time in your calendar, for as long as the service duration.',
          contractService: 'Agreed with the customer in a signed service contract.',
        },
        name: 'Name', information: 'Information', informationHint: 'Shown on the product page: bold, italic, a heading, lists and links (without scripts: simple HTML, <p>, <b>, <i>, <ul>, <li>, <a>).',
        featured: 'Featured product', featuredHint: 'Featured products are shown first.',
        images: 'Images', image: 'Image {{number}}', imageUrl: 'Image address (URL)', addImage: 'Add an image', noImages: 'No images. Add the address of an image.',
        introImage: 'Intro image (URL)', introImageHint: 'The picture shown beside the product in lists.',
        price: 'Price (₪)', priceHint: 'In shekels, e.g. 1200 or 1200.50.', currency: 'Currency: ILS (₪), the only currency.',
        additionalInformation: 'Additional information', detail: 'Detail {{number}}', detailTitle: 'Title', detailContent: 'Content',
        addDetail: 'Add a detail', noDetails: 'No additional details. Add a title and content, e.g. “What is included”.',
        introText: 'Intro text', introTextHint: 'A short summary shown in lists, up to {{max}} characters.',
        serviceDuration: 'Service duration (minutes)', serviceDurationHint: 'Whole minutes. A service booked by date blocks this long in your calendar.',
        create: 'Create product', creating: 'Creating…', save: 'Save changes', saving: 'Saving…', cancel: 'Cancel', required: '*',
        fixErrors: 'Some fields need attention; see the messages beside them.',
      },
      errors: {
        required: 'Required.', requiredOneLanguage: 'Fill in at least one language.', tooLong: 'At most {{max}} characters.',
        priceInvalid: 'Enter a price in shekels, with at most two decimals.', durationInvalid: 'Enter whole minutes (0 or more).',
        durationTimed: 'A service booked by date needs at least 1 minute.', invalid: 'This value is not valid.',
      },
    },
  },
  {
    products: {
      intro: 'השירותים והמוצרים שלכם, כפי שלקוחות רואים אותם בעמוד שלכם ובחנות. המחירים בשקלים (₪).',
      add: 'מוצר חדש', empty: 'עדיין אין לכם מוצרים. הוסיפו שירות שלקוחות יוכלו להזמין לפי תאריך, להזמין ישירות או לסכם בחוזה.',
      listLabel: 'המוצרים שלכם', name: 'שם', type: 'סוג', price: 'מחיר', featured: 'מומלץ', actions: 'פעולות',
      duration: '{{minutes}} דק׳', edit: 'עריכה', editNamed: 'עריכת {{name}}', view: 'צפייה בחנות',
      remove: 'הסרה', removeNamed: 'הסרת {{name}}', removeQuestion: 'להסיר את המוצר? לקוחות לא יראו אותו יותר; הזמנות קודמות נשמרות.',
      removeConfirm: 'כן, להסיר', keep: 'להשאיר', removing: 'מסיר…', removed: '"{{name}}" הוסר.', saved: '"{{name}}" נשמר.',
      newTitle: 'מוצר חדש', editTitle: 'עריכת מוצר', backToList: 'חזרה לכל המוצרים', untitled: 'מוצר ללא שם',
      form: {
        type: 'סוג', typeHints: {
          default: 'מוצר או שירות שמזמינים בלי תאריך, למשל ברכה מוקלטת.',
          timedService: 'מוזמן לתאריך ושעה ביומן שלכם, למשך זמן השירות.',
          contractService: 'מסוכם עם הלקוח בחוזה שירות חתום.',
        },
        name: 'שם', information: 'מידע', informationHint: 'מוצג בעמוד המוצר: הדגשה, נטוי, כותרת, רשימות וקישורים (בלי סקריפטים: HTML פשוט, <p>, <b>, <i>, <ul>, <li>, <a>).',
        featured: 'מוצר מומלץ', featuredHint: 'מוצרים מומלצים מוצגים ראשונים.',
        images: 'תמונות', image: 'תמונה {{number}}', imageUrl: 'כתובת התמונה (URL)', addImage: 'הוספת תמונה', noImages: 'אין תמונות. הוסיפו כתובת של תמונה.',
        introImage: 'תמונת פתיחה (URL)', introImageHint: 'התמונה שמוצגת ליד המוצר ברשימות.',
        price: 'מחיר (₪)', priceHint: 'בשקלים, למשל 1200 או 1200.50.', currency: 'מטבע: שקל (₪), המטבע היחיד.',
        additionalInformation: 'מידע נוסף', detail: 'פרט {{number}}', detailTitle: 'כותרת', detailContent: 'תוכן',
        addDetail: 'הוספת פרט', noDetails: 'אין פרטים נוספים. הוסיפו כותרת ותוכן, למשל "מה כלול".',
        introText: 'טקסט פתיחה', introTextHint: 'תקציר קצר שמוצג ברשימות, עד {{max}} תווים.',
        serviceDuration: 'משך השירות (בדקות)', serviceDurationHint: 'דקות שלמות. שירות שמוזמן לפי תאריך חוסם את הזמן הזה ביומן שלכם.',
        create: 'יצירת המוצר', creating: 'יוצר…', save: 'שמירת השינויים', saving: 'שומר…', cancel: 'ביטול', required: '*',
        fixErrors: 'יש שדות שדורשים תיקון; ראו את ההודעות לידם.',
      },
      errors: {
        required: 'שדה חובה.', requiredOneLanguage: 'מלאו לפחות שפה אחת.', tooLong: 'עד {{max}} תווים.',
        priceInvalid: 'הזינו מחיר בשקלים, עם שתי ספרות אחרי הנקודה לכל היותר.', durationInvalid: 'הזינו מספר שלם של דקות (0 או יותר).',
        durationTimed: 'שירות שמוזמן לפי תאריך צריך לפחות דקה אחת.', invalid: 'הערך הזה אינו תקין.',
      },
    },
  },
);
