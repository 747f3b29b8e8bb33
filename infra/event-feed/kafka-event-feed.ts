import type { Consumer, Kafka } from 'kafkajs';
import type { EventFeed, FeedMark, FeedSubscription } from '../../domain/ports/event-feed.ts';
import type { RecordedEvent } from '../../domain/ports/event-store.ts';
import { coalescedFetch } from '../coalesced-fetch.ts';
import { makeKafka, sharedAdmin, withAdmin } from '../relay/kafka-client.ts';
import type { KafkaClientOptions } from '../relay/kafka-client.ts';
import { AGGREGATE_CATEGORIES, DEFAULT_TOPIC_PREFIX, fromKafkaMessage, topicsFor } from '../relay/kafka-event-message.ts';

// The EventFeed as a Kafka consumer group over the relay's topics (DESIGN §2). Each subscribe() joins
// the consumer group named `name` and yields the events rebuilt from the messages. An event counts as
// processed only once the subscriber acknowledges it (FeedSubscription.acknowledge: the checkpointed
// subscription does so after the page's views are written or its jobs queued), and offsets are
// committed only up to acknowledged events. Taking an event is not processing it: a crash, a lost
// broker, a failed view write or a rebalance between the two redelivers it instead of losing it (at
// least once; the projectors are idempotent per stream revision, the reactor's jobs by id).
//
// Order: Kafka keeps order per partition, and the relay keys by stream id, so each stream's events
// arrive in revision order; events of different topics interleave freely. Hence the group's committed
// offsets are the checkpoint: `after` (a global position) is ignored here, since skipping by position
// would drop events of a topic that lags behind another. Run the projectors with per-stream ordering.
//
// Each event names its partition as its lane (`topic/partition`): the relay publishes in position order,
// so within a partition first deliveries come in position order, which lets a view document forget old
// streams behind a floor per partition (projectors/seen.ts). A topic's partition count must therefore
// stay as it is: more partitions would move streams to other partitions, and their order with them.
//
// Fairness: kafkajs fetches every assigned partition at once and fetches again only after all the
// batches of that fetch are handled. A subscriber that is slow per event (the projectors write to the
// views) would then work through the whole backlog of every topic before it sees a new event of any
// topic: a fresh order waits behind a catch-up of products. So each partition gets a turn of at most
// `turnMs` per fetch (events are handed over one at a time, as the subscriber takes them); the turn then
// waits for what it handed over to be acknowledged, commits, and leaves the rest of the batch to be
// fetched again from the first unprocessed offset next round.

export interface KafkaEventFeedOptions extends Partial<KafkaClientOptions> {
  kafka?: Kafka;
  /** Topics are `<topicPrefix>.<category>`; default `marketplace`. */
  topicPrefix?: string;
  /** Categories to consume; default every aggregate category of the domain. */
  categories?: readonly string[];
  /** Prepended to the subscriber's name to make the consumer group id. */
  groupPrefix?: string;
  /** Kafka session timeout of the group members; default SESSION_TIMEOUT_MS. */
  sessionTimeoutMs?: number;
  /** How long one partition's batch may hold the subscriber before other partitions get their turn; default 200 ms. */
  turnMs?: number;
}

/** One event handed to the subscriber: taken when yielded, acknowledged once its effect is durable. */
interface Delivery {
  event: RecordedEvent;
  /** Resolves once the subscriber took the event (true) or the subscription ended first (false). */
  taken: Promise<boolean>;
  /** Resolves once the subscriber acknowledged the event (true) or the subscription ended first (false). */
  acknowledged: Promise<boolean>;
  /** Whether acknowledged has settled. */
  settled(): boolean;
  take(): void;
  acknowledge(): void;
  /** The subscription ended: whatever has not happened yet never will. */
  drop(): void;
}

function delivery(event: RecordedEvent): Delivery {
  let take!: (value: boolean) => void;
  let acknowledge!: (value: boolean) => void;
  let settled = false;
  const taken = new Promise<boolean>((resolve) => (take = resolve));
  const acknowledged = new Promise<boolean>((resolve) => (acknowledge = (value) => {
    settled = true;
    resolve(value);
  }));
  return {
    event, taken, acknowledged,
    settled: () => settled,
    take: () => take(true),
    acknowledge: () => acknowledge(true),
    drop: () => {
      take(false);
      acknowledge(false);
    },
  };
}

/** The lane of the events of one partition. */
export const laneOf = (topic: string, partition: number): string => `${topic}/${partition}`;

/** How often a turn waiting for acknowledgments tells the group coordinator it is alive. */
const HEARTBEAT_EVERY_MS = 1000;

