import type { RecordedEvent } from '../../domain/ports/event-store.ts';
import type { ReadViews } from '../tracked-views.ts';
import { redacted } from './audit-reads.ts';

// Who did what, for the admin's audit screens: an event's actor (user id and roles from its
// metadata) named by the `users` view's current full name; the product itself (seed, reactors) and
// guests have no user and no name.
export interface NamedActor { userId: string | null; roles: string[]; name: string | null }

/** The full name of each user id (one lookup for a whole page of events); unknown ids are left out. */
export async function actorNames(views: ReadViews, userIds: (string | null)[]): Promise<Map<string, string>> {
  const ids = [...new Set(userIds.filter((id): id is string => typeof id === 'string' && id.length > 0))];
  if (ids.length === 0) return new Map();
  const users = ids.length === 1
    ? await views.byId('users', ids[0]!).then((doc) => (doc ? [doc] : []))
    : await views.find('users', { _id: { $in: ids } });
  return new Map(users.filter((doc) => typeof doc.fullName === 'string').map((doc) => [doc._id, doc.fullName as string]));
}

/** An event as the audit screens show it: what, when, by whom (named), and its data with secrets redacted. */
export function auditedEvent(event: RecordedEvent, names: Map<string, string>) {
  const { userId, roles } = event.metadata.actor;
  const actor: NamedActor = { userId, roles, name: userId ? names.get(userId) ?? null : null };
  return {
    id: event.id,
    streamId: event.streamId,
    revision: event.revision,
    position: event.position,
    type: event.type,
    at: event.metadata.at,
    recordedAt: event.recordedAt,
    actor,
    correlationId: event.metadata.correlationId,
    causationId: event.metadata.causationId,
    data: redacted(event.data),
  };
}

/** Each event audited, its actors named with one lookup. */
export async function auditedEvents(views: ReadViews, events: RecordedEvent[]) {
  const names = await actorNames(views, events.map((event) => event.metadata.actor.userId));
  return events.map((event) => auditedEvent(event, names));
}
