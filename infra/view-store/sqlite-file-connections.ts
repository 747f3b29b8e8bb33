import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';

// The view stores this process has open, by file. A store that is the only one of its process on its
// file learns of another connection's commit only through what another process tells this one, and
// that comes as I/O (a request, a message, a notice over Redis): a macrotask. A second store of the
// same process on the same file can commit between two microtasks of one turn, so its reads must not
// take what was asked before for the whole turn (sqlite-view-store.ts, freshen).

const openHere = new Map<string, number>();

export interface FileConnection {
  /** Whether another store of this process has the same file open now. */
  shared(): boolean;
  close(): void;
}

export function connectionTo(path: string): FileConnection {
  // ':memory:' and '' are private databases: nobody else ever sees them.
  if (path === ':memory:' || path === '') return { shared: () => false, close: () => undefined };
  // The file itself, whichever name (a link, a relative path) the store was opened by; it exists once opened.
  let file: string;
  try {
    file = realpathSync(path);
  } catch {
    file = resolve(path);
  }
  openHere.set(file, (openHere.get(file) ?? 0) + 1);
  let open = true;
  return {
    shared: () => (openHere.get(file) ?? 0) > 1,
    close() {
      if (!open) return;
      open = false;
      const left = (openHere.get(file) ?? 1) - 1;
      if (left === 0) openHere.delete(file);
      else openHere.set(file, left);
    },
  };
}
