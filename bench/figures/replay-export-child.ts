import { createReadStream } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store.ts';
import { runReplayCommand } from '../../replay/replay-command.ts';
import { tellParent } from '../child-process.ts';

// One side of figure 8, in a process of its own so its peak resident set is its own:
//   --mode read    the baseline: every event of the log read page by page (JSON parsed), nothing kept;
//   --mode export  `npm run replay -- --category order --format ndjson --out <file>`, through the
//                  command's own entry (replay/replay-command.ts), as an analyst runs it.
const { values } = parseArgs({ options: { mode: { type: 'string' }, path: { type: 'string' }, out: { type: 'string' } } });
const path = values.path!;

export interface ReplayExportSide { kind: 'measured'; events: number; exported: number; ms: number; maxRssBytes: number; startRssBytes: number; heldAtMost: number | null }

async function countLines(file: string): Promise<number> {
  let lines = 0;
  for await (const chunk of createReadStream(file)) for (const byte of chunk as Buffer) if (byte === 10) lines += 1;
  return lines;
}

const startRssBytes = process.memoryUsage().rss;
let events = 0;
let exported = 0;
let heldAtMost: number | null = null;
let ms: number;
/** The baseline: every event, a page at a time, nothing kept (in a function, as the export's loop is). */
async function readEverything(): Promise<number> {
  const store = await openSqliteEventStore({ path });
  let read = 0;
  let after = -1;
  for (;;) {
    const page = await store.readAll({ after, maxCount: 1000 });
    if (page.length === 0) break;
    read += page.length;
    after = page.at(-1)!.position;
  }
  await store.close();
  return read;
}

// Both sides open the store once before the clock starts (the first open in a process costs a few
// hundred milliseconds of set-up that is no part of either job); the export needs the head anyway.
const probe = await openSqliteEventStore({ path });
const head = await probe.headPosition();
await probe.close();

if (values.mode === 'read') {
  const started = performance.now();
  events = await readEverything();
  ms = performance.now() - started;
} else {
  const started = performance.now();
  // The command's own report (stderr) says how many events it held at most.
  let report = '';
  const stderr = { write: (text: string) => { report += text; return true; } };
  const code = await runReplayCommand(['--category', 'order', '--format', 'ndjson', '--out', values.out!], {
    stdout: process.stdout, stderr, env: { ...process.env, DATA_DIR: dirname(path), EVENTSTORE_URL: undefined, MONGO_URL: undefined },
  });
  heldAtMost = Number(/at most ([\d,]+) events held/.exec(report)?.[1]?.replace(/,/g, '') ?? Number.NaN);
  ms = performance.now() - started;
  if (code !== 0) throw new Error(`replay exited with ${code}`);
  // The seeded log's positions are dense from 1: the head is the number of events the export read.
  events = head;
}
const maxRssBytes = process.resourceUsage().maxRSS * 1024;
if (values.mode !== 'read') exported = await countLines(values.out!);
tellParent({ kind: 'measured', events, exported, ms, maxRssBytes, startRssBytes, heldAtMost } satisfies ReplayExportSide);
setTimeout(() => process.exit(0), 50);
