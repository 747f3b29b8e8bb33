import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DatabaseSync, StatementSync } from 'node:sqlite';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { RecordedEvent } from '../../domain/ports/event-store.ts';
import { eventStoreConformance } from './event-store.conformance.ts';
import { openSqliteEventStore, type SqliteEventStore } from './sqlite-event-store.ts';

const dir = mkdtempSync(join(tmpdir(), 'sqlite-event-store-'));
const freshFile = () => join(dir, `${randomUUID()}.sqlite`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

eventStoreConformance('node:sqlite file', () => openSqliteEventStore({ path: freshFile() }), { startsEmpty: true });
eventStoreConformance('node:sqlite :memory:', () => openSqliteEventStore({ path: ':memory:' }), { startsEmpty: true });

const appendLoop = fileURLToPath(new URL('./sqlite-append-loop.child.ts', import.meta.url));

/** Starts the append-loop child; resolves once it has committed `atLeast` batches. */
function startAppender(path: string, atLeast: number, limit?: number) {
  const child = spawn(process.execPath, [appendLoop, path, ...(limit === undefined ? [] : [String(limit)])], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let committed = 0;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      committed += chunk.split('\n').filter(Boolean).length;
      if (committed >= atLeast) resolve();
    });
    child.once('exit', (code) => (committed >= atLeast ? resolve() : reject(new Error(`appender exited with ${code} after ${committed} batches`))));
  });
  return { child, ready, exited, committed: () => committed };
}

type CrashData = { runId: string; batch: number; size: number; index: number };

