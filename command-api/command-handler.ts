import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { AnyDomainEvent } from '../domain/events.ts';
import { stampedValidated } from '../infra/event-schema-stamp.ts';
import { WrongExpectedRevision, type EventStore, type ExpectedRevision, type RecordedEvent } from '../domain/ports/event-store.ts';
import type { Decider, DomainEvent } from '../domain/shared/decider.ts';
import type { EventMetadata } from '../domain/shared/metadata.ts';
import { foldedStateCacheOf } from './folded-state-cache.ts';

// The one write path of the product (DESIGN §4): read the stream, fold it, decide, and append with
// the revision that was read as the expected revision. When someone else appended in between, the
// store refuses the append (WrongExpectedRevision) and the whole cycle runs again on the new state,
// so a decision is always taken on the state it is appended after. After `maxAttempts` conflicts the
// conflict reaches the client as a 409.
// A stream this process folded before (folded-state-cache.ts) is decided on as the cache holds it, without
// reading the stream first: an append with the cached revision as the expected one succeeds only if
// nothing came after it, which proves the decision was taken on the stream as it is. A refused append, or
// a decision that appends nothing or refuses the command (right only on the state now), reads what is
// new and decides again, as the first attempt.
// With `eventIds` (a request with an Idempotency-Key, request-context.ts) the events get ids derived
// from the key. Before deciding, the handler looks for them in the stream: found, the command already
// ran (a first run that crashed before its answer was stored), and its outcome is answered again
// instead of deciding anew, so a retry converges on the first result.

export interface CommandOutcome<State> {
  streamId: string;
  /** Revision of the stream after the command; -1 when the stream still does not exist. */
  revision: number;
  /** Global position of the last event appended (or of the stream's last event when nothing was appended). */
  position: number;
  /** The state the decision was taken on. */
  stateBefore: State;
  /** The events appended (empty when the decider decided nothing happens). */
  events: RecordedEventLike[];
  /** Set when the events were found, written by an earlier run of the same keyed request. */
  earlier?: true;
}

export interface RecordedEventLike {
  id: string;
  type: string;
  data: unknown;
}

export interface HandleCommandOptions<State, Command, Event extends DomainEvent> {
  eventStore: EventStore;
  streamId: string;
  decider: Decider<State, Command, Event>;
  /** The command, or a function making it from the current state (re-run on every attempt). */
  command: Command | ((state: State) => Command);
  metadata: EventMetadata;
  /** How many read-decide-append cycles before a revision conflict is given up; default 10. */
  maxAttempts?: number;
  /** Schema every decided event must satisfy before it is appended; default: every domain event. */
  eventSchema?: z.ZodType;
  /** Ids of the decided events, by index; default random. Events with these ids already in the stream are the outcome. */
  eventIds?: (index: number) => string;
}

export const toDomainEvent = <Event>(recorded: RecordedEvent): Event => ({ type: recorded.type, data: recorded.data }) as Event;

/** A stream folded with its decider: the state, the stream's revision and its last event's position (-1 for none). */
export interface Folded<State> {
  state: State;
  revision: number;
  position: number;
  /** The stream's event ids, where known (FoldedEntry.eventIds); moved on with the fold. */
  eventIds?: Set<string>;
}

type Folder<State, Event> = Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve'>;

/** `folded` moved on by the recorded events (each at the next revision). */
function foldOn<State, Event>(decider: Folder<State, Event>, folded: Folded<State>, recorded: Array<Pick<RecordedEvent, 'id' | 'type' | 'data' | 'revision' | 'position'>>): Folded<State> {
  let { state, revision, position } = folded;
  const { eventIds } = folded;
  for (const event of recorded) {
    state = decider.evolve(state, toDomainEvent<Event>(event as RecordedEvent));
    revision = event.revision;
    position = event.position;
    // The set is shared with the cache entry it came from: an id of the stream is never wrong in it.
    eventIds?.add(event.id);
  }
  return { state, revision, position, ...(eventIds ? { eventIds } : {}) };
}

