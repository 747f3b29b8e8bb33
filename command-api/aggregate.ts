import type { EventStore } from '../domain/ports/event-store.ts';
import type { Decider, DomainEvent } from '../domain/shared/decider.ts';
import { earlierOutcome, handleCommand, loadFolded, type CommandOutcome, type Folded } from './command-handler.ts';
import type { RequestContext } from './request-context.ts';

// One aggregate bound once: its decider, its stream (`orderStream`, from domain/<aggregate>), and the
// event store. Routes and workflows load and execute through it and never name a stream or fold one
// by hand. Commands are written as `{ type, ...data }`: who issues them and when is the request's
// (`context.actor`, `context.at`), stamped here, so a route cannot get them wrong. The deciders keep
// `actor` and `at` in their command types, since they are pure and decide on them.

/** A command as a route writes it: everything but `actor` and `at`, which `execute` stamps. */
export type CommandData<Command> = Command extends unknown ? Omit<Command, 'actor' | 'at'> : never;

export interface Aggregate<State, Command, Event extends DomainEvent = DomainEvent> {
  /** The stream id of the entity `id`. */
  stream(id: string): string;
  /** The entity as folded from its stream now, with the stream's revision (-1: no stream yet). */
  load(id: string): Promise<Folded<State>>;
  /**
   * Runs the command on the entity through the one write path (command-handler.ts): fold, decide,
   * append with the revision folded, decide again on a conflict. `command` may be made from the state
   * (again on every attempt). Events are caused by `causationId`, default the request's correlation id.
   */
  execute(context: RequestContext, id: string, command: CommandData<Command> | ((state: State) => CommandData<Command>), causationId?: string | null): Promise<CommandOutcome<State>>;
  /**
   * The outcome of the next command this request would run on the entity, when an earlier run of the
   * same request (same Idempotency-Key) already wrote it; null otherwise. For a workflow that must not
   * redo a side effect before its command (a charge), as execute finds the earlier run only after.
   */
  earlierRun(context: RequestContext, id: string): Promise<CommandOutcome<State> | null>;
  /** What the command would decide on `state`, appending nothing (throws its Refusal): to refuse before a side effect. */
  preview(context: RequestContext, command: CommandData<Command>, state: State): Event[];
}

export function bindAggregate<State, Command, Event extends DomainEvent>(
  eventStore: EventStore, decider: Decider<State, Command, Event>, stream: (id: string) => string,
): Aggregate<State, Command, Event> {
  const stamped = (context: RequestContext, data: CommandData<Command>): Command => ({ ...data, actor: context.actor, at: context.at }) as Command;
  return {
    stream,
    load: (id) => loadFolded(eventStore, decider, stream(id)),
    execute(context, id, command, causationId) {
      const streamId = stream(id);
      return handleCommand({
        eventStore, streamId, decider,
        command: typeof command === 'function' ? (state: State) => stamped(context, command(state)) : stamped(context, command),
        metadata: context.metadata(causationId),
        eventIds: context.commandEventIds(streamId) ?? undefined,
      });
    },
    async earlierRun(context, id) {
      const streamId = stream(id);
      const eventIds = context.commandEventIds(streamId, { peek: true });
      return eventIds ? earlierOutcome(streamId, await eventStore.readStream(streamId), decider, eventIds) : null;
    },
    preview: (context, command, state) => decider.decide(stamped(context, command), state),
  };
}
