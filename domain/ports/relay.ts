import type { RecordedEvent } from './event-store.ts';

// Publishes events as integration events (Kafka): topic per aggregate category, key = stream id.
export interface Relay {
  publish(events: RecordedEvent[]): Promise<void>;
  close(): Promise<void>;
}
