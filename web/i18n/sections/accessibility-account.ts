import { messageSection } from './section.ts';

// What the after-payment page and the order history say about payments,
// the forgotten-password flow, and why joining as an artist starts with an account.
export const accessibilityAccountMessages = messageSection(
  {
    order: {
      paymentReceivedTitle: 'Payment received',
      paymentReceivedText: 'We charged your card ending {{card}}. The artist will confirm the booking soon.',
    },
    orderCard: { paymentDeclinedStep: 'Payment declined' },
    passwordReset: {
      forgotLink: 'Forgot your password?',
      requestTitle: 'Reset your password',
      requestLead: 'Enter the e-mail address of your account and we will send you a link to choose a new password.',
      send: 'Send the link', sending: 'Sending…',
      sent: 'If an account with this address exists, a link to choose a new password is on its way. The link works once, for one hour.',
      resetTitle: 'Choose a new password',
      newPassword: 'New password', repeatPassword: 'New password again', passwordsDiffer: 'The two passwords are not the same.',
      save: 'Save the new password', saving: 'Saving…',
      done: 'Your password is changed. Sign in with the new one.',
      missingToken: 'This link is missing its code. Open the link from the e-mail again, or ask for a new one.',
      badToken: 'This link is not valid any more: it was used already or is more than an hour old. Ask for a new one.',
      askAgain: 'Ask for a new link',
    },
    artist: {
      accountFirst: 'An artist page belongs to an account, so the account comes first: sign in, or register and activate your account from the e-mail, then come back here to create your artist page.',
      signInFirst: 'Sign in and continue', registerFirst: 'Register',
    },
  },
  {
    order: {
      paymentReceivedTitle: 'התשלום התקבל',
      paymentReceivedText: 'חייבנו את הכרטיס שמסתיים ב־{{card}}. האמן יאשר את ההזמנה בקרוב.',
    },
    orderCard: { paymentDeclinedStep: 'התשלום נדחה' },
    passwordReset: {
      forgotLink: 'שכחת את הסיסמה?',
      requestTitle: 'איפוס סיסמה',
      requestLead: 'כתבו את כתובת הדוא״ל של החשבון ונשלח אליה קישור לבחירת סיסמה חדשה.',
      send: 'שליחת הקישור', sending: 'שולחים…',
      sent: 'אם יש חשבון עם הכתובת הזאת, קישור לבחירת סיסמה חדשה בדרך אליו. הקישור עובד פעם אחת, במשך שעה.',
      resetTitle: 'בחירת סיסמה חדשה',
      newPassword: 'סיסמה חדשה', repeatPassword: 'שוב הסיסמה החדשה', passwordsDiffer: 'שתי הסיסמאות אינן זהות.',
      save: 'שמירת הסיסמה החדשה', saving: 'שומרים…',
      done: 'הסיסמה הוחלפה. אפשר להתחבר עם החדשה.',
      missingToken: 'בקישור חסר הקוד. פתחו שוב את הקישור מהדוא״ל, או בקשו קישור חדש.',
      badToken: 'הקישור כבר לא בתוקף: הוא נוצל או שעברה יותר משעה. בקשו קישור חדש.',
      askAgain: 'בקשת קישור חדש',
    },
    artist: {
      accountFirst: 'דף אמן שייך לחשבון, ולכן מתחילים בחשבון: התחברו, או הירשמו והפעילו את החשבון מהדוא״ל, ואז חזרו לכאן כדי ליצור את דף האמן.',
      signInFirst: 'התחברות והמשך', registerFirst: 'הרשמה',
    },
  },
);
