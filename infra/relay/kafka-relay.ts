import { Partitioners } from 'kafkajs';
import type { Kafka, TopicMessages } from 'kafkajs';
import type { RecordedEvent } from '../../domain/ports/event-store.ts';
import type { Relay } from '../../domain/ports/relay.ts';
import { makeKafka } from './kafka-client.ts';
import type { KafkaClientOptions } from './kafka-client.ts';
import { DEFAULT_TOPIC_PREFIX, toKafkaMessage, topicFor } from './kafka-event-message.ts';

// The Relay on Kafka (DESIGN §2): every event becomes a message on the topic of its aggregate
// category, keyed by stream id (see kafka-event-message.ts). publish() resolves only once the broker has
// acknowledged every message with acks=all, so the caller may then store its checkpoint. The producer
// is idempotent: its own retries after a lost acknowledgement do not write a message twice. A failed
// publish may still have written some messages; republishing them is the at-least-once contract.
//
// Each partition receives the events in position order, the first time each comes (consumers rely on it:
// projectors/seen.ts): publish calls come one at a time (relay-runner.ts awaits each before the next),
// a call's messages keep the events' order within a topic, and with one request in flight per broker
// the idempotent producer neither reorders nor repeats them. Only a republished batch comes again, after
// everything that came before it.

export interface KafkaRelayOptions extends Partial<KafkaClientOptions> {
  /** An existing client instead of brokers. */
  kafka?: Kafka;
  /** Topics are `<topicPrefix>.<category>`; default `marketplace`. */
  topicPrefix?: string;
}

export async function openKafkaRelay(options: KafkaRelayOptions): Promise<Relay> {
  const kafka = options.kafka ?? makeKafka({ brokers: options.brokers ?? [], ...(options.clientId ? { clientId: options.clientId } : {}), ...(options.log ? { log: options.log } : {}) });
  const prefix = options.topicPrefix ?? DEFAULT_TOPIC_PREFIX;
  const producer = kafka.producer({
    idempotent: true,
    maxInFlightRequests: 1,
    allowAutoTopicCreation: true,
    createPartitioner: Partitioners.DefaultPartitioner,
  });
  await producer.connect();

  return {
    async publish(events: RecordedEvent[]): Promise<void> {
      if (events.length === 0) return;
      // Grouped by topic in event order; the key keeps each stream's events on one partition, in order.
      const byTopic = new Map<string, TopicMessages>();
      for (const event of events) {
        const topic = topicFor(event.streamId, prefix);
        const entry = byTopic.get(topic) ?? { topic, messages: [] };
        entry.messages.push(toKafkaMessage(event));
        byTopic.set(topic, entry);
      }
      await producer.sendBatch({ topicMessages: [...byTopic.values()], acks: -1 });
    },
    async close(): Promise<void> {
      await producer.disconnect();
    },
  };
}
