import {
  ANY,
  BACKWARDS,
  CancelledError,
  DeadlineExceededError,
  END,
  EventStoreDBClient,
  FORWARDS,
  MaxAppendSizeExceededError,
  NO_STREAM,
  NotLeaderError,
  START,
  STREAM_EXISTS,
  StreamDeletedError,
  StreamNotFoundError,
  TimeoutError,
  UnavailableError,
  UnknownError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
} from '@eventstore/db-client';
import type { AllStreamResolvedEvent, AppendExpectedRevision, JSONType, Position, ReadAllOptions as EsdbReadAllOptions, ResolvedEvent } from '@eventstore/db-client';
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
import { AppendTooLarge, UnknownPosition, WrongExpectedRevision } from '../../domain/ports/event-store.ts';
import type { EventMetadata } from '../../domain/shared/metadata.ts';
import { satisfies } from './expected-revision.ts';
import { checkReadAllOptions } from './read-all-options.ts';

// The EventStore port on EventStoreDB (DESIGN §2, distributed mode), through @eventstore/db-client v6.
//
// Positions: the port's position is the event's $all position as one number. An event written by a
// gRPC append is its own committed record, so its commit and prepare positions are both its log
// position; an event with two different halves (an explicit transaction of a TCP-era client, a
// migrated log) is refused rather than given a number it would share with the rest of its transaction.
// The server reads $all only from the start of a record, so a position handed back (after, from) must
// be one this store gave; any other is refused by the server and answered as UnknownPosition.
//
// Servers from 22.6 on (the first LTS: 22.10) give each event its position on stream reads too; the
// version is checked when the store opens, since an older server would silently leave command results
// without positions (and read-your-writes off).
//
// System events ($-prefixed types such as $metadata and $>, and everything in $-prefixed streams)
// never leave this adapter: the product only sees its own events.

type RecordedEsdbEvent = NonNullable<ResolvedEvent['event']>;

export interface EventStoreDbEventStoreOptions {
  /** Connection string, e.g. esdb://127.0.0.1:2113?tls=false */
  url?: string;
  /** An existing client instead of a URL (the store still disposes it on close). */
  client?: EventStoreDBClient;
  /**
   * Told each time a subscription lost its connection (or the server ended it) and is about to
   * resubscribe after `after`. Default: one line on stderr.
   */
  onResubscribe?: (error: unknown, attempt: number, after: number) => void;
  /** First and largest wait before resubscribing; doubles in between. */
  resubscribeDelayMs?: { first: number; max: number };
}

/** What readiness asks of the subscriptions: all live, or which wait to resubscribe and why. */
export interface SubscriptionHealth {
  ready: boolean;
  detail: string;
}

export interface EventStoreDbEventStore extends EventStore {
  /** The server's version, as it gave it when the store opened (e.g. 24.10.0). */
  readonly serverVersion: string;
  /** Not ready while a subscription waits to resubscribe after a transient error (for /health/ready). */
  subscriptionHealth(): SubscriptionHealth;
}

/** The oldest server whose stream reads carry $all positions. */
export const MINIMUM_SERVER_VERSION = { major: 22, minor: 6 } as const;

/** Marks an event the server gave no position for (both halves 2^64-1: stream reads of transaction events). */
const UNKNOWN_POSITION = -1;
const NO_POSITION = 2n ** 64n - 1n;

/** Errors after which the same subscription may succeed again: the connection, the server's own
 *  timeouts (a consumer too slow for the live feed is one), a leader change. The client reconnects on
 *  the first two by itself. Anything else (an invalid position, access denied, an event this adapter
 *  cannot read) would fail the same way on every retry, so it ends the subscription. */
export const isTransient = (error: unknown): boolean =>
  error instanceof UnavailableError ||
  error instanceof CancelledError ||
  error instanceof DeadlineExceededError ||
  error instanceof TimeoutError ||
  error instanceof NotLeaderError;

/** The server's answer to a read from a number that is not the start of a record (InvalidArgument on
 *  22.x-24.x, an UnknownError naming InvalidPosition on older ones). */
const isInvalidPosition = (error: unknown): boolean => error instanceof UnknownError && /invalid ?position/i.test(error.message);

