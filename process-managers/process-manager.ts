import type { EventFeed } from '../domain/ports/event-feed.ts';
import type { EventStore, RecordedEvent } from '../domain/ports/event-store.ts';
import type { ViewDocument, ViewStore } from '../domain/ports/view-store.ts';
import { Refusal } from '../domain/shared/refusal.ts';
import { InvalidEventError } from '../command-api/command-handler.ts';
import { viewStoreRelayCheckpoints, type RelayCheckpoints } from '../infra/relay/relay-checkpoints.ts';
import { createCheckpointedSubscription } from '../infra/subscription/checkpointed-subscription.ts';
import { silentLog, type ProjectorLog } from '../projectors/projector-log.ts';

// A process manager: the step that follows an event, driven from the log rather than from the request
// that wrote the event. It follows the feed from its checkpoint (checkpointed-subscription.ts), takes
// its step for each event of its types, and moves its checkpoint only once the page's steps are done:
// a crash redoes at most that page, so every step is idempotent (derived event ids, deciders that
// decide nothing the second time, a gateway idempotent per payment) and takes effect exactly once.
//
// A step that fails is retried: the page is taken again after a growing wait (a revision conflict, an
// engine that is away), for as long as it takes, so nothing is skipped while the lag says how far
// behind the flow is. A step that can never succeed (the domain refuses it, or the flow says so) is
// kept as a dead letter in the view store (`_deadLetters`) with its error, logged, and passed, so one
// bad event does not stop the flow. Both are counted in `stats()`, which each flow's readiness check names (flow-readiness.ts).

/** One flow: which events it acts on and the step it takes for each. */
export interface FlowStep {
  /** Stable: names the checkpoint, the Kafka consumer group and the dead letters. */
  readonly name: string;
  readonly eventTypes: ReadonlySet<string>;
  /**
   * The step for one event; idempotent, since it may run again for the same event. Resolves false when
   * it found nothing to do (its work done before, or none owed): such a step alone does not make its
   * page's checkpoint due, since taken again after a crash it finds the same.
   */
  handle(event: RecordedEvent): Promise<boolean | void>;
  /** An error no retry can cure (beside a domain Refusal or an invalid decided event, always permanent). */
  isPermanent?(error: unknown): boolean;
}

export interface FlowStats {
  name: string;
  /** Position of the last event handled (or loaded from the checkpoint), -1 before any. */
  position: number;
  /** Failed attempts since this process started (each retried). */
  retries: number;
  /** Events set aside for good, in the view store. */
  deadLetters: number;
  /** The last failure, while the flow is retrying it; null once a page went through. */
  lastError: string | null;
}

export interface ProcessManager {
  readonly name: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  position(): number;
  waitForPosition(position: number, timeoutMs: number): Promise<boolean>;
  stats(): FlowStats;
}

export const DEAD_LETTERS_COLLECTION = '_deadLetters';

export interface DeadLetter extends ViewDocument {
  flow: string;
  eventId: string;
  streamId: string;
  type: string;
  position: number;
  error: string;
  at: string;
}

export interface ProcessManagerOptions {
  flow: FlowStep;
  feed: EventFeed;
  viewStore: ViewStore;
  /** Where the checkpoint is kept; default `_checkpoints` in the view store (`flow:<name>`). */
  checkpoint?: RelayCheckpoints;
  log?: ProjectorLog;
  /** Wait before the n-th retry in a row; default 200 ms doubling up to 30 s. */
  retryDelayMs?: (attempt: number) => number;
  /** How long the feed stays quiet before the checkpoint of pages without a step is saved; default 200 ms. */
  quietMs?: number;
  /** A page with a step within this long of the previous save is saved that long after it instead (dueSavesApartMs); default 1,000 ms. */
  dueSavesApartMs?: number;
  /** For the checkpoint check: a checkpoint past the log's head belongs to another log. */
  eventStore: Pick<EventStore, 'headPosition'>;
}

