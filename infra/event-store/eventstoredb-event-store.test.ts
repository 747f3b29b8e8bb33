import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { Readable } from 'node:stream';
import { UnavailableError, WrongExpectedVersionError } from '@eventstore/db-client';
import type { AppendToStreamOptions, Position } from '@eventstore/db-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewEvent, RecordedEvent } from '../../domain/ports/event-store.ts';
import { WrongExpectedRevision } from '../../domain/ports/event-store.ts';
import { describeWithEngine } from '../../test/real-engines.ts';
import { eventStoreConformance } from './event-store.conformance.ts';
import type { EventStoreDbClientLike } from './eventstoredb-event-store.ts';
import { openEventStoreDbEventStore } from './eventstoredb-event-store.ts';

const metadata = { actor: { userId: null, roles: ['system' as const], groups: [], vendorId: null }, correlationId: 'c', causationId: null, at: '2026-01-01T00:00:00.000Z', schemaVersion: 1 };
const newEvent = (n: number): NewEvent => ({ id: randomUUID(), type: 'Tested', data: { n }, metadata });

// ---------------------------------------------------------------------------------------------------
// Against a real EventStoreDB: EVENTSTORE_URL, or a Testcontainers container (test/real-engines.ts).
// ---------------------------------------------------------------------------------------------------
describeWithEngine('eventstore', 'EventStoreDB adapter', (url) => {
  eventStoreConformance('EventStoreDB', () => openEventStoreDbEventStore({ url }), { subscriptionTimeoutMs: 20_000 });

  describe('a subscription whose connection drops', () => {
    let proxy: net.Server;
    const sockets = new Set<net.Socket>();
    let proxyUrl = '';

    beforeAll(async () => {
      const target = new URL(url.replace(/^esdb:/, 'http:'));
      // A TCP proxy in front of the server; cutting its sockets is a dropped connection.
      proxy = net.createServer((inbound) => {
        const outbound = net.connect(Number(target.port || 2113), target.hostname);
        for (const socket of [inbound, outbound]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => undefined);
        }
        inbound.pipe(outbound).pipe(inbound);
      });
      await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
      const { port } = proxy.address() as net.AddressInfo;
      proxyUrl = url.replace(/^esdb:\/\/[^/?]+/, `esdb://127.0.0.1:${port}`);
    });

    afterAll(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => proxy.close(resolve));
    });

    it.skipIf(!/tls=false/i.test(url) || url.startsWith('esdb+discover'))('resubscribes from the last delivered position: nothing lost, nothing repeated', async () => {
      const writer = await openEventStoreDbEventStore({ url });
      const reader = await openEventStoreDbEventStore({ url: proxyUrl, resubscribeDelayMs: { first: 100, max: 1000 } });
      const streamId = `dropped-${randomUUID()}`;
      const head = await writer.headPosition();
      await writer.append(streamId, [newEvent(0), newEvent(1), newEvent(2)], 'no_stream');
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), 60_000);
      const received: RecordedEvent[] = [];
      for await (const event of reader.subscribeToAll({ after: head, signal: controller.signal })) {
        if (event.streamId !== streamId) continue;
        received.push(event);
        if (received.length === 3) {
          for (const socket of sockets) socket.destroy();
          await writer.append(streamId, [newEvent(3), newEvent(4)], 2);
        }
        if (received.length === 5) break;
      }
      clearTimeout(timer);
      expect(received.map((e) => (e.data as { n: number }).n)).toEqual([0, 1, 2, 3, 4]);
      await reader.close();
      await writer.close();
    });
  });
});

// ---------------------------------------------------------------------------------------------------
// The adapter's own logic against a fake client: runs everywhere.
// ---------------------------------------------------------------------------------------------------

interface FakeRecord {
  event: {
    streamId: string;
    id: string;
    type: string;
    revision: bigint;
    isJson: true;
    data: unknown;
    metadata: unknown;
    created: Date;
    position: Position;
  };
  commitPosition: bigint;
}

