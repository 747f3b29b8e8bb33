import type { ViewStore } from '../domain/ports/view-store.ts';
import type { AnyProjection } from './projection.ts';
import { retiredIndexesOf } from './retired-view-indexes.ts';

/**
 * Declares the indexes every view needs (idempotent): MongoDB indexes, or SQL indexes on the
 * documents' json_extract expressions in the embedded node:sqlite store; the memory store ignores them.
 * Drops those no read needs any more (retired-view-indexes.ts), which a store written before still has.
 */
export async function ensureViewIndexes(viewStore: ViewStore, projections: readonly AnyProjection[]): Promise<void> {
  for (const { collection, keys } of retiredIndexesOf(projections)) await viewStore.collection(collection).dropIndex(keys);
  for (const projection of projections) {
    for (const keys of projection.indexes ?? []) await viewStore.collection(projection.collection).createIndex(keys);
  }
}
