import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { EventFilter } from './event-filter.ts';
import { csvHeader, csvLine, ndjsonLine, type ExportFormat } from './export-formats.ts';
import { heldEventsGauge, type HeldEvents } from './held-events.ts';
import { readEvents, type ReplaySource, type ScanProgress } from './read-events.ts';

// Streams the events of a filter to a writable, in NDJSON or CSV, in constant memory: one page of
// events is read at a time, lines are gathered into chunks of about `chunkBytes`, and each chunk
// waits for the writable to drain when its buffer is full (backpressure), so a slow disk or pipe
// slows the read instead of piling the log up in memory.

export interface ExportOptions {
  filter: EventFilter;
  format: ExportFormat;
  pageSize?: number;
  /** Lines are written in chunks of about this many characters. */
  chunkBytes?: number;
  held?: HeldEvents;
  onProgress?: (progress: ScanProgress) => void;
}

export interface ExportReport {
  scanned: number;
  exported: number;
  /** Characters written (UTF-16 code units; bytes for ASCII). */
  characters: number;
  /** Position of the last event read, -1 when none. */
  lastPosition: number;
  /** The most events held in memory at once. */
  peakHeldEvents: number;
  /** The most the writable ever held unwritten, in its own units (bytes for files). */
  peakBuffered: number;
}

/** Writes, waiting for 'drain' when the writable says its buffer is full. */
export async function writeWithBackpressure(out: Writable, chunk: string): Promise<void> {
  if (out.write(chunk)) return;
  await once(out, 'drain');
}

/** Writes the events to `out` (which it does not end: the caller owns it). */
export async function exportEvents(source: ReplaySource, out: Writable, options: ExportOptions): Promise<ExportReport> {
  const held = options.held ?? heldEventsGauge();
  const chunkBytes = options.chunkBytes ?? 64 * 1024;
  const line = options.format === 'csv' ? csvLine : ndjsonLine;
  const report: ExportReport = { scanned: 0, exported: 0, characters: 0, lastPosition: -1, peakHeldEvents: 0, peakBuffered: 0 };
  let chunk = options.format === 'csv' ? csvHeader() : '';

  const flush = async () => {
    if (chunk === '') return;
    const text = chunk;
    chunk = '';
    report.characters += text.length;
    await writeWithBackpressure(out, text);
    report.peakBuffered = Math.max(report.peakBuffered, out.writableLength);
  };

  const events = readEvents(source, {
    filter: options.filter, pageSize: options.pageSize, held,
    onProgress: (progress) => {
      report.scanned = progress.scanned;
      report.lastPosition = progress.position;
      options.onProgress?.(progress);
    },
  });
  for await (const event of events) {
    chunk += line(event);
    report.exported += 1;
    if (chunk.length >= chunkBytes) await flush();
  }
  await flush();
  report.peakHeldEvents = held.peak;
  return report;
}
