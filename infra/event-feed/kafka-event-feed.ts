import type { Consumer, Kafka } from 'kafkajs';
import type { EventFeed } from '../../domain/ports/event-feed.ts';
import type { RecordedEvent } from '../../domain/ports/event-store.ts';
import { makeKafka } from '../relay/kafka-client.ts';
import type { KafkaClientOptions } from '../relay/kafka-client.ts';
import { AGGREGATE_CATEGORIES, DEFAULT_TOPIC_PREFIX, fromKafkaMessage, topicsFor } from '../relay/kafka-event-message.ts';

// The EventFeed as a Kafka consumer group over the relay's topics (DESIGN §2, issue 4). Each
// subscribe() joins the consumer group named `name` and yields the events rebuilt from the messages.
// An event counts as processed once the subscriber asks for the next one; offsets are committed only
// up to processed events, so a crash, a lost broker or a rebalance redelivers the rest rather than
// losing it (at least once; the projectors are idempotent per stream revision).
//
// Order: Kafka keeps order per partition, and the relay keys by stream id, so each stream's events
// arrive in revision order; events of different topics interleave freely. Hence the group's committed
// offsets are the checkpoint: `after` (a global position) is ignored here, since skipping by position
// would drop events of a topic that lags behind another. Run the projectors with per-stream ordering.
//
// Fairness: kafkajs fetches every assigned partition at once and fetches again only after all the
// batches of that fetch are handled. A subscriber that is slow per event (the projectors write to the
// views) would then work through the whole backlog of every topic before it sees a new event of any
// topic: a fresh order waits behind a catch-up of products. So each partition gets a turn of at most
// `turnMs` per fetch; what it leaves is fetched again from the first unprocessed offset next round.
// Offsets are committed once per turn (not per message), after the turn's events were processed.

export interface KafkaEventFeedOptions extends Partial<KafkaClientOptions> {
  kafka?: Kafka;
  /** Topics are `<topicPrefix>.<category>`; default `marketplace`. */
  topicPrefix?: string;
  /** Categories to consume; default every aggregate category of the domain. */
  categories?: readonly string[];
  /** Prepended to the subscriber's name to make the consumer group id. */
  groupPrefix?: string;
  /** Kafka session timeout of the group members. */
  sessionTimeoutMs?: number;
  /** How long one partition's batch may hold the subscriber before other partitions get their turn; default 200 ms. */
  turnMs?: number;
}

interface Delivery {
  event: RecordedEvent;
  settle: (processed: boolean) => void;
}

