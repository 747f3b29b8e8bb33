import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { EventStore } from '../../domain/ports/event-store.ts';
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

/** The log a file checkpoint follows: it names its first event, and where it ends. */
export type FollowedLog = Pick<EventStore, 'readAll' | 'headPosition'>;

/**
 * A JSON file `{ "position": n, "firstEventId": … }`, replaced atomically (write to a temporary file,
 * then rename). The file lives beside the event log (DATA_DIR), but outlives it when the log is deleted
 * or restored from an older copy: given `log`, a checkpoint of another log (another first event) or one
 * beyond the log's head is not this log's, and the follower starts over from the beginning — safe, since
 * every follower that keeps its checkpoint here is idempotent — after `onStale` is told why.
 */
export function fileRelayCheckpoints(path: string, options: { log?: FollowedLog; onStale?: (reason: string) => void } = {}): RelayCheckpoints {
  const { log } = options;
  // A log's first event never changes once written: read it until there is one, then remember it.
  let first: string | null = null;
  const firstEventId = async () => (first ??= (await log?.readAll({ maxCount: 1 }))?.[0]?.id ?? null);
  return {
    async load() {
      let parsed: { position?: unknown; firstEventId?: unknown };
      try {
        parsed = JSON.parse(await readFile(path, 'utf8')) as typeof parsed;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
      if (typeof parsed.position !== 'number') return undefined;
      if (log) {
        const ours = await firstEventId();
        if (typeof parsed.firstEventId === 'string' && parsed.firstEventId !== ours) {
          options.onStale?.(`${path} follows another event log (first event ${parsed.firstEventId}, this log's ${ours ?? 'none'}): starting over`);
          return undefined;
        }
        const head = await log.headPosition();
        if (parsed.position > head) {
          options.onStale?.(`${path} is at position ${parsed.position}, beyond the log's head ${head} (the log restored from an older copy?): starting over`);
          return undefined;
        }
      }
      return parsed.position;
    },
    async save(position) {
      const temporary = `${path}.${process.pid}.tmp`;
      const content = JSON.stringify({ position, firstEventId: log ? await firstEventId() : undefined, savedAt: new Date().toISOString() });
      // The directory is made when a write finds it missing, not before every save (a flow saves per page).
      await writeFile(temporary, content).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
        await mkdir(dirname(path), { recursive: true });
        await writeFile(temporary, content);
      });
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
