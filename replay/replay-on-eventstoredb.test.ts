import { randomUUID } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore, NewEvent } from '../domain/ports/event-store.ts';
import { openEventStoreDbEventStore } from '../infra/event-store/eventstoredb-event-store.ts';
import { startFakeEventStoreDb, type FakeEventStoreDb } from '../infra/event-store/testing/fake-eventstoredb.ts';
import { describeWithEngine } from '../test/real-engines.ts';
import { exportEvents } from './export-events.ts';
import type { EventFilter } from './event-filter.ts';
import { heldEventsGauge } from './held-events.ts';
import { importEvents } from './import-events.ts';
import { runReplayCommand } from './replay-command.ts';

// The replay's reads through the EventStore port on EventStoreDB: $all in pages from a position, one
// stream by itself, filters. Runs where an EventStoreDB answers (EVENTSTORE_URL, or Testcontainers
// with a container runtime), and everywhere on the fake server the adapter's tests use (the real
// client over gRPC; infra/event-store/testing/fake-eventstoredb.ts), which reads $all only from the
// positions it gave, as EventStoreDB does. The server is shared, so this suite writes streams of its
// own category and reads them back.
describeWithEngine('eventstore', 'replay on EventStoreDB', (url) => replayOnEventStoreDb(() => url));

describe('replay on a fake EventStoreDB (real client)', () => {
  let fake: FakeEventStoreDb;
  beforeAll(async () => {
    fake = await startFakeEventStoreDb();
    // Another writer's events between ours, as on a shared server.
    fake.aroundAppends = (moment) => {
      if (moment === 'after') fake.write({ streamId: 'elsewhere-1', type: 'SomethingElse' });
    };
  });
  afterAll(() => fake?.close());
  replayOnEventStoreDb(() => fake.url);

  it('answers a --from-position that is no event\'s position with one clear line', async () => {
    let stdout = '';
    let stderr = '';
    const sink = new Writable({ write(chunk, _encoding, done) { stdout += String(chunk); done(); } });
    const code = await runReplayCommand(['--from-position', '4097', '--format', 'ndjson'], {
      stdout: sink, stderr: { write: (text: string) => (stderr += text) }, env: { EVENTSTORE_URL: fake.url },
    });
    expect(code).toBe(2);
    expect(stderr).toMatch(/replay: Position 4097 is not the position of an event in this event store: .*\(--from-position takes an event's position, as an export shows it\)/);
    expect(stdout).toBe('');
  });

  it('imports a batch larger than the server takes in one append (MaxAppendSize) in parts, and names an event too large alone', async () => {
    const servers = [await startFakeEventStoreDb({ maxAppendSize: 3000 }), await startFakeEventStoreDb({ maxAppendSize: 3000 })];
    const [copy, other] = await Promise.all(servers.map((server) => openEventStoreDbEventStore({ url: server.url })));
    try {
      const line = (streamId: string, revision: number, text: string) => `${JSON.stringify({
        streamId, revision, id: randomUUID(), type: 'Noted', data: { revision, text },
        metadata: { actor: { userId: null, roles: ['system'], groups: [], vendorId: null }, correlationId: 'c', causationId: null, at: '2026-03-01T10:00:00.000Z', schemaVersion: 1 },
      })}\n`;
      const report = await importEvents(copy!, Readable.from([0, 1, 2, 3, 4, 5].map((revision) => line('notes-1', revision, 'x'.repeat(900)))));
      expect(report).toMatchObject({ imported: 6, streams: 1 });
      expect((await copy!.readStream('notes-1')).map((event) => event.revision)).toEqual([0, 1, 2, 3, 4, 5]);
      expect(servers[0]!.appends.length).toBeGreaterThan(1);
      await expect(importEvents(other!, Readable.from([line('notes-2', 0, 'y'.repeat(4000))]))).rejects.toThrow(
        /Line 1: event [0-9a-f-]+ of stream notes-2 is larger than the event store accepts in one append \(3000 bytes\)/,
      );
    } finally {
      for (const store of [copy, other]) await store?.close();
      for (const server of servers) await server.close();
    }
  });
});

function replayOnEventStoreDb(url: () => string): void {
  let store: EventStore;
  const category = `replaytest${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 10, minute)).toISOString();
  const event = (type: string, n: number, minute: number): NewEvent => ({
    id: randomUUID(), type, data: { n, note: 'a, "quoted"\nline' },
    metadata: { actor: { userId: 'analyst', roles: ['user'], groups: [], vendorId: null }, correlationId: category, causationId: null, at: at(minute), schemaVersion: 1 },
  });

  beforeAll(async () => {
    store = await openEventStoreDbEventStore({ url: url() });
    for (let s = 0; s < 5; s++) {
      await store.append(`${category}-${s}`, [event('Opened', s, s * 3), event('Noted', s, s * 3 + 1), event('Closed', s, s * 3 + 2)], 'no_stream');
    }
  });
  afterAll(() => store?.close());

  const exported = async (filter: EventFilter, pageSize = 4) => {
    let text = '';
    const sink = new Writable({ write(chunk, _encoding, done) { text += String(chunk); done(); } });
    const held = heldEventsGauge();
    await exportEvents(store, sink, { filter, format: 'ndjson', pageSize, held });
    expect(held.peak).toBeLessThanOrEqual(pageSize);
    return text.trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as { streamId: string; type: string; position: number; revision: number; data: { n: number } });
  };

  it('exports a category in log order, paging $all by position', async () => {
    const lines = await exported({ categories: [category] });
    expect(lines.map((line) => `${line.streamId}:${line.revision}`)).toEqual(
      [0, 1, 2, 3, 4].flatMap((s) => [0, 1, 2].map((revision) => `${category}-${s}:${revision}`)),
    );
    expect(lines.map((line) => line.position)).toEqual([...lines.map((line) => line.position)].sort((a, b) => a - b));
  });

  it('filters by stream, type, time and position', async () => {
    expect((await exported({ streams: [`${category}-3`] })).map((line) => line.type)).toEqual(['Opened', 'Noted', 'Closed']);
    expect((await exported({ categories: [category], types: ['Closed'] })).map((line) => line.data.n)).toEqual([0, 1, 2, 3, 4]);
    expect((await exported({ categories: [category], fromTime: new Date(at(4)), toTime: new Date(at(6)) })).map((line) => `${line.data.n}:${line.type}`))
      .toEqual(['1:Noted', '1:Closed', '2:Opened']);
    const all = await exported({ categories: [category] });
    const middle = await exported({ categories: [category], fromPosition: all[5]!.position, toPosition: all[9]!.position });
    expect(middle).toEqual(all.slice(5, 10));
  });

  // A whole import needs an empty store, which a shared server is not: the import's appends go through
  // the same port as every command's (the conformance suite covers them); here, only the refusal.
  it('refuses to import into a store holding events', async () => {
    await expect(importEvents(store, Readable.from(['{}\n']))).rejects.toThrow(/not empty/);
  });
}
