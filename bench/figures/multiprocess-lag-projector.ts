import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store.ts';
import { shareAppendsOver } from '../../infra/event-store/shared-file-appends.ts';
import { openRedisRealtime } from '../../infra/realtime/redis-realtime.ts';
import { storeEventFeed } from '../../infra/event-feed/store-event-feed.ts';
import { createMemoryViewStore } from '../../infra/view-store/memory-view-store.ts';
import { createProjectionRuntime } from '../../projectors/runtime.ts';
import { tellParent } from '../child-process.ts';
import { serveUntilParentSaysStop } from '../server-process.ts';
import { monotonicMs } from '../load/cross-process-clock.ts';

// Figure 13's projector process: the projection runtime of figure 3 (memory views, the store's feed)
// on the event file another process appends to. With --redis-url it hears the other processes' appends
// as a deployment does (shareAppendsOver on Redis pub/sub, infra/open-adapters.ts); without, only by
// the store's poll. It tells the parent, stamped with the host's monotonic clock, each vendor card
// change (the runtime's notice, sent once the view store holds it) and each VendorProfileUpdated a
// plain subscription delivers.
const { values } = parseArgs({ options: { 'data-dir': { type: 'string' }, 'redis-url': { type: 'string' }, namespace: { type: 'string' } } });
const dataDir = values['data-dir'];
if (!dataDir) throw new Error('--data-dir is required');

const store = await openSqliteEventStore({ path: join(dataDir, 'events.sqlite') });
const realtime = values['redis-url'] ? await openRedisRealtime({ url: values['redis-url'], channel: `${values.namespace ?? 'bench'}:realtime` }) : null;
const stopSharing = realtime ? await shareAppendsOver(store, realtime) : null;
const runtime = createProjectionRuntime({ viewStore: createMemoryViewStore(), feed: storeEventFeed(store) });
await runtime.start();
const head = await store.headPosition();
if (!(await runtime.waitForPosition(head, 300_000))) throw new Error('projectors did not catch up with the seed');

runtime.onChange((change) => {
  if (change.collection === 'vendorCards') tellParent({ kind: 'shown', ids: change.ids, at: monotonicMs() });
});
const stop = new AbortController();
const plainReader = (async () => {
  for await (const event of store.subscribeToAll({ after: head, signal: stop.signal })) {
    if (event.type === 'VendorProfileUpdated') tellParent({ kind: 'delivered', id: event.id, at: monotonicMs() });
  }
})();

await serveUntilParentSaysStop('', async () => {
  stop.abort();
  await plainReader;
  await runtime.stop();
  await stopSharing?.();
  await realtime?.close();
  await store.close();
}, { head });
