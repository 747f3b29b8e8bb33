import type { EventStore } from '../domain/ports/event-store.ts';
import { LeastRecentlyUsed } from '../infra/least-recently-used.ts';

// The last folded state of each stream, so a command or a lookup reads only the events appended
// since, instead of refolding the whole stream for every command. Bounded: the least recently used streams
// are forgotten past `capacity`. One cache per event store (a WeakMap), so every part of the process
// that folds through `loadFolded` or `handleCommand` with the same store shares it.
//
// Never wrong, only late: a stream is append-only, so an entry at revision R plus the events after R
// is the stream now. An entry can only be ahead of the store if the store lost events (a restore);
// then the append's expected revision fails, the entry is dropped and the command retries on a full
// read (command-handler.ts). Entries hold the decider they were folded with: another decider folding
// the same stream folds it itself and takes the entry over.
export const FOLDED_STREAMS_PER_STORE = 10_000;

export interface FoldedEntry {
  /** The `evolve` the state was folded with (its decider). */
  folder: object;
  state: unknown;
  revision: number;
  position: number;
  /**
   * Every event id of the stream, up to `revision` at least (ids of later events of the stream may be
   * in it too). Kept once a keyed command (handleCommand's `eventIds`) read the stream whole: its next
   * keyed command learns that it never ran without reading the stream again. Absent: not known.
   */
  eventIds?: Set<string>;
}

export class FoldedStateCache {
  private readonly entries: LeastRecentlyUsed<string, FoldedEntry>;

  constructor(capacity = FOLDED_STREAMS_PER_STORE) {
    this.entries = new LeastRecentlyUsed(capacity);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The entry of the stream folded by `folder`, now the most recently used; undefined if none. */
  get(streamId: string, folder: object): FoldedEntry | undefined {
    const entry = this.entries.peek(streamId);
    if (!entry || entry.folder !== folder) return undefined;
    return this.entries.get(streamId);
  }

  /** Keeps the entry unless one of the same folder is already at a later revision (a slower concurrent load). */
  set(streamId: string, entry: FoldedEntry): void {
    const current = this.entries.peek(streamId);
    if (current && current.folder === entry.folder && current.revision > entry.revision) return;
    this.entries.set(streamId, entry);
  }

  drop(streamId: string): void {
    this.entries.delete(streamId);
  }
}

const caches = new WeakMap<EventStore, FoldedStateCache>();

/** The cache of the streams of this event store (made on first use). */
export function foldedStateCacheOf(eventStore: EventStore): FoldedStateCache {
  let cache = caches.get(eventStore);
  if (!cache) {
    cache = new FoldedStateCache();
    caches.set(eventStore, cache);
  }
  return cache;
}
