import type { Mail } from '../../domain/ports/mail-sender.ts';
import { linkMail, tokenLink } from './link-mail.ts';
import type { PasswordResetMessage } from '../../domain/ports/activation-mailer.ts';

// The password reset e-mail, in the account's language (Hebrew right to left, or English). The link
// opens the storefront's reset page in that language, where the new password is chosen.

const texts: Record<PasswordResetMessage['locale'], { subject: string; greeting: (name: string) => string; body: string; action: string; ignore: string }> = {
  'he-IL': {
    subject: 'איפוס הסיסמה שלך בהבמה',
    greeting: (name) => `שלום ${name},`,
    body: 'ביקשת לבחור סיסמה חדשה. הקישור עובד פעם אחת, במשך שעה:',
    action: 'בחירת סיסמה חדשה',
    ignore: 'אם לא ביקשת לאפס את הסיסמה, אפשר להתעלם מההודעה הזו: הסיסמה שלך לא השתנתה.',
  },
  'en-US': {
    subject: 'Reset your HaBama password',
    greeting: (name) => `Hello ${name},`,
    body: 'You asked to choose a new password. The link works once, for one hour:',
    action: 'Choose a new password',
    ignore: 'If you did not ask for this, you can ignore this message: your password has not changed.',
  },
};


/** `<publicUrl>/user/password/reset?token=…`, under `/en` in English. */
export function passwordResetLink(publicUrl: string, message: Pick<PasswordResetMessage, 'locale' | 'token'>): string {
  return tokenLink(publicUrl, message.locale, '/user/password/reset', message.token);
}

export function passwordResetMail(message: PasswordResetMessage, publicUrl: string): Mail {
  return linkMail(texts[message.locale], message.to, message.fullName, passwordResetLink(publicUrl, message), message.locale === 'he-IL');
}
