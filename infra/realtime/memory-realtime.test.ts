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
    await vi.waitFor(() => expect(onA).toHaveLength(1), { timeout: 10_000 });
    await b.publish({ userId: 'u', kind: 'k', payload: 2 });
    await vi.waitFor(() => expect(onB).toHaveLength(1), { timeout: 10_000 });
    expect(onA).toHaveLength(1);
  });

  it('writes no text for a message no listener wants, and one text for those that want it', async () => {
    const hub = createRealtimeHub();
    const [publisher, subscriber] = [createMemoryRealtime({ hub }), createMemoryRealtime({ hub })];
    const received: unknown[] = [];
    await subscriber.subscribe((message) => received.push(message.payload), { wants: (userId) => userId === 'with-socket' });
    let written = 0;
    const payload = (n: number) => ({ n, toJSON: () => { written += 1; return { n }; } });
    await publisher.publish({ userId: 'without-socket', kind: 'notification', payload: payload(1) });
    expect(written).toBe(0);
    await publisher.publish({ userId: 'with-socket', kind: 'notification', payload: payload(2) });
    expect(written).toBe(1);
    await vi.waitFor(() => expect(received).toEqual([{ n: 2 }]), { timeout: 10_000 });
    // A listener without `wants` takes every message: then each is written.
    await subscriber.subscribe(() => {});
    await publisher.publish({ userId: 'without-socket', kind: 'notification', payload: payload(3) });
    expect(written).toBe(2);
    await Promise.all([publisher.close(), subscriber.close()]);
  });

  it('refuses to publish once closed', async () => {
    const realtime = createMemoryRealtime();
    await realtime.close();
    await expect(realtime.publish({ userId: 'u', kind: 'k', payload: 1 })).rejects.toThrow(/closed/);
  });
});
