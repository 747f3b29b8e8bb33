import { messageSection } from './section.ts';

// Texts of the artist's business details (web/components/business-details-form.tsx).
export const businessDetailsMessages = messageSection(
  {
    businessDetails: {
      title: 'Business details', lead: 'Who is paid and invoiced for your bookings. Only you and the site\'s team see them.',
      legalName: 'Legal name', legalNameHint: 'Your full name, or the name of your business as registered.',
      israeliId: 'ID or business number', israeliIdHint: 'Your Israeli ID number (teudat zehut), or your business number (osek / company), 5 to 9 digits.',
      save: 'Save the business details', saving: 'Saving…', saved: 'Your business details were saved.',
      errors: {
        legalName: 'Write the legal name (at least 2 letters).', digits: 'Write 5 to 9 digits.',
        checkDigit: 'This is not a valid ID number: check the digits (the last one is a check digit).',
      },
    },
  },
  {
    businessDetails: {
      title: 'פרטי העסק', lead: 'למי משלמים ולמי מוציאים חשבונית על ההזמנות שלך. רק את/ה וצוות האתר רואים אותם.',
      legalName: 'שם משפטי', legalNameHint: 'השם המלא שלך, או שם העסק כפי שהוא רשום.',
      israeliId: 'תעודת זהות או מספר עוסק', israeliIdHint: 'מספר תעודת הזהות שלך, או מספר העוסק / החברה, 5 עד 9 ספרות.',
      save: 'שמירת פרטי העסק', saving: 'שומרים…', saved: 'פרטי העסק נשמרו.',
      errors: {
        legalName: 'יש לכתוב את השם המשפטי (לפחות 2 אותיות).', digits: 'יש לכתוב 5 עד 9 ספרות.',
        checkDigit: 'זה אינו מספר זהות תקין: כדאי לבדוק את הספרות (האחרונה היא ספרת ביקורת).',
      },
    },
  },
);
