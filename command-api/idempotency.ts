import { createHash, createHmac, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { WrongExpectedRevision, type EventStore, type ExpectedRevision } from '../domain/ports/event-store.ts';
import type { Clock } from '../domain/ports/clock.ts';
import type { EventMetadata } from '../domain/shared/metadata.ts';
import { HttpProblem } from '../infra/http/problem.ts';

// Idempotency-Key on a POST: the first request's answer is kept, and a retry with the same key (by the
// same user) gets that answer again and appends nothing new.
//
// Decision: the keys live in the event store itself, one stream per key,
// `idempotency-<sha256(scope:key)>` where scope is the user id (or `guest`). So they work on every
// EventStore adapter (sqlite, EventStoreDB), survive restarts, and need no second database.
//   1. Claim: append IdempotentRequestStarted with expected revision "no stream". Exactly one of
//      several concurrent duplicates wins the claim and executes the command.
//   2. The winner records IdempotentRequestCompleted {status, body} after executing — also for a
//      4xx answer, which a retry must see again. A 5xx is recorded as IdempotentRequestAbandoned so a
//      retry may run the request again (nothing was decided).
//   3. A duplicate that finds the claim still open polls for up to `waitMs` for the result; then it
//      answers 409 `idempotency.in-progress` (retry later). A claim open longer than `staleMs` (the
//      process died mid-request) may be taken over, again with an expected revision.
//   4. The same key with a different method, path or body is a client bug: 422 `idempotency.key-reused`.
// These are bookkeeping events, not domain events: projectors skip the `idempotency-` category.
export const IDEMPOTENCY_STREAM_PREFIX = 'idempotency-';

export const IdempotencyKey = z.string().min(1).max(255).regex(/^[\x21-\x7e]+$/, 'Must be 1–255 visible ASCII characters');

const StoredAnswer = z.strictObject({ status: z.number().int().min(100).max(599), body: z.unknown() });
export type StoredAnswer = z.infer<typeof StoredAnswer>;

const IdempotencyEvent = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('IdempotentRequestStarted'), data: z.strictObject({ fingerprint: z.string(), startedAt: z.string() }) }),
  z.strictObject({ type: z.literal('IdempotentRequestCompleted'), data: StoredAnswer }),
  z.strictObject({ type: z.literal('IdempotentRequestAbandoned'), data: z.strictObject({ reason: z.string() }) }),
]);
type IdempotencyEvent = z.infer<typeof IdempotencyEvent>;

type KeyState =
  | { status: 'free'; revision: ExpectedRevision }
  | { status: 'started'; revision: number; fingerprint: string; startedAt: string }
  | { status: 'completed'; revision: number; fingerprint: string; answer: StoredAnswer };

export type IdempotencyClaim =
  | { kind: 'replay'; answer: StoredAnswer }
  | { kind: 'execute'; complete(answer: StoredAnswer): Promise<void> };

export interface IdempotencyOptions {
  eventStore: EventStore;
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

export function createIdempotency(options: IdempotencyOptions) {
  const { eventStore, clock } = options;
  const waitMs = options.waitMs ?? 2000;
  const staleMs = options.staleMs ?? 60_000;

  async function readState(streamId: string): Promise<KeyState> {
    const events = await eventStore.readStream(streamId);
    let state: KeyState = { status: 'free', revision: 'no_stream' };
    let fingerprint = '';
    for (const recorded of events) {
      const event = IdempotencyEvent.parse({ type: recorded.type, data: recorded.data }) as IdempotencyEvent;
      if (event.type === 'IdempotentRequestStarted') {
        fingerprint = event.data.fingerprint;
        state = { status: 'started', revision: recorded.revision, fingerprint, startedAt: event.data.startedAt };
      } else if (event.type === 'IdempotentRequestCompleted') {
        state = { status: 'completed', revision: recorded.revision, fingerprint, answer: event.data };
      } else {
        state = { status: 'free', revision: recorded.revision };
      }
    }
    return state;
  }

  async function append(streamId: string, event: IdempotencyEvent, expected: ExpectedRevision, metadata: EventMetadata) {
    return eventStore.append(streamId, [{ id: randomUUID(), ...IdempotencyEvent.parse(event), metadata }], expected);
  }

  return {
    /** Claims the key or finds its earlier answer. `scope` is the user id, or `guest`. */
    async claim(scope: string, key: string, fingerprint: string, metadata: EventMetadata): Promise<IdempotencyClaim> {
      const streamId = IDEMPOTENCY_STREAM_PREFIX + sha256(`${scope}:${key}`);
      const deadline = Date.now() + waitMs;
      for (;;) {
        const state = await readState(streamId);
        if (state.status !== 'free' && state.fingerprint !== fingerprint) {
          throw new HttpProblem(422, 'Idempotency key reused', {
            code: 'idempotency.key-reused',
            detail: 'This Idempotency-Key was already used for a different request.',
          });
        }
        if (state.status === 'completed') return { kind: 'replay', answer: state.answer };
        const stale = state.status === 'started' && clock.now().getTime() - Date.parse(state.startedAt) > staleMs;
        if (state.status === 'free' || stale) {
          try {
            const started = await append(streamId, { type: 'IdempotentRequestStarted', data: { fingerprint, startedAt: clock.now().toISOString() } }, state.revision, metadata);
            return {
              kind: 'execute',
              async complete(answer) {
                const event: IdempotencyEvent = answer.status >= 500
                  ? { type: 'IdempotentRequestAbandoned', data: { reason: `answered ${answer.status}` } }
                  : { type: 'IdempotentRequestCompleted', data: { status: answer.status, body: answer.body ?? null } };
                // If another process took over a stale claim meanwhile, its answer wins; ours is still sent.
                await append(streamId, event, started.nextRevision, metadata).catch((error) => {
                  if (!(error instanceof WrongExpectedRevision)) throw error;
                });
              },
            };
          } catch (error) {
            if (!(error instanceof WrongExpectedRevision)) throw error;
            continue; // a concurrent duplicate claimed first: look again
          }
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
