import { parentPort, workerData } from 'node:worker_threads';
import { DatabaseSync } from 'node:sqlite';
import { configureConnection, groupWriter } from './sqlite-append-group.ts';
import { decodeGroup, encodeOutcomes, type WireGroup, type WireOutcomes } from './sqlite-writer-messages.ts';

// The writer thread of a file-backed node:sqlite event store (sqlite-event-store.ts): it owns the
// writing connection, so each group's COMMIT and its fsync wait here instead of blocking the event
// loop that serves HTTP, projects and renders. The event loop keeps its own connection for reads
// (WAL lets readers and one writer work side by side).

export interface WriterThreadData {
  path: string;
  synchronous: 'FULL' | 'NORMAL';
  busyTimeoutMs: number;
}

export type WriterThreadRequest = { kind: 'write'; id: number; group: WireGroup } | { kind: 'close' };
export type WriterThreadAnswer =
  | { kind: 'written'; id: number; outcomes: WireOutcomes }
  | { kind: 'write-failed'; id: number; error: unknown }
  | { kind: 'closed' };

const { path, synchronous, busyTimeoutMs } = workerData as WriterThreadData;
const db = new DatabaseSync(path, { timeout: busyTimeoutMs });
configureConnection(db, synchronous);
const write = groupWriter(db);
const port = parentPort!;

port.on('message', (request: WriterThreadRequest) => {
  if (request.kind === 'close') {
    db.close();
    port.postMessage({ kind: 'closed' } satisfies WriterThreadAnswer);
    port.close();
    return;
  }
  let answer: WriterThreadAnswer;
  try {
    answer = { kind: 'written', id: request.id, outcomes: encodeOutcomes(write(decodeGroup(request.group))) };
  } catch (error) {
    answer = { kind: 'write-failed', id: request.id, error };
  }
  try {
    port.postMessage(answer);
  } catch {
    // An error the structured clone cannot carry (a driver error with odd fields): send its text.
    const plain = (error: unknown) => new Error(error instanceof Error ? error.message : String(error));
    port.postMessage(
      answer.kind === 'written'
        ? { ...answer, outcomes: { ...answer.outcomes, errors: answer.outcomes.errors.map(plain) } }
        : answer.kind === 'write-failed' ? { ...answer, error: plain(answer.error) } : answer,
    );
  }
});
