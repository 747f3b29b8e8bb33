import type { RecordedEvent } from '../domain/ports/event-store.ts';

// The two export formats, one event per line.
//
// NDJSON: one JSON object per line, every field of the recorded event. It is the import format:
// `--import` appends these events (ids, streams, revisions, types, data, metadata, in order) into an
// empty store; position and recordedAt are where the event stood in the source and are not replayed.
//
// CSV (RFC 4180: comma separated, CRLF line ends, a field quoted when it holds a quote, comma, line
// break or edge space, quotes doubled), with a header row: the envelope in columns for spreadsheets
// and filters, the event's data and metadata as JSON text.

export type ExportFormat = 'ndjson' | 'csv';
export const EXPORT_FORMATS: readonly ExportFormat[] = ['ndjson', 'csv'];

/** The fields of an exported event, in this order. */
export interface ExportedEvent {
  position: number;
  recordedAt: string;
  streamId: string;
  revision: number;
  id: string;
  type: string;
  data: unknown;
  metadata: unknown;
}

export function ndjsonLine(event: RecordedEvent): string {
  const exported: ExportedEvent = {
    position: event.position, recordedAt: event.recordedAt, streamId: event.streamId, revision: event.revision,
    id: event.id, type: event.type, data: event.data, metadata: event.metadata,
  };
  return `${JSON.stringify(exported)}\n`;
}

export const CSV_COLUMNS = ['position', 'recordedAt', 'at', 'streamId', 'revision', 'eventId', 'type', 'actorUserId', 'actorRoles', 'correlationId', 'causationId', 'data', 'metadata'] as const;

/** One CSV field, quoted only when it must be. */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvHeader = (): string => `${CSV_COLUMNS.join(',')}\r\n`;

export function csvLine(event: RecordedEvent): string {
  const metadata = (event.metadata ?? {}) as { at?: string; actor?: { userId?: string | null; roles?: string[] }; correlationId?: string; causationId?: string | null };
  const fields: Array<string | number | null | undefined> = [
    event.position, event.recordedAt, metadata.at, event.streamId, event.revision, event.id, event.type,
    metadata.actor?.userId, metadata.actor?.roles?.join(' '), metadata.correlationId, metadata.causationId,
    JSON.stringify(event.data ?? null), JSON.stringify(event.metadata ?? null),
  ];
  return `${fields.map(csvField).join(',')}\r\n`;
}
