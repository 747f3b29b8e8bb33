import { randomUUID } from 'node:crypto';
import type { EventStore, NewEvent, RecordedEvent } from '../../domain/ports/event-store.ts';

// The notices tests write a stream's events one at a time, each after the stream's last, and read
// back what was recorded (its revision and position are what a notice names).
export async function appendEvent(store: EventStore, streamId: string, type: string, data: unknown, at: string): Promise<RecordedEvent> {
  const [last] = await store.readStream(streamId, { direction: 'backwards', maxCount: 1 });
  const metadata: NewEvent['metadata'] = { actor: { userId: 'someone', roles: ['user'], groups: [], vendorId: null }, correlationId: 'corr-1', causationId: null, at, schemaVersion: 1 };
  await store.append(streamId, [{ id: randomUUID(), type, data, metadata }], last ? last.revision : 'no_stream');
  const [event] = await store.readStream(streamId, { direction: 'backwards', maxCount: 1 });
  return event!;
}
