import { Worker } from 'node:worker_threads';
import type { DatabaseSync } from 'node:sqlite';
import { groupWriter, type AppendOutcome, type AppendRequest, type CommittedGroup } from './sqlite-append-group.ts';
import { decodeOutcomes, encodeGroup } from './sqlite-writer-messages.ts';
import type { WriterThreadAnswer, WriterThreadData, WriterThreadRequest } from './sqlite-writer-thread.ts';

// Group commit for the node:sqlite event store. Appends queue; one group at a time is written (one
// transaction, one fsync); whatever queued meanwhile forms the next group. Where the group is written:
// - 'thread': a worker thread owns the writing connection, so the COMMIT's fsync waits off the event
//   loop, and appends arriving during it queue for the next group (file stores);
// - 'inline': on the event loop, at the end of the current turn (`setImmediate`), so appends made in
//   the same turn share a commit (`:memory:` stores, which another thread cannot open).

/** Most appends written in one transaction: bounds the time one group holds the write lock. */
const MAX_GROUP = 256;

interface GroupWrite {
  write(group: AppendRequest[]): Promise<CommittedGroup>;
  close(): Promise<void>;
}

function inlineWrite(db: DatabaseSync): GroupWrite {
  const write = groupWriter(db);
  return { write: async (group) => write(group), close: async () => undefined };
}

function threadWrite(data: WriterThreadData): GroupWrite {
  const worker = new Worker(new URL('./sqlite-writer-thread.ts', import.meta.url), {
    workerData: data,
    // The thread needs none of the process's loader flags (e.g. the JSX hooks): it imports plain .ts.
    execArgv: [],
  });
  // Idle, the thread must not keep the process alive; a write in flight must (its caller awaits it).
  worker.unref();
  const inFlight = new Map<number, { resolve: (committed: CommittedGroup) => void; reject: (error: unknown) => void }>();
  let nextId = 0;
  let broken: Error | null = null;
  let closed: (() => void) | null = null;

  const failAll = (error: Error) => {
    broken = error;
    for (const { reject } of inFlight.values()) reject(error);
    inFlight.clear();
    worker.unref();
  };
  worker.on('message', (answer: WriterThreadAnswer) => {
    if (answer.kind === 'closed') return closed?.();
    const waiting = inFlight.get(answer.id);
    inFlight.delete(answer.id);
    if (inFlight.size === 0) worker.unref();
    if (answer.kind === 'written') waiting?.resolve(decodeOutcomes(answer.outcomes));
    else waiting?.reject(answer.error);
  });
  worker.on('error', (error) => failAll(error));
  worker.on('exit', (code) => {
    closed?.();
    if (!broken) failAll(new Error(`The event store's writer thread exited (code ${code})`));
  });

  return {
    write(group) {
      if (broken) return Promise.reject(broken);
      const id = nextId++;
      return new Promise((resolve, reject) => {
        inFlight.set(id, { resolve, reject });
        worker.ref();
        worker.postMessage({ kind: 'write', id, group: encodeGroup(group) } satisfies WriterThreadRequest);
      });
    },
    async close() {
      if (broken) return;
      const done = new Promise<void>((resolve) => { closed = resolve; });
      worker.ref();
      worker.postMessage({ kind: 'close' } satisfies WriterThreadRequest);
      await done;
      await worker.terminate();
    },
  };
}

export interface GroupCommit {
  append(request: AppendRequest): Promise<AppendOutcome>;
  /** Writes what is queued, then stops the writer. */
  close(): Promise<void>;
}

export type GroupCommitWhere = { writer: 'inline'; db: DatabaseSync } | ({ writer: 'thread' } & WriterThreadData);

/**
 * Queues appends and writes them group by group; `onCommitted` runs after each group's COMMIT, before
 * its appends' promises resolve, with the group and what became of it.
 */
export function createGroupCommit(where: GroupCommitWhere, onCommitted: (group: readonly AppendRequest[], committed: CommittedGroup) => void): GroupCommit {
  const writer = where.writer === 'inline' ? inlineWrite(where.db) : threadWrite(where);
  const queue: { request: AppendRequest; resolve: (outcome: AppendOutcome) => void; reject: (error: unknown) => void }[] = [];
  let writing = false;
  let scheduled = false;
  let drained: (() => void) | null = null;

  const writeNextGroup = async (): Promise<void> => {
    scheduled = false;
    if (writing) return;
    writing = true;
    while (queue.length > 0) {
      const group = queue.splice(0, MAX_GROUP);
      try {
        const requests = group.map((queued) => queued.request);
        const committed = await writer.write(requests);
        onCommitted(requests, committed);
        group.forEach((queued, index) => queued.resolve(committed.outcomes[index]!));
      } catch (error) {
        // The transaction itself failed (disk full, lock timeout): none of the group was written.
        for (const queued of group) queued.reject(error);
      }
      // Inline, let the loop turn so the appends of the next turn form the next group.
      if (where.writer === 'inline' && queue.length > 0) await new Promise((resolve) => setImmediate(resolve));
    }
    writing = false;
    drained?.();
  };

  return {
    append(request) {
      return new Promise((resolve, reject) => {
        queue.push({ request, resolve, reject });
        if (writing || scheduled) return;
        scheduled = true;
        setImmediate(() => void writeNextGroup());
      });
    },
    async close() {
      if (writing || scheduled) await new Promise<void>((resolve) => { drained = resolve; });
      await writer.close();
    },
  };
}
