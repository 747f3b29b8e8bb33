import type { ViewChange } from './ports.ts';

// Cache tags (DESIGN §1 GET cache): an answer is tagged with every collection it listed or counted
// and every document it read by id. A projection change purges the collection's tag (any list may now
// differ) and the changed documents' tags, so answers about other documents stay cached.
export const collectionTag = (collection: string): string => `view:${collection}`;
export const documentTag = (collection: string, id: string): string => `doc:${collection}:${id}`;
/** On every answer that read the collection at all; purged only when the whole collection changed (a rebuild). */
export const wholeCollectionTag = (collection: string): string => `all:${collection}`;

export function tagsOfChange(change: ViewChange): string[] {
  const tags = [collectionTag(change.collection), ...change.ids.map((id) => documentTag(change.collection, id))];
  if (change.all) tags.push(wholeCollectionTag(change.collection));
  return tags;
}
