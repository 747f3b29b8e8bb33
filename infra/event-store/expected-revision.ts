import type { ExpectedRevision } from '../../domain/ports/event-store.ts';

/** Whether a stream at `actual` (-1: missing) satisfies what the writer expected. */
export const satisfies = (expected: ExpectedRevision, actual: number): boolean => {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return actual === -1;
  if (expected === 'stream_exists') return actual >= 0;
  return expected === actual;
};
