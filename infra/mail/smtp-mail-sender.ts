import nodemailer from 'nodemailer';
import type { Mail, MailSender } from '../../domain/ports/mail-sender.ts';

// The MailSender on SMTP through nodemailer. SMTP_URL names the server and its
// credentials: smtp://user:pass@host:587 (STARTTLS when offered), smtps://…:465 (TLS from the start),
// and nodemailer's URL options, e.g. ?pool=true. MAIL_FROM is the sender shown to users.

export interface SmtpMailSenderOptions {
  /** SMTP_URL. */
  url: string;
  /** MAIL_FROM, e.g. `HaBama <no-reply@habama.co.il>`. */
  from: string;
  /** Give up on an unresponsive server after this long (connection, greeting, each command); default 15 s. */
  timeoutMs?: number;
}

export function openSmtpMailSender(options: SmtpMailSenderOptions): MailSender {
  const timeout = options.timeoutMs ?? 15_000;
  // Options given in the URL win over these timeouts (nodemailer merges the URL's over the object's).
  const transport = nodemailer.createTransport({ url: options.url, connectionTimeout: timeout, greetingTimeout: timeout, socketTimeout: timeout }, { from: options.from });
  return {
    async send(mail: Mail) {
      await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    },
    async close() {
      transport.close();
    },
  };
}
