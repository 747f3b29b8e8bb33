import { parseArgs } from 'node:util';
import type { EventFilter } from './event-filter.ts';
import { EXPORT_FORMATS, type ExportFormat } from './export-formats.ts';

// The command line of `npm run replay`: what to read (a filter), and where it goes (an export file,
// fresh views, or, with --import, an empty store). Parsed and checked before any store is opened.

export const USAGE = `npm run replay -- [filter] [target]

Filter (every criterion given must hold; repeat an option for alternatives):
  --category <name>         streams of a category: the stream id before its first "-" (order, vendor, user…)
  --stream <id>             one stream (read by itself, without scanning the log)
  --type <EventType>        events of a type, e.g. OrderPaid
  --from <ISO time>         events at or after this time (the command's clock, metadata.at; a date alone is 00:00 UTC)
  --to <ISO time>           events at or before this time
  --from-position <n>       events at or after this global position (on EventStoreDB, an event's own
                            position, as an export or the audit log shows it)
  --to-position <n>         events at or before this global position

Target, one of:
  --format ndjson|csv [--out <file>]
                            export the events (streamed; to stdout without --out)
  (no --format)             replay into fresh views and print how many documents each holds:
    --projection <name>     only this view (repeatable; default every view)
    --as-of <ISO time>      the views as they stood at that time (same as --to)
    --views-out <dir>       also write each view to <dir>/<collection>.ndjson
    --views-db <name>       with MONGO_URL: build the views in this database instead of MONGO_DB
  --import <file.ndjson>    append an NDJSON export into an EMPTY store (DATA_DIR or EVENTSTORE_URL)

Other:
  --page-size <n>           events read per page (default 1000)
  --help

Stores come from the environment, as for npm start: node:sqlite at $DATA_DIR/events.sqlite unless
EVENTSTORE_URL is set; views in memory unless MONGO_URL is set.`;

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

interface Common { filter: EventFilter; pageSize: number }
export type ReplayCommand =
  | { kind: 'help' }
  | (Common & { kind: 'export'; format: ExportFormat; out: string | null })
  | (Common & { kind: 'views'; projections: string[]; asOf: Date | null; viewsOut: string | null; viewsDb: string | null })
  | { kind: 'import'; file: string; pageSize: number };

const optionSpec = {
  category: { type: 'string', multiple: true },
  stream: { type: 'string', multiple: true },
  type: { type: 'string', multiple: true },
  from: { type: 'string' },
  to: { type: 'string' },
  'from-position': { type: 'string' },
  'to-position': { type: 'string' },
  'as-of': { type: 'string' },
  format: { type: 'string' },
  out: { type: 'string' },
  projection: { type: 'string', multiple: true },
  'views-out': { type: 'string' },
  'views-db': { type: 'string' },
  import: { type: 'string' },
  'page-size': { type: 'string' },
  help: { type: 'boolean' },
} as const;

function time(option: string, value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  // An ISO 8601 date or date-time; a date alone is midnight UTC.
  if (!/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) || Number.isNaN(Date.parse(value))) {
    throw new UsageError(`--${option} takes an ISO time such as 2026-03-01 or 2026-03-01T12:00:00Z, not "${value}"`);
  }
  return new Date(value);
}

function count(option: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(number) || number < min) throw new UsageError(`--${option} takes a whole number of at least ${min}, not "${value}"`);
  return number;
}

function formatOf(format: string | undefined, out: string | undefined): ExportFormat | null {
  if (format !== undefined) {
    if (!EXPORT_FORMATS.includes(format as ExportFormat)) throw new UsageError(`--format is ndjson or csv, not "${format}"`);
    return format as ExportFormat;
  }
  if (out === undefined) return null;
  if (/\.csv$/i.test(out)) return 'csv';
  if (/\.(ndjson|jsonl)$/i.test(out)) return 'ndjson';
  throw new UsageError('--out needs --format ndjson or csv (or a file ending in .ndjson or .csv)');
}

export function parseReplayArgs(args: readonly string[]): ReplayCommand {
  let values;
  try {
    ({ values } = parseArgs({ args: [...args], options: optionSpec, allowPositionals: false, strict: true }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return { kind: 'help' };
  const pageSize = count('page-size', values['page-size'], 1) ?? 1000;

  const filter: EventFilter = {};
  if (values.category?.length) filter.categories = values.category;
  if (values.stream?.length) filter.streams = values.stream;
  if (values.type?.length) filter.types = values.type;
  const from = time('from', values.from);
  const to = time('to', values.to);
  const asOf = time('as-of', values['as-of']) ?? null;
  if (from) filter.fromTime = from;
  if (to) filter.toTime = to;
  const fromPosition = count('from-position', values['from-position'], 0);
  const toPosition = count('to-position', values['to-position'], 0);
  if (fromPosition !== undefined) filter.fromPosition = fromPosition;
  if (toPosition !== undefined) filter.toPosition = toPosition;
  if (from && (to ?? asOf) && from > (to ?? asOf)!) throw new UsageError(`--from is after --${to ? 'to' : 'as-of'}: nothing could match`);
  if (fromPosition !== undefined && toPosition !== undefined && fromPosition > toPosition) throw new UsageError('--from-position is after --to-position: nothing could match');
  if (asOf && to) throw new UsageError('--as-of and --to say the same thing: give one');

  const viewOptions = (['projection', 'views-out', 'views-db'] as const).filter((name) => values[name] !== undefined);

  if (values.import !== undefined) {
    const others = Object.keys(values).filter((name) => !['import', 'page-size'].includes(name));
    if (others.length > 0) throw new UsageError(`--import takes the whole file into an empty store; it does not combine with --${others.join(', --')}`);
    return { kind: 'import', file: values.import, pageSize };
  }

  const format = formatOf(values.format, values.out);
  if (format) {
    if (viewOptions.length > 0) throw new UsageError(`--${viewOptions.join(', --')} ${viewOptions.length > 1 ? 'are' : 'is'} for a replay into views, not an export`);
    if (asOf) filter.toTime = asOf;
    return { kind: 'export', format, out: values.out === undefined || values.out === '-' ? null : values.out, filter, pageSize };
  }

  if (asOf) filter.toTime = asOf;
  return {
    kind: 'views', filter, pageSize, asOf,
    projections: values.projection ?? [], viewsOut: values['views-out'] ?? null, viewsDb: values['views-db'] ?? null,
  };
}