/** A fake EventStoreDB: one $all log; every subscription drops after `dropAfter` events. */
function fakeClient(dropAfter: number) {
  const log: FakeRecord[] = [];
  const appended = new Set<() => void>();
  const appendCalls: AppendToStreamOptions[] = [];
  let subscriptions = 0;
  let nextPosition = 1000n;

  const write = (streamId: string, type: string, data: unknown): void => {
    const revision = BigInt(log.filter((r) => r.event.streamId === streamId).length);
    nextPosition += 137n;
    const position = { commit: nextPosition, prepare: nextPosition };
    log.push({ event: { streamId, id: randomUUID(), type, revision, isJson: true, data, metadata, created: new Date(), position }, commitPosition: nextPosition });
    for (const wake of [...appended]) wake();
  };

  const client = {
    appendToStream: async (_stream: string, _events: unknown, options: AppendToStreamOptions) => {
      appendCalls.push(options);
      if (options.expectedRevision === 'no_stream') {
        throw new WrongExpectedVersionError(undefined, { streamName: _stream, expected: 'no_stream', current: 4n });
      }
      if (options.expectedRevision === 'stream_exists') {
        throw new WrongExpectedVersionError(undefined, { streamName: _stream, expected: 'stream_exists', current: 'no_stream' });
      }
      return { success: true, nextExpectedRevision: 7n, position: { commit: 5000n, prepare: 5000n } };
    },
    subscribeToAll: (options: { fromPosition?: Position | 'start' | 'end'; filter?: { regex?: string } }) => {
      // The server applies the filter (excludeSystemEvents: event types not starting with $).
      const passes = (record: FakeRecord): boolean => !options.filter?.regex || new RegExp(options.filter.regex).test(record.event.type);
      subscriptions += 1;
      const from = typeof options.fromPosition === 'object' ? options.fromPosition.commit : 0n;
      // Inclusive start, the worst case the adapter must handle: it repeats the checkpoint event.
      let index = log.findIndex((r) => r.commitPosition >= from);
      if (index < 0) index = log.length;
      let delivered = 0;
      let wake: (() => void) | undefined;
      const stream = new Readable({
        objectMode: true,
        read() {
          const pushNext = (): void => {
            if (delivered >= dropAfter) {
              stream.destroy(new UnavailableError());
              return;
            }
            while (log[index] && !passes(log[index]!)) index += 1;
            const record = log[index];
            if (!record) {
              wake = () => {
                appended.delete(wake!);
                pushNext();
              };
              appended.add(wake);
              return;
            }
            index += 1;
            delivered += 1;
            stream.push(record);
          };
          pushNext();
        },
      });
      return Object.assign(stream, {
        unsubscribe: async () => {
          if (wake) appended.delete(wake);
          stream.push(null);
        },
      });
    },
    readAll: () => Readable.from([]),
    readStream: () => Readable.from([]),
    dispose: async () => undefined,
  };
  return {
    client: client as unknown as EventStoreDbClientLike,
    write,
    appendCalls,
    subscriptions: () => subscriptions,
  };
}

describe('EventStoreDB adapter logic (fake client)', () => {
  it('maps expected revisions exactly and WrongExpectedVersion to WrongExpectedRevision with the actual revision', async () => {
    const fake = fakeClient(100);
    const store = await openEventStoreDbEventStore({ client: fake.client });
    const result = await store.append('order-1', [newEvent(0)], 6);
    expect(result).toEqual({ streamId: 'order-1', nextRevision: 7, position: 5000 });
    await store.append('order-1', [newEvent(0)], 'any');
    const exists = await store.append('order-1', [newEvent(0)], 'stream_exists').catch((e: unknown) => e);
    const noStream = await store.append('order-1', [newEvent(0)], 'no_stream').catch((e: unknown) => e);
    expect(fake.appendCalls.map((c) => c.expectedRevision)).toEqual([6n, 'any', 'stream_exists', 'no_stream']);
    expect(exists).toBeInstanceOf(WrongExpectedRevision);
    expect((exists as WrongExpectedRevision).actual).toBe(-1);
    expect(noStream).toBeInstanceOf(WrongExpectedRevision);
    expect((noStream as WrongExpectedRevision).actual).toBe(4);
    await expect(store.append('order-1', [], -2)).rejects.toThrow(TypeError);
    await store.close();
  });

  it('resubscribes after dropped connections from the last delivered position, skipping system events', async () => {
    const fake = fakeClient(3);
    for (let n = 0; n < 7; n++) fake.write(`order-${n % 2}`, 'OrderPlaced', { n });
    fake.write('$stats-127.0.0.1:2113', '$statsCollected', {});
    fake.write('order-9', '$metadata', {});
    fake.write('$projections-$all', 'ProjectionUpdated', {});
    const resubscribed: number[] = [];
    const store = await openEventStoreDbEventStore({
      client: fake.client,
      resubscribeDelayMs: { first: 1, max: 5 },
      onResubscribe: (_error, _attempt, after) => resubscribed.push(after),
    });
    const controller = new AbortController();
    const received: RecordedEvent[] = [];
    for await (const event of store.subscribeToAll({ signal: controller.signal })) {
      received.push(event);
      if (received.length === 7) for (let n = 7; n < 12; n++) fake.write(`order-${n % 2}`, 'OrderPlaced', { n });
      if (received.length === 12) controller.abort();
    }
    expect(received.map((e) => (e.data as { n: number }).n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(new Set(received.map((e) => e.position)).size).toBe(12);
    expect(fake.subscriptions()).toBeGreaterThanOrEqual(4);
    expect(resubscribed.length).toBeGreaterThanOrEqual(3);
    await store.close();
  });

  it('starts after a checkpoint and ends when the signal aborts while waiting', async () => {
    const fake = fakeClient(100);
    for (let n = 0; n < 4; n++) fake.write('order-1', 'OrderPlaced', { n });
    const store = await openEventStoreDbEventStore({ client: fake.client });
    const controller = new AbortController();
    const received: RecordedEvent[] = [];
    const first = await (async () => {
      for await (const event of store.subscribeToAll({ signal: AbortSignal.timeout(5000) })) return event;
      return undefined;
    })();
    const consumed = (async () => {
      for await (const event of store.subscribeToAll({ after: first!.position, signal: controller.signal })) received.push(event);
      return 'ended';
    })();
    await expect.poll(() => received.length).toBe(3);
    controller.abort();
    expect(await consumed).toBe('ended');
    expect(received.map((e) => e.revision)).toEqual([1, 2, 3]);
    await store.close();
  });
});
