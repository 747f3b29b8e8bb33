import type { AddressInfo } from 'node:net';
import express from 'express';
import type { EventStore } from '../../domain/ports/event-store.ts';
import type { Clock } from '../../domain/ports/clock.ts';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store.ts';
import { createSandboxPaymentGateway, type SandboxPaymentGateway } from '../../infra/payment/sandbox-payment-gateway.ts';
import { createOutboxMailer, type OutboxMailer } from '../activation-mailer.ts';
import { createCommandApi } from '../create-command-api.ts';
import { commandApiClient, type CommandApiClient } from '../client/command-api-client.ts';

export const TEST_JWT_SECRET = 'test-secret-for-the-command-api-0123456789';

export interface TestCommandApi {
  api: CommandApiClient;
  eventStore: EventStore;
  mailer: OutboxMailer;
  gateway: SandboxPaymentGateway;
  close(): Promise<void>;
}

/** The command API on 127.0.0.1 port 0 over a node:sqlite event store. */
/** `storePath` puts the event store in a file (e.g. under a temp dir) instead of memory. */
export async function startTestCommandApi(options: { clock?: Clock; bodyLimit?: string; storePath?: string } = {}): Promise<TestCommandApi> {
  const eventStore = await openSqliteEventStore({ path: options.storePath ?? ':memory:' });
  const mailer = createOutboxMailer();
  const gateway = createSandboxPaymentGateway();
  const { router } = createCommandApi({
    eventStore, paymentGateway: gateway, jwtSecret: TEST_JWT_SECRET, activationMailer: mailer, clock: options.clock, bodyLimit: options.bodyLimit,
    logger: { info: () => {}, warn: () => {}, error: (error) => console.error(error) },
  });
  const app = express();
  app.use(router);
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    api: commandApiClient(`http://127.0.0.1:${port}`),
    eventStore,
    mailer,
    gateway,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await eventStore.close();
    },
  };
}
