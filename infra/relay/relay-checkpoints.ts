import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { ViewDocument, ViewStore } from '../../domain/ports/view-store.ts';

// Where the relay keeps the position of the last event the broker acknowledged. Losing or rewinding it
// only republishes events (at least once); it must never run ahead of what was acknowledged.
export interface RelayCheckpoints {
  /** The stored position, or undefined when the relay has never published. */
  load(): Promise<number | undefined>;
  save(position: number): Promise<void>;
}

export function memoryRelayCheckpoints(initial?: number): RelayCheckpoints & { current(): number | undefined } {
  let position = initial;
  return {
    async load() {
      return position;
    },
    async save(next) {
      position = next;
    },
    current: () => position,
  };
}

/** A JSON file `{ "position": n }`, replaced atomically (write to a temporary file, then rename). */
export function fileRelayCheckpoints(path: string): RelayCheckpoints {
  return {
    async load() {
      try {
        const parsed = JSON.parse(await readFile(path, 'utf8')) as { position?: unknown };
        return typeof parsed.position === 'number' ? parsed.position : undefined;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async save(position) {
      await mkdir(dirname(path), { recursive: true });
      const temporary = `${path}.${process.pid}.tmp`;
      await writeFile(temporary, JSON.stringify({ position, savedAt: new Date().toISOString() }));
      await rename(temporary, path);
    },
  };
}

interface CheckpointDoc extends ViewDocument {
  position: number;
  updatedAt: string;
}

/** A document `{ _id: name, position }` in the ViewStore's `_checkpoints` collection, beside the projectors'. */
export function viewStoreRelayCheckpoints(viewStore: ViewStore, name = 'relay:kafka'): RelayCheckpoints {
  const collection = () => viewStore.collection<CheckpointDoc>('_checkpoints');
  return {
    async load() {
      return (await collection().findOne({ _id: name }))?.position;
    },
    async save(position) {
      await collection().replaceOne({ _id: name, position, updatedAt: new Date().toISOString() });
    },
  };
}