const nothingYet = <State>(decider: Folder<State, unknown>): Folded<State> => ({ state: decider.initialState, revision: -1, position: -1 });

/** Keeps a folded stream in the store's cache (folded-state-cache.ts); a stream that does not exist is not kept. */
function remember<State>(eventStore: EventStore, streamId: string, decider: object, folded: Folded<State>): void {
  if (folded.revision >= 0) foldedStateCacheOf(eventStore).set(streamId, { folder: decider, ...folded });
}

/**
 * The state of a stream now, folded with the decider's `evolve` from its `initialState`: from the
 * cached fold of the stream when there is one, reading only the events after its revision.
 */
export async function loadFolded<State, Event>(eventStore: EventStore, decider: Folder<State, Event>, streamId: string): Promise<Folded<State>> {
  const cached = await moveCachedOn(eventStore, decider, streamId);
  if (cached) return cached;
  const folded = foldOn(decider, nothingYet(decider), await eventStore.readStream(streamId));
  remember(eventStore, streamId, decider, folded);
  return folded;
}

/** The cached fold of the stream moved on by the events after it; null without a usable entry. */
async function moveCachedOn<State, Event>(eventStore: EventStore, decider: Folder<State, Event>, streamId: string): Promise<Folded<State> | null> {
  const cached = foldedStateCacheOf(eventStore).get(streamId, decider) as Folded<State> | undefined;
  if (!cached) return null;
  const after = await eventStore.readStream(streamId, { fromRevision: cached.revision + 1 });
  // Revisions are dense from 0; anything else means the store is not the one the entry was folded from.
  if (after.length > 0 && after[0]!.revision !== cached.revision + 1) return null;
  const folded = foldOn(decider, cached, after);
  if (after.length > 0) remember(eventStore, streamId, decider, folded);
  return folded;
}

/** Thrown when a decider produced an event its schema refuses: a bug, answered 500, never stored. */
export class InvalidEventError extends Error {
  constructor(type: string, issues: string) {
    super(`Decided event ${type} fails its schema: ${issues}`);
    this.name = 'InvalidEventError';
  }
}

