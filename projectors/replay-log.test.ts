import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../domain/ports/event-store.ts';
import { replayLog } from './replay-log.ts';

const eventAt = (position: number): RecordedEvent => ({
  id: `e${position}`, streamId: 's', type: 'Noted', revision: position, position, data: {}, recordedAt: '2026-01-01T00:00:00.000Z',
  metadata: { actor: { userId: null, roles: ['system'], groups: [], vendorId: null }, correlationId: 'c', causationId: null, at: '2026-01-01T00:00:00.000Z', schemaVersion: 1 },
});

describe('replayLog', () => {
  it('lets the event loop take a turn between pages, even when the store answers without waiting on I/O', async () => {
    const log = Array.from({ length: 9 }, (_, index) => eventAt(index));
    // A store whose reads resolve at once, as node:sqlite's do.
    const eventStore = { readAll: async ({ after = -1, maxCount = 3 }: { after?: number; maxCount?: number } = {}) => log.filter((event) => event.position > after).slice(0, maxCount) };
    const timeline: string[] = [];
    setImmediate(() => timeline.push('another task'));
    const last = await replayLog({ eventStore, head: 8, pageSize: 3, onPage: async (page) => { timeline.push(`page after ${page[0]!.position - 1}`); } });
    expect(last).toBe(8);
    expect(timeline).toEqual(['page after -1', 'another task', 'page after 2', 'page after 5']);
  });
});
