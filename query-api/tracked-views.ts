import type { Filter, FindOptions, TextOmission, TextReads, ViewCollection, ViewDocument, ViewStore } from '../domain/ports/view-store.ts';
import { collectionTag, documentTag, wholeCollectionTag } from './cache-tags.ts';
import { withoutOmitted } from './public-document.ts';
import { unreadFields } from '../projectors/unread-fields.ts';

// The read-only view access a read route gets. Every read records the cache tags of what it touched:
// a lookup by `_id` tags that one document (found or not, so its creation also purges the answer);
// anything else tags the whole collection. No read route needs the projectors' bookkeeping (`_seen`
// and the rest of the seen state, `_version`) or a view's private fields: the store is asked not to send
// them (FindOptions.omit), and the read routes never see them.
const unread = unreadFields();
const omitting = (collection: string, also: readonly string[] = []): readonly string[] => (also.length === 0 ? unread(collection) : [...unread(collection), ...also]);

export interface ReadViews {
  find<D extends ViewDocument = ViewDocument>(collection: string, filter?: Filter, options?: FindOptions): Promise<D[]>;
  count(collection: string, filter?: Filter): Promise<number>;
  byId<D extends ViewDocument = ViewDocument>(collection: string, id: string): Promise<D | null>;
  findOne<D extends ViewDocument = ViewDocument>(collection: string, filter: Filter): Promise<D | null>;
  /** Like find, each document as JSON text without the omitted keys (TextReads of the view-store port). */
  findTexts(collection: string, filter: Filter, options: FindOptions, omit: TextOmission): Promise<string[]>;
  /** Tags an answer by hand, e.g. with the event log. */
  tag(tag: string): void;
}

export function trackedViews(viewStore: ViewStore): { views: ReadViews; tags: Set<string> } {
  const tags = new Set<string>();
  const views: ReadViews = {
    async find(collection, filter = {}, options) {
      tags.add(collectionTag(collection));
      return viewStore.collection(collection).find(filter, { ...options, omit: omitting(collection, options?.omit) }) as never;
    },
    async count(collection, filter = {}) {
      tags.add(collectionTag(collection));
      return viewStore.collection(collection).count(filter);
    },
    async byId(collection, id) {
      tags.add(documentTag(collection, id));
      tags.add(wholeCollectionTag(collection));
      return viewStore.collection(collection).findOne({ _id: id }, { omit: unread(collection) }) as never;
    },
    async findOne(collection, filter) {
      tags.add(collectionTag(collection));
      return viewStore.collection(collection).findOne(filter, { omit: unread(collection) }) as never;
    },
    async findTexts(collection, filter, options, omit) {
      tags.add(collectionTag(collection));
      const target = viewStore.collection(collection) as ViewCollection & Partial<TextReads>;
      if (typeof target.findTexts === 'function') return target.findTexts(filter, options, omit);
      return (await target.find(filter, { ...options, omit: omitting(collection, omit.keys) })).map((doc) => JSON.stringify(withoutOmitted(doc, omit)));
    },
    tag(tag) {
      tags.add(tag);
    },
  };
  return { views, tags };
}
