// The MailSender port: e-mail leaving the product. SMTP in a real deployment
// (infra/mail/smtp-mail-sender.ts, SMTP_URL); in development without SMTP_URL nothing is sent and the
// command API keeps activation messages in its outbox instead (command-api/activation-mailer.ts; the port is ./activation-mailer.ts).
export interface Mail {
  to: string;
  subject: string;
  /** The plain-text body, always sent. */
  text: string;
  /** The same content as HTML (alternative part). */
  html: string;
}

export interface MailSender {
  /** Resolves once the mail server accepted the message; rejects when it refused it or cannot be reached. */
  send(mail: Mail): Promise<void>;
  close(): Promise<void>;
}
