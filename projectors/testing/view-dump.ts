import type { ViewDocument, ViewStore } from '../../domain/ports/view-store.ts';
import type { AnyProjection } from '../projection.ts';

/** Every document of every view collection, sorted by _id: what "the views are equal" compares. */
export async function dumpViews(viewStore: ViewStore, projections: readonly AnyProjection[]): Promise<Record<string, ViewDocument[]>> {
  const dump: Record<string, ViewDocument[]> = {};
  for (const collection of [...new Set(projections.map((projection) => projection.collection))].sort()) {
    dump[collection] = await viewStore.collection(collection).find({}, { sort: { _id: 1 } });
  }
  return dump;
}