export function kafkaEventFeed(options: KafkaEventFeedOptions): EventFeed {
  const kafka = options.kafka ?? makeKafka({ brokers: options.brokers ?? [], ...(options.clientId ? { clientId: options.clientId } : {}), ...(options.log ? { log: options.log } : {}) });
  const topics = topicsFor(options.categories ?? AGGREGATE_CATEGORIES, options.topicPrefix ?? DEFAULT_TOPIC_PREFIX);
  let topicsReady: Promise<void> | undefined;

  // Subscribing to a topic that does not exist yet would miss it until the next rebalance: make them all first.
  const ensureTopics = async (): Promise<void> => {
    const admin = kafka.admin();
    await admin.connect();
    try {
      await admin.createTopics({ topics: topics.map((topic) => ({ topic })), waitForLeaders: true });
    } finally {
      await admin.disconnect();
    }
  };

  return {
    // Each topic is a category with its own offsets: the order holds within a stream only.
    order: 'per-stream',
    async lag(name) {
      // The group's committed offsets (processed events) against each partition's end.
      const admin = kafka.admin();
      await admin.connect();
      try {
        let behind = 0;
        for (const { topic, partitions } of await admin.fetchOffsets({ groupId: `${options.groupPrefix ?? ''}${name}`, topics })) {
          for (const end of await admin.fetchTopicOffsets(topic)) {
            const committed = Number(partitions.find((partition) => partition.partition === end.partition)?.offset ?? -1);
            behind += Math.max(0, Number(end.high) - (committed >= 0 ? committed : Number(end.low)));
          }
        }
        return behind;
      } finally {
        await admin.disconnect();
      }
    },
    async *subscribe({ name, signal }): AsyncIterable<RecordedEvent> {
      if (signal.aborted) return;
      topicsReady ??= ensureTopics().catch((error: unknown) => {
        topicsReady = undefined;
        throw error;
      });
      await topicsReady;

      const consumer: Consumer = kafka.consumer({
        groupId: `${options.groupPrefix ?? ''}${name}`,
        sessionTimeout: options.sessionTimeoutMs ?? 30_000,
        allowAutoTopicCreation: false,
      });
      const queue: Delivery[] = [];
      let wake: (() => void) | undefined;
      let failure: { error: unknown } | undefined;
      let stopping = false;
      const notify = (): void => wake?.();

      consumer.on(consumer.events.CRASH, ({ payload }) => {
        // kafkajs restarts the consumer itself after retriable errors; anything else ends this subscription.
        if (!payload.restart) {
          failure = { error: payload.error };
          notify();
        }
      });

      await consumer.connect();
      try {
        await consumer.subscribe({ topics, fromBeginning: true });
        const turnMs = options.turnMs ?? 200;
        const deliver = (event: RecordedEvent): Promise<boolean> =>
          new Promise<boolean>((settle) => {
            queue.push({ event, settle });
            notify();
          });
        await consumer.run({
          autoCommit: false,
          // Offsets are resolved one by one as the subscriber processes the events; the rest of a batch
          // left at the end of a turn (or on stop) is fetched again from the first unresolved offset.
          eachBatchAutoResolve: false,
          eachBatch: async ({ batch, resolveOffset, heartbeat, commitOffsetsIfNecessary, isRunning, isStale }) => {
            const turnEnds = Date.now() + turnMs;
            let processedUpTo: string | undefined;
            try {
              for (const message of batch.messages) {
                if (stopping || !isRunning() || isStale()) break;
                if (processedUpTo !== undefined && Date.now() >= turnEnds) break;
                let event: RecordedEvent | undefined;
                try {
                  event = fromKafkaMessage(message);
                } catch {
                  event = undefined; // not a relay message: nothing to deliver, nothing to redo
                }
                if (event && !(await deliver(event))) break; // stopping before the subscriber took it: left uncommitted
                resolveOffset(message.offset);
                processedUpTo = message.offset;
                await heartbeat();
              }
            } finally {
              // Only processed events are committed: the next one is where the group resumes. The batch's
              // own commit goes to the group directly, so it also lands while the consumer is stopping
              // (consumer.commitOffsets does nothing then); a commit lost anyway means a redelivery.
              if (processedUpTo !== undefined) {
                const offset = (BigInt(processedUpTo) + 1n).toString();
                const commit = commitOffsetsIfNecessary({ topics: [{ topic: batch.topic, partitions: [{ partition: batch.partition, offset }] }] });
                await (stopping ? commit.catch(() => undefined) : commit);
              }
            }
          },
        });

        const onAbort = (): void => notify();
        signal.addEventListener('abort', onAbort, { once: true });
        try {
          while (!signal.aborted) {
            if (failure) throw failure.error;
            const delivery = queue.shift();
            if (!delivery) {
              await new Promise<void>((resolve) => (wake = resolve));
              wake = undefined;
              continue;
            }
            let processed = false;
            try {
              yield delivery.event;
              processed = true;
            } finally {
              // Back for more: processed. Left (break, throw, abort): redelivered next time.
              delivery.settle(processed);
            }
          }
        } finally {
          signal.removeEventListener('abort', onAbort);
        }
      } finally {
        stopping = true;
        for (const delivery of queue.splice(0)) delivery.settle(false);
        await consumer.disconnect();
      }
    },
  };
}
