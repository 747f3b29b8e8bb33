import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import type { EventStore, NewEvent } from '../domain/ports/event-store.ts';
import { AppendTooLarge, WrongExpectedRevision } from '../domain/ports/event-store.ts';
import type { EventMetadata } from '../domain/shared/metadata.ts';
import { withoutStamp } from '../infra/event-schema-stamp.ts';
import { heldEventsGauge, type HeldEvents } from './held-events.ts';

// `--import <file.ndjson>`: appends the events of an NDJSON export into an EMPTY store, in the file's
// order, keeping each event's id, stream, revision, type, data and metadata; so exporting the copy
// gives the same events (only positions and recording times are the new store's, and the metadata's
// schema fingerprint is dropped: an imported event is validated at every rebuild). The file is read
// line by line and appended in batches of consecutive events of one stream, each with the revision it
// expects, so the store itself refuses a file that is not a whole export of its streams (a stream
// starting past revision 0, a gap): export whole streams (by category or stream, not by type, time or
// position) to copy them. A batch the store finds too large for one append (EventStoreDB's
// MaxAppendSize, 1 MiB by default) is appended in halves, down to single events.

export class ImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportError';
  }
}

const ImportedEvent = z.object({
  streamId: z.string().min(1),
  revision: z.number().int().min(0),
  id: z.string().min(1),
  type: z.string().min(1),
  data: z.unknown(),
  metadata: z.record(z.string(), z.unknown()),
});

export interface ImportOptions {
  /** Most events per append (each append is one transaction on node:sqlite). */
  batchSize?: number;
  held?: HeldEvents;
  /** After each append, with the events imported so far. */
  onProgress?: (imported: number) => void;
}

export interface ImportReport {
  imported: number;
  streams: number;
  /** Position of the last event appended, -1 when the file was empty. */
  lastPosition: number;
  peakHeldEvents: number;
}

interface Batch { streamId: string; firstRevision: number; lines: number[]; events: NewEvent[] }

export async function importEvents(store: Pick<EventStore, 'append' | 'headPosition'>, input: Readable, options: ImportOptions = {}): Promise<ImportReport> {
  const batchSize = options.batchSize ?? 500;
  const held = options.held ?? heldEventsGauge();
  if ((await store.headPosition()) >= 0) {
    throw new ImportError('The event store is not empty: an import only fills an empty store (point DATA_DIR or EVENTSTORE_URL at a new one).');
  }
  const report: ImportReport = { imported: 0, streams: 0, lastPosition: -1, peakHeldEvents: 0 };
  let batch: Batch | null = null;

  /** Appends a batch; one the store finds too large (EventStoreDB's MaxAppendSize) goes in two halves. */
  const append = async ({ streamId, firstRevision, lines, events }: Batch): Promise<void> => {
    try {
      const result = await store.append(streamId, events, firstRevision === 0 ? 'no_stream' : firstRevision - 1);
      report.lastPosition = result.position;
    } catch (error) {
      if (error instanceof WrongExpectedRevision) {
        const has = error.actual < 0 ? 'no events' : `revisions up to ${error.actual}`;
        throw new ImportError(`Line ${lines[0]}: stream ${streamId} continues at revision ${firstRevision} but the store has ${has} of it; `
          + 'the file is not a whole export of its streams (export by category or stream, not by type, time or position, to copy them).');
      }
      if (error instanceof AppendTooLarge) {
        if (events.length === 1) {
          throw new ImportError(`Line ${lines[0]}: event ${events[0]!.id} of stream ${streamId} is larger than the event store accepts in one append (${error.maxBytes} bytes).`);
        }
        const half = Math.ceil(events.length / 2);
        await append({ streamId, firstRevision, lines: lines.slice(0, half), events: events.slice(0, half) });
        await append({ streamId, firstRevision: firstRevision + half, lines: lines.slice(half), events: events.slice(half) });
        return;
      }
      throw error;
    }
    if (firstRevision === 0) report.streams += 1;
    report.imported += events.length;
    options.onProgress?.(report.imported);
  };

  const flush = async () => {
    if (!batch) return;
    const full: Batch = batch;
    batch = null;
    try {
      await append(full);
    } finally {
      held.release(full.events.length);
    }
  };

  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  let lineNumber = 0;
  for await (const text of lines) {
    lineNumber += 1;
    if (text.trim() === '') continue;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new ImportError(`Line ${lineNumber} is not JSON: an import reads the NDJSON of \`--format ndjson\`.`);
    }
    const parsed = ImportedEvent.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new ImportError(`Line ${lineNumber} is not an exported event: ${issue.path.join('.') || 'the line'}: ${issue.message}.`);
    }
    const event = parsed.data;
    const current = batch as Batch | null;
    const continues = current !== null && current.streamId === event.streamId
      && current.firstRevision + current.events.length === event.revision && current.events.length < batchSize;
    if (!continues) await flush();
    batch ??= { streamId: event.streamId, firstRevision: event.revision, lines: [], events: [] };
    batch.lines.push(lineNumber);
    // Not validated here: without the schema fingerprint, a rebuild validates it (infra/event-schema-stamp.ts).
    batch.events.push({ id: event.id, type: event.type, data: event.data, metadata: withoutStamp(event.metadata) as unknown as EventMetadata });
    held.take(1);
  }
  await flush();
  report.peakHeldEvents = held.peak;
  return report;
}
