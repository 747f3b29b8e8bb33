import type { RecordedEvent } from '../domain/ports/event-store.ts';
import type { ViewDocument, ViewStore } from '../domain/ports/view-store.ts';
import type { ApplyOutcome, ViewChange } from './event-applier.ts';
import type { ProjectorLog } from './projector-log.ts';
import { seenRevision } from './seen.ts';

export type WaitResult<D extends ViewDocument = ViewDocument> =
  | { reached: true; doc: D | null }
  | { reached: false; doc: D | null; seenRevision: number };

interface Waiter {
  collection: string;
  id: string;
  streamId: string;
  minRevision: number;
  check(): void;
}

/**
 * Who hears of the projection runtime's changes: the change listeners (caches, the realtime channel)
 * and the read-your-writes waiters, with the revisions handled per collection and stream that let a
 * waiter see deletions and events that changed nothing.
 */
export interface ViewWaiters {
  /** Notes that `collection` handled `revision` of `streamId` (whether or not a document changed). */
  noteHandled(collection: string, streamId: string, revision: number): void;
  /** Tells the listeners of an applied event's changes, and wakes the waiters on its stream. */
  announce(event: RecordedEvent, outcome: ApplyOutcome): void;
  /** Tells the listeners that every document of these collections may have changed. */
  announceAllChanged(collections: readonly string[]): void;
  onChange(listener: (change: ViewChange) => void): () => void;
  waitFor<D extends ViewDocument = ViewDocument>(collection: string, id: string, streamId: string, minRevision: number, timeoutMs: number): Promise<WaitResult<D>>;
  /** Whether a waitFor is waiting. */
  waiting(): boolean;
}

/** `onWait`: told when a waitFor begins to wait (the projection runtime closes a lingering page). */
export function createViewWaiters(viewStore: ViewStore, log: ProjectorLog, onWait: () => void = () => undefined): ViewWaiters {
  /** collection → streamId → highest revision handled: lets waitFor see deletions and no-op events. */
  const handled = new Map<string, Map<string, number>>();
  const listeners = new Set<(change: ViewChange) => void>();
  const waiters = new Set<Waiter>();

  return {
    noteHandled(collection, streamId, revision) {
      let streams = handled.get(collection);
      if (!streams) handled.set(collection, (streams = new Map()));
      if ((streams.get(streamId) ?? -1) < revision) streams.set(streamId, revision);
    },

    announce(event, outcome) {
      for (const change of outcome.changes) {
        for (const listener of listeners) {
          try {
            listener(change);
          } catch (error) {
            log.error({ err: error, collection: change.collection }, 'view change listener threw');
          }
        }
      }
      for (const waiter of waiters) if (waiter.streamId === event.streamId) waiter.check();
    },

    announceAllChanged(collections) {
      for (const collection of collections) {
        for (const listener of listeners) {
          try { listener({ collection, ids: [], all: true }); } catch { /* logged on normal changes */ }
        }
      }
    },

    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    waitFor<D extends ViewDocument = ViewDocument>(collection: string, id: string, streamId: string, minRevision: number, timeoutMs: number): Promise<WaitResult<D>> {
      return new Promise((resolve) => {
        let settled = false;
        let checking = false;
        let recheck = false;
        const read = () => viewStore.collection<D>(collection).findOne({ _id: id });
        const finish = (result: WaitResult<D>) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(result);
        };
        const check = () => {
          if (settled) return;
          if (checking) { recheck = true; return; }
          checking = true;
          void read().then((doc) => {
            checking = false;
            const reached = seenRevision(doc, streamId) >= minRevision || (handled.get(collection)?.get(streamId) ?? -1) >= minRevision;
            if (reached) finish({ reached: true, doc });
            else if (recheck) { recheck = false; check(); }
          }, (error: unknown) => {
            checking = false;
            log.error({ err: error, collection, id }, 'waitFor could not read the view');
          });
        };
        const waiter: Waiter = { collection, id, streamId, minRevision, check };
        // Registered before the first read, so an event applied meanwhile triggers a second look.
        waiters.add(waiter);
        onWait();
        const timer = setTimeout(() => {
          void read().then(
            (doc) => finish({ reached: false, doc, seenRevision: seenRevision(doc, streamId) }),
            () => finish({ reached: false, doc: null, seenRevision: -1 }),
          );
        }, timeoutMs);
        check();
      });
    },

    waiting: () => waiters.size > 0,
  };
}
