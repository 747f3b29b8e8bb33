// Where activation tokens go after registration. The token is never returned to the client: a real
// deployment plugs an e-mail sender in here. The default keeps messages in an in-memory outbox that
// tests and the demo seeding read, and logs that a message was "sent" (never the token itself).
export interface ActivationMessage {
  to: string;
  userId: string;
  fullName: string;
  locale: 'he-IL' | 'en-US';
  token: string;
  at: string;
}

export interface ActivationMailer {
  sendActivation(message: ActivationMessage): Promise<void>;
}

export interface OutboxMailer extends ActivationMailer {
  readonly outbox: readonly ActivationMessage[];
  /** The newest activation token sent to this address (case-insensitive). */
  tokenFor(email: string): string | undefined;
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
  return {
    outbox,
    async sendActivation(message) {
      outbox.push(message);
      if (outbox.length > capacity) outbox.splice(0, outbox.length - capacity);
      log(options.logActivationLinks
        ? `activation link for ${message.to}: /user/activate?token=${encodeURIComponent(message.token)}`
        : `activation message queued for ${message.to}`);
    },
    tokenFor(email) {
      const wanted = email.trim().toLowerCase();
      return outbox.findLast((m) => m.to.toLowerCase() === wanted)?.token;
    },
  };
}