/** The port's number for a position the server gave (`what` names it in errors); -1 when it gave none. */
const positionNumber = (position: Position | undefined, what: string): number => {
  if (position === undefined || (position.commit === NO_POSITION && position.prepare === NO_POSITION)) return UNKNOWN_POSITION;
  if (position.commit !== position.prepare) {
    throw new Error(
      `${what} has commit position ${position.commit} and prepare position ${position.prepare}: it was written in an explicit ` +
        'transaction (a TCP-era client, a migrated log), whose events share one commit position; this adapter gives each event ' +
        'one number and cannot order them. Append those streams again through a gRPC client.',
    );
  }
  if (position.commit > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new Error(`${what} is at position ${position.commit}, beyond 2^53: the port's positions are JavaScript numbers`);
  }
  return Number(position.commit);
};

const eventName = (event: RecordedEsdbEvent): string => `EventStoreDB event ${event.id} (${event.type}, ${event.streamId}@${event.revision})`;

/** Where a read from a port position starts on the server: the record at that position. */
const serverPosition = (position: number): Position => {
  if (!Number.isSafeInteger(position) || position < 0) throw new UnknownPosition(position, 'EventStoreDB positions are byte offsets, whole numbers from 0');
  return { commit: BigInt(position), prepare: BigInt(position) };
};

const isSystemEvent = (event: RecordedEsdbEvent): boolean => event.type.startsWith('$') || event.streamId.startsWith('$');

const parseJson = (bytes: Uint8Array, what: string, event: RecordedEsdbEvent): unknown => {
  try {
    return JSON.parse(Buffer.from(bytes).toString('utf8'));
  } catch {
    throw new Error(`${eventName(event)} cannot be read: its ${what} is not JSON`);
  }
};

