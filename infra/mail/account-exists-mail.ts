import type { Mail } from '../../domain/ports/mail-sender.ts';
import { linkMail } from './link-mail.ts';
import type { AccountExistsMessage } from '../../domain/ports/activation-mailer.ts';

// Someone registered with the address of an existing account. The registration is answered as for a
// new address (nobody learns which addresses have accounts); the owner gets this mail instead, in the
// account's language, with the sign-in page (which links to "forgot password").
const texts: Record<AccountExistsMessage['locale'], { subject: string; greeting: (name: string) => string; body: string; action: string; ignore: string }> = {
  'he-IL': {
    subject: 'כבר יש לך חשבון בהבמה',
    greeting: (name) => `שלום ${name},`,
    body: 'מישהו, אולי את/ה, ניסה לפתוח חשבון חדש בכתובת הזו. כבר יש לך חשבון: אפשר להתחבר אליו, ואם שכחת את הסיסמה לבחור חדשה מדף הכניסה:',
    action: 'כניסה לחשבון',
    ignore: 'אם לא ניסית להירשם, אפשר להתעלם מההודעה הזו: שום דבר לא השתנה בחשבון שלך.',
  },
  'en-US': {
    subject: 'You already have a HaBama account',
    greeting: (name) => `Hello ${name},`,
    body: 'Someone, perhaps you, tried to open a new account with this address. You already have one: sign in to it, or choose a new password from the sign-in page if you forgot it:',
    action: 'Sign in',
    ignore: 'If you did not try to register, you can ignore this message: nothing changed in your account.',
  },
};

/** `<publicUrl>/user/login`, under `/en` in English. */
export function signInLink(publicUrl: string, locale: AccountExistsMessage['locale']): string {
  return `${publicUrl.replace(/\/+$/, '')}${locale === 'en-US' ? '/en' : ''}/user/login`;
}

export function accountExistsMail(message: AccountExistsMessage, publicUrl: string): Mail {
  return linkMail(texts[message.locale], message.to, message.fullName, signInLink(publicUrl, message.locale), message.locale === 'he-IL');
}
