import type { EventStore, RecordedEvent } from '../../domain/ports/event-store.ts';
import type { Relay } from '../../domain/ports/relay.ts';
import { createCheckpointedSubscription, sleepUnlessAborted } from '../subscription/checkpointed-subscription.ts';
import type { RelayCheckpoints } from './relay-checkpoints.ts';

// Follows the event store from the stored checkpoint and hands events to the relay in small batches
// (infra/subscription/checkpointed-subscription.ts: the pages are the batches).
// The checkpoint is saved only after relay.publish() resolved, i.e. after the broker acknowledged the
// batch: a crash between the two republishes the batch (at least once), never skips it. A failed publish
// is retried (by resubscribing from the last published position, so the same events come again), with
// growing waits, until it succeeds or the signal aborts.

export interface RelayRunnerOptions {
  store: Pick<EventStore, 'subscribeToAll'>;
  relay: Relay;
  checkpoints: RelayCheckpoints;
  /** Stops the runner; runRelay then resolves. */
  signal: AbortSignal;
  /** Most events per publish. */
  batchSize?: number;
  /** How long to wait for more events before publishing a partial batch. */
  lingerMs?: number;
  retryDelayMs?: { first: number; max: number };
  /** Told about every failure the runner recovers from (for logs). */
  onError?: (error: unknown, attempt: number) => void;
  /** Told after each acknowledged and checkpointed batch. */
  onPublished?: (batch: RecordedEvent[]) => void;
}

export async function runRelay(options: RelayRunnerOptions): Promise<void> {
  const { store, relay, checkpoints, signal } = options;
  const delays = options.retryDelayMs ?? { first: 200, max: 5000 };
  const delayOf = (attempt: number) => Math.min(delays.max, delays.first * 2 ** (attempt - 1));
  const subscription = createCheckpointedSubscription<void>({
    subscribe: (after, subscriptionSignal) => store.subscribeToAll({ ...(after === undefined ? {} : { after }), signal: subscriptionSignal }),
    checkpoint: checkpoints,
    handlePage: (batch) => relay.publish(batch),
    // Saved with every acknowledged batch, and only then is the batch reported.
    checkpointEvery: 1,
    committed: (_, batch) => options.onPublished?.(batch),
    pageSize: options.batchSize ?? 200,
    lingerMs: options.lingerMs ?? 5,
    retryDelayMs: delayOf,
    ...(options.onError ? { onError: options.onError } : {}),
  });
  // The checkpoint store may be down at first too: try again, with the same growing waits.
  for (let attempt = 1; !signal.aborted; attempt++) {
    try {
      await subscription.start();
      break;
    } catch (error) {
      if (signal.aborted) return;
      options.onError?.(error, attempt);
      await sleepUnlessAborted(delayOf(attempt), signal);
    }
  }
  if (!signal.aborted) await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
  await subscription.stop();
}
