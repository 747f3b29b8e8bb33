import type { ViewDocument, ViewStore } from '../domain/ports/view-store.ts';

// Each projection's checkpoint: the position of the last event it has applied. Kept in the ViewStore
// beside the views, so dropping the views also resets them (a rebuild starts from position 0).
export const CHECKPOINTS_COLLECTION = '_checkpoints';

interface CheckpointDoc extends ViewDocument {
  position: number;
  updatedAt: string;
}

export function checkpointStore(viewStore: ViewStore) {
  const collection = () => viewStore.collection<CheckpointDoc>(CHECKPOINTS_COLLECTION);
  return {
    /** Checkpoint per projection name; absent when the projection has never run. */
    async load(names: readonly string[]): Promise<Map<string, number>> {
      const docs = await collection().find({ _id: { $in: [...names] } });
      return new Map(docs.map((doc) => [doc._id, doc.position]));
    },
    async save(positions: ReadonlyMap<string, number>): Promise<void> {
      const updatedAt = new Date().toISOString();
      for (const [name, position] of positions) await collection().replaceOne({ _id: name, position, updatedAt });
    },
  };
}
