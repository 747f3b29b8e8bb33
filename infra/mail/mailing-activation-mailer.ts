import type { MailSender } from '../../domain/ports/mail-sender.ts';
import type { ActivationMailer } from '../../domain/ports/activation-mailer.ts';
import { activationMail } from './activation-mail.ts';
import { passwordResetMail } from './password-reset-mail.ts';
import { accountExistsMail } from './account-exists-mail.ts';

/**
 * The command API's activation mailer on a real MailSender: each registration's token leaves as an
 * e-mail in the user's language (activation-mail.ts), linking to `publicUrl` (PUBLIC_URL).
 */
export function mailingActivationMailer(sender: MailSender, options: { publicUrl: string }): ActivationMailer {
  return {
    async sendActivation(message) {
      await sender.send(activationMail(message, options.publicUrl));
    },
    async sendPasswordReset(message) {
      await sender.send(passwordResetMail(message, options.publicUrl));
    },
    async sendAccountExists(message) {
      await sender.send(accountExistsMail(message, options.publicUrl));
    },
  };
}
