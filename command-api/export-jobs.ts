import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { EventStore } from '../domain/ports/event-store.ts';
import type { EventFilter } from '../replay/event-filter.ts';
import { describeFilter } from '../replay/event-filter.ts';
import { exportEvents } from '../replay/export-events.ts';
import type { ExportFormat } from '../replay/export-formats.ts';
import type { ReplaySource } from '../replay/read-events.ts';

// The analysts' export started from the back office (SPEC §1 "analysts replay streams"; the admin
// Export screen): the replay CLI's own export (replay/export-events.ts — same filter, formats and
// constant memory) run as a job in this process, its file in a temporary directory, with progress to
// poll and a download link. Bounded, so a click cannot take the server down:
//   - the event loop: the log is read a page of EXPORT_PAGE_SIZE events at a time and the job yields
//     to the loop before every page (setImmediate), so requests are served between pages;
//   - size and time: a file past EXPORT_MAX_BYTES or a job past EXPORT_MAX_MS stops as failed (narrow
//     the filter), and at most EXPORT_MAX_RUNNING jobs run at once (429 beyond);
//   - disk and memory: a finished job's file is deleted after EXPORT_KEEP_MS; at most EXPORT_MAX_KEPT
//     jobs are remembered (the oldest finished ones go first).
export const EXPORT_PAGE_SIZE = 500;
export const EXPORT_MAX_BYTES = 200 * 1024 * 1024;
export const EXPORT_MAX_MS = 10 * 60_000;
export const EXPORT_MAX_RUNNING = 2;
export const EXPORT_KEEP_MS = 60 * 60_000;
export const EXPORT_MAX_KEPT = 20;

export type ExportState = 'running' | 'done' | 'failed';
export type ExportFailure = 'too-large' | 'too-long' | 'error';

export interface ExportJob {
  id: string;
  format: ExportFormat;
  filter: EventFilter;
  /** The filter in words (replay's describeFilter). */
  description: string;
  startedBy: string;
  startedAt: string;
  state: ExportState;
  failure: ExportFailure | null;
  scanned: number;
  exported: number;
  bytes: number;
  /** Share of the log read so far (0..1). */
  fraction: number;
  finishedAt: string | null;
  /** Secret of the download link (a link opened by the browser carries no bearer token). */
  downloadToken: string;
  file: string;
}

class ExportStopped extends Error {
  readonly failure: ExportFailure;
  constructor(failure: ExportFailure) {
    super(failure);
    this.failure = failure;
  }
}

export interface ExportLimits { maxBytes: number; maxMs: number; maxRunning: number; keepMs: number; maxKept: number; pageSize: number }
const DEFAULT_LIMITS: ExportLimits = {
  maxBytes: EXPORT_MAX_BYTES, maxMs: EXPORT_MAX_MS, maxRunning: EXPORT_MAX_RUNNING, keepMs: EXPORT_KEEP_MS, maxKept: EXPORT_MAX_KEPT, pageSize: EXPORT_PAGE_SIZE,
};

export class TooManyExports extends Error {}

export interface ExportJobs {
  start(request: { filter: EventFilter; format: ExportFormat; startedBy: string; now: Date }): Promise<ExportJob>;
  get(id: string): ExportJob | null;
  /** The job's file when `token` is its download token and it is done. */
  download(id: string, token: string): ExportJob | null;
  /** Resolves when the job has finished (tests). */
  finished(id: string): Promise<void>;
}

/** The store read with a yield to the event loop before every page, and the job's bounds checked there. */
function yieldingSource(store: ReplaySource, check: () => void): ReplaySource {
  const pause = () => new Promise<void>((resolve) => setImmediate(resolve));
  return {
    headPosition: () => store.headPosition(),
    readAll: async (options) => { await pause(); check(); return store.readAll(options); },
    readStream: async (streamId, options) => { await pause(); check(); return store.readStream(streamId, options); },
  };
}

