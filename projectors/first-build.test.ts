import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { openSqliteEventStore } from '../infra/event-store/sqlite-event-store.ts';
import { firstBuildSource } from './first-build.ts';
import { systemTestActor } from './testing/recorded-event.ts';

// Whether a start builds every view in one unit (runtime.ts firstBuild): the log must hold enough events.

async function logOf(events: number) {
  const store = await openSqliteEventStore({ path: ':memory:' });
  const metadata = { actor: systemTestActor, correlationId: randomUUID(), causationId: null, at: '2026-01-01T00:00:00.000Z', schemaVersion: 1 };
  await store.append('order-1', Array.from({ length: events }, (_, a) => ({ id: randomUUID(), type: 'OrderPlaced', data: { a }, metadata })), 'no_stream');
  return store;
}

describe('firstBuildSource', () => {
  it('asks a store that counts its events (node:sqlite) instead of reading its pages', async () => {
    const store = await logOf(30);
    const readAll = vi.spyOn(store, 'readAll');
    try {
      expect(await firstBuildSource(store, 30)).toEqual({ eventStore: store, head: await store.headPosition() });
      expect(await firstBuildSource(store, 31)).toBeNull();
      expect(readAll).not.toHaveBeenCalled();
    } finally {
      await store.close();
    }
  });

  it('reads the pages of a store that cannot count (positions are not a count)', async () => {
    const store = await logOf(30);
    const reading = { readAll: vi.fn(store.readAll.bind(store)), headPosition: store.headPosition.bind(store) };
    try {
      expect(await firstBuildSource(reading, 30)).not.toBeNull();
      expect(await firstBuildSource(reading, 31)).toBeNull();
      expect(reading.readAll).toHaveBeenCalled();
    } finally {
      await store.close();
    }
  });
});