export function validateEvent(schema: z.ZodType, event: DomainEvent): DomainEvent {
  const parsed = schema.safeParse(event);
  if (!parsed.success) throw new InvalidEventError(event.type, parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  return parsed.data as DomainEvent;
}

/** The outcome of an earlier run of this command (its events carry `eventIds`), or null when it never ran. */
export function earlierOutcome<State, Event>(
  streamId: string, recorded: RecordedEvent[], decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve'>, eventIds: (index: number) => string,
): CommandOutcome<State> | null {
  const firstId = eventIds(0);
  const first = recorded.findIndex((event) => event.id === firstId);
  if (first === -1) return null;
  let end = first + 1;
  while (end < recorded.length && recorded[end]!.id === eventIds(end - first)) end++;
  const stateBefore = recorded.slice(0, first).reduce((state, event) => decider.evolve(state, toDomainEvent<Event>(event)), decider.initialState);
  const events = recorded.slice(first, end);
  const last = events.at(-1)!;
  return { streamId, revision: last.revision, position: last.position, stateBefore, events: events.map(({ id, type, data }) => ({ id, type, data })) };
}

/**
 * A keyed command's ids, each derived once per command (a flow's are HMACs, ~25 µs each under the
 * round-trip load): the check that the command never ran and its events ask for the same first id.
 */
function derivedOnce(eventIds: (index: number) => string): (index: number) => string {
  const derived: string[] = [];
  return (index) => (derived[index] ??= eventIds(index));
}

export async function handleCommand<State, Command, Event extends DomainEvent>(
  options: HandleCommandOptions<State, Command, Event>,
): Promise<CommandOutcome<State>> {
  const { eventStore, streamId, decider, metadata } = options;
  const maxAttempts = options.maxAttempts ?? 10;
  const schema = options.eventSchema ?? AnyDomainEvent;
  const cache = foldedStateCacheOf(eventStore);
  const eventIds = options.eventIds && derivedOnce(options.eventIds);
  // The cached fold, decided on before reading the stream: once, at the first attempt. A keyed command's,
  // only where the fold's ids say that the command never ran.
  const cached = cache.get(streamId, decider) as Folded<State> | undefined;
  const neverRan = eventIds !== undefined && cached?.eventIds !== undefined && !cached.eventIds.has(eventIds(0));
  let unread: Folded<State> | undefined = eventIds && !neverRan ? undefined : cached;
  for (let attempt = 1; ; attempt++) {
    const unverified = unread;
    unread = undefined;
    let folded: Folded<State>;
    if (unverified) {
      folded = unverified;
    } else if (eventIds) {
      // A keyed request looks for its earlier run's events anywhere in the stream. Where the cache knows
      // every id of the stream and this one is not among them, it never ran; otherwise read it whole.
      // (A flow's keyed steps append to streams that grow with a user's history, a vendor's receipt book.)
      const known = await moveCachedOn(eventStore, decider, streamId);
      if (known?.eventIds && !known.eventIds.has(eventIds(0))) {
        folded = known;
      } else {
        const recorded = await eventStore.readStream(streamId);
        const earlier = earlierOutcome(streamId, recorded, decider, eventIds);
        if (earlier) return { ...earlier, earlier: true };
        folded = foldOn(decider, { ...nothingYet(decider), eventIds: new Set() }, recorded);
        remember(eventStore, streamId, decider, folded);
      }
    } else {
      folded = await loadFolded(eventStore, decider, streamId);
    }
    const { state } = folded;
    const command = typeof options.command === 'function' ? (options.command as (s: State) => Command)(state) : options.command;
    let decided: DomainEvent[];
    try {
      decided = decider.decide(command, state);
    } catch (error) {
      if (!unverified) throw error;
      attempt--; // refused on the cached fold: refused again on the stream as it is, or not
      continue;
    }
    const expected: ExpectedRevision = folded.revision === -1 ? 'no_stream' : folded.revision;
    if (decided.length === 0) {
      if (unverified) { attempt--; continue; }
      return { streamId, revision: folded.revision, position: folded.position, stateBefore: state, events: [] };
    }
    const events = decided.map((event, index) => ({ id: eventIds?.(index) ?? randomUUID(), ...validateEvent(schema, event) }));
    try {
      // Validated against every domain event's schema: the metadata says with which (a rebuild takes it as it is).
      const appendedMetadata = schema === AnyDomainEvent ? stampedValidated(metadata) : metadata;
      const result = await eventStore.append(streamId, events.map((e) => ({ ...e, metadata: appendedMetadata })), expected);
      // The state after the append, from the events as the store gives them back (JSON), for the next command.
      const appended = events.map((event, index) => ({ id: event.id, type: event.type, data: JSON.parse(JSON.stringify(event.data)) as unknown, revision: folded.revision + 1 + index, position: result.position }));
      remember(eventStore, streamId, decider, foldOn(decider, folded, appended));
      return { streamId, revision: result.nextRevision, position: result.position, stateBefore: state, events };
    } catch (error) {
      // Someone else appended (or the store answered oddly): the next fold starts from the store.
      cache.drop(streamId);
      if (!(error instanceof WrongExpectedRevision)) {
        // A store can fail after writing (the connection lost on the answer): the event ids tell.
        const ids = events.map((event) => event.id);
        const written = await eventStore.readStream(streamId).then((after) => earlierOutcome(streamId, after, decider, (index) => ids[index] ?? ''), () => null);
        if (written) return written;
        throw error;
      }
      // The cached fold was behind (another process appended): read what is new and decide again, at once.
      if (unverified) { attempt--; continue; }
      if (attempt >= maxAttempts) throw error;
      // Someone appended first: back off a little (jittered, so racers spread out) and decide again.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, 2 ** attempt)));
    }
  }
}