export function createExportJobs(eventStore: EventStore, limits: Partial<ExportLimits> = {}): ExportJobs {
  const bounds = { ...DEFAULT_LIMITS, ...limits };
  const jobs = new Map<string, ExportJob>();
  const running = new Map<string, Promise<void>>();
  let directory: Promise<string> | null = null;
  const folder = () => (directory ??= mkdtemp(join(tmpdir(), 'habama-exports-')));

  /** Forgets (and deletes the files of) finished jobs past their keeping time, and the oldest past the count. */
  async function tidy(now: number) {
    const finished = [...jobs.values()].filter((job) => job.state !== 'running').sort((a, b) => a.startedAt.localeCompare(b.startedAt));
    const excess = jobs.size - bounds.maxKept;
    for (const [index, job] of finished.entries()) {
      if (index < excess || now - Date.parse(job.finishedAt ?? job.startedAt) > bounds.keepMs) {
        jobs.delete(job.id);
        await rm(job.file, { force: true });
      }
    }
  }

  async function run(job: ExportJob) {
    const deadline = Date.now() + bounds.maxMs;
    const file = createWriteStream(job.file);
    // A write still in flight when a stopped job destroys the file fails with ERR_STREAM_DESTROYED;
    // the job has already failed, so that error is expected and must not escape as an uncaught one.
    let fileError: Error | null = null;
    file.on('error', (error) => { fileError ??= error; });
    let bytes = 0;
    // Counts what reaches the file: the size bound.
    const out = new Writable({
      highWaterMark: 256 * 1024,
      write(chunk: Buffer, _encoding, callback) {
        bytes += chunk.length;
        job.bytes = bytes;
        if (fileError) { callback(fileError); return; }
        if (!file.write(chunk)) file.once('drain', () => callback()); else callback();
      },
      final(callback) { file.end(callback); },
    });
    const check = () => {
      if (bytes > bounds.maxBytes) throw new ExportStopped('too-large');
      if (Date.now() > deadline) throw new ExportStopped('too-long');
    };
    try {
      await exportEvents(yieldingSource(eventStore, check), out, {
        filter: job.filter, format: job.format, pageSize: bounds.pageSize, chunkBytes: 64 * 1024,
        onProgress: (progress) => { job.scanned = progress.scanned; job.exported = progress.kept; job.fraction = progress.fraction; },
      });
      check();
      await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
      job.bytes = (await stat(job.file)).size;
      job.state = 'done';
      job.fraction = 1;
    } catch (error) {
      job.state = 'failed';
      job.failure = error instanceof ExportStopped ? error.failure : 'error';
      out.destroy();
      file.destroy();
      if (!file.closed) await new Promise<void>((closed) => file.once('close', () => closed()));
      await rm(job.file, { force: true });
    } finally {
      job.finishedAt = new Date().toISOString();
    }
  }

  return {
    async start({ filter, format, startedBy, now }) {
      await tidy(now.getTime());
      if (running.size >= bounds.maxRunning) throw new TooManyExports(`At most ${bounds.maxRunning} exports run at once`);
      const id = randomUUID();
      const job: ExportJob = {
        id, format, filter, description: describeFilter(filter), startedBy, startedAt: now.toISOString(), state: 'running', failure: null,
        scanned: 0, exported: 0, bytes: 0, fraction: 0, finishedAt: null, downloadToken: randomBytes(24).toString('base64url'),
        file: join(await folder(), `${id}.${format}`),
      };
      jobs.set(id, job);
      const done = run(job).finally(() => running.delete(id));
      running.set(id, done);
      return job;
    },
    get: (id) => jobs.get(id) ?? null,
    download(id, token) {
      const job = jobs.get(id);
      if (!job || job.state !== 'done') return null;
      const given = Buffer.from(token);
      const expected = Buffer.from(job.downloadToken);
      return given.length === expected.length && timingSafeEqual(given, expected) ? job : null;
    },
    finished: (id) => running.get(id) ?? Promise.resolve(),
  };
}

/** One registry per event store, shared by the export routes and the download handler of a command API. */
const registries = new WeakMap<EventStore, ExportJobs>();
export function exportJobsOf(eventStore: EventStore): ExportJobs {
  let jobs = registries.get(eventStore);
  if (!jobs) {
    jobs = createExportJobs(eventStore);
    registries.set(eventStore, jobs);
  }
  return jobs;
}
