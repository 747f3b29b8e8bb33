import { randomUUID } from 'node:crypto';
import type { EventStore } from '../domain/ports/event-store.ts';
import type { Clock } from '../domain/ports/clock.ts';
import { systemClock } from '../domain/ports/clock.ts';
import { systemActor } from '../domain/shared/actor.ts';
import { userDecider, userStream } from '../domain/user/decider.ts';
import { handleCommand } from './command-handler.ts';
import { SCHEMA_VERSION } from './request-context.ts';

// Commands the product issues as itself (actor `system`), outside any HTTP request: the first admin
// of a fresh installation, and the demo seed's admin account. Everything else goes through the routes.
export async function grantUserRoles(
  ports: { eventStore: EventStore; clock?: Clock },
  userId: string,
  roles: ('admin' | 'operator' | 'superAdmin')[],
  groups: string[],
) {
  const at = (ports.clock ?? systemClock).now().toISOString();
  const correlationId = randomUUID();
  return handleCommand({
    eventStore: ports.eventStore,
    streamId: userStream(userId),
    decider: userDecider,
    command: { type: 'SetUserRoles', actor: systemActor, at, userId, roles, groups },
    metadata: { actor: systemActor, correlationId, causationId: null, at, schemaVersion: SCHEMA_VERSION },
  });
}
