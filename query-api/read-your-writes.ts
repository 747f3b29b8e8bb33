import type { EventStore } from '../domain/ports/event-store.ts';
import { HttpProblem } from '../infra/http/problem.ts';
import type { ProjectionsProgress } from './ports.ts';

// Read-your-writes (DESIGN §6): a write answers with its stream id and revision; a document read
// passing `minRevision` waits, bounded, until the document's view has applied that revision of the
// document's own stream (e.g. `order-<id>` for GET /api/orders/{id}).
//
// Decisions:
// - The revision is first looked up in the event store (the source of truth). A revision the stream
//   does not have is 409 `revision-not-found` at once: the write that would make it has not happened,
//   so waiting cannot help (the client holds a revision of another stream, or made it up).
// - A view that does not catch up within the bound answers 504 `views-behind`; retrying is safe.
export interface DocumentRef {
  collection: string;
  id: string;
  streamId: string;
}

export async function awaitRevision(
  eventStore: EventStore,
  projections: ProjectionsProgress,
  document: DocumentRef,
  minRevision: number,
  timeoutMs: number,
): Promise<void> {
  await assertRevisionWritten(eventStore, document.streamId, minRevision);
  let outcome: { reached: boolean };
  try {
    outcome = await projections.waitFor(document.collection, document.id, document.streamId, minRevision, timeoutMs);
  } catch {
    outcome = { reached: false };
  }
  if (!outcome.reached) {
    throw new HttpProblem(504, 'Views are behind', {
      code: 'views-behind',
      detail: `The read side has not applied revision ${minRevision} of ${document.streamId} within ${timeoutMs} ms. Try again in a moment.`,
      streamId: document.streamId,
      minRevision,
    });
  }
}

async function assertRevisionWritten(eventStore: EventStore, streamId: string, revision: number): Promise<void> {
  const [event] = await eventStore.readStream(streamId, { fromRevision: revision, maxCount: 1 });
  if (event && event.revision === revision) return;
  const [last] = await eventStore.readStream(streamId, { direction: 'backwards', maxCount: 1 });
  const actual = last?.revision ?? -1;
  throw new HttpProblem(409, 'Revision not found', {
    code: 'revision-not-found',
    detail: actual < 0
      ? `Stream ${streamId} has no events, so revision ${revision} cannot be awaited.`
      : `Stream ${streamId} is at revision ${actual}; revision ${revision} has not been written, so it cannot be awaited.`,
    streamId,
    minRevision: revision,
    currentRevision: actual,
  });
}
