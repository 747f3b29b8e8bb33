import type { IHeaders, KafkaMessage, Message } from 'kafkajs';
import type { RecordedEvent } from '../../domain/ports/event-store.ts';
import type { EventMetadata } from '../../domain/shared/metadata.ts';

// How a recorded event travels through Kafka (the relay writes it, the Kafka EventFeed reads it):
//   topic   `<prefix>.<category>`, the category being the stream id up to its first `-`
//           (order-42 → marketplace.order), so a topic holds one aggregate type;
//   key     the stream id, so a stream's events share a partition and keep their order;
//   value   the event's data as JSON;
//   headers event-type, event-id, stream-id, revision, position, recorded-at, and metadata as JSON.

export const DEFAULT_TOPIC_PREFIX = 'marketplace';

/** Every aggregate category of the domain (stream id prefixes); the Kafka EventFeed subscribes to these. */
export const AGGREGATE_CATEGORIES = [
  'order', 'calendar', 'favorites', 'conversation', 'contract', 'vendor', 'product', 'user', 'useremail',
  'review', 'brand', 'category', 'tag', 'article', 'geolocation', 'config', 'language', 'acl',
  'notifications', 'tracking', 'serviceContract', 'phoneNumberDispense', 'quoteRequest', 'receipts',
] as const;

export const categoryOf = (streamId: string): string => {
  const dash = streamId.indexOf('-');
  return dash > 0 ? streamId.slice(0, dash) : streamId;
};

export const topicFor = (streamId: string, prefix = DEFAULT_TOPIC_PREFIX): string => `${prefix}.${categoryOf(streamId)}`;

export const topicsFor = (categories: readonly string[], prefix = DEFAULT_TOPIC_PREFIX): string[] => categories.map((category) => `${prefix}.${category}`);

export const HEADERS = {
  type: 'event-type',
  id: 'event-id',
  streamId: 'stream-id',
  revision: 'revision',
  position: 'position',
  recordedAt: 'recorded-at',
  metadata: 'metadata',
} as const;

export function toKafkaMessage(event: RecordedEvent): Message {
  return {
    key: event.streamId,
    value: JSON.stringify(event.data ?? null),
    timestamp: String(Date.parse(event.recordedAt) || Date.now()),
    headers: {
      [HEADERS.type]: event.type,
      [HEADERS.id]: event.id,
      [HEADERS.streamId]: event.streamId,
      [HEADERS.revision]: String(event.revision),
      [HEADERS.position]: String(event.position),
      [HEADERS.recordedAt]: event.recordedAt,
      [HEADERS.metadata]: JSON.stringify(event.metadata),
    },
  };
}

const header = (headers: IHeaders | undefined, name: string): string => {
  const value = headers?.[name];
  const first = Array.isArray(value) ? value[0] : value;
  if (first === undefined) throw new Error(`Kafka message without the ${name} header`);
  return first.toString();
};

/** The recorded event a relay message carries; throws when a header is missing (not our message). */
export function fromKafkaMessage(message: KafkaMessage): RecordedEvent {
  return {
    id: header(message.headers, HEADERS.id),
    streamId: header(message.headers, HEADERS.streamId),
    type: header(message.headers, HEADERS.type),
    revision: Number(header(message.headers, HEADERS.revision)),
    position: Number(header(message.headers, HEADERS.position)),
    data: JSON.parse(message.value?.toString() ?? 'null') as unknown,
    metadata: JSON.parse(header(message.headers, HEADERS.metadata)) as EventMetadata,
    recordedAt: header(message.headers, HEADERS.recordedAt),
  };
}
