import type { ContentEntityType, ContentFields } from '../domain/content/events.ts';
import type { Projection, ProjectedEvent, ViewDoc } from './projection.ts';

/**
 * A view of one content entity type (article, category, brand): one document per entity with its
 * fields, deleted when the entity is. Tags have their own projection (the tree).
 */
export function contentEntityProjection<T extends Exclude<ContentEntityType, 'tag'>, D extends ViewDoc>(options: {
  name: string;
  collection: string;
  entityType: T;
  toView(fields: Extract<ContentFields, { entityType: T }>, id: string): Omit<D, '_id' | '_seen' | 'createdAt' | 'updatedAt'>;
  indexes?: ReadonlyArray<Record<string, 1 | -1 | 'text'>>;
  /** Projection.version: raised when toView makes documents a stored view does not hold. */
  version?: number;
}): Projection<D> {
  const concerns = (event: ProjectedEvent): boolean =>
    event.type === 'ContentDeleted' ? event.data.entityType === options.entityType
      : (event.type === 'ContentCreated' || event.type === 'ContentUpdated') && event.data.fields.entityType === options.entityType;
  return {
    name: options.name,
    collection: options.collection,
    eventTypes: ['ContentCreated', 'ContentUpdated', 'ContentDeleted'],
    keysOf: (event) => (concerns(event) && 'id' in event.data ? [event.data.id] : []),
    evolve(doc, event, id) {
      if (!concerns(event)) return doc;
      if (event.type === 'ContentDeleted') return null;
      if (event.type !== 'ContentCreated' && event.type !== 'ContentUpdated') return doc;
      const fields = event.data.fields as Extract<ContentFields, { entityType: T }>;
      const createdAt = (doc?.createdAt as string | undefined) ?? event.data.at;
      return { ...options.toView(fields, id), _id: id, createdAt, updatedAt: event.data.at } as unknown as D;
    },
    ...(options.indexes ? { indexes: options.indexes } : {}),
    ...(options.version ? { version: options.version } : {}),
  };
}
