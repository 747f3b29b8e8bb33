import type { EventFeed } from '../domain/ports/event-feed.ts';
import type { EventStore } from '../domain/ports/event-store.ts';
import type { PaymentGateway } from '../domain/ports/payment-gateway.ts';
import type { ViewStore } from '../domain/ports/view-store.ts';
import type { RelayCheckpoints } from '../infra/relay/relay-checkpoints.ts';
import type { ProjectorLog } from '../projectors/projector-log.ts';
import { createProcessManager, type FlowStats, type FlowStep, type ProcessManager } from './process-manager.ts';
import { refundFlow } from './refunds.ts';
import { slotReleaseFlow } from './slot-release.ts';
import { quoteAcceptanceFlow } from './quote-acceptance.ts';
import { receiptFlow } from './receipts.ts';

// Every flow the worker service runs after events (docs/architecture.md lists them all, with the
// projectors, the notification reactor and the relay, which follow the log the same way).
export function allFlows(options: { eventStore: EventStore; paymentGateway: PaymentGateway }): FlowStep[] {
  return [slotReleaseFlow(options), refundFlow(options), quoteAcceptanceFlow(options), receiptFlow(options)];
}

export interface ProcessManagers {
  readonly managers: readonly ProcessManager[];
  start(): Promise<void>;
  stop(): Promise<void>;
  stats(): FlowStats[];
}

export interface ProcessManagersOptions {
  eventStore: EventStore;
  paymentGateway: PaymentGateway;
  feed: EventFeed;
  viewStore: ViewStore;
  log?: ProjectorLog;
  /** Where each flow keeps its checkpoint; default the view store's `_checkpoints`. */
  checkpointOf?: (flowName: string) => RelayCheckpoints;
  retryDelayMs?: (attempt: number) => number;
  flows?: FlowStep[];
}

export function createProcessManagers(options: ProcessManagersOptions): ProcessManagers {
  const flows = options.flows ?? allFlows(options);
  const managers = flows.map((flow) => createProcessManager({
    flow, feed: options.feed, viewStore: options.viewStore, eventStore: options.eventStore,
    ...(options.log ? { log: options.log } : {}),
    ...(options.checkpointOf ? { checkpoint: options.checkpointOf(flow.name) } : {}),
    ...(options.retryDelayMs ? { retryDelayMs: options.retryDelayMs } : {}),
  }));
  return {
    managers,
    async start() {
      for (const manager of managers) await manager.start();
    },
    async stop() {
      for (const manager of managers) await manager.stop();
    },
    stats: () => managers.map((manager) => manager.stats()),
  };
}
