import type { EventStore, RecordedEvent } from '../../domain/ports/event-store.ts';
import type { ViewStore } from '../../domain/ports/view-store.ts';
import { openKafkaRelay } from './kafka-relay.ts';
import { memoryRelayCheckpoints, viewStoreRelayCheckpoints } from './relay-checkpoints.ts';
import type { RelayCheckpoints } from './relay-checkpoints.ts';
import { runRelay } from './relay-runner.ts';

// The relay service (main.ts, `npm run start:relay`): follows the event store and publishes every event
// to Kafka, keeping its checkpoint in the ViewStore's `_checkpoints` collection (document `relay:kafka`).
// With the in-memory ViewStore the checkpoint lives as long as the process, so a restart republishes
// from the beginning: duplicates, never a gap (consumers are idempotent).

export interface RelayLog {
  info(details: object, message?: string): void;
  warn(details: object, message?: string): void;
}

export interface StartKafkaRelayOptions {
  eventStore: Pick<EventStore, 'subscribeToAll'>;
  viewStore?: ViewStore;
  /** Where the checkpoint is kept; default the ViewStore (or memory without one). */
  checkpoints?: RelayCheckpoints;
  brokers: string[];
  topicPrefix?: string;
  log?: RelayLog;
}

export interface RunningRelay {
  /** Stops publishing (the current batch is left unacknowledged and republished next time) and disconnects. */
  stop(): Promise<void>;
  /** Position of the last event the broker acknowledged (-1 before any): readiness compares it with the store's head. */
  position(): number;
}

export async function startKafkaRelay(options: StartKafkaRelayOptions): Promise<RunningRelay> {
  const relay = await openKafkaRelay({
    brokers: options.brokers,
    clientId: 'marketplace-relay',
    ...(options.topicPrefix ? { topicPrefix: options.topicPrefix } : {}),
  });
  const checkpoints = options.checkpoints ?? (options.viewStore ? viewStoreRelayCheckpoints(options.viewStore) : memoryRelayCheckpoints());
  const controller = new AbortController();
  let published = 0;
  let position = (await checkpoints.load()) ?? -1;
  const running = runRelay({
    store: options.eventStore,
    relay,
    checkpoints,
    signal: controller.signal,
    onError: (error, attempt) => options.log?.warn({ err: error, attempt }, 'relay: publishing failed; retrying from the last acknowledged position'),
    onPublished: (batch: RecordedEvent[]) => {
      published += batch.length;
      position = Math.max(position, batch[batch.length - 1]!.position);
    },
  });
  options.log?.info({ brokers: options.brokers, after: await checkpoints.load() }, 'relay: publishing events to Kafka');
  return {
    position: () => position,
    async stop() {
      controller.abort();
      await running;
      await relay.close();
      options.log?.info({ published }, 'relay: stopped');
    },
  };
}
