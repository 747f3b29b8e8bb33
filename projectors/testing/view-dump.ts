import type { ViewDocument, ViewStore } from '../../domain/ports/view-store.ts';
import type { AnyProjection } from '../projection.ts';
import { SEEN_LANE_FLOORS_FIELD, SEEN_LANES_FIELD } from '../seen.ts';

/**
 * Every document of every view collection, sorted by _id: what "the views are equal" compares. Without
 * the lanes a document was fed on (seen.ts), which depend on the feed, not on the events.
 */
export async function dumpViews(viewStore: ViewStore, projections: readonly AnyProjection[]): Promise<Record<string, ViewDocument[]>> {
  const dump: Record<string, ViewDocument[]> = {};
  for (const collection of [...new Set(projections.map((projection) => projection.collection))].sort()) {
    dump[collection] = (await viewStore.collection(collection).find({}, { sort: { _id: 1 } })).map(({ [SEEN_LANES_FIELD]: _lanes, [SEEN_LANE_FLOORS_FIELD]: _floors, ...doc }) => doc as ViewDocument);
  }
  return dump;
}
