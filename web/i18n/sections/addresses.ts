import { messageSection } from './section.ts';

// Texts of the user's addresses screen (web/pages/dashboard/addresses.tsx).
export const addressesMessages = messageSection(
  {
    addresses: {
      title: 'My addresses', backToProfile: 'Back to the profile',
      lead: 'Where your events take place: your home, a hall, a garden. The default address is offered first.',
      empty: 'No addresses yet. Add the first one below.',
      untitled: 'Address {{number}}', default: 'Default', makeDefault: 'Make default',
      label: 'Name (optional)', labelPlaceholder: 'Home, Grandma\'s garden…', street: 'Street and number', city: 'City', postalCode: 'Postal code',
      country: 'Country', notes: 'Notes for the artist (optional)', notesPlaceholder: 'Entrance, floor, parking…',
      edit: 'Edit', save: 'Save the address', saving: 'Saving…',
      remove: 'Remove', removeQuestion: 'Remove this address?', removeConfirm: 'Yes, remove', keep: 'Keep', removing: 'Removing…',
      addTitle: 'Add an address', add: 'Add the address', adding: 'Adding…',
      makeDefaultToo: 'Make it the default', firstIsDefault: 'Your first address becomes the default.',
      done: { added: 'The address was added.', saved: 'The address was saved.', removed: 'The address was removed.', default: 'The default address was changed.' },
      errors: {
        street: 'Write the street and the house number.', city: 'Write the city.', postalCode: 'An Israeli postal code has 7 digits.',
        label: 'Up to 60 characters.', notes: 'Up to 500 characters.',
      },
    },
  },
  {
    addresses: {
      title: 'הכתובות שלי', backToProfile: 'חזרה לפרופיל',
      lead: 'איפה האירועים שלך מתקיימים: הבית, אולם, גינה. הכתובת הראשית מוצעת ראשונה.',
      empty: 'עדיין אין כתובות. אפשר להוסיף את הראשונה כאן למטה.',
      untitled: 'כתובת {{number}}', default: 'ראשית', makeDefault: 'הגדרה כראשית',
      label: 'שם (לא חובה)', labelPlaceholder: 'בית, הגינה של סבתא…', street: 'רחוב ומספר', city: 'עיר', postalCode: 'מיקוד',
      country: 'מדינה', notes: 'הערות לאמן (לא חובה)', notesPlaceholder: 'כניסה, קומה, חנייה…',
      edit: 'עריכה', save: 'שמירת הכתובת', saving: 'שומרים…',
      remove: 'הסרה', removeQuestion: 'להסיר את הכתובת הזו?', removeConfirm: 'כן, להסיר', keep: 'להשאיר', removing: 'מסירים…',
      addTitle: 'הוספת כתובת', add: 'הוספת הכתובת', adding: 'מוסיפים…',
      makeDefaultToo: 'להגדיר אותה כראשית', firstIsDefault: 'הכתובת הראשונה שלך תהיה הראשית.',
      done: { added: 'הכתובת נוספה.', saved: 'הכתובת נשמרה.', removed: 'הכתובת הוסרה.', default: 'הכתובת הראשית הוחלפה.' },
      errors: {
        street: 'יש לכתוב רחוב ומספר בית.', city: 'יש לכתוב עיר.', postalCode: 'מיקוד בישראל הוא בן 7 ספרות.',
        label: 'עד 60 תווים.', notes: 'עד 500 תווים.',
      },
    },
  },
);
