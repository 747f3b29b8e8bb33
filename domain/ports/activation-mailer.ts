// The account mails (activation, password reset, account exists): the port the command API sends
// through, implemented by infra/mail/ over SMTP and by the command API's in-memory outbox.
import type { UserLocale } from '../user/commands.ts';

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

/** The account mails of the command API: one port, an outbox or SMTP behind it. */
export interface ActivationMailer {
  sendActivation(message: ActivationMessage): Promise<void>;
  sendPasswordReset(message: PasswordResetMessage): Promise<void>;
  sendAccountExists(message: AccountExistsMessage): Promise<void>;
}
