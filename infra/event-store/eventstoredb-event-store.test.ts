import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { AccessDeniedError } from '@eventstore/db-client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NewEvent, RecordedEvent } from '../../domain/ports/event-store.ts';
import { AppendTooLarge, UnknownPosition, WrongExpectedRevision } from '../../domain/ports/event-store.ts';
import { describeWithEngine } from '../../test/real-engines.ts';
import { eventStoreConformance } from './event-store.conformance.ts';
import type { EventStoreDbEventStore, SubscriptionHealth } from './eventstoredb-event-store.ts';
import { checkServerVersion, openEventStoreDbEventStore } from './eventstoredb-event-store.ts';
import type { FakeEventStoreDb } from './testing/fake-eventstoredb.ts';
import { ACCESS_DENIED, CONSUMER_TOO_SLOW, startFakeEventStoreDb, UNAVAILABLE } from './testing/fake-eventstoredb.ts';

const metadata = { actor: { userId: null, roles: ['system' as const], groups: [], vendorId: null }, correlationId: 'c', causationId: null, at: '2026-01-01T00:00:00.000Z', schemaVersion: 1 };
const newEvent = (n: number, data: unknown = { n }): NewEvent => ({ id: randomUUID(), type: 'Tested', data, metadata });
const ns = (events: RecordedEvent[]) => events.map((e) => (e.data as { n: number }).n);

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
      const reader = await openEventStoreDbEventStore({ url: proxyUrl, resubscribeDelayMs: { first: 100, max: 1000 }, onResubscribe: () => undefined });
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
      expect(ns(received)).toEqual([0, 1, 2, 3, 4]);
      await reader.close();
      await writer.close();
    });
  });
});

// ---------------------------------------------------------------------------------------------------
// The real client against a fake EventStoreDB over gRPC (testing/fake-eventstoredb.ts): runs everywhere.
// ---------------------------------------------------------------------------------------------------

