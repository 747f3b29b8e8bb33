import type { Translatable } from '../../domain/shared/translatable.ts';
import type { Projection, ProjectedEvent, ViewDoc } from '../projection.ts';
import { searchTextOf } from '../seen.ts';
import { indexTokens } from '../../domain/shared/search-text.ts';

// Tags (README: `tags`): the tag tree. Each tag knows its children (childIds, childrenCount); the
// children of the `artist-categories` root are the artist categories. A tag event touches the tag, its
// parent, and (found by alsoMatching) any former parent that still lists it.
export interface TagView extends ViewDoc {
  id: string;
  name: Translatable;
  alias: string;
  level: number;
  order: number;
  parentId: string | null;
  childIds: string[];
  childrenCount: number;
  searchText: string;
  /** Normalised tokens of the names and the alias (domain/shared/search-text.ts): vendor search and category suggestions. */
  searchTokens: string[];
  createdAt: string;
  updatedAt: string;
}

type TagEvent = Extract<ProjectedEvent, { type: 'ContentCreated' | 'ContentUpdated' | 'ContentDeleted' }>;

const isTagEvent = (event: ProjectedEvent): event is TagEvent =>
  (event.type === 'ContentCreated' || event.type === 'ContentUpdated') ? event.data.fields.entityType === 'tag'
    : event.type === 'ContentDeleted' && event.data.entityType === 'tag';

/** The parent the tag has after this event (null when deleted or a root). */
const parentAfter = (event: TagEvent): string | null =>
  event.type !== 'ContentDeleted' && event.data.fields.entityType === 'tag' ? event.data.fields.parentId : null;

export const tagsProjection: Projection<TagView> = {
  name: 'tags',
  collection: 'tags',
  eventTypes: ['ContentCreated', 'ContentUpdated', 'ContentDeleted'],
  keysOf(event) {
    if (!isTagEvent(event)) return [];
    const parentId = parentAfter(event);
    return parentId && parentId !== event.data.id ? [event.data.id, parentId] : [event.data.id];
  },
  alsoMatching: (event) => (isTagEvent(event) ? { childIds: event.data.id } : null),
  evolve(doc, event, id) {
    if (!isTagEvent(event)) return doc;
    const tagId = event.data.id;
    if (id !== tagId) {
      // A parent (current or former): keep its child list in step. A parent not created yet is not invented.
      if (!doc) return null;
      const isChild = parentAfter(event) === id;
      const childIds = isChild ? (doc.childIds.includes(tagId) ? doc.childIds : [...doc.childIds, tagId]) : doc.childIds.filter((child) => child !== tagId);
      return { ...doc, childIds, childrenCount: childIds.length };
    }
    if (event.type === 'ContentDeleted') return null;
    const fields = event.data.fields;
    if (fields.entityType !== 'tag') return doc;
    return {
      _id: id, id, name: fields.name, alias: fields.alias, level: fields.level, order: fields.order,
      parentId: fields.parentId, childIds: doc?.childIds ?? [], childrenCount: doc?.childrenCount ?? 0,
      searchText: searchTextOf(fields.name.he, fields.name.en, fields.alias),
      searchTokens: indexTokens(fields.name.he, fields.name.en, fields.alias),
      createdAt: doc?.createdAt ?? event.data.at, updatedAt: event.data.at,
    };
  },
  indexes: [{ alias: 1 }, { parentId: 1, order: 1, _id: 1 }, { level: 1, order: 1, _id: 1 }, { childIds: 1 }],
};
