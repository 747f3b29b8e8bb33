import { describe, expect, it, vi } from 'vitest';
import { realtimeConformance } from './realtime.conformance.ts';
import { createMemoryRealtime, createRealtimeHub } from './memory-realtime.ts';

const hub = createRealtimeHub();
realtimeConformance('in-process emitter', () => createMemoryRealtime({ hub }));

describe('in-process realtime specifics', () => {
  it('instances without a shared hub are isolated', async () => {
    const [a, b] = [createMemoryRealtime(), createMemoryRealtime()];
    const onA: unknown[] = [];
    const onB: unknown[] = [];
    await a.subscribe((m) => onA.push(m));
    await b.subscribe((m) => onB.push(m));
    await a.publish({ userId: 'u', kind: 'k', payload: 1 });
    await vi.waitFor(() => expect(onA).toHaveLength(1));
    await b.publish({ userId: 'u', kind: 'k', payload: 2 });
    await vi.waitFor(() => expect(onB).toHaveLength(1));
    expect(onA).toHaveLength(1);
  });

  it('refuses to publish once closed', async () => {
    const realtime = createMemoryRealtime();
    await realtime.close();
    await expect(realtime.publish({ userId: 'u', kind: 'k', payload: 1 })).rejects.toThrow(/closed/);
  });
});
