import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { RecordedEvent } from '../../domain/ports/event-store.ts';
import { createMemoryRealtime } from '../realtime/memory-realtime.ts';
import { openSqliteEventStore } from './sqlite-event-store.ts';
import { shareAppendsOver } from './shared-file-appends.ts';

const dir = mkdtempSync(join(tmpdir(), 'shared-file-appends-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const metadata = { actor: { userId: 'u-1', roles: ['user' as const], groups: [], vendorId: null }, correlationId: 'c-1', causationId: null, at: '2026-01-01T00:00:00.000Z', schemaVersion: 1 };

it('a process following the shared file hears of another process\'s append at once, not at its next poll', { timeout: 20_000 }, async () => {
  const path = join(dir, 'events.sqlite');
  // The follower would look at the file only once a minute by itself.
  const writer = await openSqliteEventStore({ path });
  const follower = await openSqliteEventStore({ path, pollIntervalMs: 60_000 });
  const realtime = createMemoryRealtime();
  const stops = [await shareAppendsOver(writer, realtime), await shareAppendsOver(follower, realtime)];
  const controller = new AbortController();
  const seen: RecordedEvent[] = [];
  const following = (async () => {
    for await (const event of follower.subscribeToAll({ signal: controller.signal })) {
      seen.push(event);
      controller.abort();
    }
  })();
  // The follower is waiting on an empty log when the other process appends.
  await new Promise((resolve) => setTimeout(resolve, 200));
  await writer.append('thing-1', [{ id: randomUUID(), type: 'ThingHappened', data: {}, metadata }], 'no_stream');
  await following;
  expect(seen.map((event) => event.streamId)).toEqual(['thing-1']);
  for (const stop of stops) await stop();
  await writer.close();
  await follower.close();
});
