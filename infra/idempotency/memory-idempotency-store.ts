import type { IdempotencyRecord, IdempotencyStore } from '../../domain/ports/idempotency-store.ts';

// Idempotency records in this process's memory: for one process that need not remember keys across a
// restart (tests, tools). Records are forgotten `ttlMs` after their last change, like Redis's.
export function createMemoryIdempotencyStore(options: { ttlMs?: number; now?: () => number } = {}): IdempotencyStore {
  const ttlMs = options.ttlMs ?? 7 * 24 * 3600_000;
  const now = options.now ?? Date.now;
  const records = new Map<string, { record: IdempotencyRecord; expiresAt: number }>();

  const current = (key: string): IdempotencyRecord => {
    const entry = records.get(key);
    if (entry && entry.expiresAt <= now()) records.delete(key);
    return records.get(key)?.record ?? { status: 'free', version: null };
  };
  const put = (key: string, record: IdempotencyRecord) => records.set(key, { record: structuredClone(record), expiresAt: now() + ttlMs });

  return {
    async get(key) {
      return structuredClone(current(key));
    },
    async start(key, claim, expected) {
      const record = current(key);
      if (record.version !== expected) return null;
      const version = (record.version ?? 0) + 1;
      put(key, { status: 'started', version, ...claim });
      return version;
    },
    async complete(key, version, answer) {
      const record = current(key);
      if (record.status !== 'started' || record.version !== version) return;
      put(key, { status: 'completed', version: version + 1, fingerprint: record.fingerprint, answer });
    },
    async abandon(key, version) {
      const record = current(key);
      if (record.status !== 'started' || record.version !== version) return;
      put(key, { status: 'free', version: version + 1 });
    },
    async close() {
      records.clear();
    },
  };
}
