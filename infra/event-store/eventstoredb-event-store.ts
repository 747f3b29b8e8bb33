import {
  ANY,
  AccessDeniedError,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
} from '@eventstore/db-client';
import type { AllStreamResolvedEvent, AppendExpectedRevision, JSONType, Position, ResolvedEvent } from '@eventstore/db-client';
import type {
  AppendResult,
  EventStore,
  ExpectedRevision,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeOptions,
} from '../../domain/ports/event-store.ts';
import { WrongExpectedRevision } from '../../domain/ports/event-store.ts';
import type { EventMetadata } from '../../domain/shared/metadata.ts';

// The EventStore port on EventStoreDB (DESIGN §2, distributed mode), through @eventstore/db-client v6.
//
// Positions: the port's position is the event's $all commit position as a number. For events written
// by a gRPC append (each event is its own committed prepare record) the commit position is the event's
// own log position, so positions are strictly increasing within a batch and across streams. Stream
// reads carry positions from EventStoreDB 22.10 on; older servers give none (the event then has -1).
//
// System events ($-prefixed types such as $metadata and $>, and everything in $-prefixed streams)
// never leave this adapter: the product only sees its own events.

type RecordedEsdbEvent = NonNullable<ResolvedEvent['event']>;

/** The part of the client this adapter uses (a fake in tests). */
export type EventStoreDbClientLike = Pick<EventStoreDBClient, 'appendToStream' | 'readStream' | 'readAll' | 'subscribeToAll' | 'dispose'>;

export interface EventStoreDbEventStoreOptions {
  /** Connection string, e.g. esdb://127.0.0.1:2113?tls=false */
  url?: string;
  /** An existing client instead of a URL (the store still disposes it on close). */
  client?: EventStoreDbClientLike;
  /** Called when a subscription lost its connection and is about to resubscribe (for logs). */
  onResubscribe?: (error: unknown, attempt: number, after: number) => void;
  /** First and largest wait before resubscribing; doubles in between. */
  resubscribeDelayMs?: { first: number; max: number };
}

/** Marks a position the server did not give (old servers on stream reads send 2^64-1). */
const UNKNOWN_POSITION = -1;

const positionNumber = (position: Position | undefined): number => {
  if (position === undefined || position.commit > BigInt(Number.MAX_SAFE_INTEGER)) return UNKNOWN_POSITION;
  return Number(position.commit);
};

/** Where an exclusive `after` starts: the event at that position is skipped by the caller. */
const readPosition = (after: number | undefined): Position | typeof START =>
  after === undefined || after < 0 ? START : { commit: BigInt(after), prepare: BigInt(after) };

const isSystemEvent = (event: RecordedEsdbEvent): boolean => event.type.startsWith('$') || event.streamId.startsWith('$');

const toRecorded = (event: RecordedEsdbEvent, commitPosition?: bigint): RecordedEvent => ({
  id: event.id,
  streamId: event.streamId,
  type: event.type,
  revision: Number(event.revision),
  position: positionNumber(event.position ?? (commitPosition === undefined ? undefined : { commit: commitPosition, prepare: commitPosition })),
  data: event.isJson ? event.data : JSON.parse(Buffer.from(event.data).toString('utf8')),
  metadata: (event.metadata instanceof Uint8Array ? JSON.parse(Buffer.from(event.metadata).toString('utf8')) : event.metadata) as EventMetadata,
  recordedAt: event.created.toISOString(),
});

const toExpected = (expected: ExpectedRevision): AppendExpectedRevision => {
  switch (expected) {
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    case 'any':
      return ANY;
    default:
      if (!(Number.isSafeInteger(expected) && expected >= 0)) {
        throw new TypeError(`Expected revision must be a non-negative integer, got ${expected}`);
      }
      return BigInt(expected);
  }
};

const sleep = (ms: number, signal: AbortSignal | undefined): Promise<void> =>
  new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });

