import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { AnyDomainEvent } from '../domain/events.ts';
import { WrongExpectedRevision, type EventStore, type ExpectedRevision, type RecordedEvent } from '../domain/ports/event-store.ts';
import type { Decider, DomainEvent } from '../domain/shared/decider.ts';
import type { EventMetadata } from '../domain/shared/metadata.ts';

// The one write path of the product (DESIGN §4): read the stream, fold it, decide, and append with
// the revision that was read as the expected revision. When someone else appended in between, the
// store refuses the append (WrongExpectedRevision) and the whole cycle runs again on the new state,
// so a decision is always taken on the state it is appended after. After `maxAttempts` conflicts the
// conflict reaches the client as a 409.

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
}

export const toDomainEvent = <Event>(recorded: RecordedEvent): Event => ({ type: recorded.type, data: recorded.data }) as Event;

const expectedRevisionOf = (events: RecordedEvent[]): ExpectedRevision => (events.length === 0 ? 'no_stream' : events.at(-1)!.revision);

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

export async function handleCommand<State, Command, Event extends DomainEvent>(
  options: HandleCommandOptions<State, Command, Event>,
): Promise<CommandOutcome<State>> {
  const { eventStore, streamId, decider, metadata } = options;
  const maxAttempts = options.maxAttempts ?? 10;
  const schema = options.eventSchema ?? AnyDomainEvent;
  for (let attempt = 1; ; attempt++) {
    const recorded = await eventStore.readStream(streamId);
    let state = decider.initialState;
    for (const event of recorded) state = decider.evolve(state, toDomainEvent<Event>(event));
    const command = typeof options.command === 'function' ? (options.command as (s: State) => Command)(state) : options.command;
    const decided = decider.decide(command, state);
    const expected = expectedRevisionOf(recorded);
    if (decided.length === 0) {
      const last = recorded.at(-1);
      return { streamId, revision: last?.revision ?? -1, position: last?.position ?? -1, stateBefore: state, events: [] };
    }
    const events = decided.map((event) => ({ id: randomUUID(), ...validateEvent(schema, event) }));
    try {
      const result = await eventStore.append(streamId, events.map((e) => ({ ...e, metadata })), expected);
      return { streamId, revision: result.nextRevision, position: result.position, stateBefore: state, events };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevision) || attempt >= maxAttempts) throw error;
      // Someone appended first: back off a little (jittered, so racers spread out) and decide again.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, 2 ** attempt)));
    }
  }
}
