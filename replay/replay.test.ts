import { Readable, Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventStore, RecordedEvent } from '../domain/ports/event-store.ts';
import { openSqliteEventStore } from '../infra/event-store/sqlite-event-store.ts';
import { eventSchemaFingerprint } from '../infra/event-schema-stamp.ts';
import { createMemoryViewStore } from '../infra/view-store/memory-view-store.ts';
import { allProjections } from '../projectors/all-projections.ts';
import { checkpointStore } from '../projectors/checkpoints.ts';
import { rebuildViews } from '../projectors/rebuild.ts';
import { marketplaceHistory } from '../projectors/testing/marketplace-history.ts';
import { dumpViews } from '../projectors/testing/view-dump.ts';
import type { EventFilter } from './event-filter.ts';
import { exportEvents } from './export-events.ts';
import { CSV_COLUMNS, type ExportFormat } from './export-formats.ts';
import { heldEventsGauge } from './held-events.ts';
import { ImportError, importEvents } from './import-events.ts';
import { projectionsNamed, replayIntoViews } from './replay-into-views.ts';
import { parseCsv } from './testing/csv-parse.ts';
import { appendOrderLog, appendTimedHistory, timeOfIndex } from './testing/timed-history.ts';

// The replay command's jobs on the node:sqlite store: exports (NDJSON, CSV), the round trip through
// an import, views as of a past time, and constant memory on a large log.

/** A writable that keeps what it is given, optionally slowly (one chunk per turn of the event loop). */
class Sink extends Writable {
  text = '';
  drains = 0;
  constructor(options: { highWaterMark?: number; slow?: boolean } = {}) {
    super({ highWaterMark: options.highWaterMark ?? 16 * 1024, decodeStrings: false });
    this.slow = options.slow ?? false;
    this.on('drain', () => { this.drains += 1; });
  }
  private readonly slow: boolean;
  override _write(chunk: string, _encoding: string, done: () => void): void {
    this.text += chunk;
    if (this.slow) setImmediate(done); else done();
  }
}

const stores: EventStore[] = [];
async function newStore(): Promise<EventStore> {
  const store = await openSqliteEventStore({ path: ':memory:' });
  stores.push(store);
  return store;
}
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
});

async function exported(store: EventStore, filter: EventFilter, format: ExportFormat = 'ndjson'): Promise<string> {
  const sink = new Sink();
  await exportEvents(store, sink, { filter, format, pageSize: 9 });
  return sink.text;
}

/** What a round trip keeps: everything but where the event stood in its store. */
const portable = (ndjson: string) => ndjson.trim().split('\n').map((line) => {
  const { position: _position, recordedAt: _recordedAt, ...event } = JSON.parse(line) as Record<string, unknown>;
  return event;
});

describe('replay: exports', () => {
  it('exports the events of a filter as NDJSON, in log order, every field', async () => {
    const store = await newStore();
    await appendTimedHistory(store, marketplaceHistory({ vendors: 2, customers: 3 }));
    const all = await store.readAll();
    const lines = (await exported(store, { categories: ['order'] })).trim().split('\n').map((line) => JSON.parse(line) as RecordedEvent);
    const orders = all.filter((event) => event.streamId.startsWith('order-'));
    expect(lines.length).toBe(orders.length);
    expect(lines).toEqual(orders.map(({ position, recordedAt, streamId, revision, id, type, data, metadata }) => ({ position, recordedAt, streamId, revision, id, type, data, metadata })));
  });

  it('exports CSV with a header and quoted fields that read back to the events', async () => {
    const store = await newStore();
    await appendOrderLog(store, 4);
    const rows = parseCsv(await exported(store, { types: ['OrderPlaced', 'ReviewPosted'] }, 'csv'));
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    expect(rows).toHaveLength(1 + 8);
    const events = (await store.readAll()).filter((event) => ['OrderPlaced', 'ReviewPosted'].includes(event.type));
    rows.slice(1).forEach((row, index) => {
      const column = (name: (typeof CSV_COLUMNS)[number]) => row[CSV_COLUMNS.indexOf(name)]!;
      expect(row).toHaveLength(CSV_COLUMNS.length);
      expect(column('eventId')).toBe(events[index]!.id);
      expect(column('type')).toBe(events[index]!.type);
      expect(JSON.parse(column('data'))).toEqual(events[index]!.data);
    });
    // The product name holds a comma, quotes and a line break; the review is Hebrew with quotes.
    expect(JSON.parse(rows[1]![CSV_COLUMNS.indexOf('data')]!).product.name.en).toBe('Show, "live"\nwith band');
    expect(JSON.parse(rows[2]![CSV_COLUMNS.indexOf('data')]!).text).toBe('שמח, "מאוד"');
  });

  it('writes only the CSV header when nothing matches', async () => {
    const store = await newStore();
    await appendOrderLog(store, 1);
    expect(await exported(store, { types: ['NoSuchEvent'] }, 'csv')).toBe(`${CSV_COLUMNS.join(',')}\r\n`);
    expect(await exported(store, { types: ['NoSuchEvent'] })).toBe('');
  });
});

