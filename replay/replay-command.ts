import { createReadStream, createWriteStream, existsSync, statSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import type { z } from 'zod';
import type { EventStore } from '../domain/ports/event-store.ts';
import { UnknownPosition } from '../domain/ports/event-store.ts';
import type { ViewStore } from '../domain/ports/view-store.ts';
import { ConfigSchema } from '../infra/config.ts';
import { createMemoryViewStore } from '../infra/view-store/memory-view-store.ts';
import { allProjections } from '../projectors/all-projections.ts';
import type { ProjectorLog } from '../projectors/projector-log.ts';
import { describeFilter, isUnfiltered } from './event-filter.ts';
import { exportEvents } from './export-events.ts';
import { heldEventsGauge } from './held-events.ts';
import { ImportError, importEvents } from './import-events.ts';
import { projectionsNamed, replayIntoViews } from './replay-into-views.ts';
import { parseReplayArgs, UsageError, USAGE, type ReplayCommand } from './replay-options.ts';
import { progressReporter, type ProgressOutput } from './replay-progress.ts';
import { writeViews } from './write-views.ts';

// `npm run replay`: opens the configured stores (as `npm start` and `views:rebuild` do), runs one of
// the three jobs of replay-options.ts, reports progress on stderr and a summary at the end. Data
// (an export without --out, the view counts) goes to stdout, everything else to stderr, so the
// output can be piped.

export interface ReplayIo {
  stdout: Writable & { isTTY?: boolean };
  stderr: ProgressOutput;
  env: Record<string, string | undefined>;
  log?: ProjectorLog;
}

// Only the settings this command reads, so it runs wherever the data is (production needs no JWT_SECRET here).
const ReplayConfig = ConfigSchema.pick({ DATA_DIR: true, EVENTSTORE_URL: true, MONGO_URL: true, MONGO_DB: true });
type Config = z.infer<typeof ReplayConfig>;

function parseReplayConfig(env: Record<string, string | undefined>): Config {
  const result = ReplayConfig.safeParse(env);
  if (!result.success) throw new UsageError(`Invalid configuration: ${result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  return result.data;
}

const numbers = new Intl.NumberFormat('en-US');
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
/** Peak resident set of this process so far (maxRSS is in kilobytes). */
const peakRss = () => process.resourceUsage().maxRSS * 1024;

async function openEventStore(config: Config, mode: 'read' | 'import'): Promise<{ store: EventStore; label: string }> {
  if (config.EVENTSTORE_URL) {
    const { openEventStoreDbEventStore } = await import('../infra/event-store/eventstoredb-event-store.ts');
    return { store: await openEventStoreDbEventStore({ url: config.EVENTSTORE_URL }), label: 'EventStoreDB' };
  }
  const path = join(config.DATA_DIR, 'events.sqlite');
  if (mode === 'read' && !existsSync(path)) throw new UsageError(`No event store at ${path} (set DATA_DIR or EVENTSTORE_URL)`);
  const { openSqliteEventStore } = await import('../infra/event-store/sqlite-event-store.ts');
  // A bulk import into a new file need not fsync every batch: a crash leaves a partial copy to delete
  // and import again, never a live store losing acknowledged writes.
  return { store: await openSqliteEventStore({ path, synchronous: mode === 'import' ? 'NORMAL' : 'FULL' }), label: `node:sqlite ${path}` };
}

async function openViewStore(config: Config, viewsDb: string | null): Promise<{ store: ViewStore; label: string; live: boolean; inMemory: boolean }> {
  if (config.MONGO_URL) {
    const { openMongoViewStore } = await import('../infra/view-store/mongo-view-store.ts');
    const dbName = viewsDb ?? config.MONGO_DB;
    return { store: await openMongoViewStore({ url: config.MONGO_URL, dbName }), label: `MongoDB (${dbName})`, live: dbName === config.MONGO_DB, inMemory: false };
  }
  if (viewsDb) throw new UsageError('--views-db names a MongoDB database: set MONGO_URL');
  return { store: createMemoryViewStore(), label: 'memory', live: false, inMemory: true };
}

export async function runReplayCommand(args: readonly string[], io: ReplayIo): Promise<number> {
  const { stderr } = io;
  let command: ReplayCommand;
  let config: Config;
  try {
    command = parseReplayArgs(args);
    config = parseReplayConfig(io.env);
  } catch (error) {
    if (error instanceof UsageError) {
      stderr.write(`replay: ${error.message}\n(npm run replay -- --help lists the options)\n`);
      return 2;
    }
    throw error;
  }
  if (command.kind === 'help') {
    io.stdout.write(`${USAGE}\n`);
    return 0;
  }
  try {
    if (command.kind === 'export') return await runExport(command, config, io);
    if (command.kind === 'import') return await runImport(command, config, io);
    return await runViews(command, config, io);
  } catch (error) {
    if (error instanceof UsageError || error instanceof ImportError) {
      stderr.write(`replay: ${error.message}\n`);
      return error instanceof UsageError ? 2 : 1;
    }
    if (error instanceof UnknownPosition) {
      stderr.write(`replay: ${error.message} (--from-position takes an event's position, as an export shows it)\n`);
      return 2;
    }
    throw error;
  }
}

async function runExport(command: Extract<ReplayCommand, { kind: 'export' }>, config: Config, io: ReplayIo): Promise<number> {
  const events = await openEventStore(config, 'read');
  // Written beside the target and renamed at the end, so a failed export never looks complete.
  const partial = command.out ? `${command.out}.partial` : null;
  const out: Writable = partial ? createWriteStream(partial) : io.stdout;
  try {
    io.stderr.write(`Exporting ${describeFilter(command.filter)} from ${events.label} as ${command.format.toUpperCase()} to ${command.out ?? 'stdout'}\n`);
    const bar = progressReporter(io.stderr, 'export');
    const startedAt = performance.now();
    const report = await exportEvents(events.store, out, {
      filter: command.filter, format: command.format, pageSize: command.pageSize,
      onProgress: (progress) => bar.update({ done: progress.scanned, kept: progress.kept, fraction: progress.fraction }),
    });
    bar.finish();
    if (partial) {
      out.end();
      await finished(out);
      await rename(partial, command.out!);
    }
    const seconds = (performance.now() - startedAt) / 1000;
    io.stderr.write(`Done: ${numbers.format(report.exported)} of ${numbers.format(report.scanned)} events read exported in ${seconds.toFixed(1)} s `
      + `(${numbers.format(Math.round(report.scanned / Math.max(seconds, 0.001)))} events/s); at most ${numbers.format(report.peakHeldEvents)} events held at once; peak RSS ${mb(peakRss())}.\n`);
    return 0;
  } catch (error) {
    if (partial) {
      out.destroy();
      await rm(partial, { force: true });
    }
    throw error;
  } finally {
    await events.store.close();
  }
}

async function runImport(command: Extract<ReplayCommand, { kind: 'import' }>, config: Config, io: ReplayIo): Promise<number> {
  if (!existsSync(command.file)) throw new UsageError(`No file ${command.file}`);
  const size = statSync(command.file).size;
  const events = await openEventStore(config, 'import');
  try {
    io.stderr.write(`Importing ${command.file} into ${events.label}\n`);
    const input = createReadStream(command.file);
    const bar = progressReporter(io.stderr, 'import');
    const startedAt = performance.now();
    const report = await importEvents(events.store, input, {
      batchSize: Math.min(command.pageSize, 500),
      onProgress: (imported) => bar.update({ done: imported, fraction: size === 0 ? 1 : input.bytesRead / size }),
    });
    bar.finish();
    const seconds = (performance.now() - startedAt) / 1000;
    io.stderr.write(`Done: ${numbers.format(report.imported)} events of ${numbers.format(report.streams)} streams imported in ${seconds.toFixed(1)} s; `
      + `last position ${report.lastPosition}; at most ${numbers.format(report.peakHeldEvents)} events held at once.\n`);
    return 0;
  } finally {
    await events.store.close();
  }
}

async function runViews(command: Extract<ReplayCommand, { kind: 'views' }>, config: Config, io: ReplayIo): Promise<number> {
  let projections = allProjections;
  try {
    if (command.projections.length > 0) projections = projectionsNamed(command.projections);
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const whole = isUnfiltered(command.filter);
  const events = await openEventStore(config, 'read');
  let views: Awaited<ReturnType<typeof openViewStore>> | null = null;
  try {
    views = await openViewStore(config, command.viewsDb);
    if (views.live && !whole) {
      throw new UsageError(`A filtered replay would leave the live views in ${views.label} holding part of the log; build them in another database with --views-db <name>`);
    }
    const what = projections === allProjections ? 'every view' : `the views ${projections.map((projection) => projection.name).join(', ')}`;
    io.stderr.write(`Replaying ${describeFilter(command.filter)} from ${events.label} into ${what} in ${views.label}\n`);
    if (views.inMemory) io.stderr.write('Note: the views are in memory (MONGO_URL not set): they end with this command; --views-out <dir> keeps them as files.\n');
    else if (views.live) io.stderr.write('Note: these are the views the projectors follow; stop them while this runs so they do not write into views being rebuilt.\n');

    const bar = progressReporter(io.stderr, 'replay');
    const held = heldEventsGauge();
    const startedAt = performance.now();
    const report = await replayIntoViews(events.store, views.store, {
      filter: command.filter, projections, pageSize: command.pageSize, held, log: io.log, setCheckpoints: whole && views.live,
      onProgress: (progress) => bar.update({ done: progress.scanned, kept: progress.kept, fraction: progress.fraction }),
    });
    bar.finish();
    const seconds = (performance.now() - startedAt) / 1000;
    io.stderr.write(`Done: ${numbers.format(report.replayed)} of ${numbers.format(report.scanned)} events read replayed in ${seconds.toFixed(1)} s; `
      + `${numbers.format(report.applied)} applied, ${numbers.format(report.ignored)} read by none of these views, ${numbers.format(report.invalid)} invalid and skipped.\n`);

    const heading = command.asOf ? `Views as of ${command.asOf.toISOString()}` : 'Views';
    const width = Math.max(10, ...report.views.map((view) => view.collection.length));
    io.stdout.write(`${heading} (documents):\n${report.views.map((view) => `  ${view.collection.padEnd(width)}  ${numbers.format(view.documents).padStart(9)}`).join('\n')}\n`);
    if (command.viewsOut) {
      const written = await writeViews(views.store, report.views.map((view) => view.collection), command.viewsOut);
      io.stderr.write(`Written: ${written.length} files under ${command.viewsOut} (${numbers.format(written.reduce((sum, file) => sum + file.documents, 0))} documents).\n`);
    }
    return 0;
  } finally {
    await views?.store.close();
    await events.store.close();
  }
}