describe('node:sqlite event store on a file', () => {
  it('uses WAL mode and FULL synchronous by default', async () => {
    const path = freshFile();
    const store = await openSqliteEventStore({ path });
    await store.close();
    const db = new DatabaseSync(path);
    expect(db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    db.close();
  });

  it('keeps events and positions across reopening', async () => {
    const path = freshFile();
    const first = await openSqliteEventStore({ path });
    const metadata = { actor: { userId: null, roles: ['system' as const], groups: [], vendorId: null }, correlationId: 'c', causationId: null, at: '2026-01-01T00:00:00.000Z', schemaVersion: 1 };
    const written = await first.append('order-1', [{ id: randomUUID(), type: 'OrderPlaced', data: { a: 1 }, metadata }], 'no_stream');
    await first.close();
    const second = await openSqliteEventStore({ path });
    expect((await second.readStream('order-1')).map((e) => e.position)).toEqual([written.position]);
    const next = await second.append('order-2', [{ id: randomUUID(), type: 'OrderPlaced', data: {}, metadata }], 'no_stream');
    expect(next.position).toBeGreaterThan(written.position);
    await second.close();
  });

  it('drops the event-id index a file written before still has, keeping its events', async () => {
    const path = freshFile();
    const first = await openSqliteEventStore({ path });
    const metadata = { actor: { userId: null, roles: ['system' as const], groups: [], vendorId: null }, correlationId: 'c', causationId: null, at: '2026-01-01T00:00:00.000Z', schemaVersion: 1 };
    await first.append('order-1', [{ id: randomUUID(), type: 'OrderPlaced', data: {}, metadata }], 'no_stream');
    await first.close();
    const indexes = () => {
      const db = new DatabaseSync(path);
      try {
        return (db.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'events' AND sql IS NOT NULL`).all() as { name: string }[]).map((row) => row.name);
      } finally {
        db.close();
      }
    };
    expect(indexes()).toEqual([]);
    const older = new DatabaseSync(path);
    older.exec('CREATE INDEX events_by_event_id ON events (event_id)');
    older.close();
    expect(indexes()).toEqual(['events_by_event_id']);
    const second = await openSqliteEventStore({ path });
    expect(indexes()).toEqual([]);
    expect(await second.readStream('order-1')).toHaveLength(1);
    await second.close();
  });

  it('a process killed while appending leaves every batch whole or absent, and the file reopens', async () => {
    const path = freshFile();
    // Several kills at different moments, each into the same file, to hit the middle of a batch.
    for (let round = 0; round < 4; round++) {
      const appender = startAppender(path, 5 + round * 7);
      await appender.ready;
      await new Promise((resolve) => setTimeout(resolve, round * 3));
      appender.child.kill('SIGKILL');
      await appender.exited;
    }

    const store = await openSqliteEventStore({ path });
    const all = await store.readAll();
    const batches = new Map<string, RecordedEvent[]>();
    for (const event of all) {
      const { runId, batch } = event.data as CrashData;
      const key = `${runId}/${batch}`;
      batches.set(key, [...(batches.get(key) ?? []), event]);
    }
    expect(batches.size).toBeGreaterThanOrEqual(5 + 12 + 19 + 26);
    for (const [, events] of batches) {
      const { size } = events[0]!.data as CrashData;
      expect(events.map((e) => (e.data as CrashData).index)).toEqual(Array.from({ length: size }, (_, n) => n));
      // One append: consecutive positions and revisions within the batch.
      for (let n = 1; n < events.length; n++) {
        expect(events[n]!.revision).toBe(events[n - 1]!.revision + 1);
        expect(events[n]!.streamId).toBe(events[0]!.streamId);
      }
    }
    // Each killed writer committed a prefix of its batches: no batch missing in the middle.
    const byRun = new Map<string, number[]>();
    for (const key of batches.keys()) {
      const [runId, batch] = key.split('/') as [string, string];
      byRun.set(runId, [...(byRun.get(runId) ?? []), Number(batch)]);
    }
    expect(byRun.size).toBe(4);
    for (const numbers of byRun.values()) expect(numbers).toEqual(numbers.map((_, n) => n));

    // The reopened file takes appends again and keeps counting positions upwards.
    const head = await store.headPosition();
    const again = await store.append('after-crash-1', [{ id: randomUUID(), type: 'Reopened', data: {}, metadata: (all[0]!.metadata) }], 'no_stream');
    expect(again.position).toBeGreaterThan(head);
    await store.close();
    const db = new DatabaseSync(path);
    expect(db.prepare('PRAGMA integrity_check').get()).toEqual({ integrity_check: 'ok' });
    db.close();
  });

  it('a subscription sees events appended by another process (poll fallback)', async () => {
    const path = freshFile();
    const store = await openSqliteEventStore({ path, pollIntervalMs: 50 });
    const appender = startAppender(path, 1, 6);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 20_000);
    const received: RecordedEvent[] = [];
    // The appender writes 6 batches of 2, 7, 12, 17, 22 and 27 events: 87 in all.
    for await (const event of store.subscribeToAll({ signal: controller.signal })) {
      received.push(event);
      if (received.length === 87) break;
    }
    clearTimeout(timer);
    await appender.exited;
    expect(received).toHaveLength(87);
    expect(received.map((e) => e.position)).toEqual((await store.readAll()).map((e) => e.position));
    await store.close();
  });

  it('ends open subscriptions when the store closes', async () => {
    const store = await openSqliteEventStore({ path: ':memory:' });
    const ended = (async () => {
      for await (const _ of store.subscribeToAll()) {
        // no events are appended
      }
      return 'ended';
    })();
    await new Promise((resolve) => setTimeout(resolve, 10));
    await store.close();
    expect(await ended).toBe('ended');
  });

  it('tells whether it holds at least a number of events, counting them without reading them', async () => {
    const store = await openSqliteEventStore({ path: freshFile() });
    const metadata = { actor: { userId: null, roles: ['system' as const], groups: [], vendorId: null }, correlationId: 'c', causationId: null, at: '2026-01-01T00:00:00.000Z', schemaVersion: 1 };
    expect(await store.holdsAtLeast(1)).toBe(false);
    expect(await store.holdsAtLeast(0)).toBe(true);
    for (let stream = 0; stream < 3; stream++) await store.append(`order-${stream}`, [1, 2].map((a) => ({ id: randomUUID(), type: 'OrderPlaced', data: { a }, metadata })), 'no_stream');
    expect(await store.holdsAtLeast(6)).toBe(true);
    expect(await store.holdsAtLeast(7)).toBe(false);
    await store.close();
    await expect(store.holdsAtLeast(1)).rejects.toThrow();
  });

  it('tells up to where every event of some types was recorded before a time, stopping at a time it cannot compare', async () => {
    const store = await openSqliteEventStore({ path: ':memory:' });
    const since = new Date('2026-03-01T00:00:00.000Z');
    const metadataAt = (at: unknown) => ({ actor: { userId: null, roles: ['system' as const], groups: [], vendorId: null }, correlationId: 'c', causationId: null, at, schemaVersion: 1 });
    const append = (stream: string, type: string, at: unknown) => store.append(stream, [{ id: randomUUID(), type, data: {}, metadata: metadataAt(at) as never }], 'any');
    expect(await store.lastPositionRecordedBefore(new Set(['OrderPlaced']), since)).toBe(-1);
    await append('order-1', 'OrderPlaced', '2026-01-01T00:00:00.000Z'); // 1
    await append('vendor-1', 'VendorCreated', '2026-06-01T00:00:00.000Z'); // 2: recent, of another type
    await append('order-2', 'OrderPlaced', '2026-02-28T23:59:59.999Z'); // 3
    expect(await store.lastPositionRecordedBefore(new Set(['OrderPlaced']), since)).toBe(3);
    expect(await store.lastPositionRecordedBefore(new Set(['OrderPlaced', 'VendorCreated']), since)).toBe(1);
    await append('order-3', 'OrderPlaced', '2026-03-01T00:00:00.000Z'); // 4: at the time itself
    await append('order-4', 'OrderPlaced', '2026-01-02T00:00:00.000Z'); // 5
    expect(await store.lastPositionRecordedBefore(new Set(['OrderPlaced']), since)).toBe(3);
    // From a checkpoint on: only what follows it is looked at.
    expect(await store.lastPositionRecordedBefore(new Set(['OrderPlaced']), since, 4)).toBe(5);
    expect(await store.lastPositionRecordedBefore(new Set(['OrderPlaced']), since, 5)).toBe(5);
    // Times SQLite would compare otherwise than Date.parse: none is passed over.
    for (const at of ['2026-02-30T00:00:00.000Z', '2026-01-01T00:00:00Z', 'yesterday', 1, null]) {
      const { position } = await append(`order-${String(at)}`, 'OrderPlaced', at);
      expect(await store.lastPositionRecordedBefore(new Set(['OrderPlaced']), since, position - 1)).toBe(position - 1);
    }
    const withoutTime = await store.append('order-none', [{ id: randomUUID(), type: 'OrderPlaced', data: {}, metadata: { actor: metadataAt('').actor } as never }], 'no_stream');
    expect(await store.lastPositionRecordedBefore(new Set(['OrderPlaced']), since, withoutTime.position - 1)).toBe(withoutTime.position - 1);
    await store.close();
  });

  it('refuses an exact revision that is not a non-negative integer', async () => {
    const store = await openSqliteEventStore({ path: ':memory:' });
    await expect(store.append('s-1', [], -1)).rejects.toThrow(TypeError);
    await expect(store.append('s-1', [], 1.5)).rejects.toThrow(TypeError);
    await store.close();
  });
});

// The subscriptions of one process share the newest events, read and decoded once (sqlite-event-store.ts,
// readPage): whatever their pace, each still gets every event once, in order, with nothing skipped.
describe('node:sqlite subscriptions sharing the newest events', () => {
  const metadata = { actor: { userId: null, roles: ['system' as const], groups: [], vendorId: null }, correlationId: 'c', causationId: null, at: '2026-01-01T00:00:00.000Z', schemaVersion: 1 };
  const batch = (size: number, from: number) => Array.from({ length: size }, (_, index) => ({ id: randomUUID(), type: 'OrderNoted', data: { n: from + index, nested: { list: [from] } }, metadata }));
  /** 6,000 events in 12 streams: one in 40 of type OrderMarked (the typed subscriptions' type), the others OrderNoted. */
  const appendMixed = async (store: SqliteEventStore): Promise<void> => {
    const mixed = (size: number, from: number) => batch(size, from).map((event, index) => ((from + index) % 40 === 0 ? { ...event, type: 'OrderMarked' } : event));
    for (let stream = 0; stream < 12; stream++) await store.append(`order-${stream}`, mixed(500, stream * 500), 'no_stream');
  };

  it('gives fast, slow and late subscriptions every event once, in order, while appends go on', async () => {
    const store = await openSqliteEventStore({ path: freshFile() });
    const total = 9_000;
    const controller = new AbortController();
    const follow = async (delayEvery: number, after?: number) => {
      const positions: number[] = [];
      for await (const event of store.subscribeToAll({ signal: controller.signal, ...(after !== undefined ? { after } : {}) })) {
        positions.push(event.position);
        // A slow follower falls behind the shared tail (4,000 events at most) and reads on its own.
        if (delayEvery && positions.length % delayEvery === 0) await new Promise((resolve) => setTimeout(resolve, 1));
        if (event.position >= total - 1 + firstPosition) break;
      }
      return positions;
    };
    await store.append('order-0', batch(1, 0), 'no_stream');
    const firstPosition = (await store.readAll())[0]!.position;
    const fast = follow(0);
    const slow = follow(50);
    let written = 1;
    let late: Promise<number[]> | null = null;
    for (let stream = 1; written < total; stream++) {
      const size = Math.min(1 + (stream % 37), total - written);
      await store.append(`order-${stream}`, batch(size, written), 'no_stream');
      written += size;
      // One subscription starts midway, after what was written so far.
      if (!late && written > total / 2) late = follow(0, (await store.headPosition()));
    }
    // One from the start once everything is written: far behind the tail, it reads on its own, then joins it.
    const behind = follow(0, -1);
    const all = (await store.readAll()).map((event) => event.position);
    const lateFrom = all.indexOf((await late!)[0]!);
    expect(await fast).toEqual(all);
    expect(await slow).toEqual(all);
    expect(await behind).toEqual(all);
    expect(await late).toEqual(all.slice(lateFrom));
    expect(lateFrom).toBeGreaterThan(0);
    controller.abort();
    await store.close();
  }, 60_000);

  it('has subscriptions catching up from one point share each page of older events, frozen', async () => {
    const store = await openSqliteEventStore({ path: freshFile() });
    for (let stream = 0; stream < 12; stream++) await store.append(`order-${stream}`, batch(500, stream * 500), 'no_stream');
    const head = await store.headPosition();
    const controller = new AbortController();
    const upTo = async (after: number | undefined, last: number) => {
      const seen: RecordedEvent[] = [];
      for await (const event of store.subscribeToAll({ signal: controller.signal, ...(after !== undefined ? { after } : {}) })) {
        seen.push(event);
        if (event.position >= last) break;
      }
      return seen;
    };
    // One at the head first: the shared tail starts there, so the others are far behind it.
    await upTo(head - 1, head);
    const first = await upTo(undefined, head - 3_000);
    const second = await upTo(undefined, head - 3_000);
    expect(second.map((event) => event.position)).toEqual(first.map((event) => event.position));
    expect(second.every((event, index) => event === first[index])).toBe(true);
    expect(() => { (first[0]!.data as { n: number }).n = 5; }).toThrow(TypeError);
    expect(Object.isFrozen(first[0]!.metadata)).toBe(true);
    // From inside a page: the rest of it, then the same pages.
    const offset = await upTo(first[10]!.position, head - 3_000);
    expect(offset.map((event) => event.position)).toEqual(first.slice(11).map((event) => event.position));
    expect(offset.every((event, index) => event === first[11 + index])).toBe(true);
    controller.abort();
    await store.close();
  });

  it('has a subscription behind the tail read the events the tail let go, as the ones ahead read them', async () => {
    const store = await openSqliteEventStore({ path: freshFile() });
    for (let stream = 0; stream < 12; stream++) await store.append(`order-${stream}`, batch(500, stream * 500), 'no_stream');
    const head = await store.headPosition();
    const controller = new AbortController();
    const upTo = async (last: number) => {
      const seen: RecordedEvent[] = [];
      for await (const event of store.subscribeToAll({ signal: controller.signal })) {
        seen.push(event);
        if (event.position >= last) break;
      }
      return seen;
    };
    // The first reads all 6,000 through the tail, which keeps the newest 2,000 to 4,000 of them.
    const ahead = await upTo(head);
    const behind = await upTo(head);
    expect(behind.map((event) => event.position)).toEqual(ahead.map((event) => event.position));
    expect(behind.every((event, index) => event === ahead[index])).toBe(true);
    controller.abort();
    await store.close();
  });

  it('gives a subscription for some types every event of them, passes over most others, and still reaches the head', async () => {
    const store = await openSqliteEventStore({ path: freshFile() });
    // One event in 40 is of the wanted type, the rest not: 6,000 events, through the shared tail and older pages.
    await appendMixed(store);
    const types = new Set(['OrderMarked']);
    const controller = new AbortController();
    const upTo = async (last: number, options: { types?: ReadonlySet<string>; after?: number } = {}) => {
      const seen: RecordedEvent[] = [];
      for await (const event of store.subscribeToAll({ signal: controller.signal, ...options })) {
        seen.push(event);
        if (event.position >= last) break;
      }
      return seen;
    };
    let head = await store.headPosition();
    const all = await upTo(head);
    const marked = all.filter((event) => event.type === 'OrderMarked');
    for (const typed of [await upTo(head, { types }), await upTo(head, { types, after: all[2_999]!.position })]) {
      const from = typed[0]!.position;
      // Every event of its types, once, in order...
      expect(typed.filter((event) => event.type === 'OrderMarked')).toEqual(marked.filter((event) => event.position >= from));
      expect(typed.map((event) => event.position)).toEqual([...typed.map((event) => event.position)].sort((a, b) => a - b));
      // ...few of the others (a page's last, so its position keeps up), and up to the head.
      expect(typed.length).toBeLessThan(marked.length * 2);
      expect(typed.at(-1)!.position).toBe(head);
    }
    // Live: appends of other types only still move it to the new head.
    const live = upTo(head + 30, { types, after: head });
    await store.append('order-live', batch(30, 0), 'no_stream');
    head = await store.headPosition();
    expect((await live).at(-1)!.position).toBe(head);
    // Live beside an untyped subscription woken by the same append (the first to read takes the tail to
    // the head, and the typed one then learns from the tail that it is near the head): its types come.
    const untypedLive = upTo(head + 2, { after: head });
    const typedLive = upTo(head + 2, { types, after: head });
    const [wanted, other] = batch(2, 0);
    await store.append('order-live-2', [{ ...wanted!, type: 'OrderMarked' }, other!], 'no_stream');
    expect((await untypedLive).map((event) => event.position)).toEqual([head + 1, head + 2]);
    expect((await typedLive).map((event) => [event.position, event.type])).toEqual([[head + 1, 'OrderMarked'], [head + 2, other!.type]]);
    controller.abort();
    await store.close();
  });

  it('lets a subscription for some types far behind read the rows of its types only, not every row as well', async () => {
    const store = await openSqliteEventStore({ path: freshFile() });
    await appendMixed(store);
    const head = await store.headPosition();
    const controller = new AbortController();
    const reads = vi.spyOn(StatementSync.prototype, 'all');
    const seen: RecordedEvent[] = [];
    try {
      for await (const event of store.subscribeToAll({ signal: controller.signal, types: new Set(['OrderMarked']) })) {
        seen.push(event);
        if (event.position >= head) break;
      }
      const sqlOf = (statement: unknown) => (statement as StatementSync).sourceSQL;
      // Every row of a page (the shared tail's read): where it starts and within a page of the head; the
      // 11 pages between by type.
      expect(reads.mock.contexts.filter((statement) => /WHERE position > \+\? ORDER BY position ASC LIMIT/.test(sqlOf(statement))).length).toBeLessThanOrEqual(2);
      expect(reads.mock.contexts.filter((statement) => sqlOf(statement).includes('json_each')).length).toBeGreaterThanOrEqual(11);
    } finally {
      reads.mockRestore();
    }
    expect(seen.filter((event) => event.type === 'OrderMarked')).toHaveLength(150);
    expect(seen.at(-1)!.position).toBe(head);
    controller.abort();
    await store.close();
  });

  it('gives a live subscription for some types what follows it from the shared tail, without asking the file where a page would end', async () => {
    const store = await openSqliteEventStore({ path: freshFile() });
    await store.append('order-0', batch(10, 0), 'no_stream');
    const head = await store.headPosition();
    const controller = new AbortController();
    const seen: RecordedEvent[] = [];
    const live = (async () => {
      for await (const event of store.subscribeToAll({ signal: controller.signal, types: new Set(['OrderMarked']), after: head })) {
        seen.push(event);
        if (event.position >= head + 6) break;
      }
    })();
    // Alone, with no other subscription to take the tail on first: woken by each append, it reads the tail itself.
    const gets = vi.spyOn(StatementSync.prototype, 'get');
    try {
      for (let order = 1; order <= 3; order++) {
        const [wanted, other] = batch(2, 0);
        await store.append(`order-${order}`, [{ ...wanted!, type: 'OrderMarked' }, other!], 'no_stream');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await live;
      // readTypesSync's seek for the first event a page past it.
      const pageEnds = gets.mock.contexts.filter((statement) => /WHERE position >= \+\? ORDER BY position LIMIT 1/.test((statement as StatementSync).sourceSQL));
      expect(pageEnds).toHaveLength(0);
    } finally {
      gets.mockRestore();
    }
    // Each event of its types, and each page's last (its position keeps up).
    expect(seen.map((event) => [event.position - head, event.type])).toEqual([[1, 'OrderMarked'], [2, 'OrderNoted'], [3, 'OrderMarked'], [4, 'OrderNoted'], [5, 'OrderMarked'], [6, 'OrderNoted']]);
    controller.abort();
    await store.close();
  });

  it("gives live subscriptions this process's appends as it wrote them, without reading them back, and another process's, appended in between, from the file, in order", async () => {
    const path = freshFile();
    // No poll in the test's time: the other process's appends are found at this one's next append.
    const store = await openSqliteEventStore({ path, pollIntervalMs: 60_000 });
    const other = await openSqliteEventStore({ path });
    await store.append('order-0', batch(2, 0), 'no_stream');
    const head = await store.headPosition();
    const controller = new AbortController();
    const seen: RecordedEvent[] = [];
    let wanted = 0;
    let arrived = () => undefined as void;
    const live = (async () => {
      for await (const event of store.subscribeToAll({ signal: controller.signal, after: head })) {
        seen.push(event);
        if (seen.length >= wanted) arrived();
      }
    })();
    const seenUpTo = (count: number) => new Promise<void>((resolve) => {
      wanted = count;
      arrived = resolve;
      if (seen.length >= count) resolve();
    });
    const reads = vi.spyOn(StatementSync.prototype, 'all');
    /** The events of this store's tail reads (SELECT … WHERE position > ? ORDER BY position ASC). */
    const readBack = () => reads.mock.contexts.flatMap((statement, index) => {
      const result = reads.mock.results[index];
      return (statement as StatementSync).sourceSQL.includes('ORDER BY position ASC LIMIT') && result?.type === 'return' ? result.value as unknown[] : [];
    });
    try {
      // One group commit (appends of one turn): two appended, one refused between them.
      const [, refused] = await Promise.allSettled([
        store.append('order-1', batch(2, 10), 'no_stream'),
        store.append('order-0', batch(1, 20), 5),
        store.append('order-2', batch(3, 30), 'no_stream'),
      ]);
      expect(refused.status).toBe('rejected');
      await store.append('order-1', batch(1, 40), 1);
      await seenUpTo(6);
      expect(readBack()).toEqual([]);

      // Another process appends, then this one: the tail cannot take this one's rows after a gap, and reads both.
      await other.append('order-3', batch(2, 50), 'no_stream');
      await store.append('order-4', batch(1, 60), 'no_stream');
      await seenUpTo(9);
      expect(readBack().map((row) => (row as unknown[])[2])).toEqual(['order-3', 'order-3', 'order-4']);
    } finally {
      reads.mockRestore();
    }
    const all = await store.readAll({ after: head });
    expect(seen).toEqual(all);
    expect(seen.map((event) => (event.data as { n: number }).n)).toEqual([10, 11, 30, 31, 32, 40, 50, 51, 60]);
    controller.abort();
    await live;
    await other.close();
    await store.close();
  });

  it('hands out frozen events, so no subscription can change one another reads', async () => {
    const store = await openSqliteEventStore({ path: ':memory:' });
    await store.append('order-1', batch(2, 0), 'no_stream');
    const controller = new AbortController();
    const seen: RecordedEvent[] = [];
    for await (const event of store.subscribeToAll({ signal: controller.signal })) {
      seen.push(event);
      if (seen.length === 2) break;
    }
    expect(() => { (seen[0]!.data as { n: number }).n = 5; }).toThrow(TypeError);
    expect(() => { (seen[0]!.data as { nested: { list: number[] } }).nested.list.push(1); }).toThrow(TypeError);
    expect(Object.isFrozen(seen[1]!.metadata)).toBe(true);
    await store.close();
  });
});
