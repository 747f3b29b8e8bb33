import { randomUUID } from 'node:crypto';
import { Query } from 'mingo';
import type { AnyDomainEvent } from '../../domain/events.ts';
import { AnyDomainEvent as AnyDomainEventSchema } from '../../domain/events.ts';
import type { Actor } from '../../domain/shared/actor.ts';
import type { RecordedEvent } from '../../domain/ports/event-store.ts';
import type { AnyProjection, ProjectedEvent, ViewDoc } from '../projection.ts';

// Test fixtures for projections: recorded events made from domain events (validated like the runtime
// does, so defaults apply), and a fold of a projection's evolve over them.

export const systemTestActor: Actor = { userId: null, roles: ['system'], groups: [], vendorId: null };

let nextPosition = 1;
const revisions = new Map<string, number>();

/** A recorded event on `streamId` with the next revision of that stream (per test file) and the next position. */
export function recorded(streamId: string, event: AnyDomainEvent, actor: Actor = systemTestActor, at = '2026-01-01T10:00:00.000Z'): ProjectedEvent {
  const revision = (revisions.get(streamId) ?? -1) + 1;
  revisions.set(streamId, revision);
  const parsed = AnyDomainEventSchema.parse(event);
  const raw: RecordedEvent = {
    id: randomUUID(), streamId, revision, position: nextPosition++, type: parsed.type, data: parsed.data,
    metadata: { actor, correlationId: randomUUID(), causationId: null, at, schemaVersion: 1 },
    recordedAt: at,
  };
  return { ...raw, ...parsed } as ProjectedEvent;
}

/** Folds events through a projection's keysOf and evolve (no store, no idempotency): the view in isolation. */
export function fold<D extends ViewDoc>(projection: AnyProjection, events: ProjectedEvent[], initial: Record<string, D> = {}): Record<string, D> {
  const docs: Record<string, D> = { ...initial };
  for (const event of events) {
    if (!projection.eventTypes.includes(event.type)) continue;
    const ids = new Set(projection.keysOf(event));
    const filter = projection.alsoMatching?.(event);
    if (filter) {
      const query = new Query(filter, {});
      for (const [id, doc] of Object.entries(docs)) if (query.test(doc)) ids.add(id);
    }
    for (const id of ids) {
      const next = projection.evolve(docs[id] ?? null, event, id) as D | null;
      if (next === null) delete docs[id];
      else docs[id] = { ...next, _id: id };
    }
  }
  return docs;
}