describe('replay: export → import into an empty store → export', () => {
  it('gives the same events, streams, revisions, data, metadata and order', async () => {
    const source = await newStore();
    await appendTimedHistory(source, marketplaceHistory({ vendors: 3, customers: 4 }));
    for (const filter of [{}, { categories: ['order', 'review'] }] satisfies EventFilter[]) {
      const first = await exported(source, filter);
      const copy = await newStore();
      const report = await importEvents(copy, Readable.from([first]), { batchSize: 4 });
      expect(report.imported).toBe(first.trim().split('\n').length);
      const second = await exported(copy, {});
      expect(portable(second)).toEqual(portable(first));
      // The copy replays into the same views as the source.
      if (Object.keys(filter).length === 0) {
        const [a, b] = [createMemoryViewStore(), createMemoryViewStore()];
        await rebuildViews({ eventStore: source, viewStore: a });
        await rebuildViews({ eventStore: copy, viewStore: b });
        expect(await dumpViews(b, allProjections)).toEqual(await dumpViews(a, allProjections));
      }
    }
  });

  it('drops the schema fingerprint of an imported event\'s metadata: this marketplace did not validate it', async () => {
    const metadata = { actor: { userId: null, roles: ['system'], groups: [], vendorId: null }, correlationId: 'c', causationId: null, at: '2026-01-01T00:00:00.000Z', schemaVersion: 1 };
    const line = JSON.stringify({
      position: 7, recordedAt: metadata.at, streamId: 'favorites-u1', revision: 0, id: 'e-1', type: 'VendorFavorited',
      data: { userId: 'u1', vendorId: 'v1' }, metadata: { ...metadata, eventSchema: eventSchemaFingerprint() },
    });
    const copy = await newStore();
    await importEvents(copy, Readable.from([`${line}\n`]));
    expect((await copy.readStream('favorites-u1'))[0]!.metadata).toEqual(metadata);
  });

  it('refuses a store that is not empty, and a file that is not whole streams', async () => {
    const source = await newStore();
    await appendOrderLog(source, 3);
    const file = await exported(source, {});
    await expect(importEvents(source, Readable.from([file]))).rejects.toThrow(/not empty/);

    const partial = await exported(source, { types: ['OrderPaid'] });
    await expect(importEvents(await newStore(), Readable.from([partial]))).rejects.toThrow(
      new ImportError('Line 1: stream order-bulk-0 continues at revision 1 but the store has no events of it; the file is not a whole export of its streams (export by category or stream, not by type, time or position, to copy them).'),
    );
    await expect(importEvents(await newStore(), Readable.from(['{"not":"an event"}\n']))).rejects.toThrow(/Line 1 is not an exported event: streamId/);
    await expect(importEvents(await newStore(), Readable.from(['\n', 'position,type\n']))).rejects.toThrow(/Line 2 is not JSON/);
  });
});

