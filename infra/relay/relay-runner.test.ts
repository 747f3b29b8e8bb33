import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KafkaMessage } from 'kafkajs';
import { afterAll, describe, expect, it } from 'vitest';
import type { NewEvent, RecordedEvent } from '../../domain/ports/event-store.ts';
import type { Relay } from '../../domain/ports/relay.ts';
import { openSqliteEventStore } from '../event-store/sqlite-event-store.ts';
import { fromKafkaMessage, toKafkaMessage, topicFor } from './kafka-event-message.ts';
import { createMemoryViewStore } from '../view-store/memory-view-store.ts';
import { fileRelayCheckpoints, memoryRelayCheckpoints, viewStoreRelayCheckpoints } from './relay-checkpoints.ts';
import { runRelay } from './relay-runner.ts';

const dir = mkdtempSync(join(tmpdir(), 'relay-runner-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const metadata = { actor: { userId: 'u-1', roles: ['user' as const], groups: [], vendorId: null }, correlationId: 'c-1', causationId: null, at: '2026-01-01T00:00:00.000Z', schemaVersion: 1 };
const newEvent = (n: number): NewEvent => ({ id: randomUUID(), type: 'OrderPlaced', data: { n, title: 'הופעה' }, metadata });

/** A relay that records what it was given, and fails the calls listed in `failing` (1-based). */
function recordingRelay(failing: number[] = []) {
  const published: RecordedEvent[][] = [];
  let calls = 0;
  const relay: Relay = {
    async publish(events) {
      calls += 1;
      if (failing.includes(calls)) throw new Error(`broker unavailable (call ${calls})`);
      published.push(events);
    },
    async close() {},
  };
  return { relay, published, calls: () => calls };
}

describe('Kafka message encoding', () => {
  it('puts the stream id in the key, the data in the value and the rest in headers, and reads them back', async () => {
    const event: RecordedEvent = { id: randomUUID(), streamId: 'order-42', type: 'OrderPlaced', revision: 3, position: 1234, data: { a: [1, 'ב'] }, metadata, recordedAt: '2026-01-02T03:04:05.000Z' };
    const message = toKafkaMessage(event);
    expect(message.key).toBe('order-42');
    expect(JSON.parse(String(message.value))).toEqual({ a: [1, 'ב'] });
    expect(message.headers).toMatchObject({ 'event-type': 'OrderPlaced', 'event-id': event.id, position: '1234', revision: '3' });
    const received = {
      key: Buffer.from(String(message.key)),
      value: Buffer.from(String(message.value)),
      headers: Object.fromEntries(Object.entries(message.headers!).map(([k, v]) => [k, Buffer.from(String(v))])),
      offset: '0',
      timestamp: String(message.timestamp),
      attributes: 0,
      size: 0,
    } as unknown as KafkaMessage;
    expect(fromKafkaMessage(received)).toEqual(event);
  });

  it('names the topic after the aggregate category', () => {
    expect(topicFor('order-42')).toBe('marketplace.order');
    expect(topicFor('useremail-abc-def', 'test')).toBe('test.useremail');
    expect(topicFor('config-support.whatsapp')).toBe('marketplace.config');
  });
});

describe('relay runner', () => {
  it('publishes every event in order and stores the checkpoint after each acknowledged batch', async () => {
    const store = await openSqliteEventStore({ path: ':memory:' });
    for (let n = 0; n < 5; n++) await store.append(`order-${n}`, [newEvent(n), newEvent(n + 100)], 'no_stream');
    const { relay, published } = recordingRelay();
    const checkpoints = memoryRelayCheckpoints();
    const saved: number[] = [];
    const controller = new AbortController();
    const done = runRelay({
      store,
      relay,
      checkpoints,
      signal: controller.signal,
      batchSize: 4,
      onPublished: (batch) => {
        saved.push(checkpoints.current()!);
        expect(checkpoints.current()).toBe(batch[batch.length - 1]!.position);
      },
    });
    await expect.poll(() => published.flat().length).toBe(10);
    await store.append('order-9', [newEvent(9)], 'no_stream');
    await expect.poll(() => published.flat().length).toBe(11);
    controller.abort();
    await done;
    const all = await store.readAll();
    expect(published.flat().map((e) => e.id)).toEqual(all.map((e) => e.id));
    expect(published.every((batch) => batch.length <= 4)).toBe(true);
    expect(checkpoints.current()).toBe(all[all.length - 1]!.position);
    expect(saved).toEqual(published.map((batch) => batch[batch.length - 1]!.position));
    await store.close();
  });

  it('retries a failed publish without moving the checkpoint, then goes on (at least once)', async () => {
    const store = await openSqliteEventStore({ path: ':memory:' });
    await store.append('order-1', [newEvent(0), newEvent(1), newEvent(2)], 'no_stream');
    const { relay, published, calls } = recordingRelay([1, 2]);
    const checkpoints = memoryRelayCheckpoints();
    const errors: unknown[] = [];
    const positionsDuringFailures: Array<number | undefined> = [];
    const controller = new AbortController();
    const done = runRelay({
      store,
      relay,
      checkpoints,
      signal: controller.signal,
      retryDelayMs: { first: 5, max: 20 },
      onError: (error) => {
        errors.push(error);
        positionsDuringFailures.push(checkpoints.current());
      },
    });
    await expect.poll(() => published.flat().length).toBe(3);
    controller.abort();
    await done;
    expect(calls()).toBe(3);
    expect(errors).toHaveLength(2);
    expect(positionsDuringFailures).toEqual([undefined, undefined]);
    expect(published.flat().map((e) => (e.data as { n: number }).n)).toEqual([0, 1, 2]);
    await store.close();
  });

  it('resumes after the stored checkpoint in a file', async () => {
    const path = join(dir, `${randomUUID()}/relay.json`);
    const store = await openSqliteEventStore({ path: ':memory:' });
    await store.append('order-1', [newEvent(0), newEvent(1)], 'no_stream');
    const first = recordingRelay();
    const stopFirst = new AbortController();
    const running = runRelay({ store, relay: first.relay, checkpoints: fileRelayCheckpoints(path), signal: stopFirst.signal });
    await expect.poll(() => first.published.flat().length).toBe(2);
    stopFirst.abort();
    await running;

    await store.append('order-2', [newEvent(2)], 'no_stream');
    const second = recordingRelay();
    const stopSecond = new AbortController();
    const resumed = runRelay({ store, relay: second.relay, checkpoints: fileRelayCheckpoints(path), signal: stopSecond.signal });
    await expect.poll(() => second.published.flat().length).toBe(1);
    stopSecond.abort();
    await resumed;
    expect(second.published.flat().map((e) => (e.data as { n: number }).n)).toEqual([2]);
    expect(await fileRelayCheckpoints(path).load()).toBe((await store.headPosition()));
    await store.close();
  });
});

describe('relay checkpoints in the ViewStore', () => {
  it('keeps the position in the _checkpoints collection, beside the projectors', async () => {
    const viewStore = createMemoryViewStore();
    const checkpoints = viewStoreRelayCheckpoints(viewStore);
    expect(await checkpoints.load()).toBeUndefined();
    await checkpoints.save(42);
    expect(await viewStoreRelayCheckpoints(viewStore).load()).toBe(42);
    expect(await viewStore.collection('_checkpoints').findOne({ _id: 'relay:kafka' })).toMatchObject({ position: 42 });
  });
});
