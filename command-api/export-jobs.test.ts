import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventStore } from '../domain/ports/event-store.ts';
import { openSqliteEventStore } from '../infra/event-store/sqlite-event-store.ts';
import { appendOrderLog, HISTORY_START } from '../replay/testing/timed-history.ts';
import { parseCsv } from '../replay/testing/csv-parse.ts';
import { CSV_COLUMNS } from '../replay/export-formats.ts';
import { createExportJobs, TooManyExports } from './export-jobs.ts';

// The back office's analysts' export as a job: the replay's export (same filter and formats) into a
// file, with progress, a secret download link, and bounds — the event loop keeps turning between
// pages, a file too large or a job too long stops as failed, and only so many run at once.
const stores: EventStore[] = [];
async function storeWithOrders(orders: number, others = 0): Promise<EventStore> {
  const store = await openSqliteEventStore({ path: ':memory:' });
  stores.push(store);
  await appendOrderLog(store, orders);
  for (let n = 0; n < others; n++) {
    await store.append(`acl-rule-${n}`, [{ id: `acl-${n}`, type: 'AclRuleSet', data: { n }, metadata: { actor: { userId: null, roles: ['system'], groups: [], vendorId: null }, correlationId: `acl-${n}`, causationId: null, at: new Date(HISTORY_START).toISOString(), schemaVersion: 1 } }], 'any');
  }
  return store;
}
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
});
const now = new Date('2026-11-28T10:00:00Z');

describe('analysts\' export jobs', () => {
  it('exports a category into an NDJSON file, with progress and a download only by its secret link', async () => {
    const store = await storeWithOrders(30, 5);
    const jobs = createExportJobs(store, { pageSize: 7 });
    const job = await jobs.start({ filter: { categories: ['order'] }, format: 'ndjson', startedBy: 'admin-1', now });
    expect(job.state).toBe('running');
    expect(jobs.download(job.id, job.downloadToken)).toBeNull();
    await jobs.finished(job.id);
    const done = jobs.get(job.id)!;
    expect(done).toMatchObject({ state: 'done', exported: 120, scanned: 155, fraction: 1, failure: null, description: 'category order' });
    const lines = (await readFile(done.file, 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as { streamId: string });
    expect(lines).toHaveLength(120);
    expect(lines.every((line) => line.streamId.startsWith('order-'))).toBe(true);
    expect(done.bytes).toBeGreaterThan(0);
    expect(jobs.download(job.id, done.downloadToken)?.file).toBe(done.file);
    expect(jobs.download(job.id, 'x'.repeat(done.downloadToken.length))).toBeNull();
    expect(jobs.download(job.id, '')).toBeNull();
  });

  it('exports CSV with its header, and a time range', async () => {
    const store = await storeWithOrders(10);
    const jobs = createExportJobs(store);
    // Order n's events (and its review's) are at minutes 5n..5n+4: minutes 0 to 9 hold orders 0 and 1.
    const job = await jobs.start({
      filter: { fromTime: new Date(HISTORY_START), toTime: new Date(HISTORY_START + 9 * 60_000) }, format: 'csv', startedBy: 'admin-1', now,
    });
    await jobs.finished(job.id);
    const rows = parseCsv(await readFile(jobs.get(job.id)!.file, 'utf8'));
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    expect(rows.slice(1).map((row) => row[3])).toEqual([...Array(4).fill('order-bulk-0'), 'review-bulk-0', ...Array(4).fill('order-bulk-1'), 'review-bulk-1']);
  });

  it('lets the event loop turn between pages', async () => {
    const store = await storeWithOrders(250);
    const jobs = createExportJobs(store, { pageSize: 50 });
    let turns = 0;
    const ticker = setInterval(() => { turns += 1; }, 0);
    try {
      const job = await jobs.start({ filter: {}, format: 'ndjson', startedBy: 'admin-1', now });
      await jobs.finished(job.id);
      expect(jobs.get(job.id)!.exported).toBe(1250);
    } finally {
      clearInterval(ticker);
    }
    // 25 pages, each after a yield: timers ran while the job was going, not only after it.
    expect(turns).toBeGreaterThan(1);
  });

  it('stops a file past the size bound and a job past the time bound as failed, and removes the file', async () => {
    const store = await storeWithOrders(100);
    const big = createExportJobs(store, { maxBytes: 10_000, pageSize: 10 });
    const tooLarge = await big.start({ filter: {}, format: 'ndjson', startedBy: 'admin-1', now });
    await big.finished(tooLarge.id);
    expect(big.get(tooLarge.id)).toMatchObject({ state: 'failed', failure: 'too-large' });
    await expect(readFile(tooLarge.file)).rejects.toThrow();
    expect(big.download(tooLarge.id, tooLarge.downloadToken)).toBeNull();

    const slow = createExportJobs(store, { maxMs: -1 });
    const tooLong = await slow.start({ filter: {}, format: 'csv', startedBy: 'admin-1', now });
    await slow.finished(tooLong.id);
    expect(slow.get(tooLong.id)).toMatchObject({ state: 'failed', failure: 'too-long' });
  });

  it('runs at most so many at once', async () => {
    const store = await storeWithOrders(50);
    const jobs = createExportJobs(store, { maxRunning: 1, pageSize: 5 });
    const first = await jobs.start({ filter: {}, format: 'ndjson', startedBy: 'admin-1', now });
    await expect(jobs.start({ filter: {}, format: 'ndjson', startedBy: 'admin-2', now })).rejects.toBeInstanceOf(TooManyExports);
    await jobs.finished(first.id);
    const second = await jobs.start({ filter: {}, format: 'ndjson', startedBy: 'admin-2', now });
    await jobs.finished(second.id);
    expect(jobs.get(second.id)!.state).toBe('done');
  });
});