/**
 * How long the group waits for a member that stopped heartbeating before it gives the member's
 * partitions to the others. A subscription whose consumer crashed subscribes again as a new member, so
 * its former member, if the broker still knows it, holds the group's rebalance back until this runs
 * out: after a process killed with -9 is started again, and after a broker's restart, since a broker
 * that comes back loads every member it knew and waits this long for each one. With kafkajs's 30 s a
 * follower took ~20 s to consume again once a killed broker was back up; with 10 s, under a second.
 * 10 s was Kafka's own default before 3.0. The subscription heartbeats every HEARTBEAT_EVERY_MS while
 * its subscriber works, and kafkajs every 3 s between fetches, so only an event loop blocked for 10 s
 * loses its partitions (they come back once it rejoins, the unacknowledged events delivered again).
 */
const SESSION_TIMEOUT_MS = 10_000;

/** The feed, and `close` for its kept admin connection (the subscriptions close their own consumers). */
export function kafkaEventFeed(options: KafkaEventFeedOptions): EventFeed & { close(): Promise<void> } {
  const kafka = options.kafka ?? makeKafka({ brokers: options.brokers ?? [], ...(options.clientId ? { clientId: options.clientId } : {}), ...(options.log ? { log: options.log } : {}) });
  const topics = topicsFor(options.categories ?? AGGREGATE_CATEGORIES, options.topicPrefix ?? DEFAULT_TOPIC_PREFIX);
  let topicsReady: Promise<void> | undefined;

  // Subscribing to a topic that does not exist yet would miss it until the next rebalance: make them all first.
  const ensureTopics = async (): Promise<void> => {
    await withAdmin(kafka, (admin) => admin.createTopics({ topics: topics.map((topic) => ({ topic })), waitForLeaders: true }));
  };

  // Readiness asks for the feed's end and each follower's lag on every probe, for all the followers of the
  // process at once (the worker's reactor and flows): one kept connection, and one round of offset
  // requests for all who ask together. A connection and a request per topic for each of them, every probe, took longer
  // than the probe's limit on a loaded machine, and the unanswered probes piled up more of them.
  const admin = sharedAdmin(kafka);
  /** Lowest offsets of the partitions as of a mark that end() gave (a follower with no commit starts there). */
  const lowsOf = new WeakMap<FeedMark, Record<string, number>>();
  const offsetsNow = coalescedFetch(() => admin.use(async (client) => {
    const high: Record<string, number> = {};
    const low: Record<string, number> = {};
    await Promise.all(topics.map(async (topic) => {
      for (const end of await client.fetchTopicOffsets(topic)) {
        high[laneOf(topic, end.partition)] = Number(end.high);
        low[laneOf(topic, end.partition)] = Number(end.low);
      }
    }));
    lowsOf.set(high, low);
    return high as FeedMark;
  }));

  return {
    // Each topic is a category with its own offsets: the order holds within a stream only.
    order: 'per-stream',
    close: () => admin.close(),
    end: offsetsNow,
    // The group's committed offsets (processed events) against each partition's end, now or as marked.
    lag: async (name, upTo) => {
      const mark = upTo && lowsOf.has(upTo) ? upTo : await offsetsNow();
      const low = lowsOf.get(mark)!;
      const committed = await admin.use((client) => client.fetchOffsets({ groupId: `${options.groupPrefix ?? ''}${name}`, topics }));
      let behind = 0;
      for (const { topic, partitions } of committed) {
        for (const { partition, offset } of partitions) {
          const lane = laneOf(topic, partition);
          const from = low[lane] ?? 0;
          // A partition made after the mark holds nothing the mark asks for.
          const target = upTo ? (upTo[lane] ?? from) : (mark[lane] ?? from);
          const done = Number(offset);
          behind += Math.max(0, target - (done >= 0 ? done : from));
        }
      }
      return behind;
    },
    subscribe({ name, signal }): FeedSubscription {
      // Events as this subscription handed them out, so an acknowledgment finds its message (the same
      // event may come twice, from two messages, when the relay republished it after a crash).
      const handedOut = new WeakMap<RecordedEvent, Delivery>();
      return {
        [Symbol.asyncIterator]: () => consume(name, signal, handedOut)[Symbol.asyncIterator](),
        async acknowledge(events) {
          for (const event of events) handedOut.get(event)?.acknowledge();
        },
      };
    },
  };

  async function* consume(name: string, signal: AbortSignal, handedOut: WeakMap<RecordedEvent, Delivery>): AsyncIterable<RecordedEvent> {
    if (signal.aborted) return;
    topicsReady ??= ensureTopics().catch((error: unknown) => {
      topicsReady = undefined;
      throw error;
    });
    await topicsReady;

    const consumer: Consumer = kafka.consumer({
      groupId: `${options.groupPrefix ?? ''}${name}`,
      sessionTimeout: options.sessionTimeoutMs ?? SESSION_TIMEOUT_MS,
      allowAutoTopicCreation: false,
      // A crash ends this subscription and its owner subscribes again with a fresh consumer, after its
      // own wait: each attempt is logged and counted by the owner (readiness shows the lag meanwhile),
      // instead of kafkajs restarting the consumer in place, unseen.
      retry: { restartOnFailure: async () => false },
    });
    const queue: Delivery[] = [];
    /** Handed over (queued or taken) and not yet acknowledged: dropped when the subscription ends. */
    const outstanding = new Set<Delivery>();
    let wake: (() => void) | undefined;
    let failure: { error: unknown } | undefined;
    let stopping = false;
    const notify = (): void => wake?.();

    consumer.on(consumer.events.CRASH, ({ payload }) => {
      failure = { error: payload.error };
      notify();
    });

    /**
     * Waits for the promise, beating the heart meanwhile so a slow subscriber keeps its partitions. Gives
     * up (false) once this subscription or the consumer stops: kafkajs's stop waits for the batch to end.
     */
    const whileAlive = async (promise: Promise<boolean>, heartbeat: () => Promise<void>, running: () => boolean): Promise<boolean> => {
      for (;;) {
        let timer: NodeJS.Timeout | undefined;
        const beat = new Promise<'beat'>((resolve) => (timer = setTimeout(() => resolve('beat'), HEARTBEAT_EVERY_MS)));
        const settled = await Promise.race([promise, beat]);
        clearTimeout(timer);
        if (settled !== 'beat') return settled;
        if (stopping || !running()) return false;
        await heartbeat();
      }
    };

    await consumer.connect();
    try {
      await consumer.subscribe({ topics, fromBeginning: true });
      const turnMs = options.turnMs ?? 200;
      await consumer.run({
        autoCommit: false,
        // Offsets are resolved one by one as the subscriber acknowledges the events; the rest of a batch
        // left at the end of a turn (or on stop) is fetched again from the first unresolved offset.
        eachBatchAutoResolve: false,
        eachBatch: async ({ batch, resolveOffset, heartbeat, commitOffsetsIfNecessary, isRunning, isStale }) => {
          const turnEnds = Date.now() + turnMs;
          /** This turn's messages in offset order, with their delivery (none for a message that is not the relay's). */
          const handed: Array<{ offset: string; handing: Delivery | null }> = [];
          const lane = laneOf(batch.topic, batch.partition);
          let processedUpTo: string | undefined;
          let committedUpTo: string | undefined;
          // The batch's own commit goes to the group directly, so it also lands while the consumer is
          // stopping (consumer.commitOffsets does nothing then); a commit lost anyway means a redelivery.
          const commitProgress = async (): Promise<void> => {
            if (processedUpTo === undefined || processedUpTo === committedUpTo) return;
            const upTo = processedUpTo;
            const commit = commitOffsetsIfNecessary({ topics: [{ topic: batch.topic, partitions: [{ partition: batch.partition, offset: (BigInt(upTo) + 1n).toString() }] }] });
            await (stopping ? commit.catch(() => undefined) : commit);
            committedUpTo = upTo;
          };
          try {
            for (const message of batch.messages) {
              if (stopping || !isRunning() || isStale()) break;
              if (handed.length > 0 && Date.now() >= turnEnds) break;
              let event: RecordedEvent | undefined;
              try {
                event = { ...fromKafkaMessage(message), lane };
              } catch {
                event = undefined; // not a relay message: nothing to deliver, nothing to redo
              }
              const handing = event ? delivery(event) : null;
              handed.push({ offset: message.offset, handing });
              if (!handing) continue;
              outstanding.add(handing);
              queue.push(handing);
              notify();
              // One at a time, as the subscriber takes them: the turn's length is the subscriber's pace.
              if (!(await whileAlive(handing.taken, heartbeat, isRunning))) break;
            }
            // The turn is over: what was handed over counts once acknowledged, in offset order. What is
            // acknowledged is committed before waiting for more, so the group's lag tells the truth.
            for (const { offset, handing } of handed) {
              if (handing && !handing.settled()) {
                await commitProgress();
                if (!(await whileAlive(handing.acknowledged, heartbeat, isRunning))) break;
              }
              if (handing && !(await handing.acknowledged)) break;
              resolveOffset(offset);
              processedUpTo = offset;
            }
          } finally {
            // Still queued when the turn ended early (stopping, a rebalance): fetched again, not taken from here.
            for (const { handing } of handed) {
              const queued = handing ? queue.indexOf(handing) : -1;
              if (queued === -1) continue;
              queue.splice(queued, 1);
              handing!.drop();
              outstanding.delete(handing!);
            }
            // Only acknowledged events are committed: the next one is where the group resumes.
            await commitProgress();
          }
        },
      });

      const onAbort = (): void => notify();
      signal.addEventListener('abort', onAbort, { once: true });
      try {
        while (!signal.aborted) {
          if (failure) throw failure.error;
          const next = queue.shift();
          if (!next) {
            await new Promise<void>((resolve) => (wake = resolve));
            wake = undefined;
            continue;
          }
          handedOut.set(next.event, next);
          void next.acknowledged.then(() => outstanding.delete(next));
          next.take();
          yield next.event;
        }
      } finally {
        signal.removeEventListener('abort', onAbort);
      }
    } finally {
      stopping = true;
      queue.length = 0;
      for (const handing of outstanding) handing.drop();
      outstanding.clear();
      await consumer.disconnect();
    }
  }
}
