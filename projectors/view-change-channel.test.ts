import { describe, expect, it } from 'vitest';
import { createMemoryRealtime } from '../infra/realtime/memory-realtime.ts';
import { createMemoryViewStore } from '../infra/view-store/memory-view-store.ts';
import { seenKey } from './seen.ts';
import { followViewChanges } from './view-change-channel.ts';

describe('view changes followed from another process', () => {
  it('waitFor finds a stream whose id is kept encoded in _seen (a config key with a dot)', async () => {
    const viewStore = createMemoryViewStore();
    const streamId = 'config-support.whatsapp';
    await viewStore.collection('config').replaceOne({ _id: 'support.whatsapp', _seen: { [seenKey(streamId)]: 2 } });
    const progress = await followViewChanges(viewStore, createMemoryRealtime(), { recheckMs: 10 });
    try {
      expect(await progress.waitFor('config', 'support.whatsapp', streamId, 2, 1000)).toEqual({ reached: true });
      expect(await progress.waitFor('config', 'support.whatsapp', streamId, 3, 50)).toEqual({ reached: false });
    } finally {
      await progress.close();
    }
  });
});
