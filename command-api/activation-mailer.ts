// Where activation tokens go after registration. The token is never returned to the client: a real
// deployment plugs an e-mail sender in here. The default keeps messages in an in-memory outbox that
// tests and the demo seeding read, and logs that a message was "sent" (never the token itself).
import type { UserLocale } from '../domain/user/commands.ts';

export interface ActivationMessage {
  to: string;
  userId: string;
  fullName: string;
  locale: UserLocale;
  token: string;
  at: string;
}

/** A password reset link's token (`<userId>.<secret>`), valid until `expiresAt`, to the account's address. */
export interface PasswordResetMessage {
  to: string;
  fullName: string;
  locale: UserLocale;
  token: string;
  expiresAt: string;
  at: string;
}

/**
 * Someone registered with the address of an existing account: the owner is told (and pointed to
 * sign-in and the reset link), while the caller gets the same answer as for a new address.
 */
export interface AccountExistsMessage {
  to: string;
  fullName: string;
  locale: UserLocale;
  at: string;
}

/** The account mails of the command API (activation, password reset, account exists): one port, an outbox or SMTP behind it. */
export interface ActivationMailer {
  sendActivation(message: ActivationMessage): Promise<void>;
  sendPasswordReset(message: PasswordResetMessage): Promise<void>;
  sendAccountExists(message: AccountExistsMessage): Promise<void>;
}

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
