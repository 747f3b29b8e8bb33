import type { EventStore } from '../domain/ports/event-store.ts';
import type { PaymentGateway } from '../domain/ports/payment-gateway.ts';
import type { Clock } from '../domain/ports/clock.ts';
import type { Decider, DomainEvent } from '../domain/shared/decider.ts';
import type { TokenSettings } from '../infra/auth/jwt-tokens.ts';
import type { ActivationMailer } from './activation-mailer.ts';
import { handleCommand, type CommandOutcome } from './command-handler.ts';
import type { CommandApiLogger } from './ports.ts';
import type { RequestContext } from './request-context.ts';

// What every group of routes receives: the ports, and `execute` — the generic command handler bound
// to the event store and the request's metadata.
export interface CommandDeps {
  eventStore: EventStore;
  paymentGateway: PaymentGateway;
  clock: Clock;
  tokens: TokenSettings;
  mailer: ActivationMailer;
  logger: CommandApiLogger;
  execute<State, Command, Event extends DomainEvent>(
    context: RequestContext,
    streamId: string,
    decider: Decider<State, Command, Event>,
    command: Command | ((state: State) => Command),
    causationId?: string | null,
  ): Promise<CommandOutcome<State>>;
}

export function createCommandDeps(ports: Omit<CommandDeps, 'execute'>): CommandDeps {
  return {
    ...ports,
    execute: (context, streamId, decider, command, causationId) =>
      handleCommand({ eventStore: ports.eventStore, streamId, decider, command, metadata: context.metadata(causationId) }),
  };
}

/** The usual answer of a write (DESIGN §6): the entity id, its stream, new revision and global position. */
export function written(id: string, outcome: CommandOutcome<unknown>, status = 200) {
  return { status, body: { id, streamId: outcome.streamId, revision: outcome.revision, position: outcome.position } };
}
