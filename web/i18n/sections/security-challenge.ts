import { messageSection } from './section.ts';

// The security check of the sign-in, registration and forgot-password forms (web/components/security-challenge.tsx).
export const securityChallengeMessages = messageSection({
  securityChallenge: {
    asked: 'Many attempts came from your network or for this account, so we ask for a quick automatic check that you are a person. Wait until the box below is ticked, then send the form again.',
    needsJavaScript: 'This check runs in the browser: turn JavaScript on for this site and reload the page, or try again in an hour.',
    tooMany: 'Too many attempts. Try again in a little while.',
  },
}, {
  securityChallenge: {
    asked: 'הגיעו ניסיונות רבים מהרשת שלך או עבור החשבון הזה, לכן אנחנו מבקשים בדיקה אוטומטית קצרה שמדובר באדם. יש להמתין עד שהתיבה למטה מסומנת, ואז לשלוח את הטופס שוב.',
    needsJavaScript: 'הבדיקה הזו רצה בדפדפן: יש להפעיל JavaScript לאתר הזה ולטעון מחדש את הדף, או לנסות שוב בעוד שעה.',
    tooMany: 'יותר מדי ניסיונות. אפשר לנסות שוב בעוד זמן קצר.',
  },
});
