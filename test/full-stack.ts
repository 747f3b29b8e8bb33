import express from 'express';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EventStore } from '../domain/ports/event-store.ts';
import type { JobQueue } from '../domain/ports/job-queue.ts';
import type { Realtime } from '../domain/ports/realtime.ts';
import type { ViewStore } from '../domain/ports/view-store.ts';
import { openSqliteEventStore } from '../infra/event-store/sqlite-event-store.ts';
import { storeEventFeed } from '../infra/event-feed/store-event-feed.ts';
import { createMemoryViewStore } from '../infra/view-store/memory-view-store.ts';
import { openSqliteViewStore } from '../infra/view-store/sqlite-view-store.ts';
import { createMemoryCache } from '../infra/cache/memory-cache.ts';
import { createMemoryJobQueue } from '../infra/job-queue/memory-job-queue.ts';
import { createMemoryRealtime } from '../infra/realtime/memory-realtime.ts';
import { createSandboxPaymentGateway, type SandboxPaymentGateway } from '../infra/payment/sandbox-payment-gateway.ts';
import { createProcessManagers, type ProcessManagers } from '../process-managers/all-flows.ts';
import { createProjectionRuntime, type ProjectionRuntime } from '../projectors/runtime.ts';
import { createCommandApi } from '../command-api/create-command-api.ts';
import { TEST_PASSWORD_HASH_COST } from '../command-api/testing/test-command-api.ts';
import { createOutboxMailer, type OutboxMailer } from '../command-api/activation-mailer.ts';
import { commandApiClient, type CommandApiClient } from '../command-api/client/command-api-client.ts';
import { createNotificationReactor, type NotificationReactor } from '../notifications/reactor.ts';
import { startNotificationWorker } from '../notifications/worker.ts';
import { apiNotFound, createQueryApi, type QueryApi } from '../query-api/create-query-api.ts';
import type { RouteSpec } from '../infra/http/route-spec.ts';
import { securityHeaders } from '../infra/http/security-headers.ts';
import { answerClientErrors } from '../infra/http/client-errors.ts';

// The whole embedded read and write side on 127.0.0.1 port 0, as `npm start` wires it: the real
// node:sqlite event store (in memory), the in-memory view store, the projectors runtime, both APIs,
// the notification reactor and worker on the in-process queue.
export const FULL_STACK_SECRET = 'full-stack-test-secret-0123456789abcdef';

export interface FullStack {
  /** Speaks to both APIs; `api` for the command-api test helpers (accounts, marketplace). */
  api: CommandApiClient;
  eventStore: EventStore;
  viewStore: ViewStore;
  runtime: ProjectionRuntime;
  jobQueue: JobQueue;
  realtime: Realtime;
  reactor: NotificationReactor;
  /** The flows after events (slot release, refunds), as the worker service runs them. */
  flows: ProcessManagers;
  /** Resolves once the flows have handled every event written so far. */
  flowsCaughtUp(): Promise<void>;
  mailer: OutboxMailer;
  gateway: SandboxPaymentGateway;
  queryApi: QueryApi;
  commandRoutes: RouteSpec[];
  close(): Promise<void>;
}

export interface FullStackOptions {
  /** The event store the notification worker writes through (e.g. one that fails). */
  workerEventStore?: (eventStore: EventStore) => EventStore;
  jobBackoffMs?: number;
  jobAttempts?: number;
}

export async function startFullStack(options: FullStackOptions = {}): Promise<FullStack> {
  const eventStore = await openSqliteEventStore({ path: ':memory:' });
  // VIEW_STORE=sqlite runs the same tests on the embedded node:sqlite view store (infra/config.ts).
  const viewStore = process.env.VIEW_STORE === 'sqlite' ? openSqliteViewStore({ path: ':memory:' }) : createMemoryViewStore();
  const feed = storeEventFeed(eventStore);
  const runtime = createProjectionRuntime({ viewStore, feed, retryDelayMs: 50 });
  await runtime.start();
  const jobQueue = createMemoryJobQueue();
  const realtime = createMemoryRealtime();
  const mailer = createOutboxMailer();
  const gateway = createSandboxPaymentGateway({ eventStore });
  const quiet = { info() {}, warn() {}, error: (error: unknown) => console.error(error) };
  // Calendar addresses on 127.0.0.1 (the tests' own calendar servers) are allowed here, as CALENDAR_IMPORT_ALLOW_PRIVATE does.
  const command = createCommandApi({
    eventStore, paymentGateway: gateway, jwtSecret: FULL_STACK_SECRET, activationMailer: mailer, logger: quiet, passwordHashCost: TEST_PASSWORD_HASH_COST,
    calendarFetch: { allowPrivateAddresses: true },
  });
  const queryApi = createQueryApi({
    viewStore, eventStore, projections: runtime, cache: createMemoryCache(), jobQueue, jwtSecret: FULL_STACK_SECRET,
    extraRouteSpecs: command.routes, logger: quiet,
  });
  const reactor = createNotificationReactor({
    feed, eventStore, jobQueue, viewStore, retryDelayMs: 50,
    job: { attempts: options.jobAttempts ?? 3, backoffMs: options.jobBackoffMs ?? 20 },
  });
  startNotificationWorker(jobQueue, { eventStore: options.workerEventStore?.(eventStore) ?? eventStore, realtime });
  await reactor.start();
  const flows = createProcessManagers({ eventStore, paymentGateway: gateway, feed, viewStore, retryDelayMs: () => 50 });
  await flows.start();

  // Wired as main.ts wires them: security headers first, parser errors answered as problems.
  const app = express();
  app.use(securityHeaders);
  app.use(queryApi.router);
  app.use(command.router);
  app.use(apiNotFound);
  const server = createServer(app);
  answerClientErrors(server);
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    api: commandApiClient(`http://127.0.0.1:${port}`),
    eventStore, viewStore, runtime, jobQueue, realtime, reactor, flows, mailer, gateway, queryApi,
    commandRoutes: command.routes,
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
      await reactor.stop();
      await runtime.stop();
      await jobQueue.close();
      await realtime.close();
      queryApi.cache.stop();
      await eventStore.close();
    },
  };
}
