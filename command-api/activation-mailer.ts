// Where activation tokens go after registration when no mail server is configured. The token is never
// returned to the client: a real deployment sends it over SMTP (infra/mail/). This outbox keeps messages
// in memory for tests and the demo seeding, and logs that a message was "sent" (never the token itself).
import type { AccountExistsMessage, ActivationMailer, ActivationMessage, PasswordResetMessage } from '../domain/ports/activation-mailer.ts';

export interface OutboxMailer extends ActivationMailer {
  readonly outbox: readonly ActivationMessage[];
  readonly passwordResets: readonly PasswordResetMessage[];
  readonly accountExists: readonly AccountExistsMessage[];
  /** The newest activation token sent to this address (case-insensitive). */
  tokenFor(email: string): string | undefined;
  /** The newest password reset token sent to this address (case-insensitive). */
  resetTokenFor(email: string): string | undefined;
}

export interface OutboxMailerOptions {
  /** Keeps the newest `capacity` messages, so a long-running process does not grow without bound. */
  capacity?: number;
  /**
   * Development only: also log the activation link (`/user/activate?token=…`), so someone trying the
   * product locally can activate an account without an e-mail server. Never in production.
   */
  logActivationLinks?: boolean;
}

export function createOutboxMailer(log: (line: string) => void = () => {}, options: OutboxMailerOptions = {}): OutboxMailer {
  const capacity = options.capacity ?? 1000;
  const outbox: ActivationMessage[] = [];
  const passwordResets: PasswordResetMessage[] = [];
  const accountExists: AccountExistsMessage[] = [];
  return {
    outbox,
    passwordResets,
    accountExists,
    async sendActivation(message) {
      outbox.push(message);
      if (outbox.length > capacity) outbox.splice(0, outbox.length - capacity);
      log(options.logActivationLinks
        ? `activation link for ${message.to}: /user/activate?token=${encodeURIComponent(message.token)}`
        : `activation message queued for ${message.to}`);
    },
    async sendPasswordReset(message) {
      passwordResets.push(message);
      if (passwordResets.length > capacity) passwordResets.splice(0, passwordResets.length - capacity);
      // The development log is the same switch as the activation link's: never in production.
      log(options.logActivationLinks
        ? `password reset link for ${message.to}: /user/password/reset?token=${encodeURIComponent(message.token)}`
        : `password reset message queued for ${message.to}`);
    },
    async sendAccountExists(message) {
      accountExists.push(message);
      if (accountExists.length > capacity) accountExists.splice(0, accountExists.length - capacity);
      log(`account-exists message queued for ${message.to}`);
    },
    tokenFor(email) {
      const wanted = email.trim().toLowerCase();
      return outbox.findLast((m) => m.to.toLowerCase() === wanted)?.token;
    },
    resetTokenFor(email) {
      const wanted = email.trim().toLowerCase();
      return passwordResets.findLast((m) => m.to.toLowerCase() === wanted)?.token;
    },
  };
}
