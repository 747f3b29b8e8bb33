import { VERSION_FIELD } from '../domain/ports/view-store.ts';
import { allProjections } from './all-projections.ts';
import type { AnyProjection } from './projection.ts';
import { SEEN_STATE_FIELDS } from './seen.ts';

// What readers of the views never need: the runtime's bookkeeping (the seen state, which can hold 256
// streams, and `_version`) and each projection's private fields. A MongoDB projection cannot leave
// fields out by prefix, so they are named here, and readers ask the store not to send them
// (FindOptions.omit). The projectors' own reads keep them: they need the seen state and the version.

export const RUNTIME_FIELDS: readonly string[] = [...SEEN_STATE_FIELDS, VERSION_FIELD];

/** The fields of each collection's documents readers leave out; for a collection no projection writes, the runtime's. */
export function unreadFields(projections: readonly AnyProjection[] = allProjections): (collection: string) => readonly string[] {
  const byCollection = new Map<string, readonly string[]>();
  for (const projection of projections) {
    const known = byCollection.get(projection.collection) ?? RUNTIME_FIELDS;
    byCollection.set(projection.collection, [...new Set([...known, ...(projection.privateFields ?? [])])]);
  }
  return (collection) => byCollection.get(collection) ?? RUNTIME_FIELDS;
}
