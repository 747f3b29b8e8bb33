import type { EventStore, RecordedEvent } from '../domain/ports/event-store.ts';
import type { Decider, DomainEvent } from '../domain/shared/decider.ts';
import { systemActor } from '../domain/shared/actor.ts';
import { handleCommand, type CommandOutcome } from '../command-api/command-handler.ts';
import { derivedUuid } from '../command-api/derived-ids.ts';
import { SCHEMA_VERSION } from '../command-api/request-context.ts';

// How a flow writes: a command of the product itself (actor `system`) through the one write path
// (command-handler.ts: fold, decide, append with the revision, decide again on a conflict), caused by
// the event the flow acts on and in its correlation. The events' ids derive from the flow and that
// event (and the step's own key, when one event leads to several commands on one stream), so a step
// taken again after a crash finds what its first run wrote and writes nothing twice.

/** A command as a flow writes it: everything but `actor` and `at`, which are the system's and now. */
type FlowCommand<Command> = Command extends unknown ? Omit<Command, 'actor' | 'at'> : never;

export function flowCommands(eventStore: EventStore, flowName: string) {
  return {
    execute<State, Command, Event extends DomainEvent>(
      decider: Decider<State, Command, Event>, streamId: string, command: FlowCommand<Command>, cause: RecordedEvent, stepKey?: string,
    ): Promise<CommandOutcome<State>> {
      const at = new Date().toISOString();
      return handleCommand({
        eventStore, streamId, decider,
        command: { ...command, actor: systemActor, at } as Command,
        metadata: { actor: systemActor, correlationId: cause.metadata.correlationId, causationId: cause.id, at, schemaVersion: SCHEMA_VERSION },
        eventIds: (index) => derivedUuid(`${flowName}\n${cause.id}${stepKey === undefined ? '' : `\n${stepKey}`}`, `${streamId}\n${index}`),
      });
    },
  };
}
