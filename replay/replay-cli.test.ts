import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteEventStore } from '../infra/event-store/sqlite-event-store.ts';
import { marketplaceHistory } from '../projectors/testing/marketplace-history.ts';
import { appendTimedHistory, timeOfIndex } from './testing/timed-history.ts';
import { parseCsv } from './testing/csv-parse.ts';

// `npm run replay` as an analyst runs it: a child process on a DATA_DIR, stdout and stderr apart.
const run = promisify(execFile);
const scratch = mkdtempSync(join(tmpdir(), 'replay-cli-'));
const dataDir = join(scratch, 'data');
const history = marketplaceHistory({ vendors: 2, customers: 3 });

/** This process's environment without real-engine URLs, so the command uses the embedded stores. */
function embeddedEnv(dir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, LOG_LEVEL: 'warn', NODE_ENV: 'production' };
  delete env.MONGO_URL;
  delete env.EVENTSTORE_URL;
  delete env.JWT_SECRET;
  return env;
}
const replay = (args: string[], dir = dataDir) => run(process.execPath, ['replay/replay-cli.ts', ...args], { env: embeddedEnv(dir), cwd: process.cwd(), maxBuffer: 64 * 1024 * 1024 });

beforeAll(async () => {
  const store = await openSqliteEventStore({ path: join(dataDir, 'events.sqlite') });
  await appendTimedHistory(store, history);
  await store.close();
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// Each test starts the command one to six times, each a Node process loading the product's modules: on
// a loaded machine (CI's tests beside the fault suite) that is seconds a start, and the six starts of
// the refusals test came within a second of the default 30 s, then past it. The tests wait on the
// processes; none asserts how long they take.
describe('npm run replay', { timeout: 120_000 }, () => {
  it('exports a filter to a CSV file with progress, rate and ETA on stderr', async () => {
    const out = join(scratch, 'orders.csv');
    const { stdout, stderr } = await replay(['--category', 'order', '--type', 'OrderPaid', '--type', 'OrderPlaced', '--format', 'csv', '--out', out]);
    expect(stdout).toBe('');
    expect(stderr).toContain(`Exporting category order, type OrderPaid or OrderPlaced from node:sqlite ${join(dataDir, 'events.sqlite')} as CSV to ${out}`);
    expect(stderr).toMatch(/^export \[#+\] 100\.0% .* events\/s {2}ETA 0:00$/m);
    const rows = parseCsv(readFileSync(out, 'utf8'));
    const expected = history.filter((entry) => entry.streamId.startsWith('order-') && ['OrderPaid', 'OrderPlaced'].includes(entry.event.type));
    expect(rows.slice(1).map((row) => row[6])).toEqual(expected.map((entry) => entry.event.type));
    expect(stderr).toContain(`Done: ${expected.length} of ${history.length} events read exported`);
    expect(existsSync(`${out}.partial`)).toBe(false);
  });

  it('exports NDJSON to stdout, and imports it into an empty store that exports the same again', async () => {
    const { stdout: first } = await replay(['--format', 'ndjson']);
    const file = join(scratch, 'all.ndjson');
    writeFileSync(file, first);
    const copyDir = join(scratch, 'copy');
    const imported = await replay(['--import', file], copyDir);
    expect(imported.stderr).toContain(`Done: ${history.length} events of`);
    const { stdout: second } = await replay(['--format', 'ndjson'], copyDir);
    const portable = (text: string) => text.trim().split('\n').map((line) => {
      const { position: _p, recordedAt: _r, ...event } = JSON.parse(line) as Record<string, unknown>;
      return event;
    });
    expect(portable(second)).toEqual(portable(first));
    expect(portable(first)).toHaveLength(history.length);

    await expect(replay(['--import', file], copyDir)).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('replay: The event store is not empty') });
  });

  it('prints the views as of a past time, and writes them to a directory', async () => {
    const cut = 40;
    const viewsDir = join(scratch, 'views');
    const { stdout, stderr } = await replay(['--as-of', timeOfIndex(cut), '--views-out', viewsDir]);
    expect(stdout).toContain(`Views as of ${timeOfIndex(cut)} (documents):`);
    expect(stderr).toContain(`Done: ${cut + 1} of ${history.length} events read replayed`);
    expect(stderr).toContain('views are in memory');
    const tags = history.slice(0, cut + 1).filter((entry) => entry.event.type === 'ContentCreated' && entry.streamId.startsWith('tag-')).length;
    expect(stdout).toMatch(new RegExp(`^ {2}tags +${tags}$`, 'm'));
    expect(stdout).toMatch(/^ {2}orders +0$/m);
    expect(readdirSync(viewsDir)).toContain('tags.ndjson');
    const tagDocs = readFileSync(join(viewsDir, 'tags.ndjson'), 'utf8').trim().split('\n').map((line) => JSON.parse(line));
    expect(tagDocs).toHaveLength(tags);
    expect(tagDocs[0]).not.toHaveProperty('_seen');

    const now = await replay(['--projection', 'orders']);
    expect(now.stdout).toMatch(/^Views \(documents\):\n {2}orders +[1-9]\d*\n$/);
  });

  it('answers --help, and refuses bad options or a missing store with one clear line', async () => {
    expect((await replay(['--help'])).stdout).toContain('--format ndjson|csv [--out <file>]');
    await expect(replay(['--format', 'xml'])).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('replay: --format is ndjson or csv, not "xml"') });
    await expect(replay(['--from', 'yesterday'])).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('--from takes an ISO time') });
    await expect(replay(['--format', 'csv', '--projection', 'orders'])).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('--projection is for a replay into views, not an export') });
    await expect(replay(['--projection', 'nope'])).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('replay: No view is named nope') });
    await expect(replay(['--format', 'csv'], join(scratch, 'nothing'))).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('replay: No event store at') });
  });
});
