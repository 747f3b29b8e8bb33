import type { EventStore, RecordedEvent } from '../../domain/ports/event-store.ts';
import type { Relay } from '../../domain/ports/relay.ts';
import type { RelayCheckpoints } from './relay-checkpoints.ts';

// Follows the event store from the stored checkpoint and hands events to the relay in small batches.
// The checkpoint is saved only after relay.publish() resolved, i.e. after the broker acknowledged the
// batch: a crash between the two republishes the batch (at least once), never skips it. A failed publish
// is retried, with growing waits, until it succeeds or the signal aborts; a failed subscription is
// resumed from the last published position.

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

const IDLE = Symbol('idle');

const sleep = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });

export async function runRelay(options: RelayRunnerOptions): Promise<void> {
  const { store, relay, checkpoints, signal } = options;
  const batchSize = options.batchSize ?? 200;
  const lingerMs = options.lingerMs ?? 5;
  const delays = options.retryDelayMs ?? { first: 200, max: 5000 };
  let attempt = 0;
  const recover = async (error: unknown): Promise<void> => {
    attempt += 1;
    options.onError?.(error, attempt);
    await sleep(Math.min(delays.max, delays.first * 2 ** (attempt - 1)), signal);
  };

  /** Publishes until acknowledged, then saves the checkpoint; false when stopped first. */
  const publish = async (batch: RecordedEvent[]): Promise<boolean> => {
    while (!signal.aborted) {
      try {
        await relay.publish(batch);
        await checkpoints.save(batch[batch.length - 1]!.position);
        attempt = 0;
        options.onPublished?.(batch);
        return true;
      } catch (error) {
        if (signal.aborted) return false;
        await recover(error);
      }
    }
    return false;
  };

  while (!signal.aborted) {
    try {
      const after = await checkpoints.load();
      const iterator = store.subscribeToAll({ ...(after === undefined ? {} : { after }), signal })[Symbol.asyncIterator]();
      let pending = iterator.next();
      try {
        for (;;) {
          const first = await pending;
          if (first.done) break;
          const batch = [first.value];
          pending = iterator.next();
          let ended = false;
          // Take what is already there (or arrives within lingerMs), up to batchSize.
          while (batch.length < batchSize) {
            let timer: NodeJS.Timeout | undefined;
            const next = await Promise.race([pending, new Promise<typeof IDLE>((resolve) => (timer = setTimeout(() => resolve(IDLE), lingerMs)))]);
            clearTimeout(timer);
            if (next === IDLE) break;
            if (next.done) {
              ended = true;
              break;
            }
            batch.push(next.value);
            pending = iterator.next();
          }
          if (!(await publish(batch))) return;
          if (ended) break;
        }
      } finally {
        // A next() left waiting settles when the subscription ends; nobody awaits it any more.
        pending.catch(() => undefined);
        await iterator.return?.();
      }
      if (signal.aborted) return;
      throw new Error('event store subscription ended');
    } catch (error) {
      if (signal.aborted) return;
      await recover(error);
    }
  }
}
