import type { AddressInfo } from 'node:net';
import express from 'express';
import type { EventStore } from '../../domain/ports/event-store.ts';
import type { IdempotencyStore } from '../../domain/ports/idempotency-store.ts';
import type { Clock } from '../../domain/ports/clock.ts';
import type { MediaStorage } from '../../domain/ports/media-storage.ts';
import type { PaymentGateway } from '../../domain/ports/payment-gateway.ts';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store.ts';
import { createSandboxPaymentGateway, type SandboxPaymentGateway } from '../../infra/payment/sandbox-payment-gateway.ts';
import { storeEventFeed } from '../../infra/event-feed/store-event-feed.ts';
import { createMemoryViewStore } from '../../infra/view-store/memory-view-store.ts';
import { memoryRelayCheckpoints } from '../../infra/relay/relay-checkpoints.ts';
import { createProcessManagers } from '../../process-managers/all-flows.ts';
import { createOutboxMailer, type OutboxMailer } from '../activation-mailer.ts';
import type { PasswordGuessPolicies } from '../password-guess-throttle.ts';
import { defaultMailRequestPolicies, type MailRequestPolicies } from '../mail-request-throttle.ts';
import { createCommandApi } from '../create-command-api.ts';
import type { CommandReads } from '../in-process-reads.ts';
import type { PasswordHashCost } from '../../infra/auth/password-hash.ts';
import { commandApiClient, type CommandApiClient } from '../client/command-api-client.ts';

const relaxedMailRequestPolicies: MailRequestPolicies = {
  addressBeforeChallenge: { ...defaultMailRequestPolicies.addressBeforeChallenge, freeAttempts: 1_000 },
  address: { ...defaultMailRequestPolicies.address, freeAttempts: 1_000 },
  recipient: { ...defaultMailRequestPolicies.recipient, freeAttempts: 100 },
};

export const TEST_JWT_SECRET = 'test-secret-for-the-command-api-0123456789';
/** Cheap password hashes (scrypt N=1024, ~2 ms instead of ~50): route tests register and sign in hundreds of times. */
export const TEST_PASSWORD_HASH_COST: PasswordHashCost = { N: 1024, r: 8, p: 1 };

export interface TestCommandApi {
  api: CommandApiClient;
  /** The reads the storefront's server pass makes in process (command-api/in-process-reads.ts). */
  read: CommandReads;
  eventStore: EventStore;
  mailer: OutboxMailer;
  gateway: SandboxPaymentGateway;
  /** Resolves once the flows after events (slot release, refunds) have handled every event written so far. */
  flowsCaughtUp(): Promise<void>;
  close(): Promise<void>;
}

export interface TestCommandApiOptions {
  clock?: Clock;
  bodyLimit?: string;
  /** Puts the event store in a file (e.g. under a temp dir) instead of memory; a second app may reopen it. */
  storePath?: string;
  /** What the API writes and reads through, e.g. a store that fails after an append (a crash). */
  wrapEventStore?: (eventStore: EventStore) => EventStore;
  passwordGuessPolicies?: PasswordGuessPolicies;
  /**
   * Throttles of registration and forgot-password. Default: many free requests, since a route test
   * registers all its users from one address; the throttle's own tests pass real ones.
   */
  mailRequestPolicies?: MailRequestPolicies;
  /** How long a duplicate keyed request waits for the first (default 2 s). */
  idempotencyWaitMs?: number;
  /** Where Idempotency-Key records go; default the event store's streams. */
  idempotencyStore?: IdempotencyStore;
  /** Where the API's 5xx go; default console.error. */
  logError?: (error: unknown) => void;
  /** What the API charges through, e.g. a gateway that holds charges until several are in flight. */
  wrapPaymentGateway?: (gateway: PaymentGateway) => PaymentGateway;
  /** Where uploads go (e.g. a file storage in a temp dir); default none, so uploads answer 503. */
  mediaStorage?: MediaStorage;
}

/**
 * The command API on 127.0.0.1 port 0 over a node:sqlite event store. Like main.ts it trusts
 * X-Forwarded-For from loopback, so a test can speak for several client addresses.
 */
export async function startTestCommandApi(options: TestCommandApiOptions = {}): Promise<TestCommandApi> {
  const eventStore = await openSqliteEventStore({ path: options.storePath ?? ':memory:' });
  const mailer = createOutboxMailer();
  const gateway = createSandboxPaymentGateway({ eventStore });
  // As in the product, the steps that follow events run beside the API, on the same store.
  const flows = createProcessManagers({
    eventStore, paymentGateway: gateway, feed: storeEventFeed(eventStore), viewStore: createMemoryViewStore(),
    retryDelayMs: () => 20, checkpointOf: () => memoryRelayCheckpoints(),
  });
  await flows.start();
  const { router, read } = createCommandApi({
    eventStore: options.wrapEventStore?.(eventStore) ?? eventStore, paymentGateway: options.wrapPaymentGateway?.(gateway) ?? gateway, jwtSecret: TEST_JWT_SECRET, activationMailer: mailer,
    clock: options.clock, bodyLimit: options.bodyLimit, passwordGuessPolicies: options.passwordGuessPolicies, idempotencyWaitMs: options.idempotencyWaitMs,
    mailRequestPolicies: options.mailRequestPolicies ?? relaxedMailRequestPolicies,
    // Cheap proof of work: a test that meets a security challenge solves it in milliseconds.
    securityChallengeDifficulty: { cost: 1, counterMin: 1, counterMax: 50 },
    passwordHashCost: TEST_PASSWORD_HASH_COST,
    idempotencyStore: options.idempotencyStore,
    mediaStorage: options.mediaStorage,
    logger: { info: () => {}, warn: () => {}, error: (error) => (options.logError ?? console.error)(error) },
  });
  const app = express();
  app.set('trust proxy', 'loopback');
  app.use(router);
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    api: commandApiClient(`http://127.0.0.1:${port}`),
    read,
    eventStore,
    mailer,
    gateway,
    async flowsCaughtUp() {
      const head = await eventStore.headPosition();
      for (const manager of flows.managers) {
        if (!(await manager.waitForPosition(head, 10_000))) throw new Error(`flow ${manager.name} did not reach position ${head}: ${JSON.stringify(manager.stats())}`);
      }
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await flows.stop();
      await eventStore.close();
    },
  };
}