describe('replay: views as of a past time', () => {
  it('holds exactly the state of the log up to that time', async () => {
    const history = marketplaceHistory({ vendors: 3, customers: 4 });
    const source = await newStore();
    await appendTimedHistory(source, history);
    const cut = Math.floor(history.length / 2);
    const prefix = await newStore();
    await appendTimedHistory(prefix, history.slice(0, cut + 1));
    const then = createMemoryViewStore();
    await rebuildViews({ eventStore: prefix, viewStore: then });

    const asOf = createMemoryViewStore();
    const report = await replayIntoViews(source, asOf, { filter: { toTime: new Date(timeOfIndex(cut)) }, pageSize: 13 });
    expect(report.replayed).toBe(cut + 1);
    expect(report.scanned).toBe(history.length);
    expect(await dumpViews(asOf, allProjections)).toEqual(await dumpViews(then, allProjections));

    const now = createMemoryViewStore();
    await replayIntoViews(source, now, { filter: {} });
    expect(await dumpViews(now, allProjections)).not.toEqual(await dumpViews(asOf, allProjections));
    // Fewer orders then, and fewer of them completed.
    expect(await asOf.collection('orders').count()).toBeLessThan(await now.collection('orders').count());
    expect(await asOf.collection('orders').count({ status: 'completed' })).toBeLessThan(await now.collection('orders').count({ status: 'completed' }));
    expect(report.views.find((view) => view.collection === 'orders')!.documents).toBe(await asOf.collection('orders').count());
  });

  it('rebuilds only the views named, leaving the others and setting their checkpoints when asked', async () => {
    const source = await newStore();
    await appendTimedHistory(source, marketplaceHistory({ vendors: 2, customers: 2 }));
    const views = createMemoryViewStore();
    await rebuildViews({ eventStore: source, viewStore: views });
    const before = await dumpViews(views, allProjections);
    await views.collection('orders').replaceOne({ _id: 'stale', _seen: {} });
    const vendorCardsBefore = await views.collection('vendorCards').count();

    const projections = projectionsNamed(['orders']);
    const report = await replayIntoViews(source, views, { filter: {}, projections, setCheckpoints: true });
    expect(report.views).toEqual([{ collection: 'orders', projections: ['orders'], documents: before.orders!.length }]);
    expect(await views.collection('orders').findOne({ _id: 'stale' })).toBeNull();
    expect(await views.collection('vendorCards').count()).toBe(vendorCardsBefore);
    expect(await dumpViews(views, allProjections)).toEqual(before);
    expect((await checkpointStore(views).load(['orders'])).get('orders')).toBe(report.lastPosition);
    expect(() => projectionsNamed(['no-such-view'])).toThrow(/No view is named no-such-view; the views are: vendor-cards/);
    expect(projectionsNamed(['vendorCards']).map((projection) => projection.name)).toEqual(['vendor-cards']);
  });
});

describe('replay: constant memory on a large log', () => {
  it('holds at most a page of events and a bounded write buffer, whatever the log size', async () => {
    const store = await newStore();
    const total = await appendOrderLog(store, 4000);
    const pageSize = 200;

    const held = heldEventsGauge();
    const sink = new Sink({ highWaterMark: 16 * 1024, slow: true });
    const report = await exportEvents(store, sink, { filter: { categories: ['order'] }, format: 'ndjson', pageSize, chunkBytes: 8 * 1024, held });
    expect(report.scanned).toBe(total);
    expect(report.exported).toBe(total * 4 / 5);
    expect(sink.text.split('\n').length - 1).toBe(report.exported);
    expect(held.peak).toBeLessThanOrEqual(pageSize);
    expect(held.held).toBe(0);
    // The writer waited for the slow sink to drain instead of queueing the export in memory.
    expect(sink.drains).toBeGreaterThan(10);
    expect(report.peakBuffered).toBeLessThan(16 * 1024 + 8 * 1024 + 2048);

    const importHeld = heldEventsGauge();
    const copy = await newStore();
    await importEvents(copy, Readable.from(sink.text.match(/[^\n]*\n/g)!), { batchSize: 100, held: importHeld });
    expect(importHeld.peak).toBeLessThanOrEqual(100);

    const viewHeld = heldEventsGauge();
    const viewReport = await replayIntoViews(store, createMemoryViewStore(), { filter: {}, projections: projectionsNamed(['orders']), pageSize, held: viewHeld });
    expect(viewReport.replayed).toBe(total);
    expect(viewHeld.peak).toBeLessThanOrEqual(pageSize);
  });
});
