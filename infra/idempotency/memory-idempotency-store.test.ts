import { describe, expect, it } from 'vitest';
import { idempotencyStoreConformance } from './idempotency-store.conformance.ts';
import { createMemoryIdempotencyStore } from './memory-idempotency-store.ts';

idempotencyStoreConformance('memory', () => createMemoryIdempotencyStore());

describe('memory idempotency store', () => {
  it('forgets a record ttlMs after its last change', async () => {
    let now = 0;
    const store = createMemoryIdempotencyStore({ ttlMs: 1000, now: () => now });
    const version = (await store.start('k', { fingerprint: 'f', startedAt: 't' }, null, {} as never))!;
    now = 999;
    expect((await store.get('k')).version).toBe(version);
    now = 1000;
    expect(await store.get('k')).toEqual({ status: 'free', version: null });
  });
});
