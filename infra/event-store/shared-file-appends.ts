import { randomUUID } from 'node:crypto';
import type { Realtime } from '../../domain/ports/realtime.ts';
import type { SqliteEventStore } from './sqlite-event-store.ts';

// Processes on one host may share the node:sqlite event file (a command API appends, the projectors,
// the worker and the relay follow). A process sees another's appends only by looking at the file, which
// a waiting subscription does once a second: so a view, a notification or a read-your-writes answer on
// another instance waited up to that second. Each process therefore announces its appends on the
// Realtime port (Redis pub/sub) and wakes its own subscriptions when another announces; the poll stays
// for a notice lost on the way. Announcements are coalesced: at most one in flight, and one more after
// it when appends came meanwhile.
export const APPENDS_ADDRESS = '$log';
export const APPENDED_KIND = 'log.appended';

export async function shareAppendsOver(store: SqliteEventStore, realtime: Realtime): Promise<() => Promise<void>> {
  const me = randomUUID();
  let publishing = false;
  let again = false;
  const announce = (): void => {
    if (publishing) {
      again = true;
      return;
    }
    publishing = true;
    again = false;
    // A lost announcement only costs the other processes their poll interval.
    void realtime.publish({ userId: APPENDS_ADDRESS, kind: APPENDED_KIND, payload: { from: me } }).catch(() => undefined).finally(() => {
      publishing = false;
      if (again) announce();
    });
  };
  const unsubscribe = await realtime.subscribe((message) => {
    if (message.userId !== APPENDS_ADDRESS || message.kind !== APPENDED_KIND) return;
    if ((message.payload as { from?: string } | null)?.from === me) return;
    store.noticeAppend();
  });
  const stopAnnouncing = store.onAppended(announce);
  return async () => {
    stopAnnouncing();
    await unsubscribe();
  };
}
