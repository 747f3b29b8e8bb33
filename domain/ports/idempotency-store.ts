import type { EventMetadata } from '../shared/metadata.ts';

// The IdempotencyStore port: where the command API keeps what each Idempotency-Key was used
// for and what it answered (command-api/idempotency.ts has the protocol). Every change is a
// compare-and-set on the record's version, so of several processes racing for one key exactly one
// wins. Adapters: the event store (embedded default: survives restarts, one file), Redis (REDIS_URL:
// shared by every command-API process, records expire), memory (one process). All pass
// infra/idempotency/idempotency-store.conformance.ts.

/** An answer as sent: status and JSON body. */
export interface StoredAnswer {
  status: number;
  body: unknown;
}

export type IdempotencyRecord =
  /** Never used (version null), or given up by a run that failed with a 5xx: free to claim. */
  | { status: 'free'; version: number | null }
  /** Claimed by a run that has not answered yet (or died). */
  | { status: 'started'; version: number; fingerprint: string; startedAt: string }
  | { status: 'completed'; version: number; fingerprint: string; answer: StoredAnswer };

export interface IdempotencyStore {
  /** The record of `key` (an opaque digest of the user and the header's key). */
  get(key: string): Promise<IdempotencyRecord>;
  /**
   * Claims the key for a run, if its version is still `expected` (a free key, or a claim gone stale).
   * Answers the new version, or null when another run changed the key first.
   */
  start(key: string, claim: { fingerprint: string; startedAt: string }, expected: number | null, metadata: EventMetadata): Promise<number | null>;
  /** Records the answer of the run holding `version`; does nothing when another run took the key over since. */
  complete(key: string, version: number, answer: StoredAnswer, metadata: EventMetadata): Promise<void>;
  /** Frees the key held by `version` (the run failed with a 5xx: nothing was decided); nothing when taken over. */
  abandon(key: string, version: number, reason: string, metadata: EventMetadata): Promise<void>;
  close(): Promise<void>;
}
