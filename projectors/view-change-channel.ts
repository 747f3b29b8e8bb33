import type { Realtime } from '../domain/ports/realtime.ts';
import type { ViewStore } from '../domain/ports/view-store.ts';
import type { ViewChange } from './event-applier.ts';
import type { ProjectionRuntime } from './runtime.ts';
import { seenRevision } from './seen.ts';

// In distributed mode the projectors and the query API are separate processes. The projectors publish
// every view change on the Realtime port (Redis pub/sub), and the query API follows them to purge its
// GET cache and to wake read-your-writes waiters; `waitFor` also re-reads the document now and then,
// so a lost pub/sub message only delays an answer, never makes it wrong.
export const VIEW_CHANGE_KIND = 'view.changed';
/** Not a user: messages on this address are for processes, and the ws hub has no socket for it. */
export const VIEW_CHANGE_ADDRESS = '$views';

export function publishViewChanges(runtime: Pick<ProjectionRuntime, 'onChange'>, realtime: Realtime): () => void {
  return runtime.onChange((change) => {
    void realtime.publish({ userId: VIEW_CHANGE_ADDRESS, kind: VIEW_CHANGE_KIND, payload: change }).catch(() => undefined);
  });
}

/** Tells the query APIs that every document of these collections may have changed (after a rebuild by another process). */
export async function publishEverythingChanged(realtime: Realtime, collections: readonly string[]): Promise<void> {
  for (const collection of collections) {
    const change: ViewChange = { collection, ids: [], all: true };
    await realtime.publish({ userId: VIEW_CHANGE_ADDRESS, kind: VIEW_CHANGE_KIND, payload: change });
  }
}

export interface RemoteProjectionsProgress {
  onChange(listener: (change: ViewChange) => void): () => void;
  waitFor(collection: string, id: string, streamId: string, minRevision: number, timeoutMs: number): Promise<{ reached: boolean }>;
  close(): Promise<void>;
}

export async function followViewChanges(viewStore: ViewStore, realtime: Realtime, options: { recheckMs?: number } = {}): Promise<RemoteProjectionsProgress> {
  const recheckMs = options.recheckMs ?? 250;
  const listeners = new Set<(change: ViewChange) => void>();
  const unsubscribe = await realtime.subscribe((message) => {
    if (message.userId !== VIEW_CHANGE_ADDRESS || message.kind !== VIEW_CHANGE_KIND) return;
    for (const listener of listeners) listener(message.payload as ViewChange);
  });

  async function applied(collection: string, id: string, streamId: string, minRevision: number): Promise<boolean> {
    // Stream ids are kept encoded in `_seen` (a config key holds dots).
    return seenRevision(await viewStore.collection(collection).findOne({ _id: id }), streamId) >= minRevision;
  }

  return {
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async waitFor(collection, id, streamId, minRevision, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      let wake: () => void = () => {};
      const listener = (change: ViewChange) => {
        if (change.collection === collection && (change.all || change.ids.length === 0 || change.ids.includes(id))) wake();
      };
      listeners.add(listener);
      try {
        while (true) {
          if (await applied(collection, id, streamId, minRevision)) return { reached: true };
          const left = deadline - Date.now();
          if (left <= 0) return { reached: false };
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, Math.min(recheckMs, left));
            wake = () => { clearTimeout(timer); resolve(); };
          });
        }
      } finally {
        listeners.delete(listener);
      }
    },
    close: () => unsubscribe(),
  };
}
