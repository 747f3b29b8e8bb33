import type { EventStore } from '../domain/ports/event-store.ts';
import type { PaymentGateway } from '../domain/ports/payment-gateway.ts';
import type { Clock } from '../domain/ports/clock.ts';
import type { ActivationMailer } from './activation-mailer.ts';

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
}