const defaultRetryDelay = (attempt: number): number => Math.min(30_000, 200 * 2 ** (attempt - 1));

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export function createProcessManager(options: ProcessManagerOptions): ProcessManager {
  const { flow, feed, viewStore } = options;
  const log = options.log ?? silentLog;
  const checkpoint = options.checkpoint ?? viewStoreRelayCheckpoints(viewStore, `flow:${flow.name}`);
  const deadLetters = () => viewStore.collection<DeadLetter>(DEAD_LETTERS_COLLECTION);
  const stats: FlowStats = { name: flow.name, position: -1, retries: 0, deadLetters: 0, lastError: null };
  const globalOrder = (feed.order ?? 'global') === 'global';

  async function setAside(event: RecordedEvent, error: unknown): Promise<void> {
    const letter: DeadLetter = {
      _id: `${flow.name}:${event.id}`, flow: flow.name, eventId: event.id, streamId: event.streamId, type: event.type,
      position: event.position, error: messageOf(error), at: new Date().toISOString(),
    };
    await deadLetters().replaceOne(letter);
    stats.deadLetters = await deadLetters().count({ flow: flow.name });
    log.error({ flow: flow.name, eventId: event.id, streamId: event.streamId, type: event.type, err: error }, 'flow: a step that cannot succeed was set aside as a dead letter');
  }

  const subscription = createCheckpointedSubscription<boolean>({
    // Only its types: at a first start most of the log is passed over unread (sqlite-event-store.ts).
    subscribe: (after, signal) => feed.subscribe({ name: `flow-${flow.name}`, ...(after !== undefined ? { after } : {}), signal, types: flow.eventTypes }),
    checkpoint: {
      async load() {
        const stored = await checkpoint.load();
        const head = await options.eventStore.headPosition();
        if (stored !== undefined && stored > head) {
          log.warn({ flow: flow.name, checkpoint: stored, head }, 'flow checkpoint is past the end of the event log; starting over (every step is idempotent)');
          return undefined;
        }
        return stored;
      },
      save: (position) => checkpoint.save(position),
    },
    /** Whether a step of the page acted (or an event was set aside). */
    async handlePage(events) {
      let acted = false;
      for (const event of events) {
        if (!flow.eventTypes.has(event.type)) continue;
        try {
          if ((await flow.handle(event)) !== false) acted = true;
        } catch (error) {
          // A refusal, or an event the decider made that its schema refuses (a bug), fails every time.
          if (!(error instanceof Refusal) && !(error instanceof InvalidEventError) && !flow.isPermanent?.(error)) throw error;
          await setAside(event, error);
          acted = true;
        }
      }
      stats.lastError = null;
      return acted;
    },
    skipHandled: globalOrder,
    // The checkpoint is saved with a page where a step acted, or, within a second of the previous save, a
    // second after it, so a crash redoes at most that second of steps (each finds its work done); a steady
    // load writes the file once a second, not per page. Pages where none acted (other events, or work found
    // done: a flow catching up over a long log) only every 5,000 events (or when the feed is quiet): after
    // a crash they are checked again and found the same. A file write per page was a tenth of the
    // followers' time at a first start over 1M events.
    checkpointEvery: 5000,
    checkpointDue: (_events, acted) => acted,
    dueSavesApartMs: options.dueSavesApartMs ?? 1000,
    retryDelayMs: options.retryDelayMs ?? defaultRetryDelay,
    ...(options.quietMs !== undefined ? { quietMs: options.quietMs } : {}),
    onError(error, attempt) {
      stats.retries += 1;
      stats.lastError = messageOf(error);
      log.warn({ flow: flow.name, attempt, err: error }, 'flow: a step failed; retrying the page');
    },
    onCheckpointError: (error) => log.error({ flow: flow.name, err: error }, 'flow: saving the checkpoint failed'),
  });

  return {
    name: flow.name,
    async start() {
      stats.deadLetters = await deadLetters().count({ flow: flow.name });
      await subscription.start();
    },
    stop: () => subscription.stop(),
    position: () => subscription.position(),
    waitForPosition: (position, timeoutMs) => subscription.waitForPosition(position, timeoutMs),
    stats: () => ({ ...stats, position: subscription.position() }),
  };
}
