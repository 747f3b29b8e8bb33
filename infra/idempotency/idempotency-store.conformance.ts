import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IdempotencyStore } from '../../domain/ports/idempotency-store.ts';
import type { EventMetadata } from '../../domain/shared/metadata.ts';

// The one conformance suite every IdempotencyStore adapter passes (memory, event store, Redis): the
// compare-and-set semantics command-api/idempotency.ts relies on to run a keyed request once.
// Usage: idempotencyStoreConformance('memory', () => createMemoryIdempotencyStore());

const metadata: EventMetadata = {
  actor: { userId: 'u-1', roles: ['user'], groups: [], vendorId: null }, correlationId: 'c-1', causationId: null, at: '2030-01-01T00:00:00.000Z', schemaVersion: 1,
};
const claim = (fingerprint = 'fp-1') => ({ fingerprint, startedAt: '2030-01-01T00:00:00.000Z' });

export function idempotencyStoreConformance(name: string, makeStore: () => IdempotencyStore | Promise<IdempotencyStore>): void {
  describe(`IdempotencyStore conformance: ${name}`, () => {
    let store: IdempotencyStore;
    let key: string;
    beforeEach(async () => {
      store = await makeStore();
      key = randomUUID().replace(/-/g, '');
    });
    afterEach(async () => {
      await store.close();
    });

    it('a key never used is free, with no version', async () => {
      expect(await store.get(key)).toEqual({ status: 'free', version: null });
    });

    it('a claim holds the key with its fingerprint and start time; a claim on the version before it loses', async () => {
      const version = await store.start(key, claim('fp-A'), null, metadata);
      expect(version).toEqual(expect.any(Number));
      expect(await store.get(key)).toEqual({ status: 'started', version, fingerprint: 'fp-A', startedAt: '2030-01-01T00:00:00.000Z' });
      expect(await store.start(key, claim('fp-B'), null, metadata)).toBeNull();
      expect((await store.get(key) as { fingerprint: string }).fingerprint).toBe('fp-A');
    });

    it('of many concurrent claims of a free key exactly one wins', async () => {
      const versions = await Promise.all(Array.from({ length: 12 }, (_, i) => store.start(key, claim(`fp-${i}`), null, metadata)));
      expect(versions.filter((version) => version !== null)).toHaveLength(1);
    });

    it('the holder records its answer, JSON as sent, and the key is completed', async () => {
      const version = (await store.start(key, claim(), null, metadata))!;
      const answer = { status: 201, body: { id: 'o-1', nested: { list: [1, 'two', null], ok: true }, text: 'שלום' } };
      await store.complete(key, version, answer, metadata);
      const record = await store.get(key);
      expect(record).toMatchObject({ status: 'completed', fingerprint: 'fp-1', answer });
      expect(record.version).toEqual(expect.any(Number));
      expect(record.version).not.toBe(version);
    });

    it('an answer without a body is kept with a null body', async () => {
      const version = (await store.start(key, claim(), null, metadata))!;
      await store.complete(key, version, { status: 204, body: null }, metadata);
      expect(await store.get(key)).toMatchObject({ status: 'completed', answer: { status: 204, body: null } });
    });

    it('a stale claim taken over: the old holder can no longer answer, the new one can', async () => {
      const first = (await store.start(key, claim(), null, metadata))!;
      const second = await store.start(key, claim(), first, metadata);
      expect(second).toEqual(expect.any(Number));
      expect(second).not.toBe(first);
      expect(await store.start(key, claim(), first, metadata)).toBeNull();
      await store.complete(key, first, { status: 500, body: 'late' }, metadata);
      expect(await store.get(key)).toMatchObject({ status: 'started', version: second });
      await store.complete(key, second!, { status: 200, body: 'ok' }, metadata);
      expect(await store.get(key)).toMatchObject({ status: 'completed', answer: { status: 200, body: 'ok' } });
    });

    it('an abandoned key is free again at a new version, claimed only at that version', async () => {
      const version = (await store.start(key, claim(), null, metadata))!;
      await store.abandon(key, version, 'answered 500', metadata);
      const freed = await store.get(key);
      expect(freed.status).toBe('free');
      expect(freed.version).toEqual(expect.any(Number));
      expect(await store.start(key, claim(), null, metadata)).toBeNull();
      expect(await store.start(key, claim(), version, metadata)).toBeNull();
      expect(await store.start(key, claim('fp-2'), freed.version, metadata)).toEqual(expect.any(Number));
      // An abandon by a holder that lost the key changes nothing.
      await store.abandon(key, version, 'late', metadata);
      expect(await store.get(key)).toMatchObject({ status: 'started', fingerprint: 'fp-2' });
    });

    it('keys are independent', async () => {
      const other = `${key}-other`;
      const version = (await store.start(key, claim(), null, metadata))!;
      await store.complete(key, version, { status: 200, body: 1 }, metadata);
      expect(await store.get(other)).toEqual({ status: 'free', version: null });
      expect(await store.start(other, claim(), null, metadata)).toEqual(expect.any(Number));
    });
  });
}