const toRecorded = (event: RecordedEsdbEvent, commitPosition?: bigint): RecordedEvent => ({
  id: event.id,
  streamId: event.streamId,
  type: event.type,
  revision: Number(event.revision),
  position: positionNumber(event.position ?? (commitPosition === undefined ? undefined : { commit: commitPosition, prepare: commitPosition }), eventName(event)),
  data: event.isJson ? event.data : parseJson(event.data as Uint8Array, 'data', event),
  metadata: (event.metadata instanceof Uint8Array ? parseJson(event.metadata, 'metadata', event) : event.metadata) as EventMetadata,
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

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The server's version from its ServerFeatures answer (21.10 and later; older servers have none). */
async function serverVersionOf(client: EventStoreDBClient): Promise<string> {
  // `capabilities` is the client's own cached ServerFeatures call (protected in its typings).
  const features = await (client as unknown as { capabilities: Promise<{ serverVersion: string }> }).capabilities;
  return features.serverVersion;
}

/** Refuses a server whose stream reads carry no $all positions, with a message that says so. */
export function checkServerVersion(version: string): void {
  const { major: needMajor, minor: needMinor } = MINIMUM_SERVER_VERSION;
  const needs = `this adapter needs EventStoreDB ${needMajor}.${needMinor} or later (22.10 LTS, 23.10, 24.10, KurrentDB), whose stream reads carry each event's $all position`;
  const match = /^(\d+)\.(\d+)/.exec(version);
  if (!match) {
    throw new Error(version === 'unknown' ? `EventStoreDB did not say its version (servers before 21.10 cannot): ${needs}` : `EventStoreDB answered an unreadable version "${version}": ${needs}`);
  }
  const [major, minor] = [Number(match[1]), Number(match[2])];
  if (major < needMajor || (major === needMajor && minor < needMinor)) throw new Error(`EventStoreDB ${version} is too old: ${needs}`);
}

export async function openEventStoreDbEventStore(options: EventStoreDbEventStoreOptions): Promise<EventStoreDbEventStore> {
  const client = options.client ?? (options.url ? EventStoreDBClient.connectionString(options.url) : undefined);
  if (!client) throw new TypeError('openEventStoreDbEventStore needs a url or a client');
  let serverVersion: string;
  try {
    serverVersion = await serverVersionOf(client).catch((error: unknown) => {
      throw new Error(`EventStoreDB did not answer at ${options.url ?? 'the given client'}: ${messageOf(error)}`, { cause: error });
    });
    checkServerVersion(serverVersion);
  } catch (error) {
    await client.dispose().catch(() => undefined);
    throw error;
  }
  const delays = options.resubscribeDelayMs ?? { first: 100, max: 5000 };
  const onResubscribe =
    options.onResubscribe ??
    ((error: unknown, attempt: number, after: number) =>
      console.warn(`EventStoreDB subscription to $all lost (${messageOf(error)}): resubscribing after position ${after}, attempt ${attempt}`));
  let closed = false;
  // Open subscriptions, so close() can end them.
  const stops = new Set<() => void>();
  // Subscriptions waiting to resubscribe, for readiness.
  const retrying = new Map<object, { after: number; attempt: number; since: string; error: string }>();

  const ensureOpen = (): void => {
    if (closed) throw new Error('The event store is closed');
  };

  /** Product events of $all, stopping after `limit`; `skipUpTo` drops the events at or before a position. */
  const readAllEvents = async (read: EsdbReadAllOptions, limit: number, skipUpTo: number | undefined, from: number | undefined): Promise<RecordedEvent[]> => {
    const events: RecordedEvent[] = [];
    if (limit <= 0) return events;
    const stream = client.readAll(read);
    try {
      for await (const resolved of stream) {
        const event = resolved.event;
        if (!event || isSystemEvent(event)) continue;
        const recorded = toRecorded(event, resolved.commitPosition);
        if (skipUpTo !== undefined && recorded.position <= skipUpTo) continue;
        events.push(recorded);
        if (events.length >= limit) break;
      }
    } catch (error) {
      if (from !== undefined && isInvalidPosition(error)) throw new UnknownPosition(from, 'EventStoreDB refused to read $all from it');
      throw error;
    } finally {
      await stream.cancel().catch(() => undefined);
    }
    return events;
  };

  /** Position of a stream's event read back, when an append answer carried none (an idempotent retry the server could not place). */
  const positionOfRevision = async (streamId: string, revision: number): Promise<number> => {
    const [event] = await store.readStream(streamId, { fromRevision: revision, maxCount: 1 });
    return event?.position ?? UNKNOWN_POSITION;
  };

  const store: EventStoreDbEventStore = {
    serverVersion,

    async append(streamId: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
      ensureOpen();
      const expected = toExpected(expectedRevision);
      if (events.length === 0) {
        // The server would write an empty record (and answer revision 0 for a missing stream): check
        // the expected revision by reading instead, as the embedded store does, and write nothing.
        const [last] = await store.readStream(streamId, { direction: 'backwards', maxCount: 1 });
        const actual = last?.revision ?? -1;
        if (!satisfies(expectedRevision, actual)) throw new WrongExpectedRevision(streamId, expectedRevision, actual);
        return { streamId, nextRevision: actual, position: await store.headPosition() };
      }
      let result;
      try {
        result = await client.appendToStream(
          streamId,
          events.map((event) =>
            jsonEvent({ id: event.id, type: event.type, data: (event.data ?? null) as JSONType, metadata: event.metadata as unknown as JSONType }),
          ),
          { expectedRevision: expected },
        );
      } catch (error) {
        if (error instanceof WrongExpectedVersionError) {
          const actual = error.actualVersion === NO_STREAM ? -1 : Number(error.actualVersion);
          throw new WrongExpectedRevision(streamId, expectedRevision, actual);
        }
        if (error instanceof MaxAppendSizeExceededError) throw new AppendTooLarge(streamId, error.maxAppendSize);
        throw error;
      }
      const nextRevision = Number(result.nextExpectedRevision);
      // The answer's position is the record that ended the write: the last event itself (commit and
      // prepare both its log position), as the server's index committer acknowledges it.
      const answered = positionNumber(result.position, `The append to ${streamId} (revision ${nextRevision})`);
      const position = answered === UNKNOWN_POSITION ? await positionOfRevision(streamId, nextRevision) : answered;
      return { streamId, nextRevision, position };
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
        // A deleted stream reads as a missing one: soft-deleted streams answer StreamNotFound,
        // tombstoned (hard-deleted) ones StreamDeleted.
        if (error instanceof StreamNotFoundError || error instanceof StreamDeletedError) return [];
        throw error;
      }
      return events;
    },

    async readAll(readOptions: ReadAllOptions = {}): Promise<RecordedEvent[]> {
      ensureOpen();
      const { after, from, before, direction, maxCount } = checkReadAllOptions(readOptions);
      const limit = maxCount ?? Number.POSITIVE_INFINITY;
      if (direction === 'backwards') {
        // Backwards from a position, the server reads the records before it: `before` is exclusive as it stands.
        if (before === undefined) return readAllEvents({ direction: BACKWARDS, fromPosition: END }, limit, undefined, undefined);
        if (before <= 0) return [];
        return readAllEvents({ direction: BACKWARDS, fromPosition: serverPosition(before) }, limit, undefined, before);
      }
      // EventStoreDB reads forwards from a record, inclusive: `from` is read as it is, `after` from the
      // checkpoint's own record, which is then skipped.
      const start = from ?? after;
      if (start === undefined || start < 0) return readAllEvents({ direction: FORWARDS, fromPosition: START }, limit, undefined, undefined);
      return readAllEvents({ direction: FORWARDS, fromPosition: serverPosition(start) }, limit, after, start);
    },

    async *subscribeToAll(subscribeOptions: SubscribeOptions = {}): AsyncIterable<RecordedEvent> {
      const { signal } = subscribeOptions;
      // The last delivered position: a resubscription starts there, and anything at or before it is
      // dropped (the server's subscription starts after it; this holds whatever the server does).
      let last = subscribeOptions.after ?? -1;
      let attempt = 0;
      const me = {};
      try {
        while (!closed && !signal?.aborted) {
          const subscription = client.subscribeToAll({ fromPosition: last < 0 ? START : serverPosition(last), filter: excludeSystemEvents() });
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
          // The server confirmed the subscription: it is live again (readiness), though the backoff
          // resets only once it delivers or catches up, so a server that confirms and fails is not hammered.
          subscription.once('confirmation', () => retrying.delete(me));
          subscription.once('caughtUp', () => {
            attempt = 0;
          });
          let failure: unknown;
          try {
            for await (const resolved of subscription as AsyncIterable<AllStreamResolvedEvent>) {
              const event = resolved.event;
              if (!event || isSystemEvent(event)) continue;
              const recorded = toRecorded(event, resolved.commitPosition);
              if (recorded.position <= last) continue;
              attempt = 0;
              retrying.delete(me);
              yield recorded;
              last = recorded.position;
              if (closed || signal?.aborted) return;
            }
            failure = new Error('the server ended the subscription');
          } catch (error) {
            if (closed || signal?.aborted || stopped) return;
            if (!isTransient(error)) {
              if (last >= 0 && isInvalidPosition(error)) throw new UnknownPosition(last, 'EventStoreDB refused to subscribe to $all after it');
              throw error;
            }
            failure = error;
          } finally {
            signal?.removeEventListener('abort', stop);
            stops.delete(stop);
            stop();
          }
          if (closed || signal?.aborted) return;
          attempt += 1;
          const previous = retrying.get(me);
          retrying.set(me, { after: last, attempt, since: previous?.since ?? new Date().toISOString(), error: messageOf(failure) });
          onResubscribe(failure, attempt, last);
          await sleep(Math.min(delays.max, delays.first * 2 ** (attempt - 1)), signal);
        }
      } finally {
        retrying.delete(me);
      }
    },

    async headPosition(): Promise<number> {
      ensureOpen();
      const [last] = await readAllEvents({ direction: BACKWARDS, fromPosition: END }, 1, undefined, undefined);
      return last?.position ?? -1;
    },

    subscriptionHealth(): SubscriptionHealth {
      if (retrying.size === 0) return { ready: true, detail: 'subscriptions to $all live' };
      const waiting = [...retrying.values()].map((r) => `after position ${r.after}, attempt ${r.attempt} since ${r.since}: ${r.error}`);
      return { ready: false, detail: `${retrying.size} subscription(s) to $all resubscribing (${waiting.join('; ')})` };
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
