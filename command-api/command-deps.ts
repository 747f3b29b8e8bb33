import type { IcsFetchOptions } from '../infra/icalendar/fetch-ics.ts';
import type { AttemptLimiter } from '../domain/ports/attempt-limiter.ts';
import type { EventStore } from '../domain/ports/event-store.ts';
import type { MediaStorage } from '../domain/ports/media-storage.ts';
import type { PaymentGateway } from '../domain/ports/payment-gateway.ts';
import type { Clock } from '../domain/ports/clock.ts';
import type { Decider, DomainEvent } from '../domain/shared/decider.ts';
import type { TokenSettings } from '../infra/auth/jwt-tokens.ts';
import type { ActivationMailer } from '../domain/ports/activation-mailer.ts';
import { bindAggregate, type Aggregate } from './aggregate.ts';
import type { CommandOutcome } from './command-handler.ts';
import type { PasswordGuessPolicies } from './password-guess-throttle.ts';
import type { MailRequestPolicies } from './mail-request-throttle.ts';
import type { SecurityChallenges } from './security-challenge.ts';
import type { PasswordHashCost } from '../infra/auth/password-hash.ts';
import type { CommandApiLogger } from './ports.ts';

// What every group of routes receives: the ports, and `aggregate` — an aggregate bound to the event
// store, whose `execute` runs the generic command handler with the request's metadata.
export interface CommandDeps {
  eventStore: EventStore;
  paymentGateway: PaymentGateway;
  clock: Clock;
  tokens: TokenSettings;
  mailer: ActivationMailer;
  logger: CommandApiLogger;
  /** Counts password guesses (sign-in, password change); shared via Redis in distributed mode. */
  attemptLimiter: AttemptLimiter;
  passwordGuessPolicies?: PasswordGuessPolicies;
  /** Throttles of registration and forgot-password (mail-request-throttle.ts). */
  mailRequestPolicies?: MailRequestPolicies;
  /** Hands out and checks the SPEC's securityChallenge (captcha). */
  securityChallenges: SecurityChallenges;
  /** The scrypt cost of new password hashes; default DEFAULT_PASSWORD_HASH_COST. */
  passwordHashCost?: PasswordHashCost;
  /**
   * Told when a user's refresh tokens were revoked (password change or reset, new roles, a reused
   * refresh token): the storefront's realtime hub closes that user's sockets.
   */
  onSessionsRevoked?: (userId: string) => void;
  /** Where uploaded media files go; without one the upload answers 503. */
  mediaStorage?: MediaStorage;
  /** How a vendor's iCalendar address is read (infra/icalendar/fetch-ics.ts). */
  calendarFetch?: IcsFetchOptions;
  /** The aggregate of `decider` whose entities live in `stream(id)`, bound to the event store (aggregate.ts). */
  aggregate<State, Command, Event extends DomainEvent>(decider: Decider<State, Command, Event>, stream: (id: string) => string): Aggregate<State, Command, Event>;
}

export function createCommandDeps(ports: Omit<CommandDeps, 'aggregate'>): CommandDeps {
  return { ...ports, aggregate: (decider, stream) => bindAggregate(ports.eventStore, decider, stream) };
}

/** The usual answer of a write (DESIGN §6): the entity id, its stream, new revision and global position. */
export function written(id: string, outcome: CommandOutcome<unknown>, status = 200) {
  return { status, body: { id, streamId: outcome.streamId, revision: outcome.revision, position: outcome.position } };
}
