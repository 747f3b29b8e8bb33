import type { IcsFetchOptions } from '../infra/icalendar/fetch-ics.ts';
import type { AttemptLimiter } from '../domain/ports/attempt-limiter.ts';
import type { EventStore } from '../domain/ports/event-store.ts';
import type { IdempotencyStore } from '../domain/ports/idempotency-store.ts';
import type { MediaStorage } from '../domain/ports/media-storage.ts';
import type { PaymentGateway } from '../domain/ports/payment-gateway.ts';
import type { Clock } from '../domain/ports/clock.ts';
import type { AccessRuleSource } from '../infra/http/access-guard.ts';
import type { ActivationMailer } from '../domain/ports/activation-mailer.ts';
import type { PasswordGuessPolicies } from './password-guess-throttle.ts';
import type { MailRequestPolicies } from './mail-request-throttle.ts';
import type { SecurityChallengeDifficulty } from './security-challenge.ts';
import type { PasswordHashCost } from '../infra/auth/password-hash.ts';
import type { SingleUseTokens } from '../domain/ports/single-use-tokens.ts';
import type { Realtime } from '../domain/ports/realtime.ts';

export interface CommandApiLogger {
  info(message: string): void;
  warn(message: string): void;
  error(error: unknown, message?: string): void;
}

/** Everything the command API needs from outside; tests pass in-memory or temp-file adapters. */
export interface CommandApiPorts {
  eventStore: EventStore;
  paymentGateway: PaymentGateway;
  /** Signs and verifies access and refresh tokens (HS256); at least 32 characters. */
  jwtSecret: string;
  clock?: Clock;
  /** Receives activation tokens; default: an in-memory outbox (createOutboxMailer). */
  activationMailer?: ActivationMailer;
  logger?: CommandApiLogger;
  /** express.json limit; default 100kb. Larger bodies get 413. */
  bodyLimit?: string;
  accessTokenTtlSeconds?: number;
  refreshTokenTtlSeconds?: number;
  /** How long a duplicate request (same Idempotency-Key) waits for the first one; default 2000 ms. */
  idempotencyWaitMs?: number;
  /** How long a claim stays open before a retry may take it over (its process died); default 60 s. */
  idempotencyStaleMs?: number;
  /** Where Idempotency-Key records are; default the event store's `idempotency-` streams. Give the Redis one when several processes serve the API. */
  idempotencyStore?: IdempotencyStore;
  /** Counts password guesses; default in this process's memory. Give the Redis one when several processes serve the API. */
  attemptLimiter?: AttemptLimiter;
  /** Backoff of password guesses (password-guess-throttle.ts); tests make them small. */
  passwordGuessPolicies?: PasswordGuessPolicies;
  /** Throttles of registration and forgot-password (mail-request-throttle.ts). */
  mailRequestPolicies?: MailRequestPolicies;
  /** Remembers solved security challenges so each is taken once; default in this process's memory. Give the Redis one when several processes serve the API. */
  singleUseTokens?: SingleUseTokens;
  /** How much work a security challenge takes (security-challenge.ts); tests make it small. */
  securityChallengeDifficulty?: SecurityChallengeDifficulty;
  /** The scrypt cost of new password hashes (default DEFAULT_PASSWORD_HASH_COST); tests make it small. A hash carries its cost, so any verifies. */
  passwordHashCost?: PasswordHashCost;
  /** Where the API announces that a user's sessions were revoked (SESSIONS_REVOKED), so the realtime hub closes their sockets. */
  realtime?: Realtime;
  /**
   * The access rules admin routes are checked against (the `aclRules` view); default none, so only
   * superAdmin passes admin routes (infra/http/access-guard.ts).
   */
  accessRules?: AccessRuleSource;
  /** Where uploaded media files go ($DATA_DIR/media in embedded mode); also served at GET /media/<id>/<name>. */
  mediaStorage?: MediaStorage;
  /** How a vendor's iCalendar address is read (infra/icalendar/fetch-ics.ts); private addresses are refused unless it says. */
  calendarFetch?: IcsFetchOptions;
}
