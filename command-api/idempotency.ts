import { createHash, createHmac } from 'node:crypto';
import { z } from 'zod';
import type { EventStore } from '../domain/ports/event-store.ts';
import type { IdempotencyStore, StoredAnswer } from '../domain/ports/idempotency-store.ts';
import type { Clock } from '../domain/ports/clock.ts';
import type { EventMetadata } from '../domain/shared/metadata.ts';
import { HttpProblem } from '../infra/http/problem.ts';
import { eventStoreIdempotencyStore } from '../infra/idempotency/event-store-idempotency-store.ts';

// Idempotency-Key on a POST: the first request's answer is kept, and a retry with the same key (by the
// same user) gets that answer again and appends nothing new.
//
// The records live behind the IdempotencyStore port, one per `sha256(scope:key)` where scope is the
// user id (or `guest`): by default in the event store itself (`idempotency-<digest>` streams: every
// adapter, survives restarts, no second database), in Redis when REDIS_URL is set (shared by every
// command-API process, expiring after a week). Every change is a compare-and-set on the record's version.
//   1. Claim: start the record at the version read. Exactly one of several concurrent duplicates wins
//      the claim and executes the command.
//   2. The winner records its answer {status, body} after executing — also for a 4xx answer, which a
//      retry must see again. A 5xx abandons the claim instead, so a retry may run the request again
//      (nothing was decided); so do a throttle's "not now" answers (428 asking for a security
//      challenge, 429 with Retry-After), which tell the client to retry.
//   3. A duplicate that finds the claim still open polls for up to `waitMs` for the result; then it
//      answers 409 `idempotency.in-progress` (retry later). A claim open longer than `staleMs` (the
//      process died mid-request) may be taken over, again at the version read.
//   4. The same key with a different method, path or body is a client bug: 422 `idempotency.key-reused`.
//   5. A run that crashed after writing its events but before recording its answer leaves the claim
//      open; the run that takes it over must not write them again. So a keyed request's ids (entity
//      ids, event ids) derive from the key (`idempotencySeed`), and the command handler answers the
//      events it finds with those ids instead of deciding again: the retry converges on the first
//      result. The same holds when a record is lost (expired in Redis): the run finds its events.
export { IDEMPOTENCY_STREAM_PREFIX } from '../infra/idempotency/event-store-idempotency-store.ts';
export type { StoredAnswer } from '../domain/ports/idempotency-store.ts';

export const IdempotencyKey = z.string().min(1).max(255).regex(/^[\x21-\x7e]+$/, 'Must be 1–255 visible ASCII characters');

export type IdempotencyClaim =
  | { kind: 'replay'; answer: StoredAnswer }
  | { kind: 'execute'; complete(answer: StoredAnswer): Promise<void> };

export interface IdempotencyOptions {
  /** Where the records are; default the event store's streams. */
  store?: IdempotencyStore;
  /** For the default store. */
  eventStore?: EventStore;
  clock: Clock;
  waitMs?: number;
  staleMs?: number;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * What makes two requests "the same": method, path and body. Keyed (HMAC) with a server secret,
 * because bodies may hold passwords and a plain hash in the log could be guessed offline.
 */
export function requestFingerprint(secret: string, method: string, path: string, body: unknown): string {
  return createHmac('sha256', secret).update(`${method.toUpperCase()} ${path}\n${JSON.stringify(body ?? null)}`).digest('hex');
}

/**
 * The seed a keyed request's ids derive from (request-context.ts withIdempotencySeed): the same user,
 * key and request always run with the same ids, so a run taken over after a crash finds the events
 * the crashed run wrote and answers what it would have answered. Keyed with the server secret, so
 * nobody can compute the ids of someone else's request.
 */
export function idempotencySeed(secret: string, scope: string, key: string, fingerprint: string): string {
  return createHmac('sha256', secret).update(`idempotent-run\n${scope}\n${key}\n${fingerprint}`).digest('base64url');
}

export function createIdempotency(options: IdempotencyOptions) {
  const { clock } = options;
  const store = options.store ?? (options.eventStore ? eventStoreIdempotencyStore(options.eventStore) : null);
  if (!store) throw new Error('createIdempotency: give an IdempotencyStore or an EventStore');
  const waitMs = options.waitMs ?? 2000;
  const staleMs = options.staleMs ?? 60_000;

  return {
    /** Claims the key or finds its earlier answer. `scope` is the user id, or `guest`. */
    async claim(scope: string, key: string, fingerprint: string, metadata: EventMetadata): Promise<IdempotencyClaim> {
      const recordKey = sha256(`${scope}:${key}`);
      const deadline = Date.now() + waitMs;
      for (;;) {
        const record = await store.get(recordKey);
        if (record.status !== 'free' && record.fingerprint !== fingerprint) {
          throw new HttpProblem(422, 'Idempotency key reused', {
            code: 'idempotency.key-reused',
            detail: 'This Idempotency-Key was already used for a different request.',
          });
        }
        if (record.status === 'completed') return { kind: 'replay', answer: record.answer };
        const stale = record.status === 'started' && clock.now().getTime() - Date.parse(record.startedAt) > staleMs;
        if (record.status === 'free' || stale) {
          const version = await store.start(recordKey, { fingerprint, startedAt: clock.now().toISOString() }, record.version, metadata);
          if (version === null) continue; // a concurrent duplicate claimed first: look again
          return {
            kind: 'execute',
            async complete(answer) {
              // If another process took over a stale claim meanwhile, its answer wins; ours is still sent.
              if (answer.status >= 500 || answer.status === 428 || answer.status === 429) await store.abandon(recordKey, version, `answered ${answer.status}`, metadata);
              else await store.complete(recordKey, version, { status: answer.status, body: answer.body ?? null }, metadata);
            },
          };
        }
        if (Date.now() >= deadline) {
          throw new HttpProblem(409, 'Request in progress', {
            code: 'idempotency.in-progress',
            detail: 'A request with this Idempotency-Key is still being processed. Retry shortly.',
          });
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
  };
}
export type Idempotency = ReturnType<typeof createIdempotency>;