describe('EventStoreDB adapter through the real client, on a fake server', () => {
  let fake: FakeEventStoreDb;
  const opened: EventStoreDbEventStore[] = [];
  const open = async (options: Parameters<typeof openEventStoreDbEventStore>[0] = {}) => {
    const store = await openEventStoreDbEventStore({ url: fake.url, resubscribeDelayMs: { first: 5, max: 20 }, onResubscribe: () => undefined, ...options });
    opened.push(store);
    return store;
  };

  beforeEach(async () => {
    fake = await startFakeEventStoreDb();
  });
  afterEach(async () => {
    for (const store of opened.splice(0)) await store.close();
    await fake.close();
  });

  /** The first `count` events of a subscription, or what it threw (bounded: a retry loop fails the test). */
  const take = async (iterable: AsyncIterable<RecordedEvent>, count: number, onEvent?: (received: RecordedEvent[]) => void) => {
    const received: RecordedEvent[] = [];
    const run = (async () => {
      for await (const event of iterable) {
        received.push(event);
        onEvent?.(received);
        if (received.length >= count) break;
      }
      return received;
    })();
    // 20 s: a bound for a retry loop that never ends, which a passing run on a loaded machine never reaches.
    const late = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still waiting after ${received.length} events`)), 20_000));
    return Promise.race([run, late]);
  };

  describe('subscriptions', () => {
    it('resubscribe after transient errors (dropped connection, consumer too slow) from the last delivered event: nothing lost or repeated', async () => {
      const resubscribed: { attempt: number; after: number; error: unknown }[] = [];
      const store = await open({ onResubscribe: (error, attempt, after) => resubscribed.push({ attempt, after, error }) });
      for (let n = 0; n < 3; n++) fake.write({ streamId: `order-${n}`, type: 'OrderPlaced', data: { n } });
      fake.write({ streamId: '$stats-127.0.0.1:2113', type: '$statsCollected' });
      const controller = new AbortController();
      const received = await take(store.subscribeToAll({ signal: controller.signal }), 7, (got) => {
        if (got.length === 3) {
          fake.dropSubscriptions(UNAVAILABLE());
          for (let n = 3; n < 5; n++) fake.write({ streamId: `order-${n}`, type: 'OrderPlaced', data: { n } });
        }
        if (got.length === 5) {
          fake.dropSubscriptions(CONSUMER_TOO_SLOW);
          for (let n = 5; n < 7; n++) fake.write({ streamId: `order-${n}`, type: 'OrderPlaced', data: { n } });
        }
      });
      controller.abort();
      expect(ns(received)).toEqual([0, 1, 2, 3, 4, 5, 6]);
      expect(fake.subscriptions()).toBe(3);
      expect(resubscribed.map((r) => [r.attempt, r.after])).toEqual([[1, received[2]!.position], [1, received[4]!.position]]);
      expect(store.subscriptionHealth().ready).toBe(true);
    });

    it('report not ready while waiting to resubscribe, and ready once the server confirms again', async () => {
      // The health as the subscription begins its wait to resubscribe: polling for it instead could miss
      // the 300 ms wait on a loaded machine and see only the health after it.
      const whileWaiting: SubscriptionHealth[] = [];
      const store: EventStoreDbEventStore = await open({ resubscribeDelayMs: { first: 300, max: 300 }, onResubscribe: () => whileWaiting.push(store.subscriptionHealth()) });
      fake.write({ streamId: 'order-1', type: 'OrderPlaced', data: { n: 0 } });
      const controller = new AbortController();
      const received: RecordedEvent[] = [];
      const consumed = (async () => {
        for await (const event of store.subscribeToAll({ signal: controller.signal })) received.push(event);
      })();
      await expect.poll(() => received.length).toBe(1);
      fake.dropSubscriptions(UNAVAILABLE('Connection reset by peer'));
      await expect.poll(() => whileWaiting.length).toBe(1);
      expect(whileWaiting[0]!.ready).toBe(false);
      expect(whileWaiting[0]!.detail).toMatch(/resubscribing.*after position \d+, attempt 1 .*Connection reset by peer/);
      await expect.poll(() => store.subscriptionHealth().ready, { timeout: 20_000 }).toBe(true);
      controller.abort();
      await consumed;
    });

    it('log every resubscribe on stderr when no one listens', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      try {
        const store = await openEventStoreDbEventStore({ url: fake.url, resubscribeDelayMs: { first: 5, max: 5 } });
        opened.push(store);
        fake.write({ streamId: 'order-1', type: 'OrderPlaced', data: { n: 0 } });
        fake.failSubscriptions(UNAVAILABLE(), 2);
        const [event] = await take(store.subscribeToAll(), 1);
        expect(event!.streamId).toBe('order-1');
        expect(warn.mock.calls.map(([line]) => String(line))).toEqual([
          expect.stringMatching(/subscription to \$all lost \(.*Connection dropped\): resubscribing after position -1, attempt 1/),
          expect.stringMatching(/attempt 2/),
        ]);
      } finally {
        warn.mockRestore();
      }
    });

    it('end, without retrying, on errors that would come again: access denied', async () => {
      const store = await open();
      fake.failSubscriptions(ACCESS_DENIED, 1);
      await expect(take(store.subscribeToAll(), 1)).rejects.toBeInstanceOf(AccessDeniedError);
      expect(fake.subscriptions()).toBe(1);
    });

    it('end, without retrying, on an event the adapter cannot read (metadata that is not JSON), naming it', async () => {
      const store = await open();
      fake.write({ streamId: 'order-1', type: 'OrderPlaced', data: { n: 0 } });
      const foreign = fake.write({ streamId: 'legacy-7', type: 'Imported', metadata: 'not json' });
      const received: RecordedEvent[] = [];
      await expect(take(store.subscribeToAll(), 2, (got) => received.push(...got.slice(-1)))).rejects.toThrow(
        new RegExp(`event ${foreign.id} \\(Imported, legacy-7@0\\) cannot be read: its metadata is not JSON`),
      );
      expect(received).toHaveLength(1);
      expect(fake.subscriptions()).toBe(1);
    });

    it('end with UnknownPosition after a position that is not an event of this log', async () => {
      const store = await open();
      const [placed] = [fake.write({ streamId: 'order-1', type: 'OrderPlaced', data: { n: 0 } })];
      await expect(take(store.subscribeToAll({ after: Number(placed!.commit) + 3 }), 1)).rejects.toBeInstanceOf(UnknownPosition);
      expect(fake.subscriptions()).toBe(1);
    });
  });

  describe('reads of $all from a position', () => {
    it('read `from` inclusively and `after` exclusively, asking the server only for positions it gave', async () => {
      const store = await open();
      await store.append('order-1', [newEvent(0), newEvent(1), newEvent(2)], 'no_stream');
      const written = await store.readStream('order-1');
      expect(ns(await store.readAll({ from: written[1]!.position }))).toEqual([1, 2]);
      expect(ns(await store.readAll({ after: written[1]!.position }))).toEqual([2]);
      const refused = await store.readAll({ from: written[1]!.position - 1 }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(UnknownPosition);
      expect((refused as UnknownPosition).position).toBe(written[1]!.position - 1);
    });

    it('read backwards from the last event or before one, system events left out', async () => {
      const store = await open();
      await store.append('order-1', [newEvent(0), newEvent(1)], 'no_stream');
      fake.write({ streamId: 'order-1', type: '$metadata' });
      expect(ns(await store.readAll({ direction: 'backwards' }))).toEqual([1, 0]);
      const written = await store.readStream('order-1');
      expect(await store.headPosition()).toBe(written[1]!.position);
      expect(ns(await store.readAll({ direction: 'backwards', before: written[1]!.position }))).toEqual([0]);
      await expect(store.readAll({ direction: 'backwards', before: written[1]!.position - 7 })).rejects.toBeInstanceOf(UnknownPosition);
    });
  });

  describe('positions', () => {
    it('refuse an event whose commit and prepare positions differ (an explicit transaction), naming it', async () => {
      const store = await open();
      fake.write({ streamId: 'order-1', type: 'OrderPlaced', data: { n: 0 } });
      const commit = fake.write({ streamId: 'order-2', type: 'OrderPlaced', data: { n: 1 } }).commit + 500n;
      const first = fake.write({ streamId: 'legacy-1', type: 'Moved', commit, prepare: commit - 300n });
      fake.write({ streamId: 'legacy-1', type: 'Moved', commit, prepare: commit - 200n });
      const refusal = new RegExp(`event ${first.id} .*commit position ${commit} and prepare position ${commit - 300n}: .*explicit transaction`);
      await expect(store.readAll()).rejects.toThrow(refusal);
      await expect(take(store.subscribeToAll(), 3)).rejects.toThrow(refusal);
      // Stream reads give such events no position at all: the port's "none".
      expect((await store.readStream('legacy-1')).map((e) => e.position)).toEqual([-1, -1]);
    });

    it('refuse a position beyond 2^53 instead of turning it into -1', async () => {
      const store = await open();
      const far = 2n ** 53n + 16n;
      fake.write({ streamId: 'order-1', type: 'OrderPlaced', data: { n: 0 }, commit: far, prepare: far });
      await expect(store.headPosition()).rejects.toThrow(/at position 9007199254741008, beyond 2\^53/);
      await expect(store.readStream('order-1')).rejects.toThrow(/beyond 2\^53/);
    });
  });

  describe('server version', () => {
    it('opens on 22.6 and later, whose stream reads carry positions', async () => {
      for (const version of ['22.6.0', '22.10.3', '23.10.1', '24.10.0', '25.0.1']) expect(() => checkServerVersion(version)).not.toThrow();
      const store = await open();
      expect(store.serverVersion).toBe('24.10.0');
    });

    it('refuses older servers with a message that says what is needed', async () => {
      await fake.close();
      fake = await startFakeEventStoreDb({ version: '21.10.7', streamReadPositions: false });
      await expect(openEventStoreDbEventStore({ url: fake.url })).rejects.toThrow(/EventStoreDB 21\.10\.7 is too old: this adapter needs EventStoreDB 22\.6 or later/);
      await fake.close();
      fake = await startFakeEventStoreDb({ version: null, streamReadPositions: false });
      await expect(openEventStoreDbEventStore({ url: fake.url })).rejects.toThrow(/did not say its version \(servers before 21\.10 cannot\)/);
    });

    it('says when no server answers', async () => {
      const url = fake.url;
      await fake.close();
      await expect(openEventStoreDbEventStore({ url })).rejects.toThrow(/EventStoreDB did not answer at esdb:\/\/127\.0\.0\.1:\d+/);
      fake = await startFakeEventStoreDb();
    });
  });

  describe('append', () => {
    it('takes the position from the append answer: the last event\'s, with no read back', async () => {
      const store = await open();
      const reads = fake.reads();
      const first = await store.append('order-1', [newEvent(0), newEvent(1)], 'no_stream');
      const second = await store.append('order-2', [newEvent(2)], 'no_stream');
      expect(fake.reads()).toBe(reads);
      const [one, two] = [await store.readStream('order-1'), await store.readStream('order-2')];
      expect(first).toEqual({ streamId: 'order-1', nextRevision: 1, position: one[1]!.position });
      expect(second).toEqual({ streamId: 'order-2', nextRevision: 0, position: two[0]!.position });
    });

    it('sends nothing to write for an empty append, and checks its expected revision by reading', async () => {
      const store = await open();
      expect(await store.append('order-1', [], 'any')).toEqual({ streamId: 'order-1', nextRevision: -1, position: -1 });
      expect(await store.append('order-1', [], 'no_stream')).toMatchObject({ nextRevision: -1 });
      await expect(store.append('order-1', [], 'stream_exists')).rejects.toBeInstanceOf(WrongExpectedRevision);
      const written = await store.append('order-1', [newEvent(0)], 'no_stream');
      expect(await store.append('order-1', [], 0)).toEqual({ streamId: 'order-1', nextRevision: 0, position: written.position });
      const refused = await store.append('order-1', [], 'no_stream').catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(WrongExpectedRevision);
      expect((refused as WrongExpectedRevision).actual).toBe(0);
      expect(fake.appends).toEqual([{ streamId: 'order-1', events: 1 }]);
      expect(fake.log).toHaveLength(1);
    });

    it('maps the expected revisions and WrongExpectedVersion with the actual revision', async () => {
      const store = await open();
      await store.append('order-1', [newEvent(0), newEvent(1)], 'no_stream');
      const cases = [
        [store.append('order-1', [newEvent(2)], 'no_stream'), 1],
        [store.append('order-2', [newEvent(0)], 'stream_exists'), -1],
        [store.append('order-1', [newEvent(2)], 5), 1],
      ] as const;
      for (const [attempt, actual] of cases) {
        const error = await attempt.catch((e: unknown) => e);
        expect(error).toBeInstanceOf(WrongExpectedRevision);
        expect((error as WrongExpectedRevision).actual).toBe(actual);
      }
      await expect(store.append('order-1', [newEvent(0)], -2)).rejects.toThrow(TypeError);
    });

    it('answers AppendTooLarge with the server\'s limit when a batch passes MaxAppendSize', async () => {
      await fake.close();
      fake = await startFakeEventStoreDb({ maxAppendSize: 4000 });
      const store = await open();
      const big = (n: number) => newEvent(n, { n, text: 'x'.repeat(1500) });
      const error = await store.append('import-1', [big(0), big(1), big(2)], 'no_stream').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppendTooLarge);
      expect(error).toMatchObject({ streamId: 'import-1', maxBytes: 4000 });
      expect(await store.readStream('import-1')).toEqual([]);
    });
  });

  describe('deleted streams', () => {
    it('read a tombstoned stream as a missing one', async () => {
      const store = await open();
      await store.append('order-1', [newEvent(0)], 'no_stream');
      fake.tombstone('order-1');
      expect(await store.readStream('order-1')).toEqual([]);
      expect(await store.readStream('order-1', { direction: 'backwards' })).toEqual([]);
    });
  });

  describe('the conformance suite, with another writer appending around every append (as on a shared server)', () => {
    beforeEach(() => {
      let n = 0;
      fake.aroundAppends = () => {
        n += 1;
        fake.write({ streamId: `other-${n % 5}`, type: 'SomethingElse', data: { n } });
        fake.write({ streamId: '$stats-127.0.0.1:2113', type: '$statsCollected', data: { n } });
      };
    });
    eventStoreConformance('EventStoreDB (fake server)', () => open());
  });
});
