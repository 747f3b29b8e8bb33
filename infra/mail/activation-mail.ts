import type { Mail } from '../../domain/ports/mail-sender.ts';
import { linkMail, tokenLink } from './link-mail.ts';
import type { ActivationMessage } from '../../domain/ports/activation-mailer.ts';

// The activation e-mail, in the language the user registered with (Hebrew right to left, or English).
// The link opens the activation page of the storefront in that language, which posts the token.

interface ActivationTexts {
  subject: string;
  greeting: (name: string) => string;
  body: string;
  action: string;
  ignore: string;
}

const texts: Record<ActivationMessage['locale'], ActivationTexts> = {
  'he-IL': {
    subject: 'הפעלת החשבון שלך בהבמה',
    greeting: (name) => `שלום ${name},`,
    body: 'תודה על ההרשמה להבמה. כדי להפעיל את החשבון, פתחו את הקישור:',
    action: 'הפעלת החשבון',
    ignore: 'אם לא נרשמתם להבמה, אפשר להתעלם מההודעה הזו.',
  },
  'en-US': {
    subject: 'Activate your HaBama account',
    greeting: (name) => `Hello ${name},`,
    body: 'Thank you for signing up to HaBama. To activate your account, open this link:',
    action: 'Activate my account',
    ignore: 'If you did not sign up to HaBama, you can ignore this message.',
  },
};


/** Where the activation page is: `<publicUrl>/user/activate?token=…`, under `/en` in English. */
export function activationLink(publicUrl: string, message: Pick<ActivationMessage, 'locale' | 'token'>): string {
  return tokenLink(publicUrl, message.locale, '/user/activate', message.token);
}

export function activationMail(message: ActivationMessage, publicUrl: string): Mail {
  return linkMail(texts[message.locale], message.to, message.fullName, activationLink(publicUrl, message), message.locale === 'he-IL');
}
