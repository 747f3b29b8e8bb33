import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { WrongExpectedRevision, type EventStore } from '../../domain/ports/event-store.ts';
import type { IdempotencyRecord, IdempotencyStore } from '../../domain/ports/idempotency-store.ts';
import type { EventMetadata } from '../../domain/shared/metadata.ts';

// Idempotency records in the event store itself, one stream per key (`idempotency-<key digest>`), so
// they work on every EventStore adapter, survive restarts and need no second database: the embedded
// default. The version is the stream's revision and every change an append with it as the expected
// revision. These are bookkeeping events, not domain events: projectors skip the category.
export const IDEMPOTENCY_STREAM_PREFIX = 'idempotency-';

const StoredAnswerSchema = z.strictObject({ status: z.number().int().min(100).max(599), body: z.unknown() });

const IdempotencyEvent = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('IdempotentRequestStarted'), data: z.strictObject({ fingerprint: z.string(), startedAt: z.string() }) }),
  z.strictObject({ type: z.literal('IdempotentRequestCompleted'), data: StoredAnswerSchema }),
  z.strictObject({ type: z.literal('IdempotentRequestAbandoned'), data: z.strictObject({ reason: z.string() }) }),
]);
type IdempotencyEvent = z.infer<typeof IdempotencyEvent>;

export function eventStoreIdempotencyStore(eventStore: EventStore): IdempotencyStore {
  const streamOf = (key: string) => IDEMPOTENCY_STREAM_PREFIX + key;

  /** Appends if the stream is still at `expected`; false when another run appended first. */
  async function append(key: string, event: IdempotencyEvent, expected: number | null, metadata: EventMetadata): Promise<number | null> {
    try {
      const result = await eventStore.append(streamOf(key), [{ id: randomUUID(), ...IdempotencyEvent.parse(event), metadata }], expected ?? 'no_stream');
      return result.nextRevision;
    } catch (error) {
      if (error instanceof WrongExpectedRevision) return null;
      throw error;
    }
  }

  return {
    async get(key) {
      let record: IdempotencyRecord = { status: 'free', version: null };
      let fingerprint = '';
      for (const recorded of await eventStore.readStream(streamOf(key))) {
        const event = IdempotencyEvent.parse({ type: recorded.type, data: recorded.data });
        if (event.type === 'IdempotentRequestStarted') {
          fingerprint = event.data.fingerprint;
          record = { status: 'started', version: recorded.revision, fingerprint, startedAt: event.data.startedAt };
        } else if (event.type === 'IdempotentRequestCompleted') {
          record = { status: 'completed', version: recorded.revision, fingerprint, answer: { status: event.data.status, body: event.data.body ?? null } };
        } else {
          record = { status: 'free', version: recorded.revision };
        }
      }
      return record;
    },
    start: (key, claim, expected, metadata) => append(key, { type: 'IdempotentRequestStarted', data: claim }, expected, metadata),
    async complete(key, version, answer, metadata) {
      await append(key, { type: 'IdempotentRequestCompleted', data: { status: answer.status, body: answer.body ?? null } }, version, metadata);
    },
    async abandon(key, version, reason, metadata) {
      await append(key, { type: 'IdempotentRequestAbandoned', data: { reason } }, version, metadata);
    },
    async close() {},
  };
}
