import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteEventStore } from '../event-store/sqlite-event-store.ts';
import { eventStoreIdempotencyStore, IDEMPOTENCY_STREAM_PREFIX } from './event-store-idempotency-store.ts';
import { idempotencyStoreConformance } from './idempotency-store.conformance.ts';

idempotencyStoreConformance('event store (node:sqlite)', async () => {
  const eventStore = await openSqliteEventStore({ path: ':memory:' });
  const store = eventStoreIdempotencyStore(eventStore);
  return { ...store, close: () => eventStore.close() };
});

describe('event store idempotency store', () => {
  const dir = mkdtempSync(join(tmpdir(), 'idempotency-store-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const metadata = { actor: { userId: null, roles: ['guest' as const], groups: [], vendorId: null }, correlationId: 'c', causationId: null, at: '2030-01-01T00:00:00.000Z', schemaVersion: 1 };

  it('keeps each key as a stream of bookkeeping events, which survives a restart', async () => {
    const path = join(dir, 'events.sqlite');
    const first = await openSqliteEventStore({ path });
    const version = (await eventStoreIdempotencyStore(first).start('abc', { fingerprint: 'f', startedAt: 't' }, null, metadata))!;
    await eventStoreIdempotencyStore(first).complete('abc', version, { status: 201, body: { id: 'x' } }, metadata);
    expect((await first.readStream(`${IDEMPOTENCY_STREAM_PREFIX}abc`)).map((event) => event.type)).toEqual(['IdempotentRequestStarted', 'IdempotentRequestCompleted']);
    await first.close();
    const second = await openSqliteEventStore({ path });
    expect(await eventStoreIdempotencyStore(second).get('abc')).toMatchObject({ status: 'completed', answer: { status: 201, body: { id: 'x' } } });
    await second.close();
  });
});