export async function openEventStoreDbEventStore(options: EventStoreDbEventStoreOptions): Promise<EventStore> {
  const client = options.client ?? (options.url ? EventStoreDBClient.connectionString(options.url) : undefined);
  if (!client) throw new TypeError('openEventStoreDbEventStore needs a url or a client');
  const delays = options.resubscribeDelayMs ?? { first: 100, max: 5000 };
  let closed = false;
  // Open subscriptions, so close() can end them.
  const stops = new Set<() => void>();

  const ensureOpen = (): void => {
    if (closed) throw new Error('The event store is closed');
  };

  /** Product events of $all after `after` (exclusive), forwards, stopping after `limit`. */
  const readAllForwards = async (after: number | undefined, limit: number): Promise<RecordedEvent[]> => {
    const events: RecordedEvent[] = [];
    if (limit <= 0) return events;
    const read = client.readAll({ direction: FORWARDS, fromPosition: readPosition(after) });
    try {
      for await (const resolved of read) {
        const event = resolved.event;
        if (!event || isSystemEvent(event)) continue;
        const recorded = toRecorded(event, resolved.commitPosition);
        if (after !== undefined && recorded.position <= after) continue;
        events.push(recorded);
        if (events.length >= limit) break;
      }
    } finally {
      await read.cancel().catch(() => undefined);
    }
    return events;
  };

  const store: EventStore = {
    async append(streamId: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
      ensureOpen();
      const expected = toExpected(expectedRevision);
      try {
        const result = await client.appendToStream(
          streamId,
          events.map((event) =>
            jsonEvent({ id: event.id, type: event.type, data: (event.data ?? null) as JSONType, metadata: event.metadata as unknown as JSONType }),
          ),
          { expectedRevision: expected },
        );
        const nextRevision = Number(result.nextExpectedRevision);
        // The append answer's position is the server's commit record of the write, which its own source
        // calls "not technically correct" as an event position; the port promises the last event's $all
        // position, so read that event back (stream reads carry it from 22.10 on).
        let position = result.position ? positionNumber(result.position) : UNKNOWN_POSITION;
        if (events.length > 0) {
          const [last] = await store.readStream(streamId, { fromRevision: nextRevision, maxCount: 1 });
          if (last && last.position !== UNKNOWN_POSITION) position = last.position;
        } else {
          position = await store.headPosition();
        }
        return { streamId, nextRevision, position };
      } catch (error) {
        if (error instanceof WrongExpectedVersionError) {
          const actual = error.actualVersion === NO_STREAM ? -1 : Number(error.actualVersion);
          throw new WrongExpectedRevision(streamId, expectedRevision, actual);
        }
        throw error;
      }
    },

    async readStream(streamId: string, readOptions: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
      ensureOpen();
      const backwards = readOptions.direction === 'backwards';
      if (readOptions.maxCount !== undefined && readOptions.maxCount <= 0) return [];
      const read = client.readStream(streamId, {
        direction: backwards ? BACKWARDS : FORWARDS,
        fromRevision: readOptions.fromRevision === undefined ? (backwards ? END : START) : BigInt(readOptions.fromRevision),
        ...(readOptions.maxCount === undefined ? {} : { maxCount: readOptions.maxCount }),
      });
      const events: RecordedEvent[] = [];
      try {
        for await (const resolved of read) {
          if (resolved.event) events.push(toRecorded(resolved.event, resolved.commitPosition));
        }
      } catch (error) {
        if (error instanceof StreamNotFoundError) return [];
        throw error;
      }
      return events;
    },

    async readAll(readOptions: ReadAllOptions = {}): Promise<RecordedEvent[]> {
      ensureOpen();
      return readAllForwards(readOptions.after, readOptions.maxCount ?? Number.POSITIVE_INFINITY);
    },

    async *subscribeToAll(subscribeOptions: SubscribeOptions = {}): AsyncIterable<RecordedEvent> {
      const { signal } = subscribeOptions;
      // The last delivered position: a resubscription starts there, and anything at or before it
      // (the server may repeat the checkpoint event) is dropped, so no event is lost or repeated.
      let last = subscribeOptions.after ?? -1;
      let attempt = 0;
      while (!closed && !signal?.aborted) {
        const subscription = client.subscribeToAll({ fromPosition: readPosition(last), filter: excludeSystemEvents() });
        let stopped = false;
        const stop = (): void => {
          if (stopped) return;
          stopped = true;
          // Cancelling the gRPC call does not always end the stream; destroying it ends the iteration.
          void subscription.unsubscribe().then(
            () => subscription.destroy(),
            () => subscription.destroy(),
          );
        };
        stops.add(stop);
        signal?.addEventListener('abort', stop, { once: true });
        try {
          for await (const resolved of subscription as AsyncIterable<AllStreamResolvedEvent>) {
            attempt = 0;
            const event = resolved.event;
            if (!event || isSystemEvent(event)) continue;
            const recorded = toRecorded(event, resolved.commitPosition);
            if (recorded.position <= last) continue;
            yield recorded;
            last = recorded.position;
            if (closed || signal?.aborted) return;
          }
          // The server ended the subscription without an error: resubscribe from `last` as well.
        } catch (error) {
          if (closed || signal?.aborted || stopped) return;
          if (error instanceof AccessDeniedError) throw error;
          attempt += 1;
          options.onResubscribe?.(error, attempt, last);
          await sleep(Math.min(delays.max, delays.first * 2 ** (attempt - 1)), signal);
        } finally {
          signal?.removeEventListener('abort', stop);
          stops.delete(stop);
          stop();
        }
      }
    },

    async headPosition(): Promise<number> {
      ensureOpen();
      const read = client.readAll({ direction: BACKWARDS, fromPosition: END });
      try {
        for await (const resolved of read) {
          const event = resolved.event;
          if (event && !isSystemEvent(event)) return toRecorded(event, resolved.commitPosition).position;
        }
      } finally {
        await read.cancel().catch(() => undefined);
      }
      return -1;
    },

    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      for (const stop of [...stops]) stop();
      await client.dispose();
    },
  };
  return store;
}
