import { randomUUID } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { EventStore, NewEvent } from '../domain/ports/event-store.ts';
import { openEventStoreDbEventStore } from '../infra/event-store/eventstoredb-event-store.ts';
import { describeWithEngine } from '../test/real-engines.ts';
import { exportEvents } from './export-events.ts';
import type { EventFilter } from './event-filter.ts';
import { heldEventsGauge } from './held-events.ts';
import { importEvents } from './import-events.ts';

// The replay's reads through the EventStore port on EventStoreDB: $all in pages from a position, one
// stream by itself, filters. Runs only where an EventStoreDB answers (EVENTSTORE_URL, or
// Testcontainers with a container runtime); elsewhere it is reported skipped with the reason. The
// server is shared, so this suite writes streams of its own category and reads them back.
describeWithEngine('eventstore', 'replay on EventStoreDB', (url) => {
  let store: EventStore;
  const category = `replaytest${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 10, minute)).toISOString();
  const event = (type: string, n: number, minute: number): NewEvent => ({
    id: randomUUID(), type, data: { n, note: 'a, "quoted"\nline' },
    metadata: { actor: { userId: 'analyst', roles: ['user'], groups: [], vendorId: null }, correlationId: category, causationId: null, at: at(minute), schemaVersion: 1 },
  });

  beforeAll(async () => {
    store = await openEventStoreDbEventStore({ url });
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
});
